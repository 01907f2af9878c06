"""What a click or a key means on the BLOODY SUMMER board, read over what the drawing recorded (its HitMap)
and the legal actions.

Pure functions (no pygame events: the board decodes them), tested on their own like `select`. Each answers
with the new selection or the move to make, or None when the input means nothing here (the table may use it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

import pygame

from tabletop.engine.core import Action
from tabletop.games.bloody_summer.actions import PASS, Play
from tabletop.ui.games.bloody_summer import select
from tabletop.ui.widgets import Button

NEXT_KEYS = frozenset((pygame.K_RIGHT, pygame.K_PERIOD, pygame.K_RIGHTBRACKET, pygame.K_d))
PREVIOUS_KEYS = frozenset((pygame.K_LEFT, pygame.K_COMMA, pygame.K_LEFTBRACKET, pygame.K_a))
Selection = select.Selection


class Card(NamedTuple):
    """A hand card: its value and which copy of that value it is (0 for the first)."""
    value: int
    copy: int


class Chip(NamedTuple):
    """A combination chip: the legal play it stands for."""
    play: Play


class Press(NamedTuple):
    """One of the hand's buttons, "play" or "pass", as drawn (a disabled one takes no press)."""
    name: str
    button: Button


Target = Card | Chip | Press


@dataclass(frozen=True)
class Answer:
    """What an input did: a new selection, a move to make, or (both None) it was taken and did nothing."""
    selection: Selection | None = None
    action: Action | None = None


def only_pass(legal: Sequence[Action]) -> bool:
    """Passing is the one move left (nothing in hand beats the top play)."""
    return list(legal) == [PASS]


def click(target: Target | None, selection: Selection, legal: Sequence[Action],
          leading: bool) -> Answer | None:
    """A click on `target` (what was drawn under the pointer) while the viewer may act (`leading`: nobody has
    played this round yet)."""
    if isinstance(target, Press):
        if not target.button.enabled:
            return None
        return Answer(action=select.match(selection, legal) if target.name == "play" else PASS)
    if isinstance(target, Chip):
        if select.match(selection, legal) == target.play:
            return Answer(action=target.play)  # a second click on the chosen combination plays it
        return Answer(selection=select.cards(target.play))
    if isinstance(target, Card):
        return Answer(selection=select.click(selection, target.value, target.copy, legal, leading))
    return None


def confirm(selection: Selection, legal: Sequence[Action]) -> Answer | None:
    """Enter or Space: the selected play, or the pass when that is the lit button; nothing without either."""
    chosen: Action | None = select.match(selection, legal)
    if chosen is None and only_pass(legal):
        chosen = PASS  # the lit button: nothing in hand beats the top play
    return Answer(action=chosen) if chosen is not None else None


def by_value(value: int, selection: Selection, legal: Sequence[Action]) -> Answer | None:
    """A digit: the plays whose lowest card has that value (0 means 10); again for the next one of them."""
    value = value or 10
    starting = [a for a in select.plays_of(legal) if min(select.cards(a)) == value]
    if not starting:
        return None
    at = next((i for i, a in enumerate(starting) if select.cards(a) == selection), -1)
    return Answer(selection=select.cards(starting[(at + 1) % len(starting)]))


def key(code: int, selection: Selection, legal: Sequence[Action]) -> Answer | None:
    """The board's other keys: P passes, the browse keys step through the legal plays, Backspace clears."""
    if code == pygame.K_p:  # on the lead the engine refuses it, and the table says why (the lead must play)
        return Answer(action=PASS)
    if code in NEXT_KEYS:
        return Answer(selection=select.cycle(selection, legal, 1))
    if code in PREVIOUS_KEYS:
        return Answer(selection=select.cycle(selection, legal, -1))
    if code == pygame.K_BACKSPACE:
        return Answer(selection=())
    return None

