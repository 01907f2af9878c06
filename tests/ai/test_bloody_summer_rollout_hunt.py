"""BLOODY SUMMER's rollout policy hunts a wounded leader and fights a leader about to escape (issue 17).

The search's opponents and its own future moves play `rollout`; these two rules of the easy heuristic's pass
scoring were missing from it (bench/STRENGTH.md, issue 17, 2026-12-02 night).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from tabletop.ai.heuristics import bloody_summer as heuristic
from tabletop.engine import registry
from tabletop.games.bloody_summer.actions import PASS
from tabletop.games.bloody_summer.rules import FORM_SIZE
from tabletop.games.bloody_summer.state import BloodySummerState
from tests.ai.bloody_summer_walk import decision_points

GAME = registry.get_game("bloody_summer")


def _follow_states(count: int, wanted: Callable[[BloodySummerState, int], bool]) -> list[BloodySummerState]:
    """States along rollout-policy games where the seat to act follows, cannot escape, and `wanted` holds."""
    rng = random.Random(5)
    found: list[BloodySummerState] = []
    for state, seat, legal in decision_points(900, lambda s, seat, legal: heuristic.rollout(s, seat, legal, rng)):
        if state.plays and len(legal) > 1 and wanted(state, seat) and not any(
                FORM_SIZE[a.form] == state.sizes[seat] for a in legal[:-1]):
            found.append(state.clone())
            if len(found) == count:
                return found
    raise AssertionError("unreachable: the walk never ends")


def _pass_share(states: list[BloodySummerState]) -> float:
    rng = random.Random(8)
    passes = 0
    for state in states:
        seat = state.to_act()[0]
        passes += heuristic.rollout(state, seat, state.legal_actions(seat), rng) is PASS
    return passes / len(states)


def _wounded_leader_on_a_deadly_pile(state: BloodySummerState, seat: int) -> bool:
    leader = state.plays[-1][0]
    return bool(state.wounded >> leader & 1) and state.hit_chance(leader) > heuristic.ROLL_HUNT_RISK


def _safe_leader_near_escape(state: BloodySummerState, seat: int) -> bool:
    leader = state.plays[-1][0]
    return state.sizes[leader] <= heuristic.ROLL_FIGHT_CARDS and state.hit_chance(leader) < heuristic.ROLL_FIGHT_RISK


def test_rollout_lets_a_wounded_leader_face_a_deadly_pile() -> None:
    # without the rule the policy beats such a pile about as often as any other
    assert _pass_share(_follow_states(60, _wounded_leader_on_a_deadly_pile)) >= 0.7


def test_rollout_beats_a_safe_leader_about_to_escape() -> None:
    # without the rule a risky pile or a held-back top card makes the policy pass here
    assert _pass_share(_follow_states(60, _safe_leader_near_escape)) == 0.0
