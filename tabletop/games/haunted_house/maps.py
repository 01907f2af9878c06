"""Load and validate the Haunted House Tiled map (docs/rules/haunted_house.md, §3.6–3.7).

The movement graph comes ONLY from the object layers `spaces` and `doors` (HH-D21);
tile layers are art. `tabletop.engine.tiled` reads the file into plain objects (no
images, no pygame); this module checks them against the game's rules. A broken map is
refused with a `MapError` naming the file, the object and the problem.

The result is plain data (`HouseMap`): spaces in canonical order (OUT, rooms A..L,
corridor squares by number — the order movement uses to pick canonical paths), their
grid and pixel rectangles, the links (corridor adjacencies and doors with colours) and
the optional UI anchors.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from tabletop.engine.tiled import TiledError, TiledMapData, TiledObject, read_tmx

ROOM_NAMES = tuple("ABCDEFGHIJKL")
COLOURS = ("none", "blue", "green")
KINDS = ("room", "corridor", "outside")
JEWEL_ROOMS_REQUIRED = 8
START_GHOSTS_REQUIRED = 4

# The sourced topology (§3.2): the shipped map must reproduce it exactly.
CANONICAL_CORRIDOR_LINKS = (
    "P1-P2 P2-P3 P3-P4 P4-P5 P5-P6 P6-P7 P7-P8 P8-P9 P3-P10 P10-P11 P11-P12 P12-P13 P13-P16 "
    "P16-P15 P15-P14 P16-P17 P17-P18 P18-P19 P19-P20 P20-P21 P21-P22 P22-P23"
)
CANONICAL_DOORS = (
    "OUT-P1:none P2-J:blue P2-L:green P5-I:blue P8-H:green P9-K:blue P12-F:blue P13-G:green P18-F:green "
    "P19-B:blue P22-A:green P22-E:blue P15-C:green P14-D:blue A-B:none B-C:none C-D:none E-F:none F-I:none "
    "I-H:none H-E:none G-J:none K-L:none"
)


class MapError(TiledError):
    """A map the game cannot use; the message names the file, the object and the problem."""


@dataclass(frozen=True)
class Space:
    name: str
    kind: str  # "room" | "corridor" | "outside"
    cells: tuple[int, int, int, int]  # col, row, width, height in grid cells
    rect_px: tuple[float, float, float, float]  # x, y, width, height in map pixels
    jewel: bool = False
    ghosts: int = 0

    @property
    def centre_px(self) -> tuple[float, float]:
        x, y, w, h = self.rect_px
        return (x + w / 2, y + h / 2)

    def cell_set(self) -> set[tuple[int, int]]:
        c, r, w, h = self.cells
        return {(c + i, r + j) for i in range(w) for j in range(h)}


@dataclass(frozen=True)
class Link:
    a: str
    b: str
    colour: str  # "none" | "blue" | "green"
    via: str  # "corridor" (implicit adjacency) or "door"
    name: str = ""  # door object name
    rect_px: tuple[float, float, float, float] | None = None  # door rectangle

    def key(self) -> frozenset[str]:
        return frozenset((self.a, self.b))


@dataclass(frozen=True)
class HouseMap:
    path: str
    tile_size: int
    cols: int
    rows: int
    spaces: tuple[Space, ...]  # canonical order: OUT, rooms A..L, corridor squares by number
    links: tuple[Link, ...]
    anchors: dict[str, tuple[float, float]] = field(default_factory=dict)
    warnings: tuple[str, ...] = ()

    def space(self, name: str) -> Space:
        for s in self.spaces:
            if s.name == name:
                return s
        raise KeyError(name)

    def index(self) -> dict[str, int]:
        return {s.name: i for i, s in enumerate(self.spaces)}

    def neighbours(self, name: str) -> list[tuple[str, str]]:
        """(neighbour, colour) pairs in canonical order."""
        order = self.index()
        out = [(lk.b if lk.a == name else lk.a, lk.colour) for lk in self.links if name in (lk.a, lk.b)]
        return sorted(out, key=lambda nc: order[nc[0]])

    def edge_set(self) -> set[tuple[frozenset[str], str]]:
        return {(lk.key(), lk.colour) for lk in self.links}


def canonical_edge_set() -> set[tuple[frozenset[str], str]]:
    edges = {(frozenset(p.split("-")), "none") for p in CANONICAL_CORRIDOR_LINKS.split()}
    for item in CANONICAL_DOORS.split():
        pair, colour = item.split(":")
        edges.add((frozenset(pair.split("-")), colour))
    return edges


def space_sort_key(name: str) -> tuple[int, int, str]:
    if name == "OUT":
        return (0, 0, name)
    m = re.fullmatch(r"P(\d+)", name)
    if m:
        return (2, int(m.group(1)), name)
    return (1, 0, name)


def _layer(tmx: TiledMapData, name: str, where: str, optional: bool = False) -> list[TiledObject]:
    objects = tmx.layer(name)
    if objects is not None:
        return list(objects)
    if name in tmx.other_layers:
        raise MapError(where, f"layer {name!r} must be an object layer")
    if optional:
        return []
    raise MapError(where, f"has no object layer {name!r}")


def _cells(obj: TiledObject, tile: int, where: str) -> tuple[int, int, int, int]:
    vals = (obj.x, obj.y, obj.width, obj.height)
    cells = []
    for v in vals:
        q = float(v) / tile
        if abs(q - round(q)) > 1e-9:
            raise MapError(where, f"object {obj.name!r} in layer 'spaces' is not aligned to the grid "
                           f"(x={obj.x}, y={obj.y}, width={obj.width}, height={obj.height}; tile {tile})")
        cells.append(int(round(q)))
    if cells[2] <= 0 or cells[3] <= 0:
        raise MapError(where, f"object {obj.name!r} in layer 'spaces' has no area")
    return (cells[0], cells[1], cells[2], cells[3])


def _room_contents(obj: TiledObject, name: str, where: str) -> tuple[bool, int]:
    """A room object's (jewel, ghosts), checked; its name too."""
    for prop in ("jewel", "ghosts"):
        if prop not in obj.properties:
            raise MapError(where, f"object {name!r} in layer 'spaces' is missing property {prop!r}")
    jewel = obj.properties["jewel"]
    ghosts = obj.properties["ghosts"]
    if not isinstance(jewel, bool):
        raise MapError(where, f"object {name!r}: property 'jewel' must be a bool, not {jewel!r}")
    if not isinstance(ghosts, int) or isinstance(ghosts, bool) or not 0 <= ghosts <= 2:
        raise MapError(where, f"object {name!r}: property 'ghosts' must be an int 0..2, not {ghosts!r}")
    if name not in ROOM_NAMES:
        raise MapError(where, f"object {name!r} in layer 'spaces': rooms must be named A..L")
    return jewel, ghosts


