"""Loader for KAKAPO mission maps (spec §9): Tiled TMX -> validated `Mission` data.

Reads the map with `pytmx.TiledMap` (no images, no pygame), recomputes every bird's
cells and coloured edges from the bird catalogue and checks the redundant data in the
file against them, then checks the mission rules V1–V6. Any problem raises
`MissionFormatError` naming the file, the object and the reason.

Note: the bird catalogue lives in the game package (`tabletop.games.kakapo.birds`), so
this engine module depends on that pure-data module.
"""

from __future__ import annotations

import logging
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from tabletop.games.kakapo import grid, pieces
from tabletop.games.kakapo.birds import PlacedBird, place_bird, targets
from tabletop.games.kakapo.missions import MODES, Mission

_BIRD_RE = re.compile(r"^M(0[1-9]|1[0-5])$")
_PIECE_RE = re.compile(r"^[PRYGB][1-8]$")
_EDGE_RE = re.compile(r"^(\d+),(\d+),([NESW]),([PRYGB])$")
MAP_VERSION = 1


class MissionFormatError(ValueError):
    """A mission file that cannot be used; the message names the file, the object and the rule."""

    def __init__(self, path: Path, reason: str, obj: Any = None) -> None:
        where = ""
        if obj is not None:
            where = f"object {getattr(obj, 'id', '?')} ({getattr(obj, 'name', None) or 'unnamed'}): "
        super().__init__(f"{path}: {where}{reason}")
        self.path = path
        self.reason = reason
        self.object_id = getattr(obj, "id", None) if obj is not None else None


def _kind(obj: Any) -> str | None:
    kind = obj.properties.get("kind")
    if kind:
        return str(kind)
    return obj.type or getattr(obj, "class", None)


def _parse_cells(path: Path, obj: Any, text: Any) -> frozenset[grid.Cell]:
    if not isinstance(text, str) or not text:
        raise MissionFormatError(path, "property 'cells' is missing or empty", obj)
    try:
        cells = grid.parse_cells(text)
    except ValueError:
        raise MissionFormatError(path, f"property 'cells' is not 'r,c;r,c;…': {text!r}", obj) from None
    if list(cells) != sorted(cells) or len(set(cells)) != len(cells):
        raise MissionFormatError(path, "property 'cells' must list distinct cells sorted by (r, c)", obj)
    return frozenset(cells)


def _check_box(path: Path, obj: Any, cells: frozenset[grid.Cell], tw: int, th: int) -> None:
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    h = max(r for r, _ in cells) - top + 1
    w = max(c for _, c in cells) - left + 1
    want = (left * tw, top * th, w * tw, h * th)
    got = (obj.x, obj.y, obj.width, obj.height)
    if tuple(float(v) for v in got) != tuple(float(v) for v in want):
        raise MissionFormatError(path, f"bounding box (x, y, width, height) is {got}, the cells need {want}", obj)
    if getattr(obj, "rotation", 0) not in (0, None):
        raise MissionFormatError(path, "Tiled rotation must be 0 (use the 'rot' property)", obj)


def _int_prop(path: Path, props: dict[str, Any], name: str, obj: Any = None) -> int:
    value = props.get(name)
    if isinstance(value, bool) or not isinstance(value, int):
        raise MissionFormatError(path, f"property {name!r} must be an int, got {value!r}", obj)
    return value


def _read_bird(path: Path, obj: Any, tw: int, th: int) -> PlacedBird:
    props = obj.properties
    bird_id = props.get("piece")
    if not isinstance(bird_id, str) or not _BIRD_RE.match(bird_id):
        raise MissionFormatError(path, f"property 'piece' must be a bird id M01–M15, got {bird_id!r}", obj)
    rot = _int_prop(path, props, "rot", obj)
    if rot not in (0, 90, 180, 270):
        raise MissionFormatError(path, f"property 'rot' must be 0, 90, 180 or 270, got {rot}", obj)
    cells = _parse_cells(path, obj, props.get("cells"))
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    bird = place_bird(bird_id, top, left, rot)
    if bird.cells != cells:
        want = grid.format_cells(bird.cells)
        raise MissionFormatError(path, f"cells mismatch: {bird_id} r{rot} at ({top},{left}) covers {want}", obj)
    edges_text = props.get("edges") or ""
    want_edges = ";".join(f"{r},{c},{d},{k}" for (r, c, d), k in bird.sorted_edges())
    if not isinstance(edges_text, str) or edges_text != want_edges:
        for part in (edges_text.split(";") if isinstance(edges_text, str) and edges_text else []):
            if not _EDGE_RE.match(part):
                raise MissionFormatError(path, f"property 'edges' has a malformed entry {part!r}", obj)
        raise MissionFormatError(path, f"edges mismatch: {bird_id} r{rot} needs {want_edges!r}, "
                                       f"the file says {edges_text!r}", obj)
    _check_box(path, obj, cells, tw, th)
    for r, c in cells:
        if not grid.on_board(r, c):
            raise MissionFormatError(path, f"V1: cell ({r},{c}) is off the board", obj)
    return bird


def _read_witness(path: Path, obj: Any, tw: int, th: int) -> tuple[str, frozenset[grid.Cell]]:
    piece = obj.properties.get("piece")
    if not isinstance(piece, str) or not _PIECE_RE.match(piece):
        raise MissionFormatError(path, f"property 'piece' must be a scanner piece id like G7, got {piece!r}", obj)
    cells = _parse_cells(path, obj, obj.properties.get("cells"))
    if any(not grid.on_board(r, c) for r, c in cells):
        raise MissionFormatError(path, "solution piece leaves the board", obj)
    if pieces.placement_of_cells(pieces.parse_card(piece), cells) is None:
        raise MissionFormatError(path, f"cells are not an orientation of piece {piece}", obj)
    _check_box(path, obj, cells, tw, th)
    return piece, cells


