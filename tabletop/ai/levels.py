"""Difficulty levels: one string names an agent.

- "random": uniformly random legal moves.
- "easy": the game's heuristic `choose(view, legal, rng)` (random if the game has none).
- "normal", "hard": ISMCTS with the game's rollout policy (co-operative games: the
  rollout planner over the team's heuristic, tabletop/ai/rollout_planner.py), capped by time *and*
  iterations. The caps were calibrated on the 2-core development machine so that
  a decision takes at most 1.0 s (normal) and 3.0 s (hard) at the 95th percentile
  (bench/ai_bench.py measures it). A time cap makes play depend on machine speed.
  A game's heuristics module may lower an interactive level's iteration cap (`LEVEL_ITERATIONS`), where
  its search has converged well within normal's time and hard would otherwise play the same moves.
- "normal:ITER", "hard:ITER": the same search with a fixed iteration budget and no
  time cap, so a seeded game is reproducible on any machine (tests, arena studies).
"""

from __future__ import annotations

import importlib
import math
import random
from dataclasses import dataclass, replace
from functools import partial

from tabletop.ai import heuristics
from tabletop.ai.agent import Agent, RandomAgent
from tabletop.ai.ismcts import ISMCTS, SearchConfig
from tabletop.ai.rollout_planner import RolloutPlanner
from tabletop.engine import registry
from tabletop.engine.core import Action, Game, View

LEVELS = ("random", "easy", "normal", "hard")

# Time caps leave headroom under the 1 s / 3 s targets for sampling, tree set-up and the worker's IPC.
SEARCH_LEVELS: dict[str, SearchConfig] = {
    "normal": SearchConfig(iterations=2500, seconds=0.8),
    "hard": SearchConfig(iterations=12000, seconds=2.6),
}


@dataclass(frozen=True)
class LevelSpec:
    base: str
    iterations: int | None = None  # set by "normal:ITER" / "hard:ITER"

    def __str__(self) -> str:
        return self.base if self.iterations is None else f"{self.base}:{self.iterations}"


def parse_level(text: str) -> LevelSpec:
    """'hard' -> LevelSpec('hard'); 'normal:400' -> LevelSpec('normal', 400); ValueError on junk."""
    base, sep, rest = text.strip().lower().partition(":")
    if base not in LEVELS:
        raise ValueError(f"unknown AI level {text!r} (levels: {', '.join(LEVELS)}, or normal:ITER / hard:ITER)")
    if not sep:
        return LevelSpec(base)
    if base not in SEARCH_LEVELS or not rest.isdigit() or int(rest) < 1:
        raise ValueError(f"bad AI level {text!r}: only normal and hard take an iteration count, e.g. hard:2000")
    return LevelSpec(base, int(rest))


class HeuristicAgent:
    """The "easy" player: the game's hand-written heuristic over the View."""

    def __init__(self, module: object, name: str = "easy") -> None:
        self._choose = module.choose  # type: ignore[attr-defined]
        self.name = name

    def choose(self, view: View, legal: list[Action], rng: random.Random, budget: float | None = None) -> Action:
        if len(legal) == 1:
            return legal[0]
        return self._choose(view, legal, rng)


