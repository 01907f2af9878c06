"""Ghost Bumpers input on its own: what a click or a key does to the hand selection, and the move it makes."""

from __future__ import annotations

import pygame

from tabletop.games.ghost_bumpers.actions import Discard, Play, PlayZ
from tabletop.games.ghost_bumpers.cards import Z
from tabletop.ui.games.ghost_bumpers import input as gb_input

HAND = (1, 0, 0, 0, 0, 0, 0, 3, 0, 0)  # the 0/10 card and three 7s


def _key(key: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)


def test_clicks_add_and_drop_identical_cards() -> None:
    sel = gb_input.pick(None, 7, 0, discarding=False)
    assert sel == (7, 1)
    sel = gb_input.pick(sel, 7, 2, discarding=False)  # an unselected 7: one more
    assert sel == (7, 2)
    assert gb_input.pick(sel, 7, 0, discarding=False) == (7, 1)  # a selected 7: one fewer
    assert gb_input.pick((7, 1), 7, 0, discarding=False) is None
    assert gb_input.pick((7, 2), 1, 0, discarding=False) == (1, 1)  # another value starts again


def test_a_forced_discard_and_the_0_10_card_take_one_card() -> None:
    assert gb_input.pick((7, 1), 7, 1, discarding=True) == (7, 1)
    assert gb_input.pick(None, Z, 0, discarding=False) == (Z, 1)


def test_digit_keys_pick_values_from_the_number_row_and_the_keypad() -> None:
    assert gb_input.key_card(_key(pygame.K_7)) == 7
    assert gb_input.key_card(_key(pygame.K_KP7)) == 7
    assert gb_input.key_card(_key(pygame.K_0)) == Z == gb_input.key_card(_key(pygame.K_z))
    assert gb_input.key_card(_key(pygame.K_a)) is None


def test_pressing_a_value_again_takes_one_more_then_starts_over() -> None:
    sel = gb_input.press(None, 7, HAND, "play")
    assert sel == (7, 1)
    sel = gb_input.press(sel, 7, HAND, "play")
    sel = gb_input.press(sel, 7, HAND, "play")
    assert sel == (7, 3)
    assert gb_input.press(sel, 7, HAND, "play") == (7, 1)
    assert gb_input.press(sel, 7, HAND, "discard") == (7, 1)
    assert gb_input.press(sel, 5, HAND, "play") == sel  # not held: nothing changes


def test_count_steps_stay_between_one_and_all_held() -> None:
    assert gb_input.step((7, 3), 1, HAND) == (7, 3)
    assert gb_input.step((7, 1), -1, HAND) == (7, 1)
    assert gb_input.step((7, 1), 1, HAND) == (7, 2)


def test_the_selection_shown_is_none_without_a_choice_or_the_cards() -> None:
    assert gb_input.shown((7, 3), HAND, choosing=True) == (7, 3)
    assert gb_input.shown((7, 3), HAND, choosing=False) is None
    assert gb_input.shown((7, 4), HAND, choosing=True) is None


def test_the_move_a_selection_makes() -> None:
    assert gb_input.action((7, 2), "play", 10) == Play(7, 2)
    assert gb_input.action((Z, 1), "play", 0) == PlayZ(0)
    assert gb_input.action((7, 1), "discard", 10) == Discard(7)
    assert gb_input.action(None, "play", 10) is None
