"""The board's zone: its cached layer (felt, coordinates, the mission's board and every settled piece), pieces on
their way, the scanned birds' outlines, the held piece with its verdict, and a bird's tooltip.

The held piece is drawn cell by cell on exactly the cells its action names; each cell's rect is recorded in
`board.ghost_drawn` (what a drag grabs) and the action in `board.drawn_action` (what a drop may place)."""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pygame

from tabletop.games.kakapo import grid, pieces
from tabletop.games.kakapo.view import KakapoView
from tabletop.i18n import t
from tabletop.ui import style
from tabletop.ui.games import TableContext
from tabletop.ui.games.kakapo import art
from tabletop.ui.games.kakapo.ghost import Ghost
from tabletop.ui.games.kakapo.layout import BOARD_ZONE, GRID, BoardGeometry
from tabletop.ui.games.kakapo.paint import card_name, zone_felt
from tabletop.ui.games.kakapo.targets import draw_corners, open_targets, target_layer
from tabletop.ui.painter import Painter

if TYPE_CHECKING:
    from tabletop.ui.games.kakapo.board import Board

PIECE_ALPHA = {True: 200, False: 230}  # the held piece's opacity while it moves with the pointer / pinned
TARGET_ALPHA = 120  # its cells over a cell a bird needs: the target's fill shows through
Edge = tuple[tuple[int, int], tuple[int, int]]


def _outline(cells: set[grid.Cell], geo: BoardGeometry) -> Iterator[Edge]:
    """The window-px edges of a group of cells that no other cell of the group shares, cell by cell."""
    for r, c in cells:
        rect = geo.cell_rect(r, c)
        edges = {"N": (rect.topleft, rect.topright), "S": (rect.bottomleft, rect.bottomright),
                 "W": (rect.topleft, rect.bottomleft), "E": (rect.topright, rect.bottomright)}
        for d, (dr, dc) in grid.DELTA.items():
            if (r + dr, c + dc) not in cells:
                yield edges[d]


def paint_board(p: Painter, mission: str, settled: tuple[tuple[int, int, int, int], ...]) -> None:
    """The board's zone: its felt and coordinates, the mission's board and every settled piece."""
    p.rect(BOARD_ZONE, style.FELT)  # the table's felt in the zone's corners: the layer covers its rect
    zone_felt(p, BOARD_ZONE)
    for i, letter in enumerate(grid.COLUMN_LETTERS):
        p.text(letter, (GRID.x + 40 * i + 20, GRID.y - 14), style.TINY, style.TEXT_MUTED, anchor="center")
        p.text(str(i + 1), (GRID.x - 14, GRID.y + 40 * i + 20), style.TINY, style.TEXT_MUTED, anchor="center")
    geo = BoardGeometry(p.vp)
    surf = p.surface
    surf.blit(art.board_surface(mission, geo.cell), geo.origin)
    lift = art.shadow_offset(geo.cell)
    for k, o, top, left in settled:  # shadows first, so no piece's shadow falls on another
        surf.blit(art.piece_shadow(k, o, geo.cell), (geo.origin.x + left * geo.cell + lift,
                                                     geo.origin.y + top * geo.cell + lift))
    for k, o, top, left in settled:
        surf.blit(art.piece_surface(k, o, geo.cell), (geo.origin.x + left * geo.cell, geo.origin.y + top * geo.cell))


