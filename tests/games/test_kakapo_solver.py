"""KAKAPO exact solver: re-proves the minimum piece counts of spec §8 (slow) and checks found witnesses."""

from __future__ import annotations

import pytest

from tabletop.games.kakapo import grid, pieces
from tabletop.games.kakapo.board import MissionRules
from tabletop.games.kakapo.content import mission_rules
from tabletop.games.kakapo.missions import BY_ID, ROUND_LIMIT
from tabletop.games.kakapo.solver import solve


def _scans(mission, witness) -> bool:
    rules = MissionRules(mission)
    occupied, colours, names = 0, [0] * 5, set()
    for piece_id, cells in witness:
        k = pieces.parse_card(piece_id)
        p = pieces.placement_of_cells(k, cells)
        assert p is not None and piece_id not in names
        names.add(piece_id)
        assert not p.mask & (occupied | rules.bird_mask) and not p.mask & grid.neighbours(colours[k >> 3])
        occupied |= p.mask
        colours[k >> 3] |= p.mask
    return rules.scanned_mask(occupied, colours).bit_count() >= mission.required


def _prove(mission_id: str) -> None:
    spec = BY_ID[mission_id]
    mission = mission_rules(mission_id).mission
    found = solve(mission, ROUND_LIMIT[spec.mode])
    assert found is not None and len(found) == spec.min_pieces and _scans(mission, found)
    assert solve(mission, spec.min_pieces - 1) is None  # nothing smaller exists


@pytest.mark.parametrize("mission_id", ["buddy_01", "buddy_08", "party_05", "party_13"])
def test_solver_on_small_missions(mission_id):
    _prove(mission_id)


@pytest.mark.slow
@pytest.mark.parametrize("mission_id", list(BY_ID))
def test_solver_proves_every_minimum(mission_id):
    _prove(mission_id)
