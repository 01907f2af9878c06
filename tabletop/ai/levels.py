"""Difficulty levels: one string names an agent.

- "random": uniformly random legal moves.
- "easy": the game's heuristic `choose(view, legal, rng)` (random if the game has no AI profile).
- "normal", "hard": ISMCTS with the game's rollout policy (co-operative games: the
  rollout planner over the team's heuristic, tabletop/ai/rollout_planner.py), capped by time *and*
  iterations. The caps were calibrated on the 2-core development machine so that
  a decision takes at most 1.0 s (normal) and 3.0 s (hard) at the 95th percentile
  (bench/ai_bench.py measures it). A time cap makes play depend on machine speed.
  A game's AI profile (tabletop/ai/profile.py) may lower an interactive level's iteration cap, where
  its search has converged well within normal's time and hard would otherwise play the same moves.
- "normal:ITER", "hard:ITER": the same search with a fixed iteration budget and no
  time cap, so a seeded game is reproducible on any machine (tests, arena studies).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, replace

from tabletop.ai import heuristics
from tabletop.ai.agent import Agent, HeuristicAgent, RandomAgent
from tabletop.ai.guarded import GuardedSearch
from tabletop.ai.ismcts import ISMCTS, RootFilter, SearchConfig
from tabletop.ai.profile import AnyProfile
from tabletop.ai.rollout_planner import RolloutPlanner
from tabletop.engine import registry
from tabletop.engine.core import Game

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


def search_config(spec: LevelSpec, profile: AnyProfile | None = None) -> SearchConfig:
    """The level's caps; a game's profile may lower an interactive level's iteration cap.

    `level_iterations={"normal": 250}` in a game's profile: where the search has converged by normal's
    time cap (more iterations choose the same moves), hard's depth is only felt against a normal that
    stops sooner; the game's own measurements pick the number (bench/STRENGTH.md).
    """
    config = SEARCH_LEVELS[spec.base]
    if spec.iterations is not None:
        return replace(config, iterations=spec.iterations, seconds=None)
    cap = profile.level_iterations.get(spec.base) if profile is not None else None
    if cap is not None:
        config = replace(config, iterations=min(cap, config.iterations or cap))
    return config


def game_search(game: Game, config: SearchConfig, name: str = "ismcts", profile: AnyProfile | None = None,
                level: str | None = None) -> ISMCTS:
    """ISMCTS with the game's own search parts from its profile (by default, the one its id names):
    rollout policy, and where given an evaluator, segment and opponent model; with a `level`, that
    level's root shortlist."""
    if profile is None:
        profile = heuristics.profile(game.id)
    if profile is None:
        return ISMCTS(game, config, name=name)
    search = ISMCTS(game, config, rollout=profile.rollout, evaluate=profile.evaluate, name=name,
                    segment=profile.segment, opponent_model=profile.opponent_model)
    search.root_filter = _root_filter(profile, level)
    return search


def _root_filter(profile: AnyProfile, level: str | None) -> RootFilter | None:
    width = profile.root_width.get(level) if level is not None else None
    shortlist = profile.root_shortlist
    if not width or shortlist is None:
        return None
    kept: int = width
    return lambda view, legal: shortlist(view, legal, kept)


def make_agent(game: Game, level: str) -> Agent:
    """An agent for `game` at `level` (see the module docstring); ValueError for an unknown level."""
    spec = parse_level(level)
    profile = heuristics.profile(game.id)
    if spec.base == "random":
        return RandomAgent()
    if profile is None:
        return RandomAgent() if spec.base == "easy" else game_search(game, search_config(spec), name=str(spec))
    if spec.base == "easy":
        return HeuristicAgent(profile.choose)
    config = search_config(spec, profile)
    if game.cooperative:
        return RolloutPlanner(game, config, profile, name=str(spec))
    search = game_search(game, config, name=str(spec), profile=profile, level=spec.base)
    return GuardedSearch(search, profile.choose) if spec.base in profile.guarded_levels else search


def load_game(ref: str) -> Game:
    """A game by registry id ("bluffit") or by "module:attribute" (test games registered nowhere)."""
    module_name, sep, attribute = ref.partition(":")
    if not sep:
        return registry.get_game(ref)
    game = getattr(importlib.import_module(module_name), attribute)
    if not isinstance(game, Game):
        raise ValueError(f"{ref} is not a Game")
    return game