def draw_board(board: Board, p: Painter, ctx: TableContext, view: KakapoView, geo: BoardGeometry,
               ghost: Ghost | None) -> None:
    memory = board.memory
    motion = memory.motion
    # One opaque layer (a copy to blit), painted again when a piece settles: a piece on its way is drawn over it.
    settled = tuple(pl for pl in view.placements if motion.get(("place", pl[0])) is None)
    memory.zones.draw(p, BOARD_ZONE, ("board", view.mission, view.mission_tmx, settled),
                      lambda q: paint_board(q, view.mission, settled))
    surface = p.surface
    for k, o, top, left in view.placements:
        if motion.get(("place", k)):  # on its way from the hand to its cells
            rest = geo.to_virtual(top, left)
            at = p.vp.point(*motion.toward(("place", k), rest))
            lift = art.shadow_offset(geo.cell) * 3
            surface.blit(art.piece_shadow(k, o, geo.cell), (at[0] + lift, at[1] + lift))
            surface.blit(art.piece_surface(k, o, geo.cell), at)
    for k, o, top, left in view.placements:
        if k in memory.piece:
            shape = pieces.ORIENTATIONS[k][o]
            r = geo.cell_rect(top, left, shape.height, shape.width).inflate(6, 6)
            pygame.draw.rect(surface, style.TEXT_LIGHT, r, max(2, p.vp.px(3)), border_radius=p.vp.px(4))
    _draw_birds_state(board, p, view, geo, ctx.time)
    if ghost is not None:
        surface.blit(target_layer(view.mission, view.placements, view.scanned, geo.cell), geo.origin)
        if ghost.shown:
            _draw_ghost(board, p, ctx, view, geo, ghost)


def _draw_birds_state(board: Board, p: Painter, view: KakapoView, geo: BoardGeometry, now: float) -> None:
    ids = art.bird_ids(view.mission)
    for i, cells in enumerate(art.bird_cells(view.mission)):
        scanned = view.scanned[i]
        flash = board.memory.bird.get(ids[i], 0.0)
        if not scanned and not flash:
            continue
        glow = (0.5 + 0.5 * math.sin(now * 8)) if flash else 1.0
        colour = art.mix(style.GOOD, style.TEXT_LIGHT, 0.5 * glow) if flash else style.GOOD
        width = max(2, p.vp.px(3 + 2 * glow if flash else 3))
        for a, b in _outline(cells, geo):
            pygame.draw.line(p.surface, colour, a, b, width)
        r, c = min(cells)
        centre = geo.cell_rect(r, c).topleft
        pygame.draw.circle(p.surface, style.GOOD, centre, p.vp.px(10))
        pygame.draw.circle(p.surface, style.INK, centre, p.vp.px(10), max(1, p.vp.px(1.5)))
        v = p.vp.to_virtual(centre)
        p.text("✓", (v.x, v.y), style.SMALL, style.INK, bold=True, anchor="center")


