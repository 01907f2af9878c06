"""The board rules of one mission (spec §7): legal placements, why a placement is illegal, scans.

`MissionRules` is immutable and shared by every State of that mission (search clones
never copy it). The mutable board of a State is three things: `occupied` (cells
covered by scanner pieces), `colour_cells[k]` (those covered by colour k) and the list
of placements.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabletop.games.kakapo import grid, pieces
from tabletop.games.kakapo.actions import Place
from tabletop.games.kakapo.birds import Targets, targets
from tabletop.games.kakapo.missions import Mission
from tabletop.games.kakapo.pieces import COLOUR_NAMES, COLOURS, NUM_CARDS, Placement


class MissionRules:
    """Everything about a mission that never changes during a game."""

    __slots__ = ("mission", "bird_mask", "targets", "masks", "actions", "placements", "required", "target_union")

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

    def forbidden(self, piece: int, occupied: int, colour_cells: list[int] | tuple[int, ...]) -> int:
        """Cells a new piece of this colour may not cover (birds are already excluded)."""
        return occupied | grid.neighbours(colour_cells[piece >> 3])

    def legal_actions(self, piece: int, occupied: int, colour_cells: list[int] | tuple[int, ...]) -> list[Place]:
        bad = self.forbidden(piece, occupied, colour_cells)
        return [a for m, a in zip(self.masks[piece], self.actions[piece]) if not m & bad]

    def legal_placements(self, piece: int, occupied: int, colour_cells: list[int] | tuple[int, ...]) -> list[Placement]:
        bad = self.forbidden(piece, occupied, colour_cells)
        return [p for p in self.placements[piece] if not p.mask & bad]

    def can_place(self, piece: int, occupied: int, colour_cells: list[int] | tuple[int, ...]) -> bool:
        bad = self.forbidden(piece, occupied, colour_cells)
        return any(not m & bad for m in self.masks[piece])

    def is_scanned(self, i: int, occupied: int, colour_cells: list[int] | tuple[int, ...]) -> bool:
        t = self.targets[i]
        if t.need_any & ~occupied:
            return False
        return all(not (n & ~colour_cells[k]) for k, n in enumerate(t.need) if n)

    def scanned_mask(self, occupied: int, colour_cells: list[int] | tuple[int, ...]) -> int:
        out = 0
        for i in range(len(self.targets)):
            if self.is_scanned(i, occupied, colour_cells):
                out |= 1 << i
        return out

    def is_dead(self, i: int, occupied: int, colour_cells: list[int] | tuple[int, ...]) -> bool:
        """A coloured target covered by a wrong colour (the only deadness visible without search)."""
        return any(n & occupied & ~colour_cells[k] for k, n in enumerate(self.targets[i].need) if n)


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
            k = owner.get(n)
            if k is not None and k >> 3 == colour and n not in cells:
                name = grid.cell_name(*n)
                other = pieces.card_id(k)
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
