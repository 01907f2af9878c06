"""Rollout planner for co-operative games: the team's heuristic, improved by simulating it.

In a co-op game every seat wants the same thing, so there is no opponent to model
and the search's job is only to find a better move than the heuristic would
make. This is the rollout algorithm (Tesauro and Galperin 1996; Bertsekas 1997):

- A few candidate moves are chosen at the root: every legal move when there are
  few, otherwise the heuristic's proposal plus the game's own short list
  (`candidates(view, legal, limit, rng)` in its AI profile).
- Each iteration samples one world consistent with the searcher's View and plays
  every candidate in it to the end, all seats following the heuristic on their
  *own* views of that world. All candidates of one world share the world and the
  random seed (common random numbers), so the comparison measures the move, not
  the dice.
- The heuristic's proposal is kept unless another candidate's paired advantage
  is above noise: mean difference greater than Z standard errors and at least
  MIN_GAIN, over at least 2 worlds (or the profile's `min_worlds`). A search that plays worse than the heuristic
  it improves is the failure this guards against. When the first SETTLED_WORLDS worlds gave every
  candidate the proposal's result (a mission won or lost whatever we do now),
  the search stops early.

A finished rollout is worth the team's result (1 success, 0 failure), or the game's
shaped `value(state, seat)` where its AI profile has one: when nearly every
rollout fails, how far the team got is what could tell the candidates apart. No level uses one
yet: Haunted House's `shaped_value` (jewels out) made its advanced team worse (bench/STRENGTH.md).

The rollout policy is the same heuristic the "easy" level plays, so the value of
a move is "what happens if we all carry on as sensible players", unlike a cheaper
playout policy whose failures would drown the signal (a co-op team of weak
playout policies rarely wins at all). A game whose state-level `rollout` wins as
often as its `choose` sets `plan_with_rollout=True` in its profile to play out with it instead
(KAKAPO: the same success, a third of the cost). An iteration budget counts rollouts.
"""

from __future__ import annotations

import math
import random

from tabletop.ai import clock
from tabletop.ai.ismcts import MAX_REFUSED_SAMPLES, SearchAgent, SearchConfig, SearchStats
from tabletop.ai.profile import AnyProfile
from tabletop.engine.core import Action, Game, State, View

MAX_CANDIDATES = 10  # candidates per decision: more spreads the rollouts too thin to tell them apart
Z = 1.64  # one-sided 95%: how sure the paired advantage must be to overrule the heuristic
MIN_GAIN = 0.02  # ... and how large it must be at least
SETTLED_WORLDS = 12  # stop early once this many worlds showed no difference between any candidates


