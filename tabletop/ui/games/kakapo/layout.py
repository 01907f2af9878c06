"""Where everything sits inside BOARD_AREA (virtual px), and board-cell <-> screen conversions."""

from __future__ import annotations

import pygame

from tabletop.games.kakapo import grid
from tabletop.ui.viewport import Viewport

CELL = 40  # virtual px per board cell
BOARD_ZONE = pygame.FRect(12, 64, 520, 520)
GRID = pygame.Vector2(44, 96)  # top-left of cell A1
INFO = pygame.FRect(540, 64, 408, 96)
TRICK = pygame.FRect(540, 168, 408, 172)
CATALOGUE = pygame.FRect(540, 348, 408, 236)
BOTTOM = pygame.FRect(12, 592, 936, 116)
HAND_CARD = (56, 80)
TRICK_CARD = (63, 90)
PILE_CARD = (36, 52)


class BoardGeometry:
    """The board in window pixels for this frame (one integer cell size, so cached art lines up)."""

    def __init__(self, vp: Viewport) -> None:
        self.vp = vp
        self.cell = vp.px(CELL)
        self.origin = pygame.Vector2(vp.point(*GRID))

    def cell_rect(self, r: float, c: float, h: float = 1, w: float = 1) -> pygame.Rect:
        return pygame.Rect(round(self.origin.x + c * self.cell), round(self.origin.y + r * self.cell),
                           round(w * self.cell), round(h * self.cell))

    def screen(self, board_pos: pygame.Vector2) -> tuple[float, float]:
        return self.origin.x + board_pos.x * self.cell, self.origin.y + board_pos.y * self.cell

    def to_board(self, virtual: pygame.Vector2) -> pygame.Vector2:
        """A virtual point in board cells (floats: x = column, y = row).

        Back in window pixels first, where the cells are drawn; rounded to 1e-6 px so that a pointer on a
        cell's first pixel row or column (window -> virtual -> window can come back a hair short) is in it."""
        sx = round(self.vp.offset[0] + virtual.x * self.vp.scale, 6)
        sy = round(self.vp.offset[1] + virtual.y * self.vp.scale, 6)
        return pygame.Vector2((sx - self.origin.x) / self.cell, (sy - self.origin.y) / self.cell)

    @staticmethod
    def on_board(board_pos: pygame.Vector2) -> bool:
        return 0 <= board_pos.x < grid.SIZE and 0 <= board_pos.y < grid.SIZE

    def to_virtual(self, r: float, c: float) -> pygame.Vector2:
        x, y = self.origin.x + c * self.cell, self.origin.y + r * self.cell
        return pygame.Vector2(self.vp.to_virtual((x, y)))