class GuardedSearch:
    """ISMCTS that keeps the heuristic's move unless the search shows a clearly better one.

    With small budgets (or in co-op games where nearly every rollout fails) the
    root means are noise, and a search that picks by visit count then plays worse
    than the hand-written heuristic. The heuristic proposes, the search may
    overrule it only with a root mean at least GUARD_MARGIN higher.
    """

    GUARD_MARGIN = 0.05

    def __init__(self, search: ISMCTS, module: object) -> None:
        self.search = search
        self._heuristic = module.choose  # type: ignore[attr-defined]
        self.name = search.name

    @property
    def last_stats(self):
        return self.search.last_stats

    def choose(self, view: View, legal: list[Action], rng: random.Random, budget: float | None = None) -> Action:
        if len(legal) == 1:
            return legal[0]
        proposal = self._heuristic(view, legal, random.Random(rng.getrandbits(64)))
        chosen = self.search.choose(view, legal, rng, budget)
        stats = self.search.last_stats
        if chosen == proposal or stats is None:
            return chosen
        chosen_mean = stats.root_means.get(str(chosen))
        proposal_mean = stats.root_means.get(str(proposal))
        if chosen_mean is None or proposal_mean is None:
            return proposal  # the search never tried one of them: no evidence against the heuristic
        # A difference of means is only evidence once both moves were tried often: ~1/sqrt(visits).
        visits = min(stats.root_visits.get(str(chosen), 0), stats.root_visits.get(str(proposal), 0))
        margin = max(self.GUARD_MARGIN, 1.0 / math.sqrt(max(1, visits)))
        return chosen if chosen_mean >= proposal_mean + margin else proposal


def search_config(spec: LevelSpec, module: object | None = None) -> SearchConfig:
    """The level's caps; a game's heuristics module may lower an interactive level's iteration cap.

    `LEVEL_ITERATIONS = {"normal": 250}` in a game's module: where the search has converged by normal's
    time cap (more iterations choose the same moves), hard's depth is only felt against a normal that
    stops sooner; the game's own measurements pick the number (bench/STRENGTH.md).
    """
    config = SEARCH_LEVELS[spec.base]
    if spec.iterations is not None:
        return replace(config, iterations=spec.iterations, seconds=None)
    cap = getattr(module, "LEVEL_ITERATIONS", {}).get(spec.base) if module is not None else None
    if cap is not None:
        config = replace(config, iterations=min(cap, config.iterations or cap))
    return config


def game_search(game: Game, config: SearchConfig, name: str = "ismcts") -> ISMCTS:
    """ISMCTS with the game's own search parts: rollout policy, and where given an evaluator and segment."""
    module = heuristics.load(game.id)
    rollout = getattr(module, "rollout", None) if module is not None else None
    evaluate = getattr(module, "evaluate", None) if module is not None else None
    segment = getattr(module, "segment", None) if module is not None else None
    model = getattr(module, "opponent_model", None) if module is not None else None
    return ISMCTS(game, config, rollout=rollout, evaluate=evaluate, name=name, segment=segment,
                  opponent_model=model)


def make_agent(game: Game, level: str) -> Agent:
    """An agent for `game` at `level` (see the module docstring); ValueError for an unknown level."""
    spec = parse_level(level)
    module = heuristics.load(game.id)
    if spec.base == "random":
        return RandomAgent()
    if spec.base == "easy":
        if module is None or not hasattr(module, "choose"):
            return RandomAgent()
        return HeuristicAgent(module)
    if game.cooperative and module is not None and hasattr(module, "choose"):
        return RolloutPlanner(game, search_config(spec, module), module, name=str(spec))
    search = game_search(game, search_config(spec, module), name=str(spec))
    # A game may narrow a level's root to its heuristic's shortlist: ROOT_WIDTH[level] and root_candidates.
    width = getattr(module, "ROOT_WIDTH", {}).get(spec.base) if module is not None else None
    if width:
        search.root_filter = partial(module.root_candidates, width=width)  # type: ignore[union-attr]
    # A game whose search measured better unguarded sets GUARD_SEARCH = False in its heuristics module.
    if module is not None and hasattr(module, "choose") and getattr(module, "GUARD_SEARCH", True) \
            and spec.base not in getattr(module, "UNGUARDED_LEVELS", ()):
        return GuardedSearch(search, module)
    return search


def load_game(ref: str) -> Game:
    """A game by registry id ("bluffit") or by "module:attribute" (test games registered nowhere)."""
    module_name, sep, attribute = ref.partition(":")
    if not sep:
        return registry.get_game(ref)
    game = getattr(importlib.import_module(module_name), attribute)
    if not isinstance(game, Game):
        raise ValueError(f"{ref} is not a Game")
    return game
