"""KAKAPO content: piece and bird catalogue, the 40 mission maps, their loader and witnesses (spec §4, §9, §10)."""

from __future__ import annotations

import re
import string
import tomllib
from itertools import combinations
from pathlib import Path

import pytest

from tabletop.games.kakapo import grid, pieces
from tabletop.games.kakapo.birds import BIRDS, place_bird, targets
from tabletop.games.kakapo.board import MissionRules
from tabletop.games.kakapo.content import mission_path
from tabletop.games.kakapo.maps import MissionFormatError, load_mission
from tabletop.games.kakapo.missions import BY_ID, ROUND_LIMIT, TABLE
from tabletop.resources import root

ORIENTATION_COUNTS = {"O1": 1, "D2": 2, "I3": 2, "V3": 4, "I4": 2, "O4": 1, "L4": 8, "T4": 4, "S4": 4, "P5": 8,
                      "L5": 8, "Y5": 8, "N5": 8, "I5": 2, "U5": 4, "T5": 4, "V5": 4, "Z5": 4, "W5": 4, "F5": 8,
                      "X5": 1}
SIZE_BY_VALUE = {1: 1, 2: 2, 3: 3, 4: 4, 5: 4, 6: 5, 7: 5, 8: 5}


def _connected(cells) -> bool:
    cells = set(cells)
    todo = [next(iter(cells))]
    seen = set(todo)
    while todo:
        r, c = todo.pop()
        for dr, dc in grid.DELTA.values():
            n = (r + dr, c + dc)
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen == cells


def test_piece_catalogue():
    assert len({pieces.card_id(k) for k in range(40)}) == 40
    for k in range(40):
        shape = pieces.shape_name(k)
        assert pieces.SIZES[k] == SIZE_BY_VALUE[pieces.value_of(k)]
        assert _connected(pieces.SHAPES[shape])
        assert len(pieces.ORIENTATIONS[k]) == ORIENTATION_COUNTS[shape], shape
    for colour in range(5):
        shapes = [pieces.shape_name(pieces.index_of(colour, v)) for v in range(1, 9)]
        assert len(set(shapes)) == 8  # no colour has the same shape twice
        assert sum(SIZE_BY_VALUE[v] for v in range(1, 9)) == 29
    assert pieces.shape_name(pieces.parse_card("P7")) == "U5" and pieces.shape_name(pieces.parse_card("B5")) == "I4"
    data = pieces.piece_cells(pieces.parse_card("P4"))
    assert len(data) == 8 and data[0] == {"label": "r0", "rot": 0, "flip": False,
                                          "cells": [[0, 0], [1, 0], [2, 0], [2, 1]]}


def test_bird_catalogue():
    assert sorted(BIRDS) == [f"M{i:02d}" for i in range(1, 16)]
    outline = {"M01": 4, "M02": 4, "M03": 6, "M04": 6, "M05": 8, "M06": 8, "M07": 8, "M08": 10, "M09": 10,
               "M10": 10, "M11": 10, "M12": 12, "M13": 12, "M14": 12, "M15": 10}
    for bid, bird in BIRDS.items():
        placed = place_bird(bid, 3, 3, 0)
        assert len(placed.outline()) == outline[bid]
        assert set(bird.edges) <= set((r - 3, c - 3, d) for r, c, d in placed.outline())
        for rot in (90, 180, 270):  # rotating keeps coloured edges on the outline
            p = place_bird(bid, 3, 3, rot)
            assert set(p.edges) <= set(p.outline()) and len(p.edges) == len(bird.edges)


def test_v5_notch_conflict_is_detected():
    from tabletop.games.kakapo.birds import PlacedBird

    notch = PlacedBird("M05", 3, 3, 0, frozenset({(3, 3), (4, 3), (4, 4)}), {(3, 3, "E"): "R", (4, 4, "N"): "G"})
    assert targets(notch).conflicts == (((3, 4), "R", "G"),)


def test_maps_exist_and_match_the_table():
    files = sorted(p.stem for p in (root() / "maps" / "kakapo").glob("*.tmx") if p.stem != "TEMPLATE")
    assert files == sorted(BY_ID)
    for spec in TABLE:
        m = load_mission(mission_path(spec.id))
        assert (m.mode, m.number, m.title, m.required, m.min_pieces) == \
            (spec.mode, spec.number, spec.title, spec.required, spec.min_pieces)
        assert [(b.id, b.top, b.left, b.rot) for b in m.birds] == list(spec.birds)
        assert [(p, grid.format_cells(c)) for p, c in m.witness] == list(spec.witness)


def test_maps_are_what_the_generator_writes():
    import tools.make_kakapo_maps as tool

    for spec in TABLE:
        assert mission_path(spec.id).read_text(encoding="utf-8") == tool.render(spec), spec.id


