"""KAKAPO mission maps (spec §9): Tiled data -> a validated `Mission`.

`tabletop.engine.tiled` reads the file into plain objects; this module recomputes every
bird's cells and coloured edges from the bird catalogue, checks the redundant data in the
file against them, then checks the mission rules V1–V6. A bird is a rectangle with `cells`
and `edges` (the first form), or a polygon of its real shape whose place says where it is
(`bird_shapes`; `cells` and `edges` optional), which Tiled draws as the bird it is. Any problem raises
`MissionFormatError`: one line naming the file, the object and the reason.

Shipped missions (`load_mission`) must also be named `<mode>_<nn>.tmx` after their
`mode` and `number`. Custom missions (`load_custom_mission_text`, docs/MISSIONS.md) may
have any file name; `number` and `min_pieces` are optional for them, and their id is
`custom:` plus a prefix of the SHA-256 of the file's bytes, so the same content always
gets the same id wherever the file lives.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path
from typing import Any

from tabletop.engine.tiled import TiledError, TiledMapData, TiledObject, read_tmx, read_tmx_text, self_contained_tmx
from tabletop.games.kakapo import grid, pieces
from tabletop.games.kakapo.bird_shapes import covered_cells, polygon_text
from tabletop.games.kakapo.birds import PlacedBird, place_bird, targets
from tabletop.games.kakapo.missions import MODES, Mission

_BIRD_RE = re.compile(r"^M(0[1-9]|1[0-5])$")
_PIECE_RE = re.compile(r"^[PRYGB][1-8]$")
_EDGE_RE = re.compile(r"^(\d+),(\d+),([NESW]),([PRYGB])$")
_CELL_RE = re.compile(r"^(-?\d+),(-?\d+)$")
MAP_VERSION = 1
CUSTOM_PREFIX = "custom:"
CUSTOM_HASH_CHARS = 16


class MissionFormatError(TiledError):
    """A mission file that cannot be used; the message names the file, the object and the rule."""


def _refuse(path: Path, key: str, reason: str, obj: TiledObject | None = None, **fields: Any) -> MissionFormatError:
    """The error for `reason` (English, for logs and records); `key` and `fields` name the same words in
    the catalogs ("kakapo.map_error.<key>"), so the mission screen says them in the player's language."""
    return MissionFormatError(path, reason, obj, key=key, fields=fields)


def custom_key(text: str) -> str:
    """The id of a custom mission: its content's hash, so a moved or renamed file keeps its id."""
    return CUSTOM_PREFIX + hashlib.sha256(text.encode("utf-8")).hexdigest()[:CUSTOM_HASH_CHARS]


def _parse_cells(path: Path, obj: TiledObject, text: Any) -> frozenset[grid.Cell]:
    if not isinstance(text, str) or not text:
        raise _refuse(path, "cells_missing", "property 'cells' is missing or empty", obj)
    matches = [_CELL_RE.match(part) for part in text.split(";")]
    if not all(matches):
        raise _refuse(path, "cells_syntax", f"property 'cells' is not 'r,c;r,c;…': {text!r}", obj, text=repr(text))
    cells = [(int(m[1]), int(m[2])) for m in matches if m]
    if list(cells) != sorted(cells) or len(set(cells)) != len(cells):
        raise _refuse(path, "cells_order", "property 'cells' must list distinct cells sorted by (r, c)", obj)
    return frozenset(cells)


def _check_box(path: Path, obj: TiledObject, cells: frozenset[grid.Cell], tw: int, th: int) -> None:
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    h = max(r for r, _ in cells) - top + 1
    w = max(c for _, c in cells) - left + 1
    want = (left * tw, top * th, w * tw, h * th)
    got = tuple(int(v) if float(v).is_integer() else v for v in obj.rect)
    if tuple(float(v) for v in got) != tuple(float(v) for v in want):
        raise _refuse(path, "box", f"bounding box (x, y, width, height) is {got}, the cells need {want}", obj,
                      got=str(got), want=str(want))
    if obj.rotation:
        raise _refuse(path, "rotation", "Tiled rotation must be 0 (use the 'rot' property)", obj)


