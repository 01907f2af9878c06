"""Where the Haunted House table puts things: the map's frame, the side column's zones, piece sizes and the
timings of its animations, and where each hunter stands in its space."""

from __future__ import annotations

import pygame

from tabletop.games.haunted_house.board import ROOM_LETTERS
from tabletop.games.haunted_house.view import HauntedHouseView
from tabletop.ui import style
from tabletop.ui.games import BOARD_AREA
from tabletop.ui.games.haunted_house.house import Geometry

MAP_FRAME = pygame.FRect(BOARD_AREA.x + 4, BOARD_AREA.y + 4, BOARD_AREA.h - 8, BOARD_AREA.h - 8)
COLUMN_X = MAP_FRAME.right + 12
COLUMN_W = BOARD_AREA.right - COLUMN_X
TURN = pygame.FRect(COLUMN_X, BOARD_AREA.y, COLUMN_W, 200)
DICE = pygame.FRect(COLUMN_X, TURN.bottom + style.GAP, COLUMN_W, 106)
CARDS = pygame.FRect(COLUMN_X, DICE.bottom + style.GAP, COLUMN_W, 178)
TEAM = pygame.FRect(COLUMN_X, CARDS.bottom + style.GAP, COLUMN_W, BOARD_AREA.bottom - CARDS.bottom - style.GAP)
PILE = pygame.FRect(CARDS.x + 14, CARDS.y + 30, 56, 80)  # the ghost deck, where cards leave from

PIECE = 28  # hunter pawn diameter (virtual px)
GHOST = 28
SPIRIT = 40
JEWEL = 30
STEP_TIME = 0.16  # seconds per space when a hunter walks
ROLL_TIME = 0.6
FLASH_TIME = style.JUST_ACTED  # a space or the jewel pile lit after a move
PULSE_STEPS = 4  # the active hunter's ring: widths 5, 4, 3, 4 px, a quarter second each
CARD_FLIGHT = 0.3  # a ghost card's flight from the deck, turning over (scaled by the AI speed)
CARD_STAGGER = 0.12  # between cards drawn together (extra draws), so each is seen arriving


def pulse_width(now: float) -> float:
    """The ring's width at app time `now`: a triangle wave over one second, in PULSE_STEPS steps."""
    phase = int(now * PULSE_STEPS) / PULSE_STEPS
    return 3 + 2 * abs(((phase * 2) % 2) - 1)


def hunter_targets(geo: Geometry, view: HauntedHouseView) -> dict[int, pygame.Vector2]:
    """Where each hunter stands: centred on a corridor square, in a row outside, and in a room along its
    bottom right, clear of the ghosts or the spirit on its left."""
    slots: dict[str, list[int]] = {}
    for ch, space in enumerate(view.positions):
        slots.setdefault(space, []).append(ch)
    targets: dict[int, pygame.Vector2] = {}
    step = PIECE + 7
    for space, chars in slots.items():
        rect = geo.rects[space]
        kind = geo.kinds[space]
        if kind == "corridor":
            for ch in chars:
                targets[ch] = pygame.Vector2(rect.center)
        elif kind == "outside":
            x0 = rect.centerx - step * (len(chars) - 1) / 2
            for i, ch in enumerate(chars):
                targets[ch] = pygame.Vector2(x0 + i * step, rect.centery)
        else:
            r = ROOM_LETTERS.index(space)
            left = 8 + (SPIRIT + 6 if view.spirits[r] else view.ghosts[r] * (GHOST + 2) + 4)
            per_row = max(1, int((rect.w - left - 6) // step))
            for i, ch in enumerate(chars):
                row, col = divmod(i, per_row)
                targets[ch] = pygame.Vector2(rect.right - 6 - PIECE / 2 - col * step,
                                             rect.bottom - 6 - PIECE / 2 - row * step)
    return targets