@pytest.mark.parametrize("mission_id", list(BY_ID))
def test_witness(mission_id):
    """Spec §10 witness check (rules 1-7) for every shipped mission, read from its map."""
    m = load_mission(mission_path(mission_id))
    rules = MissionRules(m)
    names = [p for p, _ in m.witness]
    assert len(set(names)) == len(names) and all(re.match(r"^[PRYGB][1-8]$", p) for p in names)
    occupied, colour_cells = 0, [0] * 5
    for piece_id, cells in m.witness:
        k = pieces.parse_card(piece_id)
        p = pieces.placement_of_cells(k, cells)
        assert p is not None, piece_id
        assert not p.mask & (occupied | rules.bird_mask), piece_id
        assert not p.mask & grid.neighbours(colour_cells[k >> 3]), piece_id
        occupied |= p.mask
        colour_cells[k >> 3] |= p.mask
    assert len(m.witness) <= ROUND_LIMIT[m.mode]
    assert rules.scanned_mask(occupied, colour_cells).bit_count() >= m.required
    assert len(m.witness) == m.min_pieces
    if m.mode == "party":
        assert "P1" not in names  # V8


def test_tv26_tmx_round_trip():
    m = load_mission(mission_path("buddy_08"))
    (bird,) = m.birds
    assert (bird.id, bird.top, bird.left, bird.rot) == ("M11", 4, 5, 90)
    assert bird.cells == {(4, 5), (4, 6), (4, 7), (5, 6), (5, 7)}
    assert bird.edges == {(4, 5, "W"): "Y", (5, 6, "S"): "G", (5, 7, "S"): "G"}
    assert len(m.witness) == 3


def _broken(tmp_path: Path, name: str, edit) -> Path:
    text = mission_path("buddy_08").read_text(encoding="utf-8")
    new = edit(text)
    assert new != text
    path = tmp_path / name
    path.write_text(new, encoding="utf-8")
    return path


EGG_ON_FRAME = """<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" renderorder="right-down" width="12" height="12" tilewidth="16"
     tileheight="16" infinite="0" nextlayerid="2" nextobjectid="2">
 <properties>
  <property name="game" value="kakapo"/><property name="map_version" type="int" value="1"/>
  <property name="mode" value="buddy"/><property name="number" type="int" value="1"/>
  <property name="title" value="Frame"/><property name="required" type="int" value="1"/>
  <property name="min_pieces" type="int" value="1"/>
 </properties>
 <objectgroup id="1" name="mission">
  <object id="7" name="M02" CLASSATTR x="80" y="0" width="16" height="16">
   <properties>
    KIND<property name="piece" value="M02"/><property name="rot" type="int" value="0"/>
    <property name="cells" value="0,5"/><property name="edges" value="EDGES"/>
   </properties>
  </object>
 </objectgroup>
</map>
"""


def _egg(tmp_path: Path, edges: str, kind: bool = True, cls: str = 'type="mission_piece"', bird: str = "M02") -> Path:
    text = EGG_ON_FRAME.replace("EDGES", edges).replace("CLASSATTR", cls).replace("M02", bird)
    text = text.replace("KIND", '<property name="kind" value="mission_piece"/>' if kind else "")
    path = tmp_path / "buddy_01.tmx"
    path.write_text(text, encoding="utf-8")
    return path


BROKEN = [
    ("cells", lambda t: t.replace('value="4,5;4,6;4,7;5,6;5,7"', 'value="4,5;4,6;4,7;5,6;5,8"'), "cells mismatch"),
    ("reserved", lambda t: t.replace('<property name="piece" value="M11"/>',
                                     '<property name="piece" value="M11"/><property name="rotation" value="1"/>'),
     "not a readable Tiled map"),
    ("edges", lambda t: t.replace("4,5,W,Y;5,6,S,G;5,7,S,G", "4,5,W,Y;5,6,S,G"), "edges mismatch"),
    ("box", lambda t: t.replace('x="160" y="128" width="96"', 'x="192" y="128" width="96"'), "bounding box"),
    ("bird id", lambda t: t.replace('<property name="piece" value="M11"/>', '<property name="piece" value="M16"/>'),
     "bird id"),
    ("rot", lambda t: t.replace('name="rot" type="int" value="90"', 'name="rot" type="int" value="45"'), "'rot'"),
    ("kind", lambda t: t.replace('<property name="kind" value="mission_piece"/>',
                                 '<property name="kind" value="tree"/>'), "only mission_piece"),
    ("mode", lambda t: t.replace('name="mode" value="buddy"', 'name="mode" value="party"'), "file name"),
    ("required", lambda t: t.replace('name="required" type="int" value="1"', 'name="required" type="int" value="2"'),
     "V6"),
    ("layer", lambda t: t.replace('name="mission"', 'name="birds"'), "layer 'mission' is missing"),
    ("witness", lambda t: t.replace('value="3,5;3,6;3,7;3,8;4,8"', 'value="3,5;3,6;3,7;3,8;4,9"'),
     "not an orientation of piece B7"),
    ("xml", lambda t: t.replace("</map>", ""), "not a readable Tiled map"),
]