def _int_prop(path: Path, props: dict[str, Any], name: str, obj: TiledObject | None = None) -> int:
    value = props.get(name)
    if value is None and obj is None:
        raise _refuse(path, "missing_map_property", f"missing map property {name!r}", name=repr(name))
    if value is None:
        raise _refuse(path, "missing_property", f"missing property {name!r}", obj, name=repr(name))
    if isinstance(value, bool) or not isinstance(value, int):
        raise _refuse(path, "not_int", f"property {name!r} must be an int, got {value!r}", obj, name=repr(name),
                      value=repr(value))
    return value


def _check_on_board(path: Path, obj: TiledObject, cells: frozenset[grid.Cell]) -> None:
    for r, c in sorted(cells):
        if not grid.on_board(r, c):
            raise _refuse(path, "off_board", f"V1: cell ({r},{c}) is off the board", obj, r=r, c=c)


def _check_edges(path: Path, obj: TiledObject, bird: PlacedBird, edges_text: Any) -> None:
    want_edges = ";".join(f"{r},{c},{d},{k}" for (r, c, d), k in bird.sorted_edges())
    if not isinstance(edges_text, str) or edges_text != want_edges:
        for part in (edges_text.split(";") if isinstance(edges_text, str) and edges_text else []):
            if not _EDGE_RE.match(part):
                raise _refuse(path, "edge_syntax", f"property 'edges' has a malformed entry {part!r}", obj,
                              entry=repr(part))
        raise _refuse(path, "edges_mismatch", f"edges mismatch: {bird.id} r{bird.rot} needs {want_edges!r}, "
                      f"the file says {edges_text!r}", obj, bird=bird.id, rot=bird.rot, want=repr(want_edges),
                      got=repr(edges_text))


def _check_cells(path: Path, obj: TiledObject, bird: PlacedBird, cells: frozenset[grid.Cell]) -> None:
    if bird.cells != cells:
        want = grid.format_cells(bird.cells)
        raise _refuse(path, "cells_mismatch", f"cells mismatch: {bird.id} r{bird.rot} at ({bird.top},{bird.left}) "
                      f"covers {want}", obj, bird=bird.id, rot=bird.rot, top=bird.top, left=bird.left, want=want)


