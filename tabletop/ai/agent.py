"""Agents choose actions from a seat's View only (never from a true State)."""

from __future__ import annotations

import random
from typing import Protocol

from tabletop.engine.core import Action, View


class Agent(Protocol):
    def choose(self, view: View, legal: list[Action], rng: random.Random, budget: float | None = None) -> Action:
        """Pick one of `legal` knowing only `view`; `budget` is seconds of thinking, if any."""
        ...


class RandomAgent:
    """Uniformly random legal play: the baseline every level must beat."""

    name = "random"

    def choose(self, view: View, legal: list[Action], rng: random.Random, budget: float | None = None) -> Action:
        return legal[rng.randrange(len(legal))]
