"""The house as fast, index-based data, built once from the Tiled map.

Node order is the map loader's canonical order: 0 = OUT, 1..12 = rooms A..L,
then corridor squares by number. Room r (0..11) is node r + 1.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from tabletop import resources
from tabletop.games.haunted_house.maps import HouseMap, load_house_map

OUT = 0
NO_LOCK = -1
COLOUR_CODES = {"none": 0, "blue": 1, "green": 2}
COLOUR_NAMES = ("none", "blue", "green")
KIND_OUT, KIND_ROOM, KIND_CORRIDOR = 0, 1, 2
ROOM_LETTERS = "ABCDEFGHIJKL"
MAP_FILE = "haunted_house.tmx"


@dataclass(frozen=True, eq=False)
class Board:
    house: HouseMap
    names: tuple[str, ...]
    index: dict[str, int]
    kind: tuple[int, ...]
    adj: tuple[tuple[tuple[int, int], ...], ...]  # per node: (neighbour, colour code), canonical order
    spirit_bit: tuple[int, ...]  # per node: bit of its room in a spirit mask (0 for non-rooms)
    start_jewel_rooms: tuple[int, ...]  # room indices (0..11) holding a jewel at setup
    start_ghosts: tuple[int, ...]  # per room
    dist: tuple[tuple[tuple[int, ...], ...], ...]  # [locked colour + 1][a][b], empty house, no carrier limits
    move_cache: dict[tuple[int, ...], Any] = field(default_factory=dict)  # node path -> Move action (interned)

    @property
    def n(self) -> int:
        return len(self.names)

    def is_room(self, node: int) -> bool:
        return self.kind[node] == KIND_ROOM

    def is_corridor(self, node: int) -> bool:
        return self.kind[node] == KIND_CORRIDOR

    def room_node(self, room: int) -> int:
        return room + 1

    def distance(self, a: int, b: int, locked: int = NO_LOCK) -> int:
        return self.dist[locked + 1][a][b]

    def pixel_centre(self, node: int) -> tuple[float, float]:
        """Where the UI draws a space: the centre of its map rectangle, in map pixels."""
        return self.house.spaces[node].centre_px


def _all_pairs(adj: tuple[tuple[tuple[int, int], ...], ...], locked: int) -> tuple[tuple[int, ...], ...]:
    n = len(adj)
    rows = []
    for s in range(n):
        d = [-1] * n
        d[s] = 0
        queue = [s]
        for u in queue:
            # entering OUT ends a move, so OUT is never a waypoint (HH-D02)
            if u == OUT and u != s:
                continue
            for w, col in adj[u]:
                if d[w] < 0 and col != locked:
                    d[w] = d[u] + 1
                    queue.append(w)
        rows.append(tuple(d))
    return tuple(rows)


def build_board(house: HouseMap) -> Board:
    names = tuple(s.name for s in house.spaces)
    if names[0] != "OUT" or names[1:13] != tuple(ROOM_LETTERS):
        raise ValueError(f"{house.path}: spaces are not in canonical order")
    index = {n: i for i, n in enumerate(names)}
    kind = tuple({"outside": KIND_OUT, "room": KIND_ROOM, "corridor": KIND_CORRIDOR}[s.kind] for s in house.spaces)
    adj_lists: list[list[tuple[int, int]]] = [[] for _ in names]
    for lk in house.links:
        a, b, col = index[lk.a], index[lk.b], COLOUR_CODES[lk.colour]
        adj_lists[a].append((b, col))
        adj_lists[b].append((a, col))
    adj = tuple(tuple(sorted(x)) for x in adj_lists)
    spirit_bit = tuple((1 << (i - 1)) if kind[i] == KIND_ROOM else 0 for i in range(len(names)))
    rooms = house.spaces[1:13]
    return Board(
        house=house, names=names, index=index, kind=kind, adj=adj, spirit_bit=spirit_bit,
        start_jewel_rooms=tuple(r for r, s in enumerate(rooms) if s.jewel),
        start_ghosts=tuple(s.ghosts for s in rooms),
        dist=tuple(_all_pairs(adj, locked) for locked in (NO_LOCK, 0, 1, 2)),
    )


@lru_cache(maxsize=4)
def load_board(path: str | None = None) -> Board:
    """The shipped board (checked against the sourced topology), or a test map's."""
    if path is None:
        return build_board(load_house_map(resources.maps_dir() / MAP_FILE, canonical=True))
    return build_board(load_house_map(Path(path)))
