"""The piece in hand during placement: which piece, its orientation, and the one spot it snaps to.

`snap` is the only place a pointer becomes cells: the pointer's board position (float cells,
x = column, y = row, never truncated before this point) is floored to the cell it is in,
and the piece is put so that its grabbed cell (`grab`, a cell of the oriented bounding box)
is that cell, clamped onto the board. `anchor` holds the result; `action()` and `cells()` are
read from it, so what the board draws, the legality verdict and the action applied on a
drop or a click are always the same spot. The piece never floats between cells.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from tabletop.games.kakapo import grid, pieces
from tabletop.games.kakapo.actions import Place
from tabletop.ui.games.kakapo.art import FLIP, ROTATE_CCW, ROTATE_CW

START = (5, 5)  # anchor before the piece is first shown (keyboard users start near the middle)


def centre_cell(shape: pieces.Orientation) -> grid.Cell:
    """The piece cell nearest the middle of its bounding box: where the pointer holds a piece it did not grab."""
    mid_r, mid_c = (shape.height - 1) / 2, (shape.width - 1) / 2
    return min(shape.cells, key=lambda rc: ((rc[0] - mid_r) ** 2 + (rc[1] - mid_c) ** 2, rc))


class Ghost:
    def __init__(self, piece: int) -> None:
        self.piece = piece
        self.orient = 0
        self.anchor: grid.Cell = START  # (top, left) of the oriented bounding box on the board
        self.grab: grid.Cell = centre_cell(self.shape)  # the box cell under the pointer
        self.pointer: pygame.Vector2 | None = None  # last board position that moved the piece
        self.following = True  # hovering moves it, until a click, a drop or a key pins it
        self.dragging = False  # the left button is held on it
        self.shown = False  # it has a spot on the board

    # ----- geometry -----------------------------------------------------------------------
    @property
    def shape(self) -> pieces.Orientation:
        return pieces.ORIENTATIONS[self.piece][self.orient]

    def action(self) -> Place:
        return Place(self.piece, self.orient, *self.anchor)

    def cells(self) -> list[grid.Cell]:
        top, left = self.anchor
        return sorted((top + r, left + c) for r, c in self.shape.cells)

    def _clamp(self, top: int, left: int) -> grid.Cell:
        o = self.shape
        return min(max(top, 0), grid.SIZE - o.height), min(max(left, 0), grid.SIZE - o.width)

    def snap(self, board_pos: pygame.Vector2) -> grid.Cell:
        """The anchor for a pointer at `board_pos`: the grabbed cell lands on the cell under the pointer."""
        return self._clamp(math.floor(board_pos.y) - self.grab[0], math.floor(board_pos.x) - self.grab[1])

    # ----- pointer --------------------------------------------------------------------------
    def point_at(self, board_pos: pygame.Vector2) -> None:
        """The pointer moved the piece to `board_pos` (in cells)."""
        self.pointer = pygame.Vector2(board_pos)
        self.anchor = self.snap(self.pointer)
        self.shown = True

    def press(self, board_pos: pygame.Vector2) -> bool:
        """The left button went down on the board; True if it went down on the piece itself.

        On the piece, the pointer takes hold of the cell it is on and nothing moves; elsewhere the
        piece comes to the pointer, held by its middle cell."""
        cell = (math.floor(board_pos.y), math.floor(board_pos.x))
        on_piece = self.shown and cell in self.cells()
        if on_piece:
            self.grab = (cell[0] - self.anchor[0], cell[1] - self.anchor[1])
            self.pointer = pygame.Vector2(board_pos)
        else:
            self.grab = centre_cell(self.shape)
            self.point_at(board_pos)
        self.dragging = True
        return on_piece

    def take_from_tray(self) -> None:
        """The left button went down on this piece's tray tile: it may be dragged onto the board by its middle."""
        self.grab = centre_cell(self.shape)
        self.dragging = True

    def release(self) -> None:
        self.dragging = False
        self.pin()

    def pin(self) -> None:
        self.following = False

    # ----- keyboard / buttons ---------------------------------------------------------------
    def nudge(self, drow: int, dcol: int) -> None:
        if not self.shown:
            self.shown = True
            o = self.shape
            self.anchor = self._clamp((grid.SIZE - o.height) // 2, (grid.SIZE - o.width) // 2)
        else:
            self.anchor = self._clamp(self.anchor[0] + drow, self.anchor[1] + dcol)
        self.following = False

    def _reorient(self, new: int, turn: Turn) -> None:
        """Change orientation about the grabbed cell: the cell under the pointer stays under it."""
        if new == self.orient:
            return
        old = self.shape
        pivot = (self.anchor[0] + self.grab[0], self.anchor[1] + self.grab[1])
        self.grab = turn(self.grab, old)
        self.orient = new
        if (self.following or self.dragging) and self.pointer is not None:
            self.anchor = self.snap(self.pointer)
        else:
            self.anchor = self._clamp(pivot[0] - self.grab[0], pivot[1] - self.grab[1])

    def rotate(self, clockwise: bool = True) -> None:
        self._reorient((ROTATE_CW if clockwise else ROTATE_CCW)[self.piece][self.orient],
                       _turn_cw if clockwise else _turn_ccw)

    def flip(self) -> None:
        self._reorient(FLIP[self.piece][self.orient], _turn_over)


# Where a cell of an h x w bounding box goes when the shape turns (as grid.rotate_cw and grid.mirror
# do it; the box is tight, so their normalising never shifts it).
Turn = Callable[[grid.Cell, pieces.Orientation], grid.Cell]


def _turn_cw(cell: grid.Cell, o: pieces.Orientation) -> grid.Cell:
    return cell[1], o.height - 1 - cell[0]


def _turn_ccw(cell: grid.Cell, o: pieces.Orientation) -> grid.Cell:
    return o.width - 1 - cell[1], cell[0]


def _turn_over(cell: grid.Cell, o: pieces.Orientation) -> grid.Cell:
    return cell[0], o.width - 1 - cell[1]