def _polygon_bird(path: Path, obj: TiledObject, bird_id: str, rot: int, tw: int, th: int) -> PlacedBird:
    """A bird drawn as its shape: its place is where the polygon lies; `cells` and `edges` are optional."""
    if obj.rotation:
        raise _refuse(path, "rotation", "Tiled rotation must be 0 (use the 'rot' property)", obj)
    left_px = min(x for x, _ in obj.points)
    top_px = min(y for _, y in obj.points)
    if left_px % tw or top_px % th:
        raise _refuse(path, "polygon_grid", f"the polygon's top-left corner ({left_px:g}, {top_px:g}) is not on a "
                      f"tile corner; snap it to the grid", obj, x=f"{left_px:g}", y=f"{top_px:g}")
    covered = covered_cells(obj.points, tw, th)
    _check_on_board(path, obj, covered)
    bird = place_bird(bird_id, int(top_px // th), int(left_px // tw), rot)
    if covered != bird.cells:
        want = polygon_text(bird.cells, tw, th)
        raise _refuse(path, "polygon_shape", f"the polygon is not the shape of {bird_id} r{rot}: its points from "
                      f"the top-left corner should be {want!r} (or use the bird's template)", obj, bird=bird_id,
                      rot=rot, want=repr(want))
    if obj.properties.get("cells"):
        _check_cells(path, obj, bird, _parse_cells(path, obj, obj.properties["cells"]))
    if obj.properties.get("edges") is not None:
        _check_edges(path, obj, bird, obj.properties["edges"])
    return bird


def _read_bird(path: Path, obj: TiledObject, tw: int, th: int) -> PlacedBird:
    props = obj.properties
    bird_id = props.get("piece")
    if not isinstance(bird_id, str) or not _BIRD_RE.match(bird_id):
        raise _refuse(path, "bird_id", f"property 'piece' must be a bird id M01–M15, got {bird_id!r}", obj,
                      value=repr(bird_id))
    rot = _int_prop(path, props, "rot", obj)
    if rot not in (0, 90, 180, 270):
        raise _refuse(path, "rot", f"property 'rot' must be 0, 90, 180 or 270, got {rot}", obj, rot=rot)
    if obj.points:
        return _polygon_bird(path, obj, bird_id, rot, tw, th)
    cells = _parse_cells(path, obj, props.get("cells"))
    _check_on_board(path, obj, cells)
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    bird = place_bird(bird_id, top, left, rot)
    _check_cells(path, obj, bird, cells)
    _check_edges(path, obj, bird, props.get("edges") or "")
    _check_box(path, obj, cells, tw, th)
    return bird


def _read_witness(path: Path, obj: TiledObject, tw: int, th: int) -> tuple[str, frozenset[grid.Cell]]:
    piece = obj.properties.get("piece")
    if not isinstance(piece, str) or not _PIECE_RE.match(piece):
        raise _refuse(path, "piece_id", f"property 'piece' must be a scanner piece id like G7, got {piece!r}", obj,
                      value=repr(piece))
    cells = _parse_cells(path, obj, obj.properties.get("cells"))
    if any(not grid.on_board(r, c) for r, c in cells):
        raise _refuse(path, "witness_off_board", "solution piece leaves the board", obj)
    if pieces.placement_of_cells(pieces.parse_card(piece), cells) is None:
        raise _refuse(path, "witness_shape", f"cells are not an orientation of piece {piece}", obj, piece=piece)
    _check_box(path, obj, cells, tw, th)
    return piece, cells


def _read_birds(path: Path, objects: tuple[TiledObject, ...], tw: int, th: int) -> list[PlacedBird]:
    birds: list[PlacedBird] = []
    seen: dict[str, TiledObject] = {}
    taken: dict[grid.Cell, TiledObject] = {}
    for obj in objects:
        if obj.kind != "mission_piece":
            raise _refuse(path, "mission_kind",
                          f"layer 'mission' may hold only mission_piece objects, not {obj.kind!r}",
                          obj, kind=repr(obj.kind))
        bird = _read_bird(path, obj, tw, th)
        if bird.id in seen:
            raise _refuse(path, "bird_twice", f"V2: bird {bird.id} appears twice (also object {seen[bird.id].id})", obj,
                          bird=bird.id, other=seen[bird.id].id)
        seen[bird.id] = obj
        for cell in bird.cells:
            if cell in taken:
                raise _refuse(path, "overlap", f"V1: overlaps object {taken[cell].id} at {grid.cell_name(*cell)}", obj,
                              other=taken[cell].id, cell=grid.cell_name(*cell))
        for r, c in bird.cells:
            for dr, dc in grid.DELTA.values():
                other = taken.get((r + dr, c + dc))
                if other is not None:
                    near = grid.cell_name(r + dr, c + dc)
                    raise _refuse(path, "touches", f"V3: touches the bird of object {other.id} at {near}", obj,
                                  other=other.id, cell=near)
        for cell in bird.cells:
            taken[cell] = obj
        t = targets(bird)
        if t.frame_colours:
            r, c, d = t.frame_colours[0]
            raise _refuse(path, "frame_edge", f"V4: coloured edge {r},{c},{d} lies on the board frame", obj,
                          r=r, c=c, d=d)
        if t.conflicts:
            (r, c), k1, k2 = t.conflicts[0]
            raise _refuse(path, "target_conflict", f"V5: target cell {grid.cell_name(r, c)} demands both {k1} and {k2}",
                          obj, cell=grid.cell_name(r, c), k1=k1, k2=k2)
        birds.append(bird)
    return birds


def _numbering(path: Path, props: dict[str, Any], mode: str, custom_id: str) -> tuple[int, int]:
    """(number, min_pieces): a shipped mission states both and is named after its mode and number; a custom one
    may leave them out (0)."""
    if custom_id:
        number = _int_prop(path, props, "number") if "number" in props else 0
        min_pieces = _int_prop(path, props, "min_pieces") if "min_pieces" in props else 0
        return number, min_pieces
    number = _int_prop(path, props, "number")
    if not 1 <= number <= 20:
        raise _refuse(path, "number", f"map property 'number' must be 1–20, got {number}", number=number)
    if path.stem != f"{mode}_{number:02d}":
        raise _refuse(path, "file_name", f"file name does not match mode {mode!r} and number {number}",
                      mode=repr(mode), number=number)
    return number, _int_prop(path, props, "min_pieces")


def mission_from_tiled(tm: TiledMapData, custom_id: str = "") -> Mission:
    """Validate a read map; `custom_id` set = a custom mission (free file name, optional number/min_pieces)."""
    path = tm.path
    if tm.orientation != "orthogonal" or (tm.width, tm.height) != (grid.SIZE, grid.SIZE):
        raise _refuse(path, "map_shape", f"map must be orthogonal 12×12, is {tm.orientation} {tm.width}×{tm.height}",
                      orientation=tm.orientation, width=tm.width, height=tm.height)
    props = tm.properties
    if props.get("game") != "kakapo":
        raise _refuse(path, "game", f"map property 'game' must be 'kakapo', got {props.get('game')!r}",
                      value=repr(props.get("game")))
    if _int_prop(path, props, "map_version") != MAP_VERSION:
        raise _refuse(path, "map_version", f"map_version {props.get('map_version')} is not supported",
                      version=props.get("map_version"))
    mode = props.get("mode")
    if mode not in MODES:
        raise _refuse(path, "mode", f"map property 'mode' must be buddy or party, got {mode!r}", value=repr(mode))
    number, min_pieces = _numbering(path, props, mode, custom_id)
    title = props.get("title")
    if not isinstance(title, str) or not title.strip():
        raise _refuse(path, "title", "map property 'title' is missing")
    title_ja = props.get("title_ja") or ""
    if not isinstance(title_ja, str):
        raise _refuse(path, "title_ja", f"map property 'title_ja' must be text, got {title_ja!r}", value=repr(title_ja))
    required = _int_prop(path, props, "required")
    tw, th = tm.tilewidth, tm.tileheight
    if tw <= 0 or th <= 0:
        raise _refuse(path, "tile_size", f"tile size must be positive, is {tw}×{th}", width=tw, height=th)

    layer = tm.layer("mission")
    if layer is None:
        raise _refuse(path, "no_mission_layer", "object layer 'mission' is missing")
    birds = _read_birds(path, layer, tw, th)
    if not birds:
        raise _refuse(path, "no_bird", "layer 'mission' holds no bird")
    if not 1 <= required <= len(birds):
        raise _refuse(path, "required", f"V6: required is {required}, must be 1–{len(birds)}", required=required,
                      birds=len(birds))

    witness: list[tuple[str, frozenset[grid.Cell]]] = []
    for obj in tm.layer("solution") or ():
        if obj.kind != "scanner_placement":
            raise _refuse(path, "solution_kind", f"layer 'solution' may hold only scanner_placement objects, "
                          f"not {obj.kind!r}", obj, kind=repr(obj.kind))
        witness.append(_read_witness(path, obj, tw, th))
    return Mission(mode, number, title.strip(), required, min_pieces, tuple(birds), tuple(witness), custom_id,
                   title_ja.strip())


def load_mission(path: Path | str) -> Mission:
    """Read and validate one shipped mission map (spec §9.5)."""
    try:
        tm = read_tmx(path)
    except TiledError as exc:
        raise MissionFormatError(exc.path, exc.reason, key=exc.key, fields=exc.fields) from None
    return mission_from_tiled(tm)


def load_custom_mission_text(text: str, path: Path | str) -> Mission:
    """A custom mission from the text of its file; `path` names it in errors."""
    try:
        tm = read_tmx_text(text, path)
    except TiledError as exc:
        raise MissionFormatError(exc.path, exc.reason, key=exc.key, fields=exc.fields) from None
    return mission_from_tiled(tm, custom_key(text))


def read_custom_file(path: Path | str) -> str:
    """A custom mission file's text with the tilesets and templates it names folded in, as TMX (a TMX file that
    names none: its exact text, no newline translation, so its hash is the file's)."""
    path = Path(path)
    try:
        text = path.read_bytes().decode("utf-8")
    except FileNotFoundError:
        raise _refuse(path, "file_not_found", "file not found") from None
    except UnicodeDecodeError:
        raise _refuse(path, "not_text", "not a text file (UTF-8 expected)") from None
    except OSError as exc:
        raise _refuse(path, "unreadable_file", f"cannot be read: {exc.strerror or exc}",
                      error=str(exc.strerror or exc)) from None
    try:
        return self_contained_tmx(text, path)
    except TiledError as exc:
        raise MissionFormatError(exc.path, exc.reason, key=exc.key, fields=exc.fields) from None


def load_custom_mission(path: Path | str) -> Mission:
    """Read and validate a player's mission file."""
    return load_custom_mission_text(read_custom_file(path), path)
