"""Per-game heuristics, one module per game id (`tabletop.ai.heuristics.<game_id>`).

Each module provides:

- `choose(view, legal, rng) -> Action`: the "easy" player. It reads only the View
  of its seat (what that seat may know) and adds a little randomness.
- optionally `rollout(state, seat, legal, rng) -> Action`: a fast policy for ISMCTS
  rollouts. It receives a *determinised* State (a world sampled from the
  searching seat's view), so reading it is honest; it must be cheap.
"""

from __future__ import annotations

import importlib
from types import ModuleType


def load(game_id: str) -> ModuleType | None:
    try:
        return importlib.import_module(f"{__name__}.{game_id}")
    except ModuleNotFoundError as exc:
        if exc.name == f"{__name__}.{game_id}":
            return None
        raise