def _read_spaces(objs: Iterable[TiledObject], tile: int, where: str) -> list[Space]:
    spaces: list[Space] = []
    seen: set[str] = set()
    for obj in objs:
        name = obj.name
        if not name:
            raise MapError(where, f"object id {obj.id} in layer 'spaces' has no name")
        kind = obj.kind
        if kind is None:
            raise MapError(where, f"object {name!r} in layer 'spaces' is missing property 'kind'")
        if kind not in KINDS:
            raise MapError(where, f"object {name!r} in layer 'spaces' has unknown kind {kind!r} "
                           f"(expected room, corridor or outside)")
        if name in seen:
            raise MapError(where, f"object {name!r} in layer 'spaces' is a duplicate name")
        seen.add(name)
        cells = _cells(obj, tile, where)
        jewel, ghosts = False, 0
        if kind == "room":
            jewel, ghosts = _room_contents(obj, name, where)
        elif kind == "corridor":
            if not re.fullmatch(r"P[1-9]\d*", name):
                raise MapError(where, f"object {name!r} in layer 'spaces': corridor squares are named P<number>")
            if cells[2:] != (1, 1):
                raise MapError(where, f"object {name!r} in layer 'spaces': a corridor square is one cell")
        elif name != "OUT":
            raise MapError(where, f"object {name!r} in layer 'spaces': the outside must be named 'OUT'")
        spaces.append(Space(name, kind, cells, (float(obj.x), float(obj.y), float(obj.width), float(obj.height)),
                            jewel, ghosts))
    return spaces


def _check_spaces(spaces: list[Space], where: str) -> None:
    rooms = sorted(s.name for s in spaces if s.kind == "room")
    missing = [r for r in ROOM_NAMES if r not in rooms]
    if missing:
        raise MapError(where, f"layer 'spaces' lacks room object(s) {', '.join(missing)} (need exactly A..L)")
    if not any(s.kind == "outside" for s in spaces):
        raise MapError(where, "layer 'spaces' has no 'outside' object named 'OUT'")
    if not any(s.kind == "corridor" for s in spaces):
        raise MapError(where, "layer 'spaces' has no corridor squares")
    owner: dict[tuple[int, int], str] = {}
    for s in spaces:
        for cell in s.cell_set():
            if cell in owner:
                raise MapError(where, f"object {s.name!r} in layer 'spaces' overlaps object {owner[cell]!r} "
                               f"at cell {cell}")
            owner[cell] = s.name
    jewels = sum(s.jewel for s in spaces)
    if jewels != JEWEL_ROOMS_REQUIRED:
        raise MapError(where, f"layer 'spaces': {jewels} rooms have jewel=true; exactly "
                       f"{JEWEL_ROOMS_REQUIRED} are required")
    ghosts = sum(s.ghosts for s in spaces)
    if ghosts != START_GHOSTS_REQUIRED:
        raise MapError(where, f"layer 'spaces': starting ghosts total {ghosts}; exactly "
                       f"{START_GHOSTS_REQUIRED} are required")


