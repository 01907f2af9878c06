"""BLOODY SUMMER's search levels play the search's own move (issue 17): no heuristic guard in between.

The guard kept the easy heuristic's move at almost every decision and left normal no stronger than easy
(bench/STRENGTH.md); its AI profile switches it off (no guarded levels).
"""

from __future__ import annotations

import random

from tabletop.ai.heuristics import bloody_summer as heuristic
from tabletop.ai.levels import make_agent
from tabletop.engine import registry
from tabletop.engine.core import Action, State
from tests.ai.bloody_summer_walk import decision_points

GAME = registry.get_game("bloody_summer")


def _decisions(count: int) -> list[tuple[State, int, list[Action]]]:
    """Seat decisions with a real choice along games played by the easy heuristic."""
    rng = random.Random(3)
    points: list[tuple[State, int, list[Action]]] = []
    for state, seat, legal in decision_points(40, lambda s, seat, legal: heuristic.choose(s.view(seat), legal, rng)):
        if len(legal) > 2:
            points.append((state.clone(), seat, legal))
            if len(points) == count:
                return points
    raise AssertionError("unreachable: the walk never ends")


def test_normal_plays_the_most_visited_move() -> None:
    agent = make_agent(GAME, "normal:150")
    for i, (state, seat, legal) in enumerate(_decisions(12)):
        move = agent.choose(state.view(seat), legal, random.Random(i))
        stats = agent.last_stats
        assert stats is not None
        # the search's own pick: most visits, then the better mean, then the earlier legal move
        texts = [str(a) for a in legal if str(a) in stats.root_visits]
        best = max(texts,
                   key=lambda text: (stats.root_visits[text], stats.root_means.get(text, 0.0), -texts.index(text)))
        assert str(move) == best, f"decision {i}: played {move}, the search preferred {best}"
