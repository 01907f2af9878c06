"""Draw the Haunted House tileset and write maps/haunted_house.tmx (spec §3.4–3.6).

Run from the repository root:  python tools/make_haunted_house_map.py

The board data below is the spec's machine-readable board (§3.8). The script writes
  maps/haunted_house_tiles.png  the tileset (floor tiles, room letters, wall/door overlays)
  maps/haunted_house.tmx        the map with an embedded tileset, tile layers `floor`,
                                `furniture` and `walls` (art only) and object layers `spaces`,
                                `doors`, `anchors` (logic + UI anchors).
Wall tiles are generated per combination of cell sides actually used (each cell draws its
half of every wall or door on its border), so one tile layer holds walls and doors.
"""

from __future__ import annotations

import math
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

# Furniture (art only, the `furniture` tile layer): against the top wall, between the room's letter
# (top-left cell) and its jewel (top-right), or in cells the pieces leave free; pieces stand on
# the bottom row (ghosts from the left, hunters from the right).
FURNITURE: dict[tuple[int, int], str] = {  # (column, row) -> piece of furniture
    (1, 1): "chair", (3, 0): "bookshelf", (3, 1): "rug", (6, 0): "fireplace", (7, 0): "clock",
    (10, 1): "plant", (1, 3): "table", (4, 3): "piano", (5, 3): "bookshelf", (9, 3): "bed",
    (1, 5): "chest", (4, 5): "table", (5, 5): "chair", (9, 6): "table", (10, 6): "chair", (9, 7): "rug",
    (8, 8): "piano", (1, 8): "clock", (2, 8): "bookshelf", (5, 8): "chest",
    (4, 0): "cobweb", (6, 3): "cobweb", (2, 5): "cobweb", (3, 8): "cobweb",
}

