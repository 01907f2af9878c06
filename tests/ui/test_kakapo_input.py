"""What a key means on the KAKAPO table, as pure helpers (no pygame events), and the keypad's digits at the table."""

from __future__ import annotations

import pygame

from tabletop.engine.records import Seat
from tabletop.games.kakapo import pieces
from tabletop.games.kakapo.actions import Reveal, Skill
from tabletop.session import Session
from tabletop.ui.games.kakapo.input import card_of_value, other_piece, skill_at
from tabletop.ui.scenes.table import TableScene
from tests.ui.conftest import post_key

R1, R4, G4, B4 = (pieces.parse_card(c) for c in ("R1", "R4", "G4", "B4"))


def test_a_digit_names_a_skill_by_its_position():
    options = [Skill("none"), Skill("double"), Skill("up")]
    assert [skill_at(options, d) for d in (1, 2, 3)] == options
    assert skill_at(options, 0) is None and skill_at(options, 4) is None and skill_at(options, None) is None


def test_a_digit_chooses_a_card_by_value_and_again_the_next_of_that_value():
    playable = [R1, R4, G4, B4]
    assert card_of_value(playable, 4, None) == R4
    assert card_of_value(playable, 4, R4) == G4
    assert card_of_value(playable, 4, B4) == R4  # round again
    assert card_of_value(playable, 4, R1) == R4  # another value chosen: the first of this one
    assert card_of_value(playable, 1, R1) == R1  # the only one stays chosen
    assert card_of_value(playable, 7, None) is None and card_of_value(playable, None, None) is None


def test_q_switches_to_the_other_selected_piece():
    assert other_piece((R4, G4), R4) == G4 and other_piece((R4, G4), G4) == R4


def test_keypad_digits_choose_a_card_as_the_number_row_does(app):
    session = Session.new("kakapo", 2, [Seat("P0", "human"), Seat("P1", "easy")], {"mission": "buddy_12"}, 5)
    while session.state.to_act() != (0,):  # the AI reveals first: seat 0's turn to reveal
        session.apply(1, session.state.legal_actions(1)[0])
    table = TableScene(app, session)
    app.stack.push(table)
    table.board.update(5.0)  # the deal has landed
    app.step(1 / 60)
    cards = [a.card for a in session.state.legal_actions(0) if isinstance(a, Reveal)]
    value = pieces.value_of(cards[0])
    post_key(pygame.K_KP1 + value - 1)
    app.step(1 / 60)
    assert table.board.selected_card is not None and pieces.value_of(table.board.selected_card) == value
