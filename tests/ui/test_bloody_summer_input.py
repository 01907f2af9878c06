"""BLOODY SUMMER's input on its own: what a click on a drawn target or a key means, over the legal actions
(`tabletop/ui/games/bloody_summer/input.py`), and the keypad's digits reaching the board."""

from __future__ import annotations

import pygame

from tabletop.games.bloody_summer import build_state
from tabletop.games.bloody_summer.actions import PASS, Play, parse_action
from tabletop.ui.games.bloody_summer import input as board_input
from tabletop.ui.games.bloody_summer.input import Answer, Card, Chip, Press
from tabletop.ui.widgets import Button

FOLLOW = [parse_action(a) for a in ("P(7)", "P(9)", "P(13)", "pass")]
LEAD = [parse_action(a) for a in ("S(4)", "S(5)", "S(10)", "P(10)", "T(3)", "T(4)")]


def _press(name: str, enabled: bool = True) -> Press:
    return Press(name, Button(pygame.FRect(0, 0, 190, 48), name, lambda: None, enabled=enabled))


def test_buttons_play_the_selection_or_pass_and_a_disabled_one_takes_nothing():
    assert board_input.click(_press("play"), (9, 9), FOLLOW, leading=False) == Answer(action=Play("P", 9))
    assert board_input.click(_press("play"), (9,), FOLLOW, leading=False) == Answer()  # taken, nothing to play
    assert board_input.click(_press("pass"), (), FOLLOW, leading=False) == Answer(action=PASS)
    assert board_input.click(_press("play", enabled=False), (), FOLLOW, leading=False) is None


def test_a_chip_selects_its_cards_and_a_second_click_plays_it():
    assert board_input.click(Chip(Play("P", 13)), (), FOLLOW, leading=False) == Answer(selection=(13, 13))
    assert board_input.click(Chip(Play("P", 13)), (13, 13), FOLLOW, leading=False) == Answer(action=Play("P", 13))


def test_a_card_follows_with_the_weakest_play_or_toggles_on_the_lead():
    assert board_input.click(Card(9, 1), (), FOLLOW, leading=False) == Answer(selection=(9, 9))
    assert board_input.click(Card(10, 0), (4,), LEAD, leading=True) == Answer(selection=(4, 10))
    assert board_input.click(None, (9, 9), FOLLOW, leading=False) is None  # nothing drawn there


def test_confirm_plays_the_selection_or_the_lone_pass():
    assert board_input.confirm((7, 7), FOLLOW) == Answer(action=Play("P", 7))
    assert board_input.confirm((), FOLLOW) is None  # a play to choose: Enter waits for it
    assert board_input.confirm((), [PASS]) == Answer(action=PASS)


def test_a_digit_picks_the_plays_starting_at_that_value_in_turn_and_0_means_10():
    assert board_input.by_value(4, (), LEAD) == Answer(selection=(4,))
    assert board_input.by_value(4, (4,), LEAD) == Answer(selection=(4, 5, 6))
    assert board_input.by_value(4, (4, 5, 6), LEAD) == Answer(selection=(4,))
    assert board_input.by_value(0, (), LEAD) == Answer(selection=(10,))
    assert board_input.by_value(0, (10,), LEAD) == Answer(selection=(10, 10))
    assert board_input.by_value(8, (), LEAD) is None  # no play starts at 8: the key is not the board's


def test_letters_and_arrows():
    assert board_input.key(pygame.K_p, (), FOLLOW) == Answer(action=PASS)
    assert board_input.key(pygame.K_PERIOD, (), FOLLOW) == Answer(selection=(7, 7))
    assert board_input.key(pygame.K_LEFT, (), FOLLOW) == Answer(selection=(13, 13))
    assert board_input.key(pygame.K_BACKSPACE, (7, 7), FOLLOW) == Answer(selection=())
    assert board_input.key(pygame.K_q, (7, 7), FOLLOW) is None


def test_keypad_digits_pick_by_value_like_the_number_row(app):
    from tabletop.engine.records import Seat
    from tabletop.session import Session
    from tabletop.ui.scenes.table import TableScene
    from tests.ui.conftest import post_key

    state = build_state([[2, 3, 4, 4, 5, 7, 7, 9, 9, 11, 13, 13], [1, 6, 6, 8, 10], [2, 3, 12], [5, 5, 8, 10, 12, 12]],
                        marker=1, plays=[(1, "P(3)"), (2, "P(6)")], wounded=[2])
    state.turn = 0
    session = Session.new("bloody_summer", 4, [Seat(n, k) for n, k in zip("ABCD", ["human", "easy", "easy", "easy"])],
                          {}, 5)
    session.state = state
    table = TableScene(app, session)
    app.stack.push(table)
    app.step(1 / 60)
    post_key(pygame.K_KP9)
    app.step(1 / 60)
    assert table.board.selection == (9, 9)
    post_key(pygame.K_7, "7")
    app.step(1 / 60)
    assert table.board.selection == (7, 7)