def _corridor_links(spaces: list[Space]) -> list[Link]:
    at = {(s.cells[0], s.cells[1]): s.name for s in spaces if s.kind == "corridor"}
    links = []
    for (c, r), name in sorted(at.items()):
        for other in ((c + 1, r), (c, r + 1)):
            if other in at:
                links.append(Link(name, at[other], "none", "corridor"))
    return links


def _touches(rect: tuple[float, float, float, float], space: Space) -> bool:
    x, y, w, h = rect
    sx, sy, sw, sh = space.rect_px
    return x <= sx + sw and sx <= x + w and y <= sy + sh and sy <= y + h


def _read_doors(objs: Iterable[TiledObject], by_name: dict[str, Space], existing: list[Link], where: str,
                warnings: list[str]) -> list[Link]:
    pairs = {lk.key(): lk for lk in existing}
    doors: list[Link] = []
    for obj in objs:
        name = obj.name or f"id {obj.id}"
        kind = obj.kind
        if kind is None:
            raise MapError(where, f"object {name!r} in layer 'doors' is missing property 'kind'")
        if kind != "door":
            raise MapError(where, f"object {name!r} in layer 'doors' has kind {kind!r} (expected 'door')")
        for prop in ("a", "b", "colour"):
            if prop not in obj.properties:
                raise MapError(where, f"object {name!r} in layer 'doors' is missing property {prop!r}")
        a, b, colour = str(obj.properties["a"]), str(obj.properties["b"]), str(obj.properties["colour"])
        for end in (a, b):
            if end not in by_name:
                raise MapError(where, f"object {name!r} in layer 'doors' names unknown space {end!r}")
        if a == b:
            raise MapError(where, f"object {name!r} in layer 'doors' connects {a!r} to itself")
        if colour not in COLOURS:
            raise MapError(where, f"object {name!r} in layer 'doors' has colour {colour!r} "
                           f"(expected none, blue or green)")
        key = frozenset((a, b))
        if key in pairs:
            what = "a corridor link" if pairs[key].via == "corridor" else f"door {pairs[key].name!r}"
            raise MapError(where, f"object {name!r} in layer 'doors' duplicates {what} between {a} and {b}")
        if colour != "none" and {by_name[a].kind, by_name[b].kind} != {"corridor", "room"}:
            raise MapError(where, f"object {name!r} in layer 'doors' is {colour} but does not connect a "
                           f"corridor square to a room")
        rect = (float(obj.x), float(obj.y), float(obj.width), float(obj.height))
        for end in (a, b):
            if not _touches(rect, by_name[end]):
                warnings.append(f"{where}: door {name!r} does not touch space {end!r}")
        link = Link(a, b, colour, "door", name, rect)
        pairs[key] = link
        doors.append(link)
    return doors


def _check_connected(names: list[str], links: list[Link], where: str) -> None:
    adj: dict[str, list[str]] = {n: [] for n in names}
    for lk in links:
        adj[lk.a].append(lk.b)
        adj[lk.b].append(lk.a)
    seen = {"OUT"}
    stack = ["OUT"]
    while stack:
        for w in adj[stack.pop()]:
            if w not in seen:
                seen.add(w)
                stack.append(w)
    cut = sorted(set(names) - seen, key=space_sort_key)
    if cut:
        raise MapError(where, f"the graph is disconnected: object(s) {', '.join(repr(c) for c in cut)} "
                       f"cannot be reached from 'OUT'")


def load_house_map(path: str | Path, canonical: bool = False) -> HouseMap:
    """Read a Haunted House map; `canonical=True` also demands the sourced §3.2 topology."""
    path = Path(path)
    where = str(path)
    try:
        tmx = read_tmx(path)
    except TiledError as exc:
        raise MapError(exc.path, exc.reason) from None
    tile = int(tmx.tilewidth)
    if tile <= 0 or tmx.tilewidth != tmx.tileheight:
        raise MapError(where, f"tiles must be square (tilewidth {tmx.tilewidth}, tileheight {tmx.tileheight})")
    spaces = _read_spaces(_layer(tmx, "spaces", where), tile, where)
    _check_spaces(spaces, where)
    spaces.sort(key=lambda s: space_sort_key(s.name))
    by_name = {s.name: s for s in spaces}
    links = _corridor_links(spaces)
    warnings: list[str] = []
    links += _read_doors(_layer(tmx, "doors", where), by_name, links, where, warnings)
    _check_connected([s.name for s in spaces], links, where)
    anchors = {str(o.name): (float(o.x), float(o.y)) for o in _layer(tmx, "anchors", where, optional=True) if o.name}
    house = HouseMap(where, tile, int(tmx.width), int(tmx.height), tuple(spaces), tuple(links), anchors,
                     tuple(warnings))
    if canonical:
        got, want = house.edge_set(), canonical_edge_set()
        if got != want:
            def show(edges: set[tuple[frozenset[str], str]]) -> str:
                return ", ".join(sorted("-".join(sorted(k, key=space_sort_key)) + f":{c}" for k, c in edges))
            raise MapError(where, f"the edges differ from the rules' house (§3.2): missing "
                           f"[{show(want - got)}], unexpected [{show(got - want)}]")
    return house
