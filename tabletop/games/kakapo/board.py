"""The board rules of one mission (spec §7): legal placements, why a placement is illegal, scans.

`MissionRules` is immutable and shared by every State of that mission (search clones
never copy it). The mutable board of a State is three things: `occupied` (cells
covered by scanner pieces), `colour_cells[k]` (those covered by colour k) and the list
of placements.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import Any

from tabletop.games.kakapo import grid, pieces
from tabletop.games.kakapo.actions import Place
from tabletop.games.kakapo.birds import Targets, targets
from tabletop.games.kakapo.missions import Mission
from tabletop.games.kakapo.pieces import COLOUR_NAMES, COLOURS, NUM_CARDS, Placement


class MissionRules:
    """Everything about a mission that never changes during a game."""

    __slots__ = ("mission", "bird_mask", "targets", "masks", "actions", "placements", "required", "target_union",
                 "shapes", "mask_shapes", "scan_needs")

    def __init__(self, mission: Mission) -> None:
        self.mission = mission
        self.required = mission.required
        self.bird_mask = 0
        for b in mission.birds:
            self.bird_mask |= grid.mask_of(b.cells)
        self.targets: tuple[Targets, ...] = tuple(targets(b) for b in mission.birds)
        self.target_union = 0
        for t in self.targets:
            self.target_union |= t.all
        # Per piece: the placements that avoid every bird, as parallel tuples (masks for speed).
        ps = [tuple(p for p in pieces.PLACEMENTS[k] if not p.mask & self.bird_mask) for k in range(NUM_CARDS)]
        self.placements: tuple[tuple[Placement, ...], ...] = tuple(ps)
        self.masks: tuple[tuple[int, ...], ...] = tuple(tuple(p.mask for p in pl) for pl in ps)
        self.actions: tuple[tuple[Place, ...], ...] = tuple(
            tuple(Place(p.piece, p.orient, p.top, p.left) for p in pl) for pl in ps)
        self.shapes: tuple[tuple[_Shape, ...], ...] = tuple(_shapes(k, acts) for k, acts in enumerate(self.actions))
        # The same tables holding each placement's mask where `shapes` holds its action (for `legal_masks`).
        self.mask_shapes: tuple[tuple[_Shape, ...], ...] = tuple(
            _shapes(k, acts, masks) for k, (acts, masks) in enumerate(zip(self.actions, self.masks, strict=True)))
        # Per bird: the cells to cover in any colour, and (colour, cells) for the coloured ones.
        self.scan_needs: tuple[tuple[int, tuple[tuple[int, int], ...]], ...] = tuple(
            (t.need_any, tuple((k, n) for k, n in enumerate(t.need) if n)) for t in self.targets)

    def forbidden(self, piece: int, occupied: int, colour_cells: list[int] | tuple[int, ...]) -> int:
        """Cells a new piece of this colour may not cover (birds are already excluded)."""
        return occupied | grid.neighbours(colour_cells[piece >> 3])

    def legal_actions(self, piece: int, occupied: int, colour_cells: list[int] | tuple[int, ...]) -> list[Place]:
        """Every legal placement of `piece`, by orientation, then top, then left (the order of `actions`)."""
        return _fitting(self.shapes[piece], grid.FULL & ~(occupied | grid.neighbours(colour_cells[piece >> 3])))

    def legal_masks(self, piece: int, occupied: int, colour_cells: list[int] | tuple[int, ...]) -> list[int]:
        """The cells of each of `legal_actions(piece, ...)`, in the same order (the AI values placements by them)."""
        return _fitting(self.mask_shapes[piece], grid.FULL & ~(occupied | grid.neighbours(colour_cells[piece >> 3])))

    def legal_placements(self, piece: int, occupied: int, colour_cells: list[int] | tuple[int, ...]) -> list[Placement]:
        bad = self.forbidden(piece, occupied, colour_cells)
        return [p for p in self.placements[piece] if not p.mask & bad]

    def can_place(self, piece: int, occupied: int, colour_cells: list[int] | tuple[int, ...]) -> bool:
        free = grid.FULL & ~(occupied | grid.neighbours(colour_cells[piece >> 3]))
        for offsets, fits, _, _ in self.shapes[piece]:
            for off in offsets:  # as in `legal_actions`
                fits &= free >> off
            if fits:
                return True
        return False

    def is_scanned(self, i: int, occupied: int, colour_cells: list[int] | tuple[int, ...]) -> bool:
        t = self.targets[i]
        if t.need_any & ~occupied:
            return False
        return all(not (n & ~colour_cells[k]) for k, n in enumerate(t.need) if n)

    def scanned_mask(self, occupied: int, colour_cells: list[int] | tuple[int, ...]) -> int:
        """Bit i set when bird i is scanned (`is_scanned`, inlined: it runs after every placement)."""
        out = 0
        for i, (need_any, coloured) in enumerate(self.scan_needs):
            if need_any & ~occupied:
                continue
            for k, need in coloured:
                if need & ~colour_cells[k]:
                    break
            else:
                out |= 1 << i
        return out

    def is_dead(self, i: int, occupied: int, colour_cells: list[int] | tuple[int, ...]) -> bool:
        """A coloured target covered by a wrong colour (the only deadness visible without search)."""
        return any(n & occupied & ~colour_cells[k] for k, n in enumerate(self.targets[i].need) if n)


# One orientation of a piece for `MissionRules.legal_actions` and `can_place`: the bit offsets of
# its cells from its anchor (top-left of its bounding box), the mask of anchors where it stays
# on the board and avoids every bird, per board row that has such anchors (bit shift, the
# action at each column or None), and all its actions (the common case on an open board).
_Rows = tuple[tuple[int, tuple[Any, ...]], ...]  # entries: Place | None, or mask | None
_Shape = tuple[tuple[int, ...], int, _Rows, tuple[Any, ...]]
_ROW = (1 << grid.SIZE) - 1


def _picker(columns: int) -> Callable[[Sequence[Any]], tuple[Any, ...]]:
    """A C-level function taking a row's actions at the columns set in `columns`, as a tuple.

    Legal placements are listed a board row at a time, so picking a row's fitting columns in one
    call (a slice when they are contiguous) instead of one lookup per column is most of their speed."""
    cols = [c for c in range(grid.SIZE) if columns >> c & 1]
    if cols and cols == list(range(cols[0], cols[-1] + 1)):
        return itemgetter(slice(cols[0], cols[-1] + 1))
    if len(cols) > 1:
        return itemgetter(*cols)
    return itemgetter(slice(0, 0))  # a row with no fitting column: nothing


_PICK = tuple(_picker(columns) for columns in range(1 << grid.SIZE))


def _fitting(shapes: tuple[_Shape, ...], free: int) -> list[Any]:
    """The entries (actions or masks) of the anchors where each orientation's cells are all `free`."""
    out: list[Any] = []
    extend = out.extend
    for offsets, anchors, rows, every in shapes:
        # A shape fits at anchor a when every cell offset o of it is free at a + o, so the fitting
        # anchors are the AND of the free board shifted down by each offset: a few big-int
        # operations per orientation instead of a test per placement.
        fits = anchors
        for off in offsets:
            fits &= free >> off
        if fits == anchors:  # nothing nearby: the whole orientation at once
            extend(every)
        elif fits:
            for shift, row in rows:  # one board row at a time: its 12 bits name the columns
                # No test for a row without fitting columns: they are rare (under 1 in 10), and
                # picking nothing from them costs less than testing every row.
                extend(_PICK[fits >> shift & _ROW](row))
    return out