@pytest.mark.parametrize("label,edit,message", BROKEN, ids=[b[0] for b in BROKEN])
def test_tv27_broken_files_are_refused_with_file_object_and_reason(tmp_path, label, edit, message):
    path = _broken(tmp_path, "buddy_08.tmx", edit)
    with pytest.raises(MissionFormatError) as err:
        load_mission(path)
    text = str(err.value)
    assert str(path) in text and message in text
    if label in ("cells", "edges", "box", "bird id", "rot", "kind"):
        assert "object 1 (M11)" in text


def test_tv27_coloured_edge_on_the_frame(tmp_path):
    with pytest.raises(MissionFormatError, match=r"object 7 \(M02\): V4: coloured edge 0,5,N"):
        load_mission(_egg(tmp_path, "0,5,N,Y"))


def test_duplicate_and_adjacent_birds_are_refused(tmp_path):
    def twin(t: str, top_left: str, cells: str) -> str:
        start = t.index('  <object id="1"')
        end = t.index("</object>", start) + len("</object>\n")
        obj = t[start:end].replace('id="1"', 'id="9"').replace('x="160" y="128"', top_left)
        obj = obj.replace("4,5;4,6;4,7;5,6;5,7", cells)
        return t[:end] + obj + t[end:]

    dup = _broken(tmp_path, "buddy_08.tmx", lambda t: twin(t, 'x="160" y="128"', "4,5;4,6;4,7;5,6;5,7"))
    with pytest.raises(MissionFormatError, match=r"object 9 \(M11\): V2: bird M11 appears twice"):
        load_mission(dup)


def test_adjacent_birds_v3(tmp_path):
    def add_egg(t: str) -> str:
        end = t.index("</objectgroup>")
        egg = ('  <object id="9" name="M01" type="mission_piece" x="128" y="128" width="32" height="32">\n'
               '   <properties><property name="kind" value="mission_piece"/><property name="piece" value="M01"/>'
               '<property name="rot" type="int" value="0"/><property name="cells" value="4,4"/>'
               '<property name="edges" value=""/></properties>\n  </object>\n')
        return t[:end] + egg + t[end:]

    with pytest.raises(MissionFormatError, match=r"object 9 \(M01\): V3: touches the bird of object 1 at F5"):
        load_mission(_broken(tmp_path, "buddy_08.tmx", add_egg))


def test_class_fallback_and_map_tile_size(tmp_path):
    """No `kind` property: Tiled 1.9's `class` attribute is used; 16 px tiles are read from the map."""
    m = load_mission(_egg(tmp_path, "", kind=False, cls='class="mission_piece"', bird="M01"))
    assert m.birds[0].id == "M01" and m.birds[0].cells == {(0, 5)} and m.witness == ()
    with pytest.raises(MissionFormatError, match="only mission_piece"):
        load_mission(_egg(tmp_path, "", kind=False, cls="", bird="M01"))


def test_i18n_catalogs_cover_events_illegal_keys_and_actions():
    cat = {}
    for lang in ("en", "ja"):
        with open(root() / "tabletop" / "i18n" / lang / "kakapo.toml", "rb") as f:
            cat[lang] = tomllib.load(f)
    assert set(cat["en"]) == set(cat["ja"])
    src = "".join(p.read_text(encoding="utf-8") for p in (root() / "tabletop" / "games" / "kakapo").glob("*.py"))
    kinds = set(re.findall(r'Event\("([a-z_]+)"', src)) | {"won", "failed_rounds"}
    for kind in kinds:
        assert f"log.{kind}" in cat["en"], kind
    slugs = set(re.findall(r'_illegal\([^"]*"[^"]*", "([a-z_]+)"', src)) | set(
        re.findall(r'Refusal\([^)]*?"([a-z_]+)",\s*\{', src, re.S))
    assert {"must_follow", "same_colour", "off_board_at", "not_your_turn"} <= slugs
    for slug in slugs:
        assert f"illegal.{slug}" in cat["en"], slug
    for key in ("action.play", "action.place", "action.skill_none", "option.mission"):
        assert key in cat["en"]
    for key, text in cat["en"].items():
        names = {n for _, n, _, _ in string.Formatter().parse(text) if n}
        ja_names = {n for _, n, _, _ in string.Formatter().parse(cat["ja"][key]) if n}
        assert names == ja_names, key


def test_mission_table_difficulty_order_and_pairs():
    for a, b in combinations(TABLE, 2):
        assert a.id != b.id
    assert [m.number for m in TABLE if m.mode == "buddy"] == list(range(1, 21))
