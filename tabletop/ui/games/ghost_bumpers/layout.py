"""Where the Ghost Bumpers table puts things (virtual pixels) and the sizes of its cards."""

from __future__ import annotations

import pygame

from tabletop.games.ghost_bumpers.cards import KINDS, Z
from tabletop.ui.games import BOARD_AREA

MATS_Y, MATS_H = 72.0, 226.0
MID = pygame.FRect(BOARD_AREA.x, 306, BOARD_AREA.w, 150)
HAND = pygame.FRect(BOARD_AREA.x, 464, BOARD_AREA.w, 244)
OVERLAY = pygame.FRect(BOARD_AREA.x, MATS_Y, BOARD_AREA.w, MID.bottom - MATS_Y)  # covers mats and middle
CARD = (84.0, 120.0)
TRICK_CARD = (48.0, 68.0)
CHAR_CARD = (44.0, 63.0)
DRAW_GAP = 0.06  # seconds between two replacement cards leaving the monster deck
RESHUFFLED = (0, 3, 6, 9)  # the discard chips (by position) that a reshuffle's few backs leave from
ORDER = tuple(range(1, KINDS)) + (Z,)  # hand order: 1..9, then the 0/10 card


def hand_spot() -> pygame.FRect:
    """The middle of the hand strip: where the viewer's cards leave from and drawn cards arrive."""
    w, h = TRICK_CARD
    return pygame.FRect(HAND.centerx - w / 2, HAND.y + 60, w, h)
