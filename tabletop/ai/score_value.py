"""Win chances from a score table part-way through a game: the value where a rollout stops early.

Games scored over several rounds (Ghost Bumpers) or several games of a session
(Sumidagawa) need not be rolled out to the very end: after the current round the
scores say most of what the rest will. Each seat beats each other seat with
probability Phi(lead / spread), where the spread of the remaining points grows
with the square root of the rounds left; the shares are normalised so the seats'
chances add up to one, as a finished game's rewards do.
"""

from __future__ import annotations

import math
from collections.abc import Sequence


def win_chances(scores: Sequence[float], rounds_left: int, spread_per_round: float) -> list[float]:
    """Each seat's chance to finish first, given `scores` and `rounds_left` (at least one)."""
    spread = spread_per_round * math.sqrt(max(1, rounds_left)) * math.sqrt(2.0)
    n = len(scores)
    chances = []
    for p in range(n):
        chance = 1.0
        for q in range(n):
            if q != p:
                chance *= 0.5 * (1.0 + math.erf((scores[p] - scores[q]) / spread))
        chances.append(chance)
    total = sum(chances)
    return [c / total for c in chances]
