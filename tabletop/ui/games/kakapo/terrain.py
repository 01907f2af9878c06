"""The KAKAPO board's ground: a dark forest floor of moss, leaf litter, ferns and pebbles under the grid.

Drawn once per (mission, cell size) and cached by the caller (`art.board_surface`). Every mark is
placed in cell units from a generator seeded by the mission id, so a board looks the same at every
window size and every time it is opened, and the ground stays low in contrast: the targets, pieces
and coloured bird edges drawn over it must read first.
"""

from __future__ import annotations

import math
import random
import zlib

import pygame

from tabletop.ui import style

Color = style.Color

SOIL = (26, 40, 30)
MOSS = ((40, 66, 42), (48, 76, 44), (30, 50, 36))
LITTER = ((66, 58, 38), (74, 62, 40), (58, 52, 36))
FERN = (48, 84, 50)
PEBBLE = (60, 66, 62)
GRID = (58, 82, 64)


def _rng(mission_id: str) -> random.Random:
    return random.Random(zlib.crc32(mission_id.encode("utf-8")))


def _moss(surf: pygame.Surface, rng: random.Random, n: int, cell: int) -> None:
    """Soft patches of moss: clusters of overlapping discs of a few close greens."""
    size = n * cell
    for _ in range(n * 3):
        cx, cy = rng.uniform(0, size), rng.uniform(0, size)
        colour = rng.choice(MOSS)
        for _ in range(6):
            r = rng.uniform(0.35, 0.9) * cell
            pygame.draw.circle(surf, colour, (cx + rng.uniform(-1, 1) * cell, cy + rng.uniform(-1, 1) * cell), r)


def _litter(surf: pygame.Surface, rng: random.Random, n: int, cell: int) -> None:
    """Fallen leaves: small tilted ellipses with a midrib."""
    size = n * cell
    leaf = max(3, round(cell * 0.32))
    for _ in range(n * n // 3):
        colour = rng.choice(LITTER)
        piece = pygame.Surface((leaf, max(2, leaf // 2)), pygame.SRCALPHA)
        pygame.draw.ellipse(piece, colour, piece.get_rect())
        pygame.draw.line(piece, SOIL, (0, piece.get_height() // 2), (leaf, piece.get_height() // 2), 1)
        piece = pygame.transform.rotate(piece, rng.uniform(0, 180))
        surf.blit(piece, (rng.uniform(0, size), rng.uniform(0, size)))


def _fern(surf: pygame.Surface, base: tuple[float, float], length: float, angle: float) -> None:
    """One frond: a curved stem with leaflets that shorten towards the tip."""
    x, y = base
    steps = 7
    width = max(1, round(length / 40))
    for i in range(steps):
        a = angle + i * 0.08
        nx, ny = x + math.cos(a) * length / steps, y + math.sin(a) * length / steps
        pygame.draw.line(surf, FERN, (x, y), (nx, ny), width)
        leaflet = length * 0.28 * (1 - i / steps)
        for side in (-1, 1):
            la = a + side * 1.1
            pygame.draw.line(surf, FERN, (nx, ny), (nx + math.cos(la) * leaflet, ny + math.sin(la) * leaflet), width)
        x, y = nx, ny


def _ferns(surf: pygame.Surface, rng: random.Random, n: int, cell: int) -> None:
    size = n * cell
    for _ in range(n // 2):
        bx, by = rng.uniform(0, size), rng.uniform(0, size)
        for k in range(rng.randint(3, 5)):
            _fern(surf, (bx, by), cell * rng.uniform(0.9, 1.5), -math.pi / 2 + (k - 2) * 0.7 + rng.uniform(-0.2, 0.2))


def _pebbles(surf: pygame.Surface, rng: random.Random, n: int, cell: int) -> None:
    size = n * cell
    for _ in range(n):
        r = max(2, round(cell * rng.uniform(0.08, 0.16)))
        x, y = rng.uniform(0, size), rng.uniform(0, size)
        pygame.draw.circle(surf, style.SHADOW, (x + 1, y + 1), r)
        pygame.draw.circle(surf, PEBBLE, (x, y), r)


def ground(mission_id: str, n: int, cell: int) -> pygame.Surface:
    """The forest floor of an n×n board at `cell` px per cell, grid lines included (opaque)."""
    surf = pygame.Surface((n * cell + 1, n * cell + 1))
    surf.fill(SOIL)
    rng = _rng(mission_id)
    if cell >= 8:  # below that the marks would be noise: thumbnails get the plain soil
        _moss(surf, rng, n, cell)
        # Soften the moss into patches (down and up again: a cheap blur, done once per size).
        w, h = surf.get_size()
        small = pygame.transform.smoothscale(surf, (max(1, w // 6), max(1, h // 6)))
        surf = pygame.transform.smoothscale(small, (w, h))
        _litter(surf, rng, n, cell)
        _ferns(surf, rng, n, cell)
        _pebbles(surf, rng, n, cell)
    for i in range(n + 1):
        pygame.draw.line(surf, GRID, (i * cell, 0), (i * cell, n * cell))
        pygame.draw.line(surf, GRID, (0, i * cell), (n * cell, i * cell))
    return surf
