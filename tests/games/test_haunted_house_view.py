"""The view's answers that boards ask instead of computing a rule themselves."""

from __future__ import annotations

import random

import pytest

from tabletop.games.haunted_house import GAME


@pytest.mark.parametrize("advanced", [True, False])
def test_a_jewel_must_wait_exactly_when_its_carrier_may_not_leave_the_house(advanced):
    state = GAME.new_state(1, {"characters": 4, "advanced": advanced}, seed=7)
    for deposited in range(0, 8):
        state.deposited = deposited
        for number in range(deposited + 1, 9):  # the jewels still in the house
            state.carry[0] = number
            assert state.view(0).jewel_must_wait(number) == (not state.may_exit(0)), (deposited, number)


def test_the_ghost_stock_never_runs_out_in_play():
    """HH-D09: a room's 3rd ghost becomes an evil spirit, so the box's ghosts always suffice."""
    for seed in range(6):
        state = GAME.new_state(2, {"characters": 4, "advanced": seed % 2 == 1}, seed=seed)
        rng = random.Random(seed)
        while not state.is_over():
            assert state.view(None).ghost_stock >= 0
            seat = state.to_act()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        assert state.view(None).ghost_stock >= 0
