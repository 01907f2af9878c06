"""Per-game heuristics, one module per game id (`tabletop.ai.heuristics.<game_id>`).

Each module provides `choose(view, legal, rng) -> Action`, the "easy" player: it reads only the
View of its seat (what that seat may know) and adds a little randomness. Most also give the search
a fast `rollout(state, seat, legal, rng) -> Action` policy: it receives a *determinised* State (a
world sampled from the searching seat's view), so reading it is honest; it must be cheap.

Each module ends with one `PROFILE = AIProfile(...)` (tabletop/ai/profile.py) naming every part its
levels use; `profile(game_id)` finds it. A game without a module plays random and plain search.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from tabletop.ai.profile import AIProfile, AnyProfile


def load(game_id: str) -> ModuleType | None:
    try:
        return importlib.import_module(f"{__name__}.{game_id}")
    except ModuleNotFoundError as exc:
        if exc.name == f"{__name__}.{game_id}":
            return None
        raise


def profile(game_id: str) -> AnyProfile | None:
    """The game's AI profile, or None when it has no heuristics module."""
    module = load(game_id)
    if module is None:
        return None
    found = module.PROFILE
    if not isinstance(found, AIProfile):
        raise TypeError(f"{module.__name__}.PROFILE is not an AIProfile")
    return found
