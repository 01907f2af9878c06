"""BLUFFIT determinisation: late, tight positions always yield a consistent world (regression)."""

from __future__ import annotations

import random

import pytest

from tabletop.games.bluffit import GAME
from tabletop.games.bluffit.edge_colouring import colour_history


@pytest.mark.parametrize("players, rounds_played", [(4, 9), (5, 9), (6, 9), (6, 7)])
def test_late_game_views_always_sample(players, rounds_played):
    """Round 10 of a 6-player game once failed 3% of draws ("no deal is consistent")."""
    for seed in range(4):
        state = GAME.new_state(players, {"toxic_10": True}, seed)
        rng = random.Random(seed)
        while state.round <= rounds_played:
            seat = state.to_act()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        seat = state.to_act()[0]
        view = state.view(seat)
        for _ in range(60):
            assert GAME.sample_state(view, rng).view(seat) == view


def test_edge_colouring_keeps_known_edges_and_is_proper():
    rng = random.Random(3)
    perms = {p: rng.sample(range(1, 11), 10) for p in range(4)}
    fixed = [(2, perms[1][2], 1), (5, perms[3][5], 3)]
    free = [(r, perms[p][r]) for r in range(9) for p in range(4) if (r, perms[p][r], p) not in fixed]
    colours = colour_history(9, free, fixed, [0, 1, 2, 3], rng)
    assert colours is not None
    by_player: dict[int, list[int]] = {p: [] for p in range(4)}
    by_round: dict[int, list[int]] = {r: [] for r in range(9)}
    for (r, card), seats in colours.items():
        for p in seats:
            by_player[p].append(card)
            by_round[r].append(p)
    for r, card, p in fixed:
        by_player[p].append(card)
        by_round[r].append(p)
    assert all(len(cards) == len(set(cards)) == 9 for cards in by_player.values())
    assert all(sorted(seats) == [0, 1, 2, 3] for seats in by_round.values())
