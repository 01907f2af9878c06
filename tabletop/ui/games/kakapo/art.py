"""KAKAPO art drawn in code, cached per pixel size: scanner pieces, the board with its birds, cards, thumbnails.

Colours come from the engine's data (`pieces.COLOUR_RGB`, spec §4.1) and always travel with
their glyph (◆ ▲ ● ■ ✚): on every piece cell, on cards and at the midpoint of each coloured
bird edge, so colour never carries meaning alone.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from tabletop.games.kakapo import grid, pieces
from tabletop.games.kakapo.board import board_data
from tabletop.games.kakapo.content import mission_rules
from tabletop.games.kakapo.pieces import COLOUR_GLYPHS, COLOUR_RGB, COLOURS
from tabletop.ui import style
from tabletop.ui.cards import CardFace, Motif, motif
from tabletop.ui.games.kakapo import bird as bird_art
from tabletop.ui.games.kakapo import terrain
from tabletop.ui.text import font_at

Color = style.Color


def _hex(text: str) -> Color:
    return int(text[1:3], 16), int(text[3:5], 16), int(text[5:7], 16)


RGB: tuple[Color, ...] = tuple(_hex(COLOUR_RGB[k]) for k in COLOURS)
GLYPHS: tuple[str, ...] = tuple(COLOUR_GLYPHS[k] for k in COLOURS)
# Spec §4.1: dark glyph on yellow and blue, light glyph on purple, red and green.
GLYPH_INK: tuple[Color, ...] = tuple(style.INK if k in "YB" else style.CARD_FACE for k in COLOURS)


def mix(a: Color, b: Color, f: float) -> Color:
    """`a` moved towards `b` by the fraction f."""
    return (round(a[0] + (b[0] - a[0]) * f), round(a[1] + (b[1] - a[1]) * f), round(a[2] + (b[2] - a[2]) * f))


def dark(c: Color, f: float = 0.45) -> Color:
    return mix(c, style.SHADOW, f)


BOARD_BG = terrain.SOIL
GRID_LINE = terrain.GRID


# ----- orientations -------------------------------------------------------------------------
def _orient_index(piece: int, cells: tuple[grid.Cell, ...]) -> int:
    for i, o in enumerate(pieces.ORIENTATIONS[piece]):
        if o.cells == cells:
            return i
    raise ValueError("not an orientation")


ROTATE_CW: tuple[tuple[int, ...], ...] = tuple(
    tuple(_orient_index(k, grid.rotate_cw(o.cells)) for o in pieces.ORIENTATIONS[k]) for k in range(40))
ROTATE_CCW: tuple[tuple[int, ...], ...] = tuple(
    tuple(ROTATE_CW[k].index(i) for i in range(len(ROTATE_CW[k]))) for k in range(40))
FLIP: tuple[tuple[int, ...], ...] = tuple(
    tuple(_orient_index(k, grid.mirror(o.cells)) for o in pieces.ORIENTATIONS[k]) for k in range(40))


@lru_cache(maxsize=64)
def compact_orient(piece: int) -> int:
    """The orientation drawn in catalogues: as flat as possible (wide rather than tall)."""
    ors = pieces.ORIENTATIONS[piece]
    return min(range(len(ors)), key=lambda i: (ors[i].height, -ors[i].width, i))


# ----- pieces -------------------------------------------------------------------------------
@lru_cache(maxsize=512)
def piece_surface(piece: int, orient: int, cell: int, glyphs: bool = True, dim: bool = False) -> pygame.Surface:
    """One scanner piece: coloured cells with a bevel, the colour glyph in each cell, a dark outline."""
    o = pieces.ORIENTATIONS[piece][orient]
    colour = RGB[piece >> 3]
    if dim:
        colour = mix(colour, style.PANEL_DARK, 0.7)
    surf = pygame.Surface((o.width * cell, o.height * cell), pygame.SRCALPHA)
    cells = set(o.cells)
    inset = max(1, cell // 14)
    light = mix(colour, (255, 255, 255), 0.35)
    shadow = dark(colour, 0.35)
    for r, c in o.cells:
        rect = pygame.Rect(c * cell, r * cell, cell, cell)
        pygame.draw.rect(surf, colour, rect)
        if cell >= 10:
            pygame.draw.line(surf, light, (rect.x + inset, rect.y + inset), (rect.right - inset - 1, rect.y + inset),
                             inset)
            pygame.draw.line(surf, light, (rect.x + inset, rect.y + inset), (rect.x + inset, rect.bottom - inset - 1),
                             inset)
            pygame.draw.line(surf, shadow, (rect.x + inset, rect.bottom - inset - 1),
                             (rect.right - inset - 1, rect.bottom - inset - 1), inset)
            pygame.draw.line(surf, shadow, (rect.right - inset - 1, rect.y + inset),
                             (rect.right - inset - 1, rect.bottom - inset - 1), inset)
        if glyphs and cell >= 12 and not dim:
            g = font_at(max(7, int(cell * 0.46))).render(GLYPHS[piece >> 3], True, GLYPH_INK[piece >> 3])
            surf.blit(g, g.get_rect(center=rect.center))
    edge = dark(colour, 0.6)
    width = max(1, cell // 16)
    for r, c in o.cells:
        x, y = c * cell, r * cell
        if (r - 1, c) not in cells:
            pygame.draw.line(surf, edge, (x, y), (x + cell - 1, y), width)
        if (r + 1, c) not in cells:
            pygame.draw.line(surf, edge, (x, y + cell - width), (x + cell - 1, y + cell - width), width)
        if (r, c - 1) not in cells:
            pygame.draw.line(surf, edge, (x, y), (x, y + cell - 1), width)
        if (r, c + 1) not in cells:
            pygame.draw.line(surf, edge, (x + cell - width, y), (x + cell - width, y + cell - 1), width)
    return surf


@lru_cache(maxsize=256)
def piece_shadow(piece: int, orient: int, cell: int) -> pygame.Surface:
    """The soft shadow a placed piece casts (blitted `shadow_offset(cell)` down-right of the piece)."""
    o = pieces.ORIENTATIONS[piece][orient]
    surf = pygame.Surface((o.width * cell, o.height * cell), pygame.SRCALPHA)
    for r, c in o.cells:
        surf.fill((*style.SHADOW, 110), (c * cell, r * cell, cell, cell))
    return surf


def shadow_offset(cell: int) -> int:
    return max(1, cell // 12)


@lru_cache(maxsize=256)
def ghost_surface(piece: int, orient: int, cell: int, alpha: int) -> pygame.Surface:
    surf = piece_surface(piece, orient, cell).copy()
    surf.set_alpha(alpha)
    return surf


# ----- the board ----------------------------------------------------------------------------
@lru_cache(maxsize=64)
def _data(mission_id: str) -> dict:
    return board_data(mission_rules(mission_id))


def _draw_bird(surf: pygame.Surface, bird: dict, cell: int, ox: int = 0, oy: int = 0, detail: bool = True) -> None:
    cells = {(r, c) for r, c in bird["cells"]}
    bird_art.draw(surf, cells, cell, ox, oy, detail)
    outline = max(1, cell // 14)
    bar = max(3, cell // 6)
    coloured = {(r, c, d): k for r, c, d, k in bird["edges"]}
    for r, c in cells:
        x, y = ox + c * cell, oy + r * cell
        for d, (dr, dc) in grid.DELTA.items():
            if (r + dr, c + dc) in cells:
                continue
            a, b = {"N": ((x, y), (x + cell, y)), "S": ((x, y + cell), (x + cell, y + cell)),
                    "W": ((x, y), (x, y + cell)), "E": ((x + cell, y), (x + cell, y + cell))}[d]
            k = coloured.get((r, c, d))
            if k is None:
                pygame.draw.line(surf, style.INK, a, b, outline * 2)
                continue
            colour = RGB[COLOURS.index(k)]
            # A thick bar just inside the bird, with the colour's glyph in a disc at its midpoint.
            if d in "NS":
                bar_rect = pygame.Rect(x, y if d == "N" else y + cell - bar, cell, bar)
            else:
                bar_rect = pygame.Rect(x if d == "W" else x + cell - bar, y, bar, cell)
            pygame.draw.rect(surf, colour, bar_rect)
            pygame.draw.line(surf, style.INK, a, b, outline)
            if cell >= 12:
                mx = bar_rect.centerx + {"W": bar, "E": -bar, "N": 0, "S": 0}[d] * 0.9
                my = bar_rect.centery + {"N": bar, "S": -bar, "W": 0, "E": 0}[d] * 0.9
                radius = max(4, int(cell * 0.2))
                pygame.draw.circle(surf, colour, (mx, my), radius)
                pygame.draw.circle(surf, style.INK, (mx, my), radius, max(1, cell // 30))
                if detail:
                    g = font_at(max(6, int(radius * 1.3))).render(GLYPHS[COLOURS.index(k)], True,
                                                                GLYPH_INK[COLOURS.index(k)])
                    surf.blit(g, g.get_rect(center=(round(mx), round(my))))


@lru_cache(maxsize=16)
def board_surface(mission_id: str, cell: int) -> pygame.Surface:
    """The empty board of a mission: forest floor, grid and birds (placed pieces are drawn on top)."""
    data = _data(mission_id)
    surf = terrain.ground(mission_id, data["size"], cell)
    for bird in data["birds"]:
        _draw_bird(surf, bird, cell)
    return surf


def bird_cells(mission_id: str) -> list[set[grid.Cell]]:
    return [{(r, c) for r, c in b["cells"]} for b in _data(mission_id)["birds"]]


def bird_ids(mission_id: str) -> list[str]:
    return [b["id"] for b in _data(mission_id)["birds"]]


def bird_targets(mission_id: str) -> list[dict[grid.Cell, str | None]]:
    """Per bird: every target cell and the colour letter it needs (None = any colour)."""
    out = []
    for b in _data(mission_id)["birds"]:
        need: dict[grid.Cell, str | None] = {(r, c): None for r, c in b["targets_any"]}
        for k, cells in b["targets"].items():
            for r, c in cells:
                need[(r, c)] = k
        out.append(need)
    return out


@lru_cache(maxsize=128)
def mission_thumbnail(mission_id: str, size: int) -> pygame.Surface:
    """A small picture of a mission's board (birds with their coloured edges) drawn from the map data."""
    n = _data(mission_id)["size"]
    cell = max(2, size // n)
    surf = pygame.Surface((size, size))
    surf.fill(BOARD_BG)
    ox = oy = (size - cell * n) // 2
    if cell >= 8:
        for i in range(n + 1):
            pygame.draw.line(surf, GRID_LINE, (ox + i * cell, oy), (ox + i * cell, oy + n * cell))
            pygame.draw.line(surf, GRID_LINE, (ox, oy + i * cell), (ox + n * cell, oy + i * cell))
    for bird in _data(mission_id)["birds"]:
        _draw_bird(surf, bird, cell, ox, oy, detail=cell >= 16)
    pygame.draw.rect(surf, style.PANEL_EDGE, surf.get_rect(), 1)
    return surf


# ----- cards --------------------------------------------------------------------------------
def _card_motif(k: int) -> Motif:
    colour = RGB[k >> 3]

    def draw(surf: pygame.Surface, inner: pygame.Rect, ink: Color) -> None:
        frame = surf.get_rect().inflate(-max(4, inner.w // 9), -max(4, inner.w // 9))
        pygame.draw.rect(surf, mix(style.CARD_FACE, colour, 0.12), frame, border_radius=max(2, inner.w // 10))
        pygame.draw.rect(surf, colour, frame, max(2, inner.w // 14), border_radius=max(2, inner.w // 10))
        cell = max(3, inner.w // 11)
        shape = piece_surface(k, compact_orient(k), cell, glyphs=False)
        surf.blit(shape, shape.get_rect(midbottom=(frame.centerx, frame.bottom - max(3, inner.h // 10))))
    return draw


for _k in range(40):
    motif(f"kakapo_{pieces.card_id(_k)}")(_card_motif(_k))


def card_face(k: int) -> CardFace:
    """A scanner card: glyph and value in the corners, a big value, the piece's shape, a colour tint."""
    glyph = GLYPHS[k >> 3]
    value = str(pieces.value_of(k))
    return CardFace(f"{value}{glyph}", value, motif=f"kakapo_{pieces.card_id(k)}")
