"""What a click or a key means on the Ghost Bumpers table: the hand selection and the play it makes.

Pure logic over the hand, the phase and what the drawing put where (`Target`), so it is tested on its own.
A selection is `(card, count)`: `count` cards of one value (card 0 is the 0/10 card, always one).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import pygame

from tabletop.engine.core import Action
from tabletop.games.ghost_bumpers.actions import Discard, Play, PlayZ
from tabletop.games.ghost_bumpers.cards import Z
from tabletop.ui import keys

Selection = tuple[int, int]  # (card, count) picked in the hand


@dataclass(frozen=True)
class HandCard:
    """A card of the viewer's hand: its value and its place among the cards of that value (0 first)."""

    card: int
    index: int


# What a click lands on: a hand card, a button of the choice column or the middle strip, or a 0/10 declaration
# (which plays at once).
Target = HandCard | Literal["confirm", "clear", "sheet"] | PlayZ

COUNT_KEYS = {pygame.K_UP: 1, pygame.K_PLUS: 1, pygame.K_EQUALS: 1, pygame.K_KP_PLUS: 1,
              pygame.K_DOWN: -1, pygame.K_MINUS: -1, pygame.K_KP_MINUS: -1}


def shown(sel: Selection | None, hand: tuple[int, ...], choosing: bool) -> Selection | None:
    """The selection as it stands: none while the viewer has nothing to choose or no longer holds its cards."""
    if sel is None or not choosing or hand[sel[0]] < sel[1]:
        return None
    return sel


def pick(sel: Selection | None, card: int, index: int, discarding: bool) -> Selection | None:
    """The selection after clicking the `index`-th card of value `card` (0-based, left to right).

    A forced discard and the 0/10 card take one card. Otherwise a click on another value starts again with
    one card, a click on a selected card drops one, and a click on an unselected card of the value adds one."""
    if discarding or card == Z:
        return card, 1
    if sel is None or sel[0] != card:
        return card, 1
    if index < sel[1]:
        return (card, sel[1] - 1) if sel[1] > 1 else None
    return card, sel[1] + 1


def key_card(event: pygame.event.Event) -> int | None:
    """The hand value a key picks: 1-9 by their digit (number row or keypad), Z or 0 the 0/10 card."""
    if event.type != pygame.KEYDOWN:
        return None
    if event.key == pygame.K_z:
        return Z
    return keys.digit(event)  # 0 is the 0/10 card's code too


def press(sel: Selection | None, card: int, hand: tuple[int, ...], phase: str) -> Selection | None:
    """The selection after pressing a value's key: one card of it, or, pressed again while playing, one more
    (back to one after the last held)."""
    if not hand[card]:
        return sel
    if sel is not None and sel[0] == card and card != Z and phase == "play":
        return card, sel[1] % hand[card] + 1
    return card, 1


def step(sel: Selection, delta: int, hand: tuple[int, ...]) -> Selection:
    """`delta` more (or fewer) cards of the selected value, between one and all held."""
    return sel[0], max(1, min(hand[sel[0]], sel[1] + delta))


def action(sel: Selection | None, phase: str, z_choice: int) -> Action | None:
    """The move the selection makes: a forced discard, the 0/10 card as declared, or a play."""
    if sel is None:
        return None
    card, count = sel
    if phase == "discard":
        return Discard(card)
    if card == Z:
        return PlayZ(z_choice)
    return Play(card, count)
