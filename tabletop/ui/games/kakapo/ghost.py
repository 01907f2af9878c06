"""The piece in hand during placement: which piece, its orientation, where it floats and where it snaps.

Positions are in board cells as floats (`pygame.Vector2`, x = column, y = row), never
truncated: `pos` is where the piece is drawn (top-left of its bounding box), `anchor` the
cell it snaps to. While the piece follows the mouse, `pos` tracks the pointer exactly;
when it is pinned (by a click, a drop or the keyboard) `pos` glides to the anchor.
"""

from __future__ import annotations

import pygame

from tabletop.games.kakapo import grid, pieces
from tabletop.games.kakapo.actions import Place
from tabletop.ui.games.kakapo.art import FLIP, ROTATE_CCW, ROTATE_CW

SNAP_RATE = 22.0  # 1/s: how fast a pinned piece glides onto its cells


class Ghost:
    def __init__(self, piece: int) -> None:
        self.piece = piece
        self.orient = 0
        self.anchor = (5, 5)  # (top, left) of the oriented bounding box
        self.pos = pygame.Vector2(5, 5)
        self.following = True  # follows the pointer until pinned
        self.dragging = False
        self.grab = pygame.Vector2(0, 0)  # where inside the piece (in cells) the pointer holds it
        self.placed_before = False  # the pointer has visited the board at least once
        self.shown = False
        self._centre()

    # ----- geometry -----------------------------------------------------------------------
    @property
    def shape(self) -> pieces.Orientation:
        return pieces.ORIENTATIONS[self.piece][self.orient]

    def cells(self) -> list[grid.Cell]:
        top, left = self.anchor
        return [(top + r, left + c) for r, c in self.shape.cells]

    def action(self) -> Place:
        return Place(self.piece, self.orient, *self.anchor)

    def _clamp(self, top: float, left: float) -> tuple[int, int]:
        o = self.shape
        return (min(max(round(top), 0), grid.SIZE - o.height), min(max(round(left), 0), grid.SIZE - o.width))

    def _centre(self) -> None:
        o = self.shape
        self.grab = pygame.Vector2(o.width / 2, o.height / 2)

    # ----- pointer --------------------------------------------------------------------------
    def point_at(self, board_pos: pygame.Vector2) -> None:
        """The pointer is at `board_pos` (in cells): the held piece follows it and snaps to the nearest cells."""
        self.pos = pygame.Vector2(board_pos) - self.grab
        self.anchor = self._clamp(self.pos.y, self.pos.x)
        self.shown = True
        self.placed_before = True

    def press(self, board_pos: pygame.Vector2) -> bool:
        """Mouse button pressed on the board; True if it grabbed the pinned piece itself."""
        cell = (int(board_pos.y // 1), int(board_pos.x // 1))
        on_piece = self.shown and not self.following and cell in self.cells()
        if on_piece:
            self.grab = pygame.Vector2(board_pos.x - self.anchor[1], board_pos.y - self.anchor[0])
        else:
            self._centre()
            self.point_at(board_pos)
        self.dragging = True
        self.following = True
        return on_piece

    def release(self) -> None:
        self.dragging = False
        self.pin()

    def pin(self) -> None:
        self.following = False

    # ----- keyboard / buttons ---------------------------------------------------------------
    def nudge(self, drow: int, dcol: int) -> None:
        if not self.shown:
            self.shown = True
            self.anchor = self._clamp(6 - self.shape.height / 2, 6 - self.shape.width / 2)
        else:
            self.anchor = self._clamp(self.anchor[0] + drow, self.anchor[1] + dcol)
        self.following = False

    def _reorient(self, new: int) -> None:
        if new == self.orient:
            return
        old = self.shape
        centre = (self.anchor[0] + old.height / 2, self.anchor[1] + old.width / 2)
        self.orient = new
        o = self.shape
        self.anchor = self._clamp(centre[0] - o.height / 2, centre[1] - o.width / 2)
        if self.following:
            pointer = self.pos + self.grab
            self._centre()
            self.pos = pointer - self.grab
        else:
            self.pos = pygame.Vector2(self.anchor[1], self.anchor[0])

    def rotate(self, clockwise: bool = True) -> None:
        self._reorient((ROTATE_CW if clockwise else ROTATE_CCW)[self.piece][self.orient])

    def flip(self) -> None:
        self._reorient(FLIP[self.piece][self.orient])

    # ----- motion ---------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.following:
            return
        target = pygame.Vector2(self.anchor[1], self.anchor[0])
        gap = target - self.pos
        if gap.length_squared() < 1e-4:
            self.pos = target
        else:
            self.pos += gap * min(1.0, dt * SNAP_RATE)
