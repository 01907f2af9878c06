"""Keys every board reads the same way: digits by value (the keypad's too), confirm and cancel."""

from __future__ import annotations

import pygame

# The keypad's codes are not in digit order (SDL puts KP0 after KP9): each is named.
_KEYPAD = (pygame.K_KP0, pygame.K_KP1, pygame.K_KP2, pygame.K_KP3, pygame.K_KP4, pygame.K_KP5, pygame.K_KP6,
           pygame.K_KP7, pygame.K_KP8, pygame.K_KP9)
_DIGITS = {pygame.K_0 + i: i for i in range(10)} | {key: i for i, key in enumerate(_KEYPAD)}
CONFIRM_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
CANCEL_KEYS = (pygame.K_ESCAPE,)


def digit(event: pygame.event.Event) -> int | None:
    """The digit a key press types, 0-9, from the number row or the keypad; None for any other event."""
    if event.type != pygame.KEYDOWN:
        return None
    return _DIGITS.get(event.key)


def is_confirm(event: pygame.event.Event, space: bool = False) -> bool:
    """Enter (either one) pressed; with `space`, the space bar counts too (a "continue" that types nothing)."""
    if event.type != pygame.KEYDOWN:
        return False
    return event.key in CONFIRM_KEYS or (space and event.key == pygame.K_SPACE)


def is_cancel(event: pygame.event.Event) -> bool:
    return event.type == pygame.KEYDOWN and event.key in CANCEL_KEYS
