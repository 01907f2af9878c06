"""The 15 mission pieces (birds) with coloured edges (spec §4.4), their placement and scan targets.

A bird placement `(id, top, left, rot)` rotates the canonical shape together with its
coloured edges (birds are never mirrored), normalises, then translates the rotated
bounding box to (top, left).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tabletop.games.kakapo import grid
from tabletop.games.kakapo.pieces import COLOURS

Edge = tuple[int, int, str]  # (r, c, D)


@dataclass(frozen=True)
class BirdType:
    id: str
    label: dict[str, str]
    cells: tuple[grid.Cell, ...]
    edges: dict[Edge, str]  # coloured edges in the canonical frame


def _bird(bid: str, en: str, ja: str, picture: str, edges: dict[Edge, str]) -> BirdType:
    cells = tuple((r, c) for r, row in enumerate(picture.split("/")) for c, ch in enumerate(row) if ch == "#")
    return BirdType(bid, {"en": en, "ja": ja}, cells, edges)


BIRDS: dict[str, BirdType] = {b.id: b for b in (
    _bird("M01", "Kākāpō egg", "カカポの卵", "#", {}),
    _bird("M02", "Hihi chick", "ヒヒのひな", "#", {(0, 0, "N"): "Y"}),
    _bird("M03", "Pīwakawaka (fantail)", "ピーワカワカ（オウギビタキ）", "##", {}),
    _bird("M04", "Ruru (morepork owl)", "ルル（ニュージーランドアオバズク）", "##",
          {(0, 0, "W"): "P", (0, 1, "E"): "P"}),
    _bird("M05", "Kiwi", "キーウィ", "#./##", {(1, 0, "S"): "G"}),
    _bird("M06", "Tūī", "トゥイ", "###", {(0, 1, "N"): "B"}),
    _bird("M07", "Kererū (wood pigeon)", "ケレル（ニュージーランドバト）", "##/##",
          {(0, 0, "N"): "G", (0, 1, "N"): "G"}),
    _bird("M08", "Pūkeko", "プケコ", "###/.#.", {(1, 1, "S"): "R"}),
    _bird("M09", "Kea", "ケア", ".##/##.", {(0, 2, "E"): "R", (1, 0, "W"): "G"}),
    _bird("M10", "Takahē", "タカヘ", "#./#./##", {(0, 0, "N"): "B", (2, 1, "E"): "R"}),
    _bird("M11", "Kākāpō", "カカポ", "##/##/#.", {(0, 1, "E"): "G", (1, 1, "E"): "G", (2, 0, "S"): "Y"}),
    _bird("M12", "Kōkako", "コカコ", ".#/##/.#/.#", {(1, 0, "W"): "B", (3, 1, "S"): "P"}),
    _bird("M13", "Toroa (albatross)", "トロア（アホウドリ）", "###/.#./.#.",
          {(0, 0, "W"): "B", (0, 2, "E"): "B", (2, 1, "S"): "Y"}),
    _bird("M14", "Kārearea (falcon)", "カーエアエア（ニュージーランドハヤブサ）", "#../#../###",
          {(0, 0, "N"): "R", (2, 2, "E"): "R"}),
    _bird("M15", "Hoiho (penguin)", "ホイホ（キガシラペンギン）", "##/##/##",
          {(0, 0, "N"): "Y", (0, 1, "N"): "Y", (2, 0, "S"): "B"}),
)}

_TURN = {"N": "E", "E": "S", "S": "W", "W": "N"}
EDGE_ORDER = {d: i for i, d in enumerate("NESW")}


def rotated(bird_id: str, rot: int) -> tuple[tuple[grid.Cell, ...], dict[Edge, str]]:
    """Cells and coloured edges of a bird turned `rot` degrees clockwise, normalised."""
    if rot not in (0, 90, 180, 270):
        raise ValueError(f"rotation must be 0, 90, 180 or 270, not {rot}")
    bird = BIRDS[bird_id]
    cells = list(bird.cells)
    edges = dict(bird.edges)
    for _ in range(rot // 90):
        h = max(r for r, _ in cells) + 1
        cells = [(c, h - 1 - r) for r, c in cells]
        edges = {(c, h - 1 - r, _TURN[d]): k for (r, c, d), k in edges.items()}
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return (tuple(sorted((r - r0, c - c0) for r, c in cells)),
            {(r - r0, c - c0, d): k for (r, c, d), k in edges.items()})


@dataclass(frozen=True)
class PlacedBird:
    id: str
    top: int
    left: int
    rot: int
    cells: frozenset[grid.Cell]
    edges: dict[Edge, str] = field(hash=False)

    @property
    def height(self) -> int:
        return max(r for r, _ in self.cells) - self.top + 1

    @property
    def width(self) -> int:
        return max(c for _, c in self.cells) - self.left + 1

    def outline(self) -> list[Edge]:
        out = []
        for r, c in sorted(self.cells):
            for d in "NESW":
                dr, dc = grid.DELTA[d]
                if (r + dr, c + dc) not in self.cells:
                    out.append((r, c, d))
        return out

    def sorted_edges(self) -> list[tuple[Edge, str]]:
        return sorted(self.edges.items(), key=lambda e: (e[0][0], e[0][1], EDGE_ORDER[e[0][2]]))


def place_bird(bird_id: str, top: int, left: int, rot: int) -> PlacedBird:
    if bird_id not in BIRDS:
        raise ValueError(f"unknown bird {bird_id!r}")
    cells, edges = rotated(bird_id, rot)
    return PlacedBird(bird_id, top, left, rot, frozenset((r + top, c + left) for r, c in cells),
                      {(r + top, c + left, d): k for (r, c, d), k in edges.items()})


@dataclass(frozen=True, slots=True)
class Targets:
    """What scans one bird: every `need_any` cell covered, every `need[k]` cell covered in colour k."""

    cells: int  # the bird's own cells
    need_any: int  # on-board neighbour cells of uncoloured edges
    need: tuple[int, ...]  # per colour index, neighbour cells of edges of that colour
    conflicts: tuple[tuple[grid.Cell, str, str], ...]  # a cell demanded in two colours (V5)
    frame_colours: tuple[Edge, ...]  # coloured edges facing the frame (V4)

    @property
    def all(self) -> int:
        m = self.need_any
        for n in self.need:
            m |= n
        return m

    @property
    def coloured(self) -> int:
        m = 0
        for n in self.need:
            m |= n
        return m


def targets(bird: PlacedBird) -> Targets:
    need_any = 0
    need = [0] * len(COLOURS)
    demanded: dict[grid.Cell, str] = {}
    conflicts = []
    frame = []
    for r, c, d in bird.outline():
        dr, dc = grid.DELTA[d]
        n = (r + dr, c + dc)
        colour = bird.edges.get((r, c, d))
        if not grid.on_board(*n):
            if colour is not None:
                frame.append((r, c, d))
            continue
        if colour is None:
            need_any |= grid.bit(*n)
        else:
            if n in demanded and demanded[n] != colour:
                conflicts.append((n, demanded[n], colour))
            demanded[n] = colour
            need[COLOURS.index(colour)] |= grid.bit(*n)
    return Targets(grid.mask_of(bird.cells), need_any, tuple(need), tuple(conflicts), tuple(frame))
