"""Draw the Haunted House tileset and write maps/haunted_house.tmx (spec §3.4–3.6).

Run from the repository root:  python tools/make_haunted_house_map.py

The board data below is the spec's machine-readable board (§3.8). The script writes
  maps/haunted_house_tiles.png  the tileset (floor tiles, room letters, wall/door overlays)
  maps/haunted_house.tmx        the map with an embedded tileset, tile layers `floor` and
                                `walls` (art only) and object layers `spaces`, `doors`,
                                `anchors` (logic + UI anchors).
Wall tiles are generated per combination of cell sides actually used (each cell draws its
half of every wall or door on its border), so one tile layer holds walls and doors.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from xml.sax.saxutils import quoteattr

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
import pygame  # noqa: E402

T = 64
COLS = ROWS = 11
ROOMS: dict[str, tuple[tuple[int, int, int, int], bool, int]] = {
    "A": ((0, 0, 2, 2), True, 0), "B": ((2, 0, 3, 2), False, 0), "C": ((5, 0, 4, 2), True, 1),
    "D": ((9, 0, 2, 2), True, 0), "E": ((0, 3, 3, 2), True, 0), "F": ((3, 3, 4, 2), False, 1),
    "G": ((8, 3, 3, 2), True, 0), "H": ((0, 5, 3, 2), False, 0), "I": ((3, 5, 4, 2), True, 1),
    "J": ((8, 5, 3, 5), True, 0), "K": ((0, 8, 4, 2), False, 0), "L": ((4, 8, 3, 2), True, 1),
}
CORRIDOR: dict[str, tuple[int, int]] = {
    "P1": (7, 9), "P2": (7, 8), "P3": (7, 7), "P4": (6, 7), "P5": (5, 7), "P6": (4, 7), "P7": (3, 7),
    "P8": (2, 7), "P9": (1, 7), "P10": (7, 6), "P11": (7, 5), "P12": (7, 4), "P13": (7, 3), "P14": (9, 2),
    "P15": (8, 2), "P16": (7, 2), "P17": (6, 2), "P18": (5, 2), "P19": (4, 2), "P20": (3, 2), "P21": (2, 2),
    "P22": (1, 2), "P23": (0, 2),
}
OUTSIDE = (6, 10, 3, 1)
SOLID = ((10, 2), (0, 7))
CORRIDOR_LINKS = (
    ("P1", "P2"), ("P2", "P3"), ("P3", "P4"), ("P3", "P10"), ("P4", "P5"), ("P5", "P6"), ("P6", "P7"),
    ("P7", "P8"), ("P8", "P9"), ("P10", "P11"), ("P11", "P12"), ("P12", "P13"), ("P13", "P16"),
    ("P14", "P15"), ("P15", "P16"), ("P16", "P17"), ("P17", "P18"), ("P18", "P19"), ("P19", "P20"),
    ("P20", "P21"), ("P21", "P22"), ("P22", "P23"),
)
# (a, b, colour, cell of a, cell of b) — §3.4 door placement table
DOORS = (
    ("OUT", "P1", "none", (7, 10), (7, 9)), ("P2", "J", "blue", (7, 8), (8, 8)),
    ("P2", "L", "green", (7, 8), (6, 8)), ("P5", "I", "blue", (5, 7), (5, 6)),
    ("P8", "H", "green", (2, 7), (2, 6)), ("P9", "K", "blue", (1, 7), (1, 8)),
    ("P12", "F", "blue", (7, 4), (6, 4)), ("P13", "G", "green", (7, 3), (8, 3)),
    ("P18", "F", "green", (5, 2), (5, 3)), ("P19", "B", "blue", (4, 2), (4, 1)),
    ("P22", "A", "green", (1, 2), (1, 1)), ("P22", "E", "blue", (1, 2), (1, 3)),
    ("P15", "C", "green", (8, 2), (8, 1)), ("P14", "D", "blue", (9, 2), (9, 1)),
    ("A", "B", "none", (1, 0), (2, 0)), ("B", "C", "none", (4, 0), (5, 0)), ("C", "D", "none", (8, 0), (9, 0)),
    ("E", "F", "none", (2, 3), (3, 3)), ("F", "I", "none", (4, 4), (4, 5)), ("I", "H", "none", (3, 6), (2, 6)),
    ("H", "E", "none", (1, 5), (1, 4)), ("G", "J", "none", (9, 4), (9, 5)), ("K", "L", "none", (3, 9), (4, 9)),
)
ANCHORS = {  # in cells; off-board strip along the bottom and the two solid cells
    "deck": (1.0, 10.5), "discard": (2.5, 10.5), "lock_slot": (4.0, 10.5), "jewel_pile": (9.5, 10.5),
    "ghost_stock": (0.5, 7.5), "spirit_stock": (10.5, 2.5), "die_tray": (10.5, 10.5),
}

# colours
CORRIDOR_FLOOR = (150, 128, 96)
ROOM_FLOOR = (92, 72, 104)
JEWEL_FLOOR = (150, 42, 48)
SOLID_FILL = (34, 28, 30)
OUTSIDE_FILL = (70, 110, 70)
WALL = (24, 18, 22)
DOOR_COLOURS = {"none": (176, 120, 60), "blue": (50, 110, 220), "green": (40, 170, 80)}
LETTER = (245, 235, 215)

# side states
OPEN, WALL_SIDE = "open", "wall"


def cell_owner() -> dict[tuple[int, int], str]:
    owner: dict[tuple[int, int], str] = {}
    for name, ((c, r, w, h), _j, _g) in ROOMS.items():
        for dc in range(w):
            for dr in range(h):
                owner[(c + dc, r + dr)] = name
    for name, cell in CORRIDOR.items():
        owner[cell] = name
    c, r, w, _h = OUTSIDE
    for dc in range(w):
        owner[(c + dc, r)] = "OUT"
    for cell in SOLID:
        owner[cell] = "#"
    return owner


def side_states() -> dict[tuple[int, int], tuple[str, str, str, str]]:
    """For every cell, the state of its (top, right, bottom, left) sides."""
    owner = cell_owner()
    links = {frozenset(p) for p in CORRIDOR_LINKS}
    doors: dict[frozenset[tuple[int, int]], str] = {frozenset((ca, cb)): col for _a, _b, col, ca, cb in DOORS}
    out: dict[tuple[int, int], tuple[str, str, str, str]] = {}
    for cell, name in owner.items():
        sides = []
        for dc, dr in ((0, -1), (1, 0), (0, 1), (-1, 0)):
            other = (cell[0] + dc, cell[1] + dr)
            oname = owner.get(other)
            door = doors.get(frozenset((cell, other)))
            if door is not None:
                sides.append(door)
            elif name == "#":
                sides.append(OPEN)
            elif oname == name and name != "#":
                sides.append(OPEN)  # inside one room (or OUT)
            elif oname is not None and frozenset((name, oname)) in links:
                sides.append(OPEN)
            elif name == "OUT" and oname is None:
                sides.append(OPEN)  # the outside has no walls
            else:
                sides.append(WALL_SIDE)
        out[cell] = tuple(sides)  # type: ignore[assignment]
    return out


def draw_side(surf: pygame.Surface, side: int, state: str) -> None:
    thick = T // 10
    if state == OPEN:
        return
    rects = {
        0: pygame.Rect(0, 0, T, thick), 1: pygame.Rect(T - thick, 0, thick, T),
        2: pygame.Rect(0, T - thick, T, thick), 3: pygame.Rect(0, 0, thick, T),
    }
    rect = rects[side]
    pygame.draw.rect(surf, WALL, rect)
    if state in DOOR_COLOURS:
        # a door: a gap in the wall with a coloured leaf across it
        gap = rect.copy()
        if side in (0, 2):
            gap.x, gap.w = T // 4, T // 2
        else:
            gap.y, gap.h = T // 4, T // 2
        pygame.draw.rect(surf, DOOR_COLOURS[state], gap)
        pygame.draw.rect(surf, WALL, gap, 1)


def draw_floor(colour: tuple[int, int, int], pattern: bool = True) -> pygame.Surface:
    surf = pygame.Surface((T, T), pygame.SRCALPHA)
    surf.fill(colour)
    if pattern:  # faint planks so the floor does not look flat
        darker = tuple(max(0, v - 14) for v in colour)
        for y in range(0, T, T // 4):
            pygame.draw.line(surf, darker, (0, y), (T, y), 1)
    return surf


def draw_letter(letter: str, jewel: bool, ghost: bool, font: pygame.font.Font) -> pygame.Surface:
    surf = draw_floor(JEWEL_FLOOR if jewel else ROOM_FLOOR)
    if jewel:  # red letter background as on the physical board
        pygame.draw.rect(surf, (200, 40, 40), pygame.Rect(T // 6, T // 6, 2 * T // 3, 2 * T // 3), border_radius=8)
    if ghost:  # ghost outline circle marks a starting ghost
        pygame.draw.circle(surf, (230, 230, 240), (T // 2, T // 2), T // 2 - 6, 3)
    text = font.render(letter, True, LETTER)
    surf.blit(text, text.get_rect(center=(T // 2, T // 2)))
    return surf


def build(repo: Path) -> None:
    pygame.init()
    font = pygame.font.Font(None, int(T * 0.7))
    tiles: list[pygame.Surface] = []

    def add(surface: pygame.Surface) -> int:
        tiles.append(surface)
        return len(tiles)  # gid with firstgid=1

    g_corr = add(draw_floor(CORRIDOR_FLOOR))
    g_room = add(draw_floor(ROOM_FLOOR))
    g_jewel = add(draw_floor(JEWEL_FLOOR))
    g_solid = add(draw_floor(SOLID_FILL, pattern=False))
    g_out = add(draw_floor(OUTSIDE_FILL, pattern=False))
    g_letter = {name: add(draw_letter(name, jewel, ghosts > 0, font)) for name, (_r, jewel, ghosts) in ROOMS.items()}

    floor = [[0] * COLS for _ in range(ROWS)]
    owner = cell_owner()
    for (c, r), name in owner.items():
        if name == "#":
            floor[r][c] = g_solid
        elif name == "OUT":
            floor[r][c] = g_out
        elif name in CORRIDOR:
            floor[r][c] = g_corr
        else:
            floor[r][c] = g_jewel if ROOMS[name][1] else g_room
    for name, ((c, r, _w, _h), _j, _g) in ROOMS.items():
        floor[r][c] = g_letter[name]

    walls = [[0] * COLS for _ in range(ROWS)]
    combos: dict[tuple[str, ...], int] = {}
    for (c, r), sides in sorted(side_states().items()):
        if all(s == OPEN for s in sides):
            continue
        if sides not in combos:
            surf = pygame.Surface((T, T), pygame.SRCALPHA)
            for i, state in enumerate(sides):
                draw_side(surf, i, state)
            combos[sides] = add(surf)
        walls[r][c] = combos[sides]

    columns = 8
    rows_img = (len(tiles) + columns - 1) // columns
    sheet = pygame.Surface((columns * T, rows_img * T), pygame.SRCALPHA)
    for i, surf in enumerate(tiles):
        sheet.blit(surf, ((i % columns) * T, (i // columns) * T))
    maps = repo / "maps"
    maps.mkdir(exist_ok=True)
    pygame.image.save(sheet, str(maps / "haunted_house_tiles.png"))
    (maps / "haunted_house.tmx").write_text(
        tmx_text(floor, walls, len(tiles), columns, sheet.get_width(), sheet.get_height()), encoding="utf-8")
    pygame.quit()


def _csv(grid: list[list[int]]) -> str:
    return ",\n".join(",".join(str(v) for v in row) for row in grid)


def _obj(oid: int, name: str, kind: str, x: float, y: float, w: float, h: float, props: list[tuple[str, str, str]]) -> str:
    lines = [f'  <object id="{oid}" name={quoteattr(name)} type="{kind}" x="{x:g}" y="{y:g}" width="{w:g}" '
             f'height="{h:g}">', "   <properties>", f'    <property name="kind" value="{kind}"/>']
    for pname, ptype, value in props:
        typ = f' type="{ptype}"' if ptype != "string" else ""
        lines.append(f'    <property name="{pname}"{typ} value={quoteattr(value)}/>')
    lines += ["   </properties>", "  </object>"]
    return "\n".join(lines)


def tmx_text(floor: list[list[int]], walls: list[list[int]], ntiles: int, columns: int, iw: int, ih: int) -> str:
    oid = 1
    spaces: list[str] = []
    for name, ((c, r, w, h), jewel, ghosts) in ROOMS.items():
        spaces.append(_obj(oid, name, "room", c * T, r * T, w * T, h * T,
                           [("jewel", "bool", "true" if jewel else "false"), ("ghosts", "int", str(ghosts))]))
        oid += 1
    for name, (c, r) in CORRIDOR.items():
        spaces.append(_obj(oid, name, "corridor", c * T, r * T, T, T, []))
        oid += 1
    c, r, w, h = OUTSIDE
    spaces.append(_obj(oid, "OUT", "outside", c * T, r * T, w * T, h * T, []))
    oid += 1
    doors: list[str] = []
    for a, b, colour, ca, cb in DOORS:
        if ca[0] == cb[0]:  # horizontal edge between rows
            y_edge, col = max(ca[1], cb[1]), ca[0]
            rect = (col * T + T / 4, y_edge * T - T / 8, T / 2, T / 4)
        else:  # vertical edge between columns
            x_edge, row = max(ca[0], cb[0]), ca[1]
            rect = (x_edge * T - T / 8, row * T + T / 4, T / 4, T / 2)
        doors.append(_obj(oid, f"door_{a}_{b}", "door", *rect,
                          [("a", "string", a), ("b", "string", b), ("colour", "string", colour)]))
        oid += 1
    anchors: list[str] = []
    for name, (cx, cy) in ANCHORS.items():
        anchors.append(f'  <object id="{oid}" name="{name}" type="anchor" x="{cx * T:g}" y="{cy * T:g}">\n'
                       f'   <point/>\n  </object>')
        oid += 1
    nl = "\n"
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" width="{COLS}" \
height="{ROWS}" tilewidth="{T}" tileheight="{T}" infinite="0" nextlayerid="6" nextobjectid="{oid}">
 <properties>
  <property name="game" value="haunted_house"/>
  <property name="map_version" type="int" value="1"/>
 </properties>
 <tileset firstgid="1" name="haunted_house_tiles" tilewidth="{T}" tileheight="{T}" tilecount="{ntiles}" \
columns="{columns}">
  <image source="haunted_house_tiles.png" width="{iw}" height="{ih}"/>
 </tileset>
 <layer id="1" name="floor" width="{COLS}" height="{ROWS}">
  <data encoding="csv">
{_csv(floor)}
</data>
 </layer>
 <layer id="2" name="walls" width="{COLS}" height="{ROWS}">
  <data encoding="csv">
{_csv(walls)}
</data>
 </layer>
 <objectgroup id="3" name="spaces">
{nl.join(spaces)}
 </objectgroup>
 <objectgroup id="4" name="doors">
{nl.join(doors)}
 </objectgroup>
 <objectgroup id="5" name="anchors">
{nl.join(anchors)}
 </objectgroup>
</map>
"""


if __name__ == "__main__":
    build(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent)