def _shapes(piece: int, actions: tuple[Place, ...], entries: tuple[Any, ...] | None = None) -> tuple[_Shape, ...]:
    """Each orientation's table; its rows and `every` hold `entries` (default: the actions themselves),
    one per action, so `_fitting` can list the legal actions or anything parallel to them."""
    entries = actions if entries is None else entries
    out = []
    for o, orientation in enumerate(pieces.ORIENTATIONS[piece]):
        at: list[list[Any]] = [[None] * grid.SIZE for _ in range(grid.SIZE)]
        anchors = 0
        every = []
        for a, entry in zip(actions, entries, strict=True):
            if a.orient == o:
                at[a.top][a.left] = entry
                anchors |= grid.bit(a.top, a.left)
                every.append(entry)
        offsets = tuple(r * grid.SIZE + c for r, c in orientation.cells)
        rows = tuple((top * grid.SIZE, tuple(row)) for top, row in enumerate(at) if any(e is not None for e in row))
        out.append((offsets, anchors, rows, tuple(every)))
    return tuple(out)


@dataclass(frozen=True)
class Refusal:
    """Why a placement is illegal: English text, an i18n slug and its parameters."""

    reason: str
    key: str
    params: dict[str, Any]


def explain_placement(rules: MissionRules, piece: int, cells: list[grid.Cell] | set[grid.Cell],
                      placed: list[tuple[int, int]]) -> Refusal | None:
    """None if `piece` may cover exactly `cells` on this board, else the first rule it breaks.

    `placed` lists (piece, mask) already on the board. Offending cells are named in
    chess-like notation ("touches the red piece R4 at C7").
    """
    cells = sorted(set(cells))
    for r, c in cells:
        if not grid.on_board(r, c):
            return Refusal(f"the piece would leave the board at row {r + 1}, column {c + 1}", "off_board_at",
                           {"row": r + 1, "col": c + 1})
    if pieces.placement_of_cells(piece, set(cells)) is None:
        return Refusal(f"those cells are not a {pieces.card_id(piece)} piece in any rotation or flip", "not_shape",
                       {"piece": pieces.card_id(piece)})
    owner = {}
    for k, mask in placed:
        for cell in grid.cells_of(mask):
            owner[cell] = k
    bird_cells = {cell: b.id for b in rules.mission.birds for cell in b.cells}
    for cell in cells:
        name = grid.cell_name(*cell)
        if cell in bird_cells:
            return Refusal(f"{name} is covered by a bird", "overlap_bird", {"cell": name})
        if cell in owner:
            other = pieces.card_id(owner[cell])
            return Refusal(f"{name} is already covered by piece {other}", "overlap_piece",
                           {"cell": name, "other": other})
    colour = piece >> 3
    for r, c in cells:
        for dr, dc in grid.DELTA.values():
            n = (r + dr, c + dc)
            neighbour = owner.get(n)
            if neighbour is not None and neighbour >> 3 == colour and n not in cells:
                name = grid.cell_name(*n)
                other = pieces.card_id(neighbour)
                colour_name = COLOUR_NAMES[COLOURS[colour]]
                return Refusal(f"pieces of one colour may not share an edge: touches the {colour_name} piece "
                               f"{other} at {name}", "same_colour",
                               {"colour": COLOURS[colour], "other": other, "cell": name})
    return None


def board_data(rules: MissionRules) -> dict[str, Any]:
    """The mission's board as plain data for the UI (cells as [r, c], colours as letters)."""
    birds = []
    for b, t in zip(rules.mission.birds, rules.targets):
        birds.append({
            "id": b.id, "top": b.top, "left": b.left, "rot": b.rot,
            "cells": [list(c) for c in sorted(b.cells)],
            "edges": [[r, c, d, k] for (r, c, d), k in b.sorted_edges()],
            "targets_any": [list(c) for c in grid.cells_of(t.need_any)],
            "targets": {COLOURS[k]: [list(c) for c in grid.cells_of(n)] for k, n in enumerate(t.need) if n},
        })
    return {"size": grid.SIZE, "required": rules.required, "birds": birds,
            "columns": list(grid.COLUMN_LETTERS), "rows": [str(i + 1) for i in range(grid.SIZE)]}
