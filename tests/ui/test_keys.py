"""ui/keys: every digit by value from the number row and the keypad (whose codes are not in digit order)."""

from __future__ import annotations

import pygame

from tabletop.ui import keys


def _key(key: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)


def test_every_digit_from_the_number_row_and_the_keypad() -> None:
    for value in range(10):
        assert keys.digit(_key(getattr(pygame, f"K_{value}"))) == value
        assert keys.digit(_key(getattr(pygame, f"K_KP{value}"))) == value


def test_other_keys_and_events_are_no_digit() -> None:
    assert keys.digit(_key(pygame.K_a)) is None
    assert keys.digit(pygame.event.Event(pygame.KEYUP, key=pygame.K_1, mod=0, unicode="", scancode=0)) is None
