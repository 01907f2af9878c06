"""KAKAPO: the bitboard placement generator (board.MissionRules.legal_actions) against a plain scan.

The generator finds where each orientation fits by shifting the free board, row by row; the
reference tests every precomputed placement's mask. Same list, same order, on every mission.
"""

from __future__ import annotations

import random

import pytest

from tabletop.games.kakapo import GAME
from tabletop.games.kakapo.board import MissionRules
from tabletop.games.kakapo.state import PLACE

MISSIONS = [m for m in GAME.options[0].choices if m != "auto"]


def reference(rules: MissionRules, piece: int, occupied: int, colour_cells: list[int]) -> list:
    bad = rules.forbidden(piece, occupied, colour_cells)
    return [a for m, a in zip(rules.masks[piece], rules.actions[piece]) if not m & bad]


@pytest.mark.parametrize("mission", MISSIONS)
def test_legal_placements_match_a_plain_scan(mission: str) -> None:
    players = 2 if mission.startswith("buddy") else 3 + int(mission[-1]) % 2
    rng = random.Random(mission)
    checked = 0
    for seed in range(2):
        state = GAME.new_state(players, {"mission": mission}, seed)
        while not state.is_over():
            if state.phase == PLACE:
                rules = state.rules
                for piece in range(40):  # every piece, placed or not: the generator must not care
                    want = reference(rules, piece, state.occupied, state.colour_cells)
                    assert rules.legal_actions(piece, state.occupied, state.colour_cells) == want
                    assert rules.can_place(piece, state.occupied, state.colour_cells) is bool(want)
                    checked += 1
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])
    assert checked
