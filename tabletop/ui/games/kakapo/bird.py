"""A kākāpō drawn over a bird's cells: moss-green mottled plumage, an owl-like face, a folded wing, a tail.

The bird's cells stay fully filled (the pieces are placed around them, cell against cell), and the
plumage is drawn inside the cells so the coloured edges drawn later by `art` sit on a clean border.
The face goes on the bird's first cell (its top-left one, as in the mission sheets), the tail on the
cell farthest from it, the wing next to the face; their directions follow the bird's own shape.
"""

from __future__ import annotations

import math
import random

import pygame

from tabletop.games.kakapo import grid
from tabletop.ui import style

Cell = tuple[int, int]

BODY = (112, 150, 64)
BODY_LIGHT = (150, 180, 86)
BAR = (66, 92, 42)
FACE = (208, 198, 132)
FACE_EDGE = (150, 138, 84)
BEAK = (234, 226, 198)
WING = (86, 122, 52)
TAIL = (70, 96, 44)


def _away(cell: Cell, cells: set[Cell]) -> tuple[int, int]:
    """A direction (dr, dc) out of the bird from `cell`, preferring sideways (where tails and faces point)."""
    for d in ("E", "W", "S", "N"):
        dr, dc = grid.DELTA[d]
        if (cell[0] + dr, cell[1] + dc) not in cells:
            return dr, dc
    return 0, 1


def _plumage(surf: pygame.Surface, cells: set[Cell], cell: int, ox: int, oy: int) -> None:
    """Body colour with rows of darker feather scallops and light flecks (the kākāpō's barring)."""
    for r, c in cells:
        x, y = ox + c * cell, oy + r * cell
        pygame.draw.rect(surf, BODY, (x, y, cell, cell))
        if cell < 16:
            continue
        rng = random.Random(r * 31 + c)
        step = max(5, cell // 5)
        width = max(1, cell // 28)
        for row, yy in enumerate(range(y + step // 2, y + cell - step // 3, step)):
            shift = (step // 2) * (row % 2)
            for xx in range(x + shift - step // 2, x + cell, step):
                arc = pygame.Rect(xx, yy - step // 2, step, step)
                clipped = arc.clip((x, y, cell, cell))
                if clipped.w >= step // 2 and clipped.h >= step // 2:
                    pygame.draw.arc(surf, BAR, arc, math.pi * 1.1, math.pi * 1.9, width)
            fx, fy = x + rng.uniform(0.15, 0.85) * cell, yy
            pygame.draw.circle(surf, BODY_LIGHT, (fx, fy), max(1, cell // 24))


def _face(surf: pygame.Surface, head: Cell, look: tuple[int, int], cell: int, ox: int, oy: int) -> None:
    """Front-on owl-parrot face: a pale facial disc with whiskers, two dark eyes, an ivory beak."""
    cx, cy = ox + head[1] * cell + cell / 2, oy + head[0] * cell + cell / 2
    cx += look[1] * cell * 0.06
    cy += look[0] * cell * 0.06
    r = cell * 0.40
    pygame.draw.circle(surf, FACE, (cx, cy), r)
    whisker = max(1, cell // 40)
    for i in range(10):
        a = i * math.pi / 5 + 0.3
        pygame.draw.line(surf, FACE_EDGE, (cx + math.cos(a) * r * 0.55, cy + math.sin(a) * r * 0.55),
                         (cx + math.cos(a) * r * 0.95, cy + math.sin(a) * r * 0.95), whisker)
    pygame.draw.circle(surf, FACE_EDGE, (cx, cy), r, max(1, cell // 30))
    eye = max(2, round(cell * 0.085))
    for side in (-1, 1):
        ex, ey = cx + side * r * 0.42, cy - r * 0.12
        pygame.draw.circle(surf, style.INK, (ex, ey), eye)
        pygame.draw.circle(surf, style.CARD_FACE, (ex - eye * 0.35, ey - eye * 0.35), max(1, eye // 3))
    beak = [(cx - r * 0.16, cy + r * 0.05), (cx + r * 0.16, cy + r * 0.05), (cx, cy + r * 0.5)]
    pygame.draw.polygon(surf, BEAK, beak)
    pygame.draw.polygon(surf, FACE_EDGE, beak, max(1, cell // 40))


def _wing(surf: pygame.Surface, at: Cell, cell: int, ox: int, oy: int) -> None:
    """A folded wing: a leaf shape with three primaries, lying along the cell."""
    x, y = ox + at[1] * cell, oy + at[0] * cell
    body = pygame.Rect(round(x + cell * 0.14), round(y + cell * 0.26), round(cell * 0.72), round(cell * 0.48))
    pygame.draw.ellipse(surf, WING, body)
    pygame.draw.ellipse(surf, BAR, body, max(1, cell // 30))
    for i in range(3):
        fx = body.x + body.w * (0.35 + 0.2 * i)
        pygame.draw.line(surf, BAR, (fx, body.y + body.h * 0.25), (fx + cell * 0.08, body.bottom - body.h * 0.2),
                         max(1, cell // 36))


def _tail(surf: pygame.Surface, at: Cell, out: tuple[int, int], cell: int, ox: int, oy: int) -> None:
    """Three long tail feathers fanning from the cell's middle towards the open side `out`."""
    cx, cy = ox + at[1] * cell + cell / 2, oy + at[0] * cell + cell / 2
    base = math.atan2(out[0], out[1])
    length = cell * 0.46
    half = cell * 0.08
    for spread in (-0.5, 0.5, 0.0):
        a = base + spread
        ux, uy = math.cos(a), math.sin(a)
        mid = (cx + ux * length * 0.55, cy + uy * length * 0.55)
        feather = [(cx - ux * cell * 0.1, cy - uy * cell * 0.1), (mid[0] - uy * half, mid[1] + ux * half),
                   (cx + ux * length, cy + uy * length), (mid[0] + uy * half, mid[1] - ux * half)]
        pygame.draw.polygon(surf, TAIL, feather)
        pygame.draw.polygon(surf, style.INK, feather, max(1, cell // 30))
        pygame.draw.line(surf, BODY_LIGHT, feather[0], feather[2], max(1, cell // 40))


def draw(surf: pygame.Surface, cells: set[Cell], cell: int, ox: int = 0, oy: int = 0, detail: bool = True) -> None:
    """The bird's body over its cells; face, wing and tail when the cells are big enough to read."""
    _plumage(surf, cells, cell, ox, oy)
    if not detail or cell < 16:
        if cell >= 6:  # thumbnails: just the pale face, so a bird is still a bird
            head = min(cells)
            pygame.draw.circle(surf, FACE, (ox + head[1] * cell + cell / 2, oy + head[0] * cell + cell / 2),
                               max(2, cell * 0.38))
        return
    head = min(cells)
    tail = max(cells, key=lambda rc: (abs(rc[0] - head[0]) + abs(rc[1] - head[1]), rc))
    if tail != head:
        _tail(surf, tail, _away(tail, cells), cell, ox, oy)
    wing = next((rc for rc in sorted(cells, key=lambda rc: abs(rc[0] - head[0]) + abs(rc[1] - head[1]))
                 if rc not in (head, tail)), None)
    if wing is not None:
        _wing(surf, wing, cell, ox, oy)
    _face(surf, head, _away(head, cells), cell, ox, oy)
