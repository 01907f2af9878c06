"""The Tiled map and its loader (spec §3, test vectors TV-01..TV-03) and broken-map refusals."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tabletop import resources
from tabletop.games.haunted_house.board import NO_LOCK, build_board
from tabletop.games.haunted_house.maps import MapError, canonical_edge_set, load_house_map

MAP = resources.maps_dir() / "haunted_house.tmx"
ROOMS = "ABCDEFGHIJKL"


@pytest.fixture(scope="module")
def house():
    return load_house_map(MAP, canonical=True)


def test_tv01_shipped_map_spaces_edges_doors(house):
    """TV-01: 36 spaces, the 45 edges of §3.2, 7 blue and 6 green doors, jewel rooms, start ghosts."""
    kinds = [s.kind for s in house.spaces]
    assert len(house.spaces) == 36
    assert kinds.count("room") == 12 and kinds.count("corridor") == 23 and kinds.count("outside") == 1
    assert len(house.links) == 45
    assert house.edge_set() == canonical_edge_set()
    colours = [lk.colour for lk in house.links]
    assert colours.count("blue") == 7 and colours.count("green") == 6
    assert sorted(s.name for s in house.spaces if s.jewel) == list("ACDEGIJL")
    assert sorted(s.name for s in house.spaces if s.ghosts) == list("CFIL")
    assert house.tile_size == 64 and (house.cols, house.rows) == (11, 11)
    assert house.warnings == ()
    assert set(house.anchors) == {"deck", "discard", "lock_slot", "jewel_pile", "ghost_stock", "spirit_stock",
                                  "die_tray"}


def test_tv02_reference_distances(house):
    """TV-02: distances from OUT with no lock, blue locked, green locked; P23 -> OUT along corridors = 15."""
    board = build_board(house)
    expected = {
        NO_LOCK: [10, 9, 8, 9, 8, 7, 4, 7, 6, 3, 4, 3],
        1: [12, 11, 10, 11, 10, 11, 8, 9, 10, 9, 4, 3],
        2: [13, 12, 12, 11, 8, 7, 4, 7, 6, 3, 10, 11],
    }
    for locked, row in expected.items():
        assert [board.distance(0, board.index[r], locked) for r in ROOMS] == row, locked
    # corridor-only distance: BFS over corridor squares and OUT
    corridor = {i for i, k in enumerate(board.kind) if k != 1}
    dist = {board.index["P23"]: 0}
    queue = [board.index["P23"]]
    for u in queue:
        for w, _c in board.adj[u]:
            if w in corridor and w not in dist:
                dist[w] = dist[u] + 1
                queue.append(w)
    assert dist[0] == 15


def test_map_grid_positions_match_spec(house):
    assert house.space("J").cells == (8, 5, 3, 5)
    assert house.space("P13").cells == (7, 3, 1, 1)
    assert house.space("OUT").cells == (6, 10, 3, 1)
    assert house.space("P1").centre_px == (480.0, 608.0)


def test_tileset_png_exists_beside_map():
    text = MAP.read_text(encoding="utf-8")
    src = re.search(r'<image source="([^"]+)"', text).group(1)
    assert (MAP.parent / src).is_file()
    for layer in ("floor", "walls", "spaces", "doors", "anchors"):
        assert f'name="{layer}"' in text


# ---- broken copies -----------------------------------------------------------------------------

def broken(tmp_path: Path, edit) -> Path:
    text = MAP.read_text(encoding="utf-8")
    new = edit(text)
    assert new != text, "the edit did not change the map"
    path = tmp_path / "broken.tmx"
    path.write_text(new, encoding="utf-8")
    (tmp_path / "haunted_house_tiles.png").write_bytes((MAP.parent / "haunted_house_tiles.png").read_bytes())
    return path


def obj_block(text: str, name: str) -> str:
    m = re.search(rf'  <object id="\d+" name="{name}".*?</object>\n', text, re.S)
    assert m, name
    return m.group(0)


def edit_obj(name: str, old: str, new: str):
    def edit(text: str) -> str:
        block = obj_block(text, name)
        return text.replace(block, block.replace(old, new, 1))
    return edit


def drop_obj(*names: str):
    def edit(text: str) -> str:
        for name in names:
            text = text.replace(obj_block(text, name), "")
        return text
    return edit


def both(first, second):
    return lambda text: second(first(text))


@pytest.mark.parametrize("name, edit, needles", [
    ("tv03_red_door", edit_obj("door_P2_J", 'value="blue"', 'value="red"'), ["door_P2_J", "colour 'red'"]),
    ("tv03_missing_space", edit_obj("door_P2_J", 'name="b" value="J"', 'name="b" value="Q"'),
     ["door_P2_J", "unknown space 'Q'"]),
    ("tv03_room_not_aligned", edit_obj("A", 'x="0"', 'x="10"'), ["'A'", "not aligned"]),
    ("missing_property", edit_obj("C", '<property name="jewel" type="bool" value="true"/>', ""),
     ["'C'", "missing property 'jewel'"]),
    ("missing_door_property", edit_obj("door_K_L", '<property name="colour" value="none"/>', ""),
     ["door_K_L", "missing property 'colour'"]),
    ("overlap", edit_obj("P23", 'x="0"', 'x="64"'), ["overlaps", "P2"]),
    ("disconnected", drop_obj("door_K_L", "door_P9_K"), ["disconnected", "'K'"]),
    ("self_door", edit_obj("door_K_L", 'name="b" value="L"', 'name="b" value="K"'), ["door_K_L", "to itself"]),
    ("dup_corridor", edit_obj("door_K_L", 'name="a" value="K"/>\n    <property name="b" value="L"',
                              'name="a" value="P1"/>\n    <property name="b" value="P2"'),
     ["door_K_L", "duplicates a corridor link"]),
    ("coloured_room_door", edit_obj("door_A_B", 'value="none"', 'value="blue"'),
     ["door_A_B", "does not connect a corridor square to a room"]),
    ("no_kind", both(edit_obj("P5", '<property name="kind" value="corridor"/>', ""),
                     edit_obj("P5", ' type="corridor"', "")), ["'P5'", "missing property 'kind'"]),
    ("seven_jewels", edit_obj("A", 'name="jewel" type="bool" value="true"', 'name="jewel" type="bool" value="false"'),
     ["7 rooms have jewel=true"]),
    ("missing_room", drop_obj("B"), ["lacks room", "B"]),
    ("reserved_property_name", edit_obj("P5", '<property name="kind" value="corridor"/>',
                                        '<property name="kind" value="corridor"/><property name="x" value="1"/>'),
     ["not a readable Tiled map", "object", "reserved name"]),
])
def test_broken_map_refused_with_file_object_and_problem(tmp_path, name, edit, needles):
    path = broken(tmp_path, edit)
    with pytest.raises(MapError) as err:
        load_house_map(path)
    message = str(err.value)
    assert str(path) in message
    for needle in needles:
        assert needle in message, message


def test_edited_topology_loads_but_is_not_canonical(tmp_path):
    path = broken(tmp_path, edit_obj("door_P2_J", 'value="blue"', 'value="green"'))
    load_house_map(path)  # a valid map in itself
    with pytest.raises(MapError, match="differ from the rules' house"):
        load_house_map(path, canonical=True)


def test_tiled_19_class_attribute_is_accepted(tmp_path):
    """Tiled 1.9 saves the object class as class=; with no kind property the loader falls back to it."""
    edit = both(edit_obj("P5", '<property name="kind" value="corridor"/>', ""),
                edit_obj("P5", ' type="corridor"', ' class="corridor"'))
    house = load_house_map(broken(tmp_path, edit), canonical=True)
    assert house.space("P5").kind == "corridor"


def test_missing_file_named(tmp_path):
    with pytest.raises(MapError, match="nothere.tmx: file not found"):
        load_house_map(tmp_path / "nothere.tmx")


def test_door_not_touching_is_a_warning(tmp_path):
    house = load_house_map(broken(tmp_path, edit_obj("door_K_L", 'x="248"', 'x="40"')))
    assert any("door_K_L" in w for w in house.warnings)
