"""Where each zone of the Sumidagawa table sits, in virtual pixels inside BOARD_AREA."""

from __future__ import annotations

import pygame

from tabletop.ui.games import BOARD_AREA

X0, X1 = BOARD_AREA.x, BOARD_AREA.right
STRIP = pygame.FRect(X0, 72, BOARD_AREA.w, 104)       # the other seats: hand size, Rin, tile, status
RIVER = pygame.FRect(X0, 184, 628, 250)               # this Jun's plays and the spoken banner
COMBOS = pygame.FRect(X0 + 636, 184, BOARD_AREA.w - 636, 250)  # the eight combinations this Jun
HAND = pygame.FRect(X0, 442, BOARD_AREA.w, BOARD_AREA.bottom - 442)  # the viewer's hand and Rin
REFERENCE = BOARD_AREA.inflate(-24, -16)              # the R overlay

HAND_LEFT = HAND.x + 16
HAND_RIGHT = HAND.x + 674          # hand cards end here; the viewer's Rin sit to the right
CARDS_Y = HAND.y + 48
RIN_LEFT = HAND.x + 694
RIN_STEP = 58
READOUT_Y = HAND.y + 186
LIFT = 16
