"""Colours, cards and the 40 scanner pieces (spec §4.1–4.3), with every placement precomputed.

A card and its piece share an index `k = colour * 8 + (value - 1)`, so sets of cards
or pieces are 40-bit masks. Orientations are enumerated in a fixed order (rotations
0/90/180/270 clockwise of the shape, then of its mirror image; duplicates dropped),
and each orientation is named by the first (rotation, flip) that produces it.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.games.kakapo import grid

COLOURS = "PRYGB"  # canonical order
COLOUR_NAMES = {"P": "purple", "R": "red", "Y": "yellow", "G": "green", "B": "blue"}
COLOUR_GLYPHS = {"P": "◆", "R": "▲", "Y": "●", "G": "■", "B": "✚"}
COLOUR_RGB = {"P": "#7B3FA0", "R": "#D55E00", "Y": "#F0E442", "G": "#009E73", "B": "#88CCEE"}
PURPLE = 0
NUM_CARDS = 40

SHAPES: dict[str, tuple[grid.Cell, ...]] = {
    "O1": ((0, 0),),
    "D2": ((0, 0), (0, 1)),
    "I3": ((0, 0), (0, 1), (0, 2)),
    "V3": ((0, 0), (1, 0), (1, 1)),
    "I4": ((0, 0), (0, 1), (0, 2), (0, 3)),
    "O4": ((0, 0), (0, 1), (1, 0), (1, 1)),
    "L4": ((0, 0), (1, 0), (2, 0), (2, 1)),
    "T4": ((0, 0), (0, 1), (0, 2), (1, 1)),
    "S4": ((0, 1), (0, 2), (1, 0), (1, 1)),
    "P5": ((0, 0), (0, 1), (1, 0), (1, 1), (2, 0)),
    "L5": ((0, 0), (1, 0), (2, 0), (3, 0), (3, 1)),
    "Y5": ((0, 1), (1, 0), (1, 1), (2, 1), (3, 1)),
    "N5": ((0, 1), (1, 1), (2, 0), (2, 1), (3, 0)),
    "I5": ((0, 0), (0, 1), (0, 2), (0, 3), (0, 4)),
    "U5": ((0, 0), (0, 2), (1, 0), (1, 1), (1, 2)),
    "T5": ((0, 0), (0, 1), (0, 2), (1, 1), (2, 1)),
    "V5": ((0, 0), (1, 0), (2, 0), (2, 1), (2, 2)),
    "Z5": ((0, 0), (0, 1), (1, 1), (2, 1), (2, 2)),
    "W5": ((0, 0), (1, 0), (1, 1), (2, 1), (2, 2)),
    "F5": ((0, 1), (0, 2), (1, 0), (1, 1), (2, 1)),
    "X5": ((0, 1), (1, 0), (1, 1), (1, 2), (2, 1)),
}

# Rows = value 1..8, columns = colours P R Y G B (spec §4.3).
_ASSIGNMENT = (
    ("O1", "O1", "O1", "O1", "O1"),
    ("D2", "D2", "D2", "D2", "D2"),
    ("V3", "I3", "V3", "I3", "V3"),
    ("L4", "O4", "I4", "L4", "O4"),
    ("T4", "S4", "T4", "S4", "I4"),
    ("P5", "L5", "Y5", "N5", "I5"),
    ("U5", "T5", "V5", "Z5", "L5"),
    ("X5", "W5", "F5", "W5", "F5"),
)


def colour_of(k: int) -> int:
    return k >> 3


def value_of(k: int) -> int:
    return (k & 7) + 1


def index_of(colour: int, value: int) -> int:
    return colour * 8 + value - 1


CARD_IDS: tuple[str, ...] = tuple(f"{COLOURS[k >> 3]}{(k & 7) + 1}" for k in range(NUM_CARDS))  # "P1" … "B8"


def card_id(k: int) -> str:
    return CARD_IDS[k]


def parse_card(text: str) -> int:
    if len(text) != 2 or text[0] not in COLOURS or text[1] not in "12345678":
        raise ValueError(f"not a card or piece id: {text!r}")
    return index_of(COLOURS.index(text[0]), int(text[1]))


def shape_name(k: int) -> str:
    return _ASSIGNMENT[k & 7][k >> 3]


def ids_of(mask: int) -> list[str]:
    return [card_id(k) for k in range(NUM_CARDS) if mask >> k & 1]


@dataclass(frozen=True, slots=True)
class Orientation:
    rot: int  # 0, 90, 180, 270 clockwise, applied after the flip
    flip: bool  # turned over (mirrored) first
    cells: tuple[grid.Cell, ...]  # normalised

    @property
    def label(self) -> str:
        return f"r{self.rot}{'f' if self.flip else ''}"

    @property
    def height(self) -> int:
        return max(r for r, _ in self.cells) + 1

    @property
    def width(self) -> int:
        return max(c for _, c in self.cells) + 1


def orientations_of_shape(cells: tuple[grid.Cell, ...]) -> tuple[Orientation, ...]:
    out: list[Orientation] = []
    seen: set[tuple[grid.Cell, ...]] = set()
    for flip in (False, True):
        shape = grid.mirror(cells) if flip else grid.normalise(cells)
        for rot in (0, 90, 180, 270):
            if shape not in seen:
                seen.add(shape)
                out.append(Orientation(rot, flip, shape))
            shape = grid.rotate_cw(shape)
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Placement:
    """One orientation of one piece at one spot, with its masks precomputed."""

    piece: int
    orient: int
    top: int
    left: int
    mask: int
    halo: int  # edge-adjacent cells outside the piece

    @property
    def cells(self) -> list[grid.Cell]:
        return grid.cells_of(self.mask)


ORIENTATIONS: tuple[tuple[Orientation, ...], ...] = tuple(
    orientations_of_shape(SHAPES[shape_name(k)]) for k in range(NUM_CARDS))
SIZES: tuple[int, ...] = tuple(len(SHAPES[shape_name(k)]) for k in range(NUM_CARDS))


def _all_placements(k: int) -> tuple[Placement, ...]:
    out = []
    for o, ori in enumerate(ORIENTATIONS[k]):
        for top in range(grid.SIZE - ori.height + 1):
            for left in range(grid.SIZE - ori.width + 1):
                mask = grid.mask_of((top + r, left + c) for r, c in ori.cells)
                out.append(Placement(k, o, top, left, mask, grid.neighbours(mask)))
    return tuple(out)


# The canonical name of every orientation ("r90f"), by piece: event text without a property call.
LABELS: tuple[tuple[str, ...], ...] = tuple(tuple(o.label for o in os) for os in ORIENTATIONS)
PLACEMENTS: tuple[tuple[Placement, ...], ...] = tuple(_all_placements(k) for k in range(NUM_CARDS))
_BY_KEY: dict[tuple[int, int, int, int], Placement] = {
    (p.piece, p.orient, p.top, p.left): p for ps in PLACEMENTS for p in ps}


# (piece, orientation, top, left) -> the mask of the cells it covers, for every on-board placement
PLACEMENT_MASKS: dict[tuple[int, int, int, int], int] = {key: p.mask for key, p in _BY_KEY.items()}


# [piece][orientation]: the mask of the orientation anchored at A1; anchored at (top, left) it is this
# mask shifted by top * SIZE + left (no lookup: the AI finds the cells of hundreds of actions per move).
ORIGIN_MASKS: tuple[tuple[int, ...], ...] = tuple(
    tuple(PLACEMENT_MASKS[k, o, 0, 0] for o in range(len(ORIENTATIONS[k]))) for k in range(NUM_CARDS))


def placement(piece: int, orient: int, top: int, left: int) -> Placement | None:
    """The on-board placement with that anchor (top-left of the oriented bounding box), if any."""
    return _BY_KEY.get((piece, orient, top, left))


def named_cell(piece: int, orient: int, top: int, left: int) -> grid.Cell:
    """The cell a placement is named by for players: its top row's leftmost covered cell. The anchor (the
    bounding box's corner) may be a cell the piece leaves empty, and "placed at E6" must point at the piece."""
    r, c = min(ORIENTATIONS[piece][orient].cells)
    return top + r, left + c


def orientation_of_label(piece: int, label: str) -> int | None:
    """The index of the orientation an event names by its label ('r90f'), if the piece has one so named."""
    return next((i for i, o in enumerate(ORIENTATIONS[piece]) if o.label == label), None)


def placement_of_cells(piece: int, cells: frozenset[grid.Cell] | set[grid.Cell]) -> Placement | None:
    """The placement of `piece` covering exactly `cells`, if the cells are an orientation of it."""
    mask = grid.mask_of(cells)
    for p in PLACEMENTS[piece]:
        if p.mask == mask:
            return p
    return None


def orientation_index(piece: int, rot: int, flip: bool) -> int | None:
    """The orientation named (rot, flip), only if that is its canonical name."""
    for i, o in enumerate(ORIENTATIONS[piece]):
        if o.rot == rot and o.flip == flip:
            return i
    return None


def piece_cells(piece: int) -> list[dict[str, object]]:
    """Plain data for the UI: every orientation's label and normalised cells."""
    return [{"label": o.label, "rot": o.rot, "flip": o.flip, "cells": [list(c) for c in o.cells]}
            for o in ORIENTATIONS[piece]]
