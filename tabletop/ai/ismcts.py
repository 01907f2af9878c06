"""Generic information-set Monte Carlo tree search (single-observer ISMCTS).

The searching seat sees only its View. Every iteration draws one world with
`game.sample_state(view, rng)` (hidden cards redistributed, a fresh Chance so
future chance is resampled too), then walks one tree that is shared by all
worlds:

- **Decision nodes** hold edges keyed by how the move looks to the searcher:
  `str(action)` for its own moves, `state.public_action_text(seat, action)` for
  everyone else's. Several actions with one public text (a sealed bid) share an
  edge; inside it the concrete action is drawn by the rollout policy, so the
  tree never branches on what the searcher could not have seen.
- **Outcome children** under each edge are keyed by the events of that step the
  searcher may see (a challenge won or lost, a card it drew). The tree thus
  follows the searcher's information sets without calling `view()` per step.
- The searcher's moves are chosen by UCB1 with availability counts (Cowling et
  al. 2012): an edge's exploration term uses how often it was *available*, not
  the parent's visits, because different worlds allow different moves.
- Other seats, by default (`opponents="policy"`), play the rollout policy in the
  sampled world, so they act on their own (sampled) cards; their moves become
  outcome branches keyed by public text. This avoids SO-ISMCTS's strategy fusion,
  where opponents sharing one node per public history behave as if they did not
  know their own hands; in a BLUFFIT arena it was the stronger choice and, unlike
  "ucb", kept improving with more iterations (see the report in the commit log).
  `opponents="ucb"` is classic SO-ISMCTS: each edge stores the reward of the seat
  that moved and every seat maximises its own payoff by UCB.
- Simultaneous phases (several seats in `to_act()`) are played in a fixed
  order: the other seats in seat order first, the searcher last, so in the tree
  the searcher always decides without knowing the others' sealed choices and
  their policy never sees the searcher's. At the root, other seats' pending
  simultaneous moves are played by the policy before the tree starts, because
  the root must be the searcher's own decision.
- Expansion adds one node per iteration; the rollout then plays the game's
  `rollout(state, seat, legal, rng)` policy (random play if there is none) to
  the end, or to `rollout_depth` steps when an `evaluate(state, seat) -> [0, 1]`
  is given. With a `segment(state) -> hashable` as well, a rollout also stops
  (and is evaluated) as soon as the segment differs from the sampled world's:
  a game of a multi-game session, say, so rollouts do not drown the value of
  this game's moves in the noise of later deals. Rewards come from
  `Result.reward(seat)` (co-op: the team's result).
- The move played is the most visited root edge (ties: better mean, then the
  order of `legal`). With an iteration budget and a seeded rng the search is
  deterministic; a time budget (`tabletop.ai.clock`: the wall clock in play) caps it for interactive play.
- With an `opponent_model(world, seat, rng)` (the game's, from its AI profile) each
  sampled world is then adjusted in place: hidden cards the sampler dealt uniformly are redrawn
  by how likely they make what the opponents did (their bids, in a bluffing game). It may read
  only the sampled world, so the choice still depends on the searcher's view alone.
- With a `root_filter(view, legal) -> candidates` (a level's choice, from the game's AI profile)
  the searcher's root decision considers only those candidates: at small budgets a root of 30–50
  moves gets a handful of rollouts each, and a heuristic's shortlist lets the same budget tell its
  few plausible moves apart. It reads only the view, like the rest of the search.
- A `sample_state` that raises ValueError for one draw (rejection samplers may
  give up) is simply redrawn; more than MAX_REFUSED_SAMPLES refusals in a row
  re-raise, since that is a broken sampler.

Nothing in here knows any particular game.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from tabletop.ai import clock
from tabletop.engine.core import Action, Event, Game, State, View

RolloutPolicy = Callable[[State, int, list[Action], random.Random], Action]
Evaluator = Callable[[State, int], float]
Segment = Callable[[State], Any]
OpponentModel = Callable[[State, int, random.Random], None]
RootFilter = Callable[[View, list[Action]], list[Action]]

MAX_REFUSED_SAMPLES = 50  # sample_state refusing this many draws in a row means a broken sampler
DEFAULT_EXPLORATION = 0.7  # UCB constant for rewards in [0, 1]; see bench/ai_bench.py and the report


@dataclass(frozen=True)
class SearchConfig:
    """How hard and how to search. `iterations`/`seconds` None = no cap of that kind."""

    iterations: int | None = 1000
    seconds: float | None = None
    exploration: float = DEFAULT_EXPLORATION
    rollout_depth: int | None = None  # only used with an evaluator
    observe_events: bool = True  # split outcome nodes on the events the searcher sees
    # "policy": other seats play the rollout policy in their sampled world (they act on their own cards);
    # "ucb": other seats choose by UCB on their own rewards over the shared tree (classic SO-ISMCTS).
    opponents: str = "policy"
    model_opponents: bool = True  # apply the game's opponent model (if any) to every sampled world

    def __post_init__(self) -> None:
        if self.opponents not in ("policy", "ucb"):
            raise ValueError(f"opponents must be 'policy' or 'ucb', not {self.opponents!r}")


class _Edge:
    """One move (as the searcher would see it) out of a decision node."""

    __slots__ = ("visits", "total", "avail", "children")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.avail = 0
        self.children: dict[Any, _Node] = {}


class _Node:
    __slots__ = ("edges",)

    def __init__(self) -> None:
        self.edges: dict[str, _Edge] = {}


@dataclass(frozen=True)
class SearchStats:
    """What the last search did (for benchmarks, tests and debugging)."""

    iterations: int
    seconds: float
    root_visits: dict[str, int]
    root_means: dict[str, float]

    @staticmethod
    def forced(action: Action) -> SearchStats:
        """Stats of a decision with one legal move: nothing searched."""
        return SearchStats(0, 0.0, {str(action): 0}, {})


class SearchAgent:
    """What every searching agent shares: one legal move needs no search, a spectator cannot choose.

    Subclasses implement `decide` and set `last_stats` when they search.
    """

    name: str
    last_stats: SearchStats | None = None

    def choose(self, view: View, legal: list[Action], rng: random.Random, budget: float | None = None) -> Action:
        if len(legal) == 1:
            self.last_stats = SearchStats.forced(legal[0])
            return legal[0]
        if view.seat is None:
            raise ValueError("a spectator's view cannot choose a move")
        return self.decide(view, view.seat, legal, rng, budget)

    def decide(self, view: View, seat: int, legal: list[Action], rng: random.Random,
               budget: float | None) -> Action:
        raise NotImplementedError


def _mover(to_act: tuple[int, ...], root_seat: int) -> int:
    """The fixed order for simultaneous phases: other seats first, the searcher last."""
    first = to_act[0]
    if first != root_seat or len(to_act) == 1:
        return first
    return to_act[1]


def _observation(events: list[Event], seat: int) -> Any:
    """A hashable summary of what `seat` saw happen in one step."""
    seen = [(e.kind, repr(e.data)) for e in events if e.visible_to is None or seat in e.visible_to]
    return tuple(seen) if seen else None


class ISMCTS(SearchAgent):
    """An agent: `choose(view, legal, rng, budget)`; one search per decision, no state kept between."""

    def __init__(self, game: Game, config: SearchConfig | None = None, rollout: RolloutPolicy | None = None,
                 evaluate: Evaluator | None = None, name: str = "ismcts", segment: Segment | None = None,
                 opponent_model: OpponentModel | None = None, root_filter: RootFilter | None = None) -> None:
        if segment is not None and evaluate is None:
            raise ValueError("a rollout segment needs an evaluator for the states where it ends")
        self.game = game
        self.config = config or SearchConfig()
        self.rollout_policy = rollout
        self.evaluate = evaluate
        self.segment = segment
        self.opponent_model = opponent_model
        self.root_filter = root_filter
        self._root_moves: list[Action] | None = None  # the root's candidates while a search runs
        self.name = name
        self.last_stats: SearchStats | None = None
        self._texts: dict[Action, str] = {}  # str() of the searcher's moves, per search
        # Per node (its edges' id) where the searcher moved: the last legal list, its moves by text and,
        # once every one of them has an edge, those edges in the same order (see `_select`).
        self._groups: dict[int, list[Any]] = {}

    # -- the agent interface -------------------------------------------------------------------

    def decide(self, view: View, seat: int, legal: list[Action], rng: random.Random,
               budget: float | None) -> Action:
        config = self.config
        seconds = budget if budget is not None else config.seconds
        self._root_moves = self.root_filter(view, legal) if self.root_filter is not None else None
        try:
            root = self.search(view, seat, rng, config.iterations, seconds)
        finally:
            self._root_moves = None
        by_text = {str(a): a for a in legal}
        best: Action | None = None
        best_key = (-1, -1.0)
        for text, action in by_text.items():  # legal order breaks the last ties, deterministically
            edge = root.edges.get(text)
            if edge is None or edge.visits == 0:
                continue
            key = (edge.visits, edge.total / edge.visits)
            if key > best_key:
                best, best_key = action, key
        return best if best is not None else legal[0]

    # -- the search ------------------------------------------------------------------------------

    def search(self, view: View, seat: int, rng: random.Random, iterations: int | None,
               seconds: float | None) -> _Node:
        """Run iterations from `view` until a budget runs out; returns the root node."""
        if iterations is None and seconds is None:
            raise ValueError("ISMCTS needs an iteration or a time budget")
        search_rng = random.Random(rng.getrandbits(64))
        self._texts = {}
        self._groups = {}
        root = _Node()
        now = clock.now
        start = now()
        deadline = start + seconds if seconds is not None else math.inf
        limit = iterations if iterations is not None else 1 << 62
        done = 0
        iterate = self._iterate
        sample = self.game.sample_state
        model = self.opponent_model if self.config.model_opponents else None
        refused = 0
        while done < limit:
            try:
                world = sample(view, search_rng)
            except ValueError:
                # A rejection sampler may give up on one draw; redrawing keeps the distribution. A sampler
                # that keeps refusing is a bug in the game and is raised.
                refused += 1
                if refused > MAX_REFUSED_SAMPLES:
                    raise
                continue
            refused = 0
            if model is not None:
                model(world, seat, search_rng)
            iterate(root, world, seat, view.players, search_rng)
            done += 1
            if seconds is not None and now() >= deadline:
                break
        elapsed = now() - start
        self.last_stats = SearchStats(
            done, elapsed, {k: e.visits for k, e in root.edges.items()},
            {k: e.total / e.visits for k, e in root.edges.items() if e.visits})
        return root

    def _policy(self, state: State, seat: int, legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        policy = self.rollout_policy
        if policy is not None:
            action = policy(state, seat, legal, rng)
            if action in legal:
                return action
        return legal[rng.randrange(len(legal))]

    def _iterate(self, root: _Node, state: State, seat: int, players: int, rng: random.Random) -> None:
        # Other seats' pending simultaneous moves happen before the searcher's root decision.
        to_act = state.to_act()
        while len(to_act) > 1 and seat in to_act:
            other = _mover(to_act, seat)
            state.apply_unchecked(other, self._policy(state, other, state.legal_actions(other), rng))
            to_act = state.to_act()

        segment = self.segment(state) if self.segment is not None else None
        c = self.config.exploration
        observe = self.config.observe_events
        policy_opponents = self.config.opponents == "policy"
        path: list[tuple[_Edge, int]] = []
        node = root
        while to_act:
            mover = _mover(to_act, seat)
            legal = state.legal_actions(mover)
            if node is root and mover == seat and self._root_moves is not None:
                legal = self._root_moves  # the searcher's own moves are the same in every world
            edges = node.edges
            if mover != seat and policy_opponents:
                # Opponents play the policy in their own (sampled) world; the tree records only what we saw.
                action = self._policy(state, mover, legal, rng)
                chosen = state.public_action_text(mover, action)
                edge = edges.get(chosen)
                if edge is None:
                    edge = edges[chosen] = _Edge()
            else:
                action, edge = self._select(state, mover, seat, legal, edges, c, rng)
            events = state.apply_unchecked(mover, action)
            path.append((edge, mover))
            outcome = _observation(events, seat) if observe else None
            child = edge.children.get(outcome)
            if child is None:
                edge.children[outcome] = _Node()
                break  # expanded one node: roll out from here
            node = child
            to_act = state.to_act()

        rewards = self._rollout(state, players, seat, rng, segment)
        for edge, mover in path:
            edge.visits += 1
            edge.total += rewards[mover]

    def _select(self, state: State, mover: int, seat: int, legal: list[Action], edges: dict[str, _Edge], c: float,
                rng: random.Random) -> tuple[Action, _Edge]:
        """UCB1 with availability over the moves as the searcher sees them; one untried move first."""
        tried: tuple[tuple[str, _Edge], ...] | None = None
        if mover == seat:
            # str() of a move is Python-level formatting (KAKAPO placements name cells); every world offers
            # the same moves again, so their texts are kept for the whole search, and a node whose legal
            # list equals the last one's (often the very same objects: a cheap comparison) reuses its groups.
            known = self._groups.get(id(edges))
            if known is not None and known[0] == legal:
                groups: dict[str, Any] = known[1]
                tried = known[2]
            else:
                texts = self._texts
                groups = {}
                for a in legal:
                    text = texts.get(a)
                    if text is None:
                        text = texts[a] = str(a)
                    groups[text] = a
                known = self._groups[id(edges)] = [legal[:], groups, None]  # a copy: a game may reuse its list
        else:
            known = None
            public = state.public_action_text
            groups = {}
            for a in legal:
                key = public(mover, a)
                group = groups.get(key)
                if group is None:
                    groups[key] = [a]
                else:
                    group.append(a)
        chosen: str | None = None
        untried = [k for k in groups if k not in edges] if tried is None else None
        if untried:
            chosen = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
            edges[chosen] = _Edge()
            for key in groups:
                edge = edges.get(key)
                if edge is not None:
                    edge.avail += 1
        else:
            if tried is None:
                # Every move has its edge now, and edges are never removed: the searcher's node keeps them
                # paired with their texts, so later visits skip the untried scan and the dict lookups
                # (KAKAPO's root offers ~170 placements).
                tried = tuple([(key, edges[key]) for key in groups])
                if known is not None:
                    known[2] = tried
            log, sqrt = math.log, math.sqrt
            best = -1.0
            for key, edge in tried:
                edge.avail += 1
                score = edge.total / edge.visits + c * sqrt(log(edge.avail) / edge.visits)
                if score > best:
                    best, chosen = score, key
        assert chosen is not None
        picked = groups[chosen]
        action = picked if mover == seat else self._policy(state, mover, picked, rng)
        return action, edges[chosen]

    def _rollout(self, state: State, players: int, seat: int, rng: random.Random,
                 segment: Any = None) -> Sequence[float]:
        policy = self.rollout_policy
        evaluate = self.evaluate
        random_ = rng.random
        # The state's methods bound once: a rollout asks them ~60 times (BLUFFIT, 4 players).
        to_act_of, legal_of, apply = state.to_act, state.legal_actions, state.apply_unchecked
        to_act = to_act_of()
        depth_left = self.config.rollout_depth if evaluate is not None else None
        segment_of = self.segment
        while to_act:
            if evaluate is not None and ((depth_left is not None and depth_left <= 0) or (
                    segment_of is not None and segment_of(state) != segment)):
                return [evaluate(state, s) for s in range(players)]
            if depth_left is not None:
                depth_left -= 1
            mover = to_act[0] if len(to_act) == 1 else _mover(to_act, seat)
            legal = legal_of(mover)
            if len(legal) == 1:
                action = legal[0]
            elif policy is not None:
                action = policy(state, mover, legal, rng)
            else:
                action = legal[int(random_() * len(legal))]
            apply(mover, action)
            to_act = to_act_of()
        result = state.result()
        return [result.reward(s) for s in range(players)]