# colours
CORRIDOR_FLOOR = (150, 118, 80)  # oak boards
ROOM_FLOOR = (92, 72, 104)  # plum carpet
JEWEL_FLOOR = (150, 42, 48)  # crimson carpet (jewel rooms, red as on the physical board)
SOLID_FILL = (34, 28, 30)
OUTSIDE_FILL = (62, 100, 62)
WALL = (24, 18, 22)
WALL_TOP = (70, 58, 62)
DOOR_COLOURS = {"none": (150, 100, 52), "blue": (50, 110, 220), "green": (40, 170, 80)}
LETTER = (245, 235, 215)
BRASS = (196, 160, 84)
WOOD = (104, 70, 44)
WOOD_DARK = (66, 44, 30)
WOOD_LIGHT = (140, 100, 62)
CLOTH = (120, 46, 60)
CANDLE = (250, 236, 200)
FLAME = (255, 190, 80)

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
    """One side of a cell: a wall (dark, with a lit top edge) or a door (a panelled leaf in the door's
    colour with a brass knob, set in a gap of the wall)."""
    thick = T // 8
    if state == OPEN:
        return
    rects = {
        0: pygame.Rect(0, 0, T, thick), 1: pygame.Rect(T - thick, 0, thick, T),
        2: pygame.Rect(0, T - thick, T, thick), 3: pygame.Rect(0, 0, thick, T),
    }
    rect = rects[side]
    pygame.draw.rect(surf, WALL, rect)
    lit = rect.copy()
    if side in (0, 2):
        lit.h = max(1, thick // 3)
    else:
        lit.w = max(1, thick // 3)
    pygame.draw.rect(surf, WALL_TOP, lit)
    if state in DOOR_COLOURS:
        gap = rect.copy()
        if side in (0, 2):
            gap.x, gap.w = T // 4, T // 2
        else:
            gap.y, gap.h = T // 4, T // 2
        colour = DOOR_COLOURS[state]
        pygame.draw.rect(surf, colour, gap)
        dark = tuple(v * 3 // 5 for v in colour)
        inner = gap.inflate(-4, -2) if side in (0, 2) else gap.inflate(-2, -4)
        pygame.draw.rect(surf, dark, inner, 1)
        pygame.draw.line(surf, dark, inner.center, (inner.centerx, inner.centery), 1)
        knob = (gap.right - 5, gap.centery) if side in (0, 2) else (gap.centerx, gap.bottom - 5)
        pygame.draw.circle(surf, BRASS, knob, 2)
        pygame.draw.rect(surf, WALL, gap, 1)


def _shade(colour: tuple[int, int, int], d: int) -> tuple[int, int, int]:
    return tuple(min(255, max(0, v + d)) for v in colour)  # type: ignore[return-value]


def draw_boards(colour: tuple[int, int, int]) -> pygame.Surface:
    """Oak floorboards: four staggered planks a tile, each a shade apart, with grain and nail heads."""
    surf = pygame.Surface((T, T), pygame.SRCALPHA)
    h = T // 4
    for i in range(4):
        y = i * h
        shift = (i * 23) % T
        for k, x0 in enumerate((shift - T, shift)):
            plank = pygame.Rect(x0, y, T, h)
            pygame.draw.rect(surf, _shade(colour, (-8, 4, -3, 7)[(i + k) % 4]), plank)
            pygame.draw.line(surf, _shade(colour, -38), (x0, y), (x0, y + h - 1), 1)
            for g in (h // 3, 2 * h // 3):
                pygame.draw.line(surf, _shade(colour, -16), (x0 + 6, y + g), (x0 + T - 10, y + g + (i % 2)), 1)
            for nx in (x0 + 4, x0 + T - 4):
                pygame.draw.circle(surf, _shade(colour, -50), (nx, y + h // 2), 1)
        pygame.draw.line(surf, _shade(colour, -40), (0, y), (T, y), 1)
    return surf


def draw_carpet(colour: tuple[int, int, int], trim: tuple[int, int, int]) -> pygame.Surface:
    """A patterned carpet: a diamond lattice with a dot in every diamond (seamless from tile to tile)."""
    surf = pygame.Surface((T, T), pygame.SRCALPHA)
    surf.fill(colour)
    line = _shade(colour, -22)
    q = T // 4
    for k in range(-4, 5):
        pygame.draw.line(surf, line, (k * 2 * q, 0), (k * 2 * q + T, T), 1)
        pygame.draw.line(surf, line, (k * 2 * q + T, 0), (k * 2 * q, T), 1)
    for x in range(0, T + 1, 2 * q):
        for y in range(q * 2, T + 1, 4 * q):
            pygame.draw.circle(surf, trim, (x, y - 2 * q), 2)
            pygame.draw.circle(surf, trim, (x + q if x + q <= T else x - q, y), 1)
    return surf


def draw_floor(colour: tuple[int, int, int], pattern: bool = True) -> pygame.Surface:
    if not pattern:
        surf = pygame.Surface((T, T), pygame.SRCALPHA)
        surf.fill(colour)
        return surf
    if colour == CORRIDOR_FLOOR:
        return draw_boards(colour)
    return draw_carpet(colour, _shade(colour, 40) if colour == ROOM_FLOOR else BRASS)


def draw_grass() -> pygame.Surface:
    surf = pygame.Surface((T, T), pygame.SRCALPHA)
    surf.fill(OUTSIDE_FILL)
    for i in range(14):
        x, y = (i * 37) % T, (i * 23 + 9) % T
        for dx in (-2, 0, 2):
            pygame.draw.line(surf, _shade(OUTSIDE_FILL, 26 if i % 2 else -16), (x, y), (x + dx, y - 6), 1)
    return surf


def draw_stone() -> pygame.Surface:
    """The two solid cells: dark stone blocks."""
    surf = pygame.Surface((T, T), pygame.SRCALPHA)
    surf.fill(SOLID_FILL)
    for row in range(4):
        y = row * T // 4
        off = (T // 4) * (row % 2)
        pygame.draw.line(surf, _shade(SOLID_FILL, -12), (0, y), (T, y), 1)
        for x in range(off, T, T // 2):
            pygame.draw.line(surf, _shade(SOLID_FILL, -12), (x, y), (x, y + T // 4), 1)
    return surf


def draw_letter(letter: str, jewel: bool, ghost: bool, font: pygame.font.Font) -> pygame.Surface:
    """The room's floor with its name plate: a brass-framed plaque with the letter (red in jewel
    rooms, as on the physical board); a pale ring marks a room that starts with a ghost."""
    surf = draw_floor(JEWEL_FLOOR if jewel else ROOM_FLOOR)
    plate = pygame.Rect(T // 6, T // 6, 2 * T // 3, 2 * T // 3)
    pygame.draw.rect(surf, (0, 0, 0, 90), plate.move(2, 3), border_radius=8)
    pygame.draw.rect(surf, (200, 40, 40) if jewel else (60, 44, 70), plate, border_radius=8)
    pygame.draw.rect(surf, BRASS, plate, 2, border_radius=8)
    if ghost:
        pygame.draw.circle(surf, (230, 230, 240), (T // 2, T // 2), T // 2 - 6, 3)
    text = font.render(letter, True, LETTER)
    surf.blit(text, text.get_rect(center=(T // 2, T // 2 + 1)))
    return surf


# ----- furniture (seen from above and a little in front, muted so the pieces read first) ----------
def _bookshelf(s: pygame.Surface) -> None:
    body = pygame.Rect(6, 4, T - 12, T // 2)
    pygame.draw.rect(s, WOOD_DARK, body.move(0, 3))
    pygame.draw.rect(s, WOOD, body)
    colours = ((120, 50, 50), (60, 90, 120), (140, 120, 60), (70, 100, 70), (110, 80, 120))
    for shelf in range(2):
        y = body.y + 3 + shelf * (body.h // 2)
        x = body.x + 3
        i = shelf
        while x < body.right - 6:
            w = 4 + (i * 3) % 4
            pygame.draw.rect(s, colours[i % len(colours)], (x, y, w, body.h // 2 - 5))
            x += w + 1
            i += 1
    pygame.draw.rect(s, WOOD_DARK, body, 2)


def _fireplace(s: pygame.Surface) -> None:
    body = pygame.Rect(8, 2, T - 16, T // 2)
    pygame.draw.rect(s, (90, 84, 80), body)
    pygame.draw.rect(s, (58, 54, 52), body, 2)
    mouth = pygame.Rect(body.x + 10, body.y + 8, body.w - 20, body.h - 8)
    pygame.draw.rect(s, (20, 14, 12), mouth, border_top_left_radius=8, border_top_right_radius=8)
    pygame.draw.polygon(s, FLAME, [(mouth.centerx - 7, mouth.bottom), (mouth.centerx, mouth.y + 5),
                                   (mouth.centerx + 7, mouth.bottom)])
    pygame.draw.polygon(s, (255, 120, 50), [(mouth.centerx - 3, mouth.bottom), (mouth.centerx, mouth.y + 11),
                                            (mouth.centerx + 3, mouth.bottom)])


def _clock(s: pygame.Surface) -> None:
    case = pygame.Rect(T // 2 - 9, 2, 18, T - 16)
    pygame.draw.rect(s, WOOD_DARK, case.move(2, 2), border_radius=4)
    pygame.draw.rect(s, WOOD, case, border_radius=4)
    pygame.draw.circle(s, (230, 220, 190), (case.centerx, case.y + 10), 7)
    pygame.draw.line(s, WALL, (case.centerx, case.y + 10), (case.centerx, case.y + 5), 1)
    pygame.draw.line(s, WALL, (case.centerx, case.y + 10), (case.centerx + 4, case.y + 11), 1)
    pygame.draw.circle(s, BRASS, (case.centerx, case.bottom - 12), 4)
    pygame.draw.rect(s, WOOD_DARK, case, 1, border_radius=4)


def _table(s: pygame.Surface) -> None:
    top = pygame.Rect(8, 10, T - 16, T // 2 - 4)
    pygame.draw.ellipse(s, (0, 0, 0, 80), top.move(2, 5))
    pygame.draw.ellipse(s, WOOD_LIGHT, top)
    pygame.draw.ellipse(s, WOOD_DARK, top, 2)
    for x in (top.centerx - 8, top.centerx + 8):
        pygame.draw.rect(s, CANDLE, (x - 2, top.centery - 9, 4, 10))
        pygame.draw.circle(s, FLAME, (x, top.centery - 11), 3)


def _chair(s: pygame.Surface) -> None:
    seat = pygame.Rect(T // 2 - 13, 12, 26, 24)
    pygame.draw.rect(s, (0, 0, 0, 80), seat.move(2, 4), border_radius=6)
    pygame.draw.rect(s, CLOTH, seat, border_radius=6)
    pygame.draw.rect(s, _shade(CLOTH, -40), (seat.x, seat.y, seat.w, 8), border_radius=4)
    pygame.draw.rect(s, _shade(CLOTH, -50), seat, 2, border_radius=6)


def _piano(s: pygame.Surface) -> None:
    body = pygame.Rect(4, 4, T - 8, T // 2 - 6)
    pygame.draw.rect(s, (0, 0, 0, 90), body.move(2, 3), border_radius=3)
    pygame.draw.rect(s, (28, 24, 26), body, border_radius=3)
    keys = pygame.Rect(body.x + 4, body.bottom - 9, body.w - 8, 7)
    pygame.draw.rect(s, (232, 226, 210), keys)
    for x in range(keys.x + 3, keys.right - 2, 5):
        pygame.draw.line(s, (28, 24, 26), (x, keys.y), (x, keys.y + 4), 2)


def _bed(s: pygame.Surface) -> None:
    frame = pygame.Rect(10, 2, T - 20, T // 2 + 6)
    pygame.draw.rect(s, WOOD_DARK, frame, border_radius=4)
    pygame.draw.rect(s, (200, 196, 210), frame.inflate(-6, -6), border_radius=3)
    pygame.draw.rect(s, CLOTH, (frame.x + 3, frame.y + 14, frame.w - 6, frame.h - 17), border_radius=3)
    pygame.draw.rect(s, (236, 232, 240), (frame.x + 8, frame.y + 4, frame.w - 16, 8), border_radius=3)


def _chest(s: pygame.Surface) -> None:
    box = pygame.Rect(T // 2 - 14, 8, 28, 20)
    pygame.draw.rect(s, (0, 0, 0, 80), box.move(2, 3), border_radius=3)
    pygame.draw.rect(s, WOOD, box, border_radius=3)
    pygame.draw.line(s, WOOD_DARK, (box.x, box.y + 7), (box.right - 1, box.y + 7), 2)
    pygame.draw.rect(s, BRASS, (box.centerx - 2, box.y + 6, 5, 6))
    pygame.draw.rect(s, WOOD_DARK, box, 2, border_radius=3)


def _plant(s: pygame.Surface) -> None:
    pot = pygame.Rect(T // 2 - 7, 24, 14, 12)
    for a in range(0, 360, 45):
        r = math.radians(a)
        pygame.draw.ellipse(s, (60, 110, 60), (T // 2 - 5 + math.cos(r) * 10, 14 + math.sin(r) * 9, 10, 8))
    pygame.draw.rect(s, (150, 80, 50), pot, border_radius=2)


def _rug(s: pygame.Surface) -> None:
    rug = pygame.Rect(8, 14, T - 16, T - 28)
    pygame.draw.rect(s, (150, 120, 70), rug, border_radius=3)
    pygame.draw.rect(s, (110, 60, 50), rug.inflate(-8, -8), border_radius=2)
    pygame.draw.rect(s, (180, 150, 90), rug.inflate(-16, -16), 1)


def _cobweb(s: pygame.Surface) -> None:
    """In the top-right corner: three spokes and two sagging threads."""
    web = (200, 200, 210, 120)
    corner = (T - 1, 0)
    for end in ((T - 26, 0), (T - 20, 20), (T - 1, 26)):
        pygame.draw.line(s, web, corner, end, 1)
    for k in (0.45, 0.85):
        pts = [(T - 1 - 26 * k, 0), (T - 1 - 20 * k + 2, 20 * k - 2), (T - 1, 26 * k)]
        pygame.draw.lines(s, web, False, pts, 1)


FURNITURE_ART = {"bookshelf": _bookshelf, "fireplace": _fireplace, "clock": _clock, "table": _table,
                 "chair": _chair, "piano": _piano, "bed": _bed, "chest": _chest, "plant": _plant, "rug": _rug,
                 "cobweb": _cobweb}


def draw_furniture(kind: str) -> pygame.Surface:
    surf = pygame.Surface((T, T), pygame.SRCALPHA)
    FURNITURE_ART[kind](surf)
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
    g_solid = add(draw_stone())
    g_out = add(draw_grass())
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

    furniture = [[0] * COLS for _ in range(ROWS)]
    g_furniture = {kind: add(draw_furniture(kind)) for kind in sorted(set(FURNITURE.values()))}
    for (c, r), kind in FURNITURE.items():
        furniture[r][c] = g_furniture[kind]

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
        tmx_text(floor, furniture, walls, len(tiles), columns, sheet.get_width(), sheet.get_height()), encoding="utf-8")
    pygame.quit()


def _csv(grid: list[list[int]]) -> str:
    return ",\n".join(",".join(str(v) for v in row) for row in grid)


def _obj(oid: int, name: str, kind: str, x: float, y: float, w: float, h: float,
         props: list[tuple[str, str, str]]) -> str:
    lines = [f'  <object id="{oid}" name={quoteattr(name)} type="{kind}" x="{x:g}" y="{y:g}" width="{w:g}" '
             f'height="{h:g}">', "   <properties>", f'    <property name="kind" value="{kind}"/>']
    for pname, ptype, value in props:
        typ = f' type="{ptype}"' if ptype != "string" else ""
        lines.append(f'    <property name="{pname}"{typ} value={quoteattr(value)}/>')
    lines += ["   </properties>", "  </object>"]
    return "\n".join(lines)


def tmx_text(floor: list[list[int]], furniture: list[list[int]], walls: list[list[int]], ntiles: int, columns: int,
             iw: int, ih: int) -> str:
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
height="{ROWS}" tilewidth="{T}" tileheight="{T}" infinite="0" nextlayerid="7" nextobjectid="{oid}">
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
 <layer id="6" name="furniture" width="{COLS}" height="{ROWS}">
  <data encoding="csv">
{_csv(furniture)}
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