def _dashed_outline(surface: pygame.Surface, cells: set[grid.Cell], geo: BoardGeometry, colour: style.Color,
                    width: int, dash: int) -> None:
    for a, b in _outline(cells, geo):
        if dash <= 0:
            pygame.draw.line(surface, colour, a, b, width)
            continue
        length = max(abs(b[0] - a[0]), abs(b[1] - a[1]))
        steps = max(1, length // dash)
        for s in range(0, steps, 2):
            f0, f1 = s / steps, min(1.0, (s + 1) / steps)
            pygame.draw.line(surface, colour, (a[0] + (b[0] - a[0]) * f0, a[1] + (b[1] - a[1]) * f0),
                             (a[0] + (b[0] - a[0]) * f1, a[1] + (b[1] - a[1]) * f1), width)


def _cross(surface: pygame.Surface, rect: pygame.Rect, colour: style.Color, width: int) -> None:
    box = rect.inflate(-rect.w // 3, -rect.h // 3)
    pygame.draw.line(surface, colour, box.topleft, box.bottomright, width)
    pygame.draw.line(surface, colour, box.topright, box.bottomleft, width)


def _draw_ghost(board: Board, p: Painter, ctx: TableContext, view: KakapoView, geo: BoardGeometry,
                ghost: Ghost) -> None:
    """The held piece on exactly the cells of its action, translucent, with the open targets under it
    marked again on top; then the spot's outline (solid accent = legal, red dashes and ✕ = illegal)."""
    surface = p.surface
    verdict = board.verdict(ctx, ghost)
    action = verdict.action
    legal = verdict.reason is None
    shape = pieces.ORIENTATIONS[action.piece][action.orient]
    cells = [(action.top + r, action.left + c) for r, c in shape.cells]
    if not legal:
        tint = pygame.Surface((geo.cell, geo.cell), pygame.SRCALPHA)
        tint.fill((*style.BAD, 90))
        for r, c in cells:
            surface.blit(tint, geo.cell_rect(r, c))
    art_cells = art.ghost_surface(action.piece, action.orient, geo.cell, PIECE_ALPHA[ghost.following])
    over_target = art.ghost_surface(action.piece, action.orient, geo.cell, TARGET_ALPHA)
    needs = open_targets(view.mission, view.placements, view.scanned)
    for r, c in cells:
        # One blit per cell: the rect recorded is exactly where that cell's pixels went.
        area = pygame.Rect((c - action.left) * geo.cell, (r - action.top) * geo.cell, geo.cell, geo.cell)
        drawn = surface.blit(over_target if (r, c) in needs else art_cells, geo.cell_rect(r, c), area)
        board.ghost_drawn.append(((r, c), drawn))
        if (r, c) in needs:
            draw_corners(surface, drawn, needs[(r, c)])
    board.drawn_action = action
    width = max(2, p.vp.px(3))
    cell_set = set(cells)
    if legal:
        _dashed_outline(surface, cell_set, geo, style.INK, width + 2, 0)
        _dashed_outline(surface, cell_set, geo, style.ACCENT, width, 0)
    else:
        _dashed_outline(surface, cell_set, geo, style.BAD, width, max(4, p.vp.px(7)))
        bad_cell = verdict.cell
        mark = geo.cell_rect(*bad_cell) if bad_cell is not None else \
            geo.cell_rect(action.top, action.left, shape.height, shape.width)
        if bad_cell is not None and bad_cell not in cell_set:
            pygame.draw.rect(surface, style.BAD, mark, width)
        _cross(surface, mark if bad_cell is not None else
               pygame.Rect(mark.centerx - geo.cell // 2, mark.centery - geo.cell // 2, geo.cell, geo.cell),
               style.BAD, max(3, p.vp.px(5)))
    # The piece's name next to it (the cell is in words in the line under the board).
    corner = geo.to_virtual(action.top, action.left)
    label = card_name(action.piece)
    w = p.measure(label, style.TINY, bold=True) + 10
    y = corner.y - 20 if action.top > 0 else corner.y + shape.height * geo.cell / p.vp.scale + 2
    x = min(max(corner.x, BOARD_ZONE.x + 4), BOARD_ZONE.right - w - 4)
    p.rect((x, y, w, 18), style.ACCENT if legal else style.BAD, 4)
    p.text(label, (x + 5, y + 9), style.TINY, style.INK if legal else style.TEXT_LIGHT, bold=True, anchor="midleft")


def draw_bird_tooltip(p: Painter, ctx: TableContext, view: KakapoView, geo: BoardGeometry,
                      ghost: Ghost | None) -> None:
    if ghost is not None and ghost.shown:
        return
    pos = geo.to_board(ctx.mouse)
    if not geo.on_board(pos):
        return
    cell = (int(pos.y), int(pos.x))
    for i, cells in enumerate(art.bird_cells(view.mission)):
        if cell in cells:
            bid = art.bird_ids(view.mission)[i]
            state = t("kakapo.bird_scanned") if view.scanned[i] else t("kakapo.bird_open")
            text = f"{t(f'kakapo.bird.{bid}')} — {state}"
            w = min(420, p.measure(text, style.SMALL) + 20)
            x = min(ctx.mouse.x + 14, BOARD_ZONE.right - w - 4)
            y = max(BOARD_ZONE.y + 4, ctx.mouse.y - 34)
            p.panel((x, y, w, 28), radius=6)
            p.text(text, (x + 10, y + 14), style.SMALL, style.TEXT_LIGHT, anchor="midleft", max_width=w - 20)
            return