def _layer(tm: Any, name: str) -> Any | None:
    for layer in tm.objectgroups:
        if layer.name == name:
            return layer
    return None


def _pytmx() -> ModuleType:
    """Import pytmx without letting it pull in pygame.

    pytmx's package __init__ imports its pygame helpers whenever pygame is installed;
    the engine stays headless, so pygame is masked during that first import (the UI
    can still import `pytmx.util_pygame` later).
    """
    if "pytmx" in sys.modules or "pygame" in sys.modules:
        import pytmx

        return pytmx
    sys.modules["pygame"] = None  # type: ignore[assignment]  # makes `import pygame` fail fast
    quiet = logging.getLogger("pytmx.util_pygame")
    was_disabled, quiet.disabled = quiet.disabled, True  # it logs an error when pygame is missing
    try:
        import pytmx
    finally:
        del sys.modules["pygame"]
        quiet.disabled = was_disabled
    return pytmx


def load_mission(path: Path | str) -> Mission:
    """Read and validate one mission map (spec §9.5)."""
    path = Path(path)
    pytmx = _pytmx()
    try:
        tm = pytmx.TiledMap(str(path))
    except FileNotFoundError:
        raise MissionFormatError(path, "file not found") from None
    except Exception as exc:  # pytmx raises ValueError (reserved names), ParseError, KeyError …
        raise MissionFormatError(path, f"not a readable Tiled map: {type(exc).__name__}: {exc}") from None
    if tm.orientation != "orthogonal" or (tm.width, tm.height) != (grid.SIZE, grid.SIZE):
        raise MissionFormatError(path, f"map must be orthogonal 12×12, is {tm.orientation} {tm.width}×{tm.height}")
    props = tm.properties
    if props.get("game") != "kakapo":
        raise MissionFormatError(path, f"map property 'game' must be 'kakapo', got {props.get('game')!r}")
    if _int_prop(path, props, "map_version") != MAP_VERSION:
        raise MissionFormatError(path, f"map_version {props.get('map_version')} is not supported")
    mode = props.get("mode")
    if mode not in MODES:
        raise MissionFormatError(path, f"map property 'mode' must be buddy or party, got {mode!r}")
    number = _int_prop(path, props, "number")
    if not 1 <= number <= 20:
        raise MissionFormatError(path, f"map property 'number' must be 1–20, got {number}")
    if path.stem != f"{mode}_{number:02d}":
        raise MissionFormatError(path, f"file name does not match mode {mode!r} and number {number}")
    title = props.get("title")
    if not isinstance(title, str) or not title:
        raise MissionFormatError(path, "map property 'title' is missing")
    required = _int_prop(path, props, "required")
    min_pieces = _int_prop(path, props, "min_pieces")
    tw, th = int(tm.tilewidth), int(tm.tileheight)

    layer = _layer(tm, "mission")
    if layer is None:
        raise MissionFormatError(path, "object layer 'mission' is missing")
    birds: list[PlacedBird] = []
    seen: dict[str, Any] = {}
    taken: dict[grid.Cell, Any] = {}
    for obj in layer:
        if _kind(obj) != "mission_piece":
            raise MissionFormatError(path, f"layer 'mission' may hold only mission_piece objects, not {_kind(obj)!r}",
                                     obj)
        bird = _read_bird(path, obj, tw, th)
        if bird.id in seen:
            raise MissionFormatError(path, f"V2: bird {bird.id} appears twice (also object {seen[bird.id].id})", obj)
        seen[bird.id] = obj
        for cell in bird.cells:
            if cell in taken:
                raise MissionFormatError(path, f"V1: overlaps object {taken[cell].id} at {grid.cell_name(*cell)}", obj)
        for r, c in bird.cells:
            for dr, dc in grid.DELTA.values():
                other = taken.get((r + dr, c + dc))
                if other is not None:
                    raise MissionFormatError(
                        path, f"V3: touches the bird of object {other.id} at {grid.cell_name(r + dr, c + dc)}", obj)
        for cell in bird.cells:
            taken[cell] = obj
        t = targets(bird)
        if t.frame_colours:
            r, c, d = t.frame_colours[0]
            raise MissionFormatError(path, f"V4: coloured edge {r},{c},{d} lies on the board frame", obj)
        if t.conflicts:
            (r, c), k1, k2 = t.conflicts[0]
            raise MissionFormatError(path, f"V5: target cell {grid.cell_name(r, c)} demands both {k1} and {k2}", obj)
        birds.append(bird)
    if not birds:
        raise MissionFormatError(path, "layer 'mission' holds no bird")
    if not 1 <= required <= len(birds):
        raise MissionFormatError(path, f"V6: required is {required}, must be 1–{len(birds)}")

    witness: list[tuple[str, frozenset[grid.Cell]]] = []
    sol = _layer(tm, "solution")
    if sol is not None:
        for obj in sol:
            if _kind(obj) != "scanner_placement":
                raise MissionFormatError(path, f"layer 'solution' may hold only scanner_placement objects, "
                                               f"not {_kind(obj)!r}", obj)
            witness.append(_read_witness(path, obj, tw, th))
    return Mission(mode, number, title, required, min_pieces, tuple(birds), tuple(witness))

