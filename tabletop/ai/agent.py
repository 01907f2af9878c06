"""Agents choose actions from a seat's View only (never from a true State)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from tabletop.engine.core import Action, View

# A game's hand-written player over its seat's View (the game's `choose`, see tabletop/ai/profile.py).
Heuristic = Callable[[View, list[Action], random.Random], Action]


class Agent(Protocol):
    def choose(self, view: View, legal: list[Action], rng: random.Random, budget: float | None = None) -> Action:
        """Pick one of `legal` knowing only `view`; `budget` is seconds of thinking, if any."""
        ...


class RandomAgent:
    """Uniformly random legal play: the baseline every level must beat."""

    name = "random"

    def choose(self, view: View, legal: list[Action], rng: random.Random, budget: float | None = None) -> Action:
        return legal[rng.randrange(len(legal))]


class HeuristicAgent:
    """The "easy" player: the game's hand-written heuristic over the View."""

    def __init__(self, heuristic: Heuristic, name: str = "easy") -> None:
        self._choose = heuristic
        self.name = name

    def choose(self, view: View, legal: list[Action], rng: random.Random, budget: float | None = None) -> Action:
        if len(legal) == 1:
            return legal[0]
        return self._choose(view, legal, rng)
