"""Haunted House input on its own: what a key or a pointer means over the legal moves (no table, no drawing)."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from tabletop.games.haunted_house import GAME
from tabletop.games.haunted_house.actions import LEAVE, ROLL, STAY, TAKE, Move
from tabletop.i18n import t
from tabletop.ui.games.haunted_house.input import (
    KeyIntent,
    arrow_step,
    key_intent,
    legal_moves,
    move_to,
    picked,
    pointing_elsewhere,
    refusal,
)
from tabletop.ui.words.haunted_house import WORDS

A = Move(("P1", "P2", "A"))
B = Move(("P1",))
MOVES = legal_moves([STAY, A, B])


def key(k: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod)


def test_moves_go_nearest_first_and_staying_last():
    assert MOVES == [B, A, STAY]


def test_the_keyboard_pick_is_forgotten_once_the_moves_change():
    assert picked(MOVES, 1, tuple(MOVES)) == A
    assert picked(MOVES, 1, (B, STAY)) is None
    assert picked(MOVES, None, tuple(MOVES)) is None


def test_pointing_at_another_destination_drops_the_pick():
    assert pointing_elsewhere("A", B, MOVES, "OUT")
    assert not pointing_elsewhere("P1", B, MOVES, "OUT")  # the pick itself
    assert not pointing_elsewhere("K", B, MOVES, "OUT")  # not a destination
    assert not pointing_elsewhere("A", None, MOVES, "OUT")
    assert move_to("OUT", MOVES, "OUT") == STAY and move_to(None, MOVES, "OUT") is None


@pytest.mark.parametrize("k, mod, step", [(pygame.K_RIGHT, 0, 1), (pygame.K_DOWN, 0, 1), (pygame.K_TAB, 0, 1),
                                          (pygame.K_LEFT, 0, -1), (pygame.K_UP, 0, -1),
                                          (pygame.K_TAB, pygame.KMOD_SHIFT, -1), (pygame.K_a, 0, 0)])
def test_arrows_and_tab_step_through_the_destinations(k, mod, step):
    assert arrow_step(k, bool(mod & pygame.KMOD_SHIFT)) == step
    assert key_intent(key(k, mod), list(MOVES), MOVES, None) == (KeyIntent(step=step) if step else None)


def test_keys_roll_take_leave_and_stay():
    for k in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_r):
        assert key_intent(key(k), [ROLL], [], None) == KeyIntent(act=ROLL)
    assert key_intent(key(pygame.K_t), [TAKE, LEAVE], [], None) == KeyIntent(act=TAKE)
    assert key_intent(key(pygame.K_KP_ENTER), [TAKE, LEAVE], [], None) == KeyIntent(act=TAKE)
    assert key_intent(key(pygame.K_n), [TAKE, LEAVE], [], None) == KeyIntent(act=LEAVE)
    for k in (pygame.K_s, pygame.K_0, pygame.K_KP0):  # the keypad's 0 too
        assert key_intent(key(k), list(MOVES), MOVES, None) == KeyIntent(act=STAY)
    assert key_intent(key(pygame.K_g), [ROLL], [], None) == KeyIntent(give_up=True)


def test_enter_plays_only_the_pick_or_the_one_move():
    assert key_intent(key(pygame.K_RETURN), list(MOVES), MOVES, None) is None
    assert key_intent(key(pygame.K_RETURN), list(MOVES), MOVES, A) == KeyIntent(act=A)
    assert key_intent(key(pygame.K_RETURN), [STAY], [STAY], None) == KeyIntent(act=STAY)


def test_a_refused_space_says_why():
    view = GAME.new_state(1, {"characters": 4, "advanced": False}, seed=7).view(0)
    taken = replace(view, positions=("P5",) + view.positions[1:])
    assert refusal("P5", "corridor", taken) == t("haunted_house.illegal.corridor_occupied", space=WORDS.space("P5"))
    out_of_reach = t("haunted_house.ui.out_of_reach", space=WORDS.space("P5"), roll=view.roll)
    assert refusal("P5", "corridor", view) == out_of_reach  # nobody stands there
