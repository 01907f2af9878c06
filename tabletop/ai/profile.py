"""A game's AI profile: every part of the game's AI that the levels assemble, in one typed record.

Each heuristics module (`tabletop.ai.heuristics.<game_id>`) declares one `PROFILE = AIProfile(...)`.
`V` is the game's View and `S` its State: the profile's functions read the game's own classes,
and the type checker sees that they fit together. The search hands them the States its game samples.

- `choose(view, legal, rng)`: the "easy" player, the search's guard and the co-op planner's proposal.
- `rollout(state, seat, legal, rng)`: a fast playout policy over a determinised State (random if None).
- `evaluate(state, seat) -> [0, 1]` and `segment(state)`: where a rollout may stop early (see ismcts).
- `opponent_model(world, seat, rng)`: redraws a sampled world's hidden cards by what the others did.
- `level_iterations`: a lower iteration cap for an interactive level, where the search has converged
  within normal's time and hard would otherwise play the same moves (bench/STRENGTH.md).
- `root_shortlist(view, legal, width)` and `root_width[level]`: a level's root narrowed to the
  heuristic's shortlist (None or a missing level: the whole root).
- `guarded_levels`: the search levels where the heuristic's move stands unless the search shows a clearly
  better one (tabletop/ai/guarded.py); a game whose search measured better unguarded leaves its level out.
- Co-op planner (tabletop/ai/rollout_planner.py): `candidates(view, legal, limit, rng)` for a wide root,
  a shaped `value(state, seat)` of a finished rollout, the `min_worlds` before the proposal may be
  overruled, and `plan_with_rollout` to play out with `rollout` instead of `choose`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from tabletop.engine.core import Action, State, View

V = TypeVar("V", bound=View)
S = TypeVar("S", bound=State)

SEARCH_LEVEL_NAMES = ("normal", "hard")


@dataclass(frozen=True)
class AIProfile(Generic[V, S]):
    choose: Callable[[V, list[Action], random.Random], Action]
    rollout: Callable[[S, int, list[Action], random.Random], Action] | None = None
    evaluate: Callable[[S, int], float] | None = None
    segment: Callable[[S], Hashable] | None = None
    opponent_model: Callable[[S, int, random.Random], None] | None = None
    level_iterations: Mapping[str, int] = field(default_factory=dict)
    root_shortlist: Callable[[V, list[Action], int], list[Action]] | None = None
    root_width: Mapping[str, int | None] = field(default_factory=dict)
    guarded_levels: frozenset[str] = frozenset(SEARCH_LEVEL_NAMES)
    candidates: Callable[[V, list[Action], int, random.Random], list[Action]] | None = None
    value: Callable[[S, int], float] | None = None
    min_worlds: int = 2
    plan_with_rollout: bool = False

    def __post_init__(self) -> None:
        if self.plan_with_rollout and self.rollout is None:
            raise ValueError("plan_with_rollout needs a rollout policy")
        if any(self.root_width.values()) and self.root_shortlist is None:
            raise ValueError("a root width needs a root_shortlist")


# What the levels hold once a game's profile is looked up by its id: the game's View and State are not known there.
AnyProfile = AIProfile[Any, Any]