class RolloutPlanner(SearchAgent):
    """An agent: `choose(view, legal, rng, budget)` using the profile's `choose` as proposal and playout policy."""

    def __init__(self, game: Game, config: SearchConfig, profile: AnyProfile, name: str) -> None:
        self.game = game
        self.config = config
        self._heuristic = profile.choose
        self._candidates = profile.candidates
        self._value = profile.value  # a shaped value of a finished rollout, if the game has one
        # Worlds needed before the proposal may be overruled; a game whose rollout values are continuous can ask
        # for more: a few paired differences that all happen to be positive look significant to the z-test.
        self._min_worlds = profile.min_worlds
        # A game whose state-level `rollout` plays as well as `choose` at a fraction of the cost (no View to build,
        # less refinement) lets the planner play it out with that: more rollouts in the same time cap.
        self._playout = profile.rollout if profile.plan_with_rollout else None
        self.name = name
        self.last_stats: SearchStats | None = None
        # A move that heads every candidate list, as if it were the proposal: a review's played move, which
        # another move must then beat in the paired test (tabletop/ai/review.py).
        self.first_candidate: Action | None = None

    def decide(self, view: View, seat: int, legal: list[Action], rng: random.Random,
               budget: float | None) -> Action:
        proposal = self._heuristic(view, legal, random.Random(rng.getrandbits(64)))
        candidates = self.candidates(view, legal, proposal, rng)
        if len(candidates) == 1:
            self.last_stats = SearchStats.forced(proposal)
            return proposal
        seconds = budget if budget is not None else self.config.seconds
        return self._plan(view, seat, candidates, rng, self.config.iterations, seconds)

    def candidates(self, view: View, legal: list[Action], proposal: Action, rng: random.Random) -> list[Action]:
        """The proposal first, then up to MAX_CANDIDATES - 1 others (the game's short list, or all)."""
        if len(legal) <= MAX_CANDIDATES:
            others = legal
        elif self._candidates is not None:
            others = self._candidates(view, legal, MAX_CANDIDATES, random.Random(rng.getrandbits(64)))
        else:
            others = random.Random(rng.getrandbits(64)).sample(legal, MAX_CANDIDATES - 1)
        out = [proposal]
        for action in others:
            if action != proposal and action not in out and len(out) < MAX_CANDIDATES:
                out.append(action)
        first = self.first_candidate
        if first is not None:
            out = [first, *(a for a in out if a != first)]
        return out

    def _plan(self, view: View, seat: int, candidates: list[Action], rng: random.Random, iterations: int | None,
              seconds: float | None) -> Action:
        if iterations is None and seconds is None:
            raise ValueError("the rollout planner needs an iteration or a time budget")
        search_rng = random.Random(rng.getrandbits(64))
        now = clock.now
        start = now()
        deadline = start + seconds if seconds is not None else math.inf
        limit = iterations if iterations is not None else 1 << 62
        k = len(candidates)
        totals = [0.0] * k
        successes = [0.0] * k  # the team's real result, for the stats (the hint shows it as a chance)
        diffs = [0.0] * k  # paired with the proposal: sum and sum of squares of (reward - proposal's reward)
        squares = [0.0] * k
        worlds = refused = 0
        while worlds == 0 or (worlds + 1) * k <= limit:
            try:
                world = self.game.sample_state(view, search_rng)
            except ValueError:
                refused += 1  # a rejection sampler may give up on one draw; redraw (see ismcts)
                if refused > MAX_REFUSED_SAMPLES:
                    raise
                continue
            refused = 0
            seed = search_rng.getrandbits(64)
            outcomes = []
            for action in candidates:
                if worlds and now() >= deadline:
                    break  # out of time mid-world: drop the partial world rather than overrun the level's cap
                outcomes.append(self._play_out(world.clone(), seat, action, seed))
            if len(outcomes) < k:
                break
            rewards = [value for value, _ in outcomes]
            for i, (_, success) in enumerate(outcomes):
                successes[i] += success
            worlds += 1
            for i, reward in enumerate(rewards):
                totals[i] += reward
                d = reward - rewards[0]
                diffs[i] += d
                squares[i] += d * d
            if now() >= deadline:
                break
            if worlds >= SETTLED_WORLDS and not any(squares):
                break  # every candidate did exactly what the proposal did in every world: nothing to find
        means = [t / worlds for t in totals]
        self.last_stats = SearchStats(worlds * k, now() - start,
                                      {str(a): worlds for a in candidates},
                                      {str(a): w / worlds for a, w in zip(candidates, successes, strict=True)})
        best = max(range(k), key=lambda i: (means[i], -i))
        if best == 0 or worlds < self._min_worlds:
            return candidates[0]
        gain = diffs[best] / worlds
        variance = max(0.0, squares[best] / worlds - gain * gain) * worlds / (worlds - 1)
        if gain >= MIN_GAIN and gain > Z * math.sqrt(variance / worlds):
            return candidates[best]
        return candidates[0]

    def _play_out(self, state: State, seat: int, action: Action, seed: int) -> tuple[float, float]:
        """Play `action`, then every seat follows the heuristic on its own view to the end.

        Returns (the value the planner compares, the team's reward)."""
        rng = random.Random(seed)
        heuristic = self._heuristic
        playout = self._playout
        state.apply_unchecked(seat, action)
        to_act = state.to_act()
        while to_act:
            mover = to_act[0]
            legal = state.legal_actions(mover)
            if len(legal) == 1:
                move = legal[0]
            elif playout is not None:
                move = playout(state, mover, legal, rng)
            else:
                move = heuristic(state.view(mover), legal, rng)
            state.apply_unchecked(mover, move)
            to_act = state.to_act()
        reward = state.result().reward(seat)
        return (self._value(state, seat) if self._value is not None else reward), reward
