"""Birds as Tiled polygons: a bird's outline in map pixels, and the cells a polygon drawn in Tiled covers.

A mission file may draw each bird as a polygon of its real shape (docs/MISSIONS.md), so Tiled and
`tmxrasterizer` show what the mission maker makes; the loader reads the bird's place back from it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tabletop.games.kakapo import grid

Point = tuple[float, float]


def outline(cells: Iterable[grid.Cell]) -> list[tuple[int, int]]:
    """The corners (column, row) of a polyomino's border, clockwise from its top-left corner."""
    edges: set[tuple[tuple[int, int], tuple[int, int]]] = set()
    for r, c in cells:
        corners = ((c, r), (c + 1, r), (c + 1, r + 1), (c, r + 1))
        for a, b in zip(corners, corners[1:] + corners[:1], strict=True):
            if (b, a) in edges:
                edges.discard((b, a))  # shared by two cells: inside the shape
            else:
                edges.add((a, b))
    following = dict(edges)
    start = min(following, key=lambda p: (p[1], p[0]))
    walk = [start]
    while (nxt := following[walk[-1]]) != start:
        walk.append(nxt)
    corners_only = []
    for i, p in enumerate(walk):
        before, after = walk[i - 1], walk[(i + 1) % len(walk)]
        if (p[0] - before[0]) * (after[1] - p[1]) != (p[1] - before[1]) * (after[0] - p[0]):
            corners_only.append(p)
    return corners_only


def polygon_text(cells: Iterable[grid.Cell], tilewidth: int, tileheight: int) -> str:
    """Tiled's `points` text of a bird's outline, relative to its top-left corner (the object's x, y)."""
    cells = list(cells)
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return " ".join(f"{(c - left) * tilewidth},{(r - top) * tileheight}" for c, r in outline(cells))


def _inside(x: float, y: float, points: Sequence[Point]) -> bool:
    inside = False
    for (x1, y1), (x2, y2) in zip(points, list(points[1:]) + [points[0]], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def covered_cells(points: Sequence[Point], tilewidth: int, tileheight: int) -> frozenset[grid.Cell]:
    """The cells (of any board, negative rows and columns included) whose centre lies inside the polygon."""
    xs = [x for x, _ in points]
    ys = [y for _, y in points]
    rows = range(int(min(ys) // tileheight), int(max(ys) // tileheight) + 1)
    cols = range(int(min(xs) // tilewidth), int(max(xs) // tilewidth) + 1)
    return frozenset((r, c) for r in rows for c in cols
                     if _inside((c + 0.5) * tilewidth, (r + 0.5) * tileheight, points))
