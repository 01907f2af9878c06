"""The cells the unscanned birds still need (spec §7.2 "target cells"), marked for the placer.

A target cell gets a light fill and four corner marks in the colour a bird needs there, with
that colour's glyph in the middle (colour never carries meaning alone); gold corners and no
glyph mean any colour will do. Where two birds need different colours on one cell (allowed,
spec §7.3 V5) the corners take turns. Covered cells and scanned birds' cells are not marked.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from tabletop.games.kakapo import grid, pieces
from tabletop.games.kakapo.pieces import COLOURS
from tabletop.ui import style
from tabletop.ui.games.kakapo import art
from tabletop.ui.text import font_at

Needs = dict[grid.Cell, tuple[int, ...]]  # cell -> colour indices it must get (empty: any colour)
Placements = tuple[tuple[int, int, int, int], ...]


def on_board(piece: int, orient: int, top: int, left: int) -> pieces.Placement:
    """The placement of a piece the view shows placed: it lies on the grid, so it always has one."""
    placed = pieces.placement(piece, orient, top, left)
    assert placed is not None
    return placed


@lru_cache(maxsize=8)
def open_targets(mission_id: str, placements: Placements, scanned: tuple[bool, ...]) -> Needs:
    """Every target cell of an unscanned bird not yet covered, with the colours needed there (read-only)."""
    covered: set[grid.Cell] = set()
    for k, o, top, left in placements:
        covered.update(on_board(k, o, top, left).cells)
    need: dict[grid.Cell, set[int]] = {}
    for done, targets in zip(scanned, art.bird_targets(mission_id)):
        if done:
            continue
        for cell, letter in targets.items():
            if cell in covered:
                continue
            colours = need.setdefault(cell, set())
            if letter is not None:
                colours.add(COLOURS.index(letter))
    return {cell: tuple(sorted(colours)) for cell, colours in need.items()}


def _ink(colours: tuple[int, ...], corner: int) -> style.Color:
    return art.RGB[colours[corner % len(colours)]] if colours else style.ACCENT


def draw_corners(surface: pygame.Surface, rect: pygame.Rect, colours: tuple[int, ...]) -> None:
    """Four corner brackets just inside `rect`, each on a dark under-stroke so it shows on any piece colour."""
    size = rect.w
    inset = max(2, size // 12)
    arm = max(4, round(size * 0.28))
    width = max(2, size // 14)
    box = rect.inflate(-2 * inset, -2 * inset)
    corners = ((box.topleft, 1, 1), (box.topright, -1, 1), (box.bottomright, -1, -1), (box.bottomleft, 1, -1))
    for stroke, extra in ((style.INK, 2), (None, 0)):
        for i, ((x, y), dx, dy) in enumerate(corners):
            x, y = x - (dx < 0), y - (dy < 0)  # Rect's right/bottom lie one pixel outside it
            colour = stroke or _ink(colours, i)
            pygame.draw.line(surface, colour, (x, y), (x + dx * arm, y), width + extra)
            pygame.draw.line(surface, colour, (x, y), (x, y + dy * arm), width + extra)


@lru_cache(maxsize=4)
def target_layer(mission_id: str, placements: Placements, scanned: tuple[bool, ...], cell: int) -> pygame.Surface:
    """All open target cells of the board drawn on a transparent board-sized surface (`cell` px per cell)."""
    surf = pygame.Surface((grid.SIZE * cell + 1, grid.SIZE * cell + 1), pygame.SRCALPHA)
    for (r, c), colours in open_targets(mission_id, placements, scanned).items():
        rect = pygame.Rect(c * cell, r * cell, cell, cell)
        surf.fill((*_ink(colours, 0), 60 if colours else 45), rect)
        draw_corners(surf, rect, colours)
        if colours and cell >= 16:
            text = "".join(art.GLYPHS[k] for k in colours)
            glyph = font_at(max(8, round(cell * 0.36))).render(text, True, _ink(colours, 0))
            surf.blit(glyph, glyph.get_rect(center=rect.center))
    return surf
