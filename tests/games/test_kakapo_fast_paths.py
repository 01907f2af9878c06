"""KAKAPO engine shortcuts (issue 18) give exactly what the plain code gives.

The seeded play-outs in `test_kakapo_golden.py` pin whole games; these pin the parts
one at a time, so a broken shortcut is named by the test that fails.
"""

from __future__ import annotations

import dataclasses
import random

from tabletop.games.kakapo import GAME, grid, pieces
from tabletop.games.kakapo import events as ev
from tabletop.games.kakapo.state import REVEALS, REVEALS_OF, bits
from tabletop.games.kakapo.view import RoundRecord, round_record


def test_round_record_equals_the_dataclass_constructor():
    args = (3, 1, ((1, 7), (0, 12), (1, 3), (0, 39)), 12, 0, "skill wild G", (31,))
    fast, plain = round_record(*args), RoundRecord(*args)
    assert type(fast) is RoundRecord
    assert fast == plain and hash(fast) == hash(plain) and repr(fast) == repr(plain)
    assert dataclasses.asdict(fast) == dataclasses.asdict(plain)


def test_reveal_tables_list_a_colour_byte_in_card_order():
    for colour in range(5):
        for byte in range(256):
            assert REVEALS_OF[colour][byte] == tuple(REVEALS[k] for k in bits(byte << 8 * colour))


def test_legal_reveals_are_the_playable_cards_in_order():
    rng = random.Random(5)
    for players in (2, 3, 4):
        state = GAME.new_state(players, GAME.resolve_options({}), rng.randrange(10**6))
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            if state.phase == "reveal":
                assert legal == [REVEALS[k] for k in bits(state.playable(seat))]
            state.apply_unchecked(seat, legal[rng.randrange(len(legal))])


def test_cell_texts_name_the_cells_in_bit_order():
    for p in pieces.PLACEMENTS[pieces.parse_card("B8")][::7]:
        assert grid.cells_text(p.mask) == " ".join(grid.cell_name(r, c) for r, c in p.cells)


def test_shared_events_carry_what_fresh_ones_would():
    assert ev.REVEAL[2][pieces.parse_card("G7")][1].to_json() == {"kind": "reveal", "seat": 2, "card": "G7",
                                                                  "index": 2}
    assert ev.ROUND[10][3].to_json() == {"kind": "round", "round": 10, "seat": 3}
    assert ev.SKIP[1][0].to_json() == {"kind": "skip", "seat": 1, "card": "P1"}
    assert ev.selection(0, (31, 25)).to_json() == {"kind": "selection", "seat": 0, "pieces": "G8 G2"}
    assert ev.decision_without_skills(1, 20, 2, 0).to_json() == {
        "kind": "decision", "seat": 1, "card": "Y5", "lead": "Y", "top": "P", "options": ["skill none"]}
