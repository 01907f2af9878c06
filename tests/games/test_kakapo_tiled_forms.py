"""KAKAPO missions in every form Tiled saves (issue 39), without the editor itself: an external tileset and an
object template resolved beside the file from any working folder, the JSON format, zstd tile layers, birds
drawn as polygons, and messages a mission maker can act on. tests/engine/test_tiled_editor.py runs the real Tiled."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from xml.etree import ElementTree

import pytest

from tabletop.engine.records import load_record
from tabletop.engine.tiled import read_tmx
from tabletop.games.kakapo import GAME
from tabletop.games.kakapo.custom import rules_of_value, value_from_file
from tabletop.games.kakapo.maps import MissionFormatError, load_custom_mission, load_custom_mission_text
from tabletop.games.kakapo.winnable import UNKNOWN, WINNABLE
from tabletop.ui.games.kakapo.custom_missions import Verdicts, forget_answers, scan
from tests.engine.tiled_missions import (
    KAKAPO,
    template_text,
    write_template_mission,
    write_tsx_mission,
    write_zstd_mission,
)

TEMPLATE = KAKAPO / "TEMPLATE.tmx"


def _birds(path: Path):
    return load_custom_mission(path).birds


@pytest.mark.parametrize("write", [write_tsx_mission, write_template_mission], ids=["tsx", "template"])
def test_a_mission_naming_other_files_starts_and_replays_from_another_folder(tmp_path, monkeypatch, write):
    path = write(tmp_path / "missions")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    value = value_from_file(path)  # the listing's check reads the file by its full path …
    assert rules_of_value(value).mission.birds == _birds(TEMPLATE)  # … the start reads the value alone
    root = ElementTree.fromstring(value["tmx"])  # everything is folded into the text
    assert not any(n.get("source") for n in root.iter("tileset")) and not any(n.get("template") for n in root.iter())
    records = tmp_path / "records"
    from tabletop.arena import run_arena

    run_arena("kakapo", None, 1, ["random"], seed=2, options={"mission": str(path)}, records_dir=records,
              progress=False)
    for name in ("deco.tsx", "birds"):  # moved away: the record holds what it needs
        if (path.parent / name).exists():
            (path.parent / name).rename(tmp_path / name)
    (record,) = records.glob("*.json")
    assert load_record(record).state.is_over()
    entries = scan(path.parent)
    assert [e.path.name for e in entries] == [path.name] and not entries[0].ok  # its tileset or template is gone
    assert "not found (looked at " in entries[0].error


def test_a_bird_from_an_object_template_takes_the_templates_kind_and_shape(tmp_path):
    path = write_template_mission(tmp_path)
    obj = next(o for o in read_tmx(path).layer("mission") if o.id == 3)
    assert obj.kind == "mission_piece" and obj.properties["piece"] == "M05" and len(obj.points) == 6


def test_json_maps_play_and_are_listed_but_json_tilesets_are_not(tmp_path):
    mission = read_tmx(TEMPLATE)
    data = {"type": "map", "orientation": "orthogonal", "width": 12, "height": 12, "tilewidth": 32,
            "tileheight": 32, "infinite": False, "version": "1.8",
            "properties": [{"name": k, "type": "int" if isinstance(v, int) else "string", "value": v}
                           for k, v in mission.properties.items()],
            "layers": [{"type": "objectgroup", "id": 1, "name": "mission", "objects": [
                {"id": o.id, "name": o.name, "type": o.kind, "x": o.x, "y": o.y, "width": 0, "height": 0,
                 "polygon": [{"x": x - o.x, "y": y - o.y} for x, y in o.points],
                 "properties": [{"name": k, "type": "int" if isinstance(v, int) else "string", "value": v}
                                for k, v in o.properties.items()]} for o in mission.layer("mission")]}]}
    (tmp_path / "owl.tmj").write_text(json.dumps(data), encoding="utf-8")
    (tmp_path / "deco.json").write_text(json.dumps({"type": "tileset", "name": "deco"}), encoding="utf-8")
    assert [(e.path.name, e.ok) for e in scan(tmp_path)] == [("owl.tmj", True)]
    state = GAME.new_state(2, {"mission": str(tmp_path / "owl.tmj")}, 1)
    assert state.rules.mission.birds == _birds(TEMPLATE)


def test_a_zstd_tile_layer_reads_like_any_other(tmp_path):
    assert _birds(write_zstd_mission(tmp_path)) == _birds(TEMPLATE)


def _refusal(text: str) -> str:
    with pytest.raises(MissionFormatError) as err:
        load_custom_mission_text(text, "m.tmx")
    return err.value.reason


def test_a_deleted_property_is_named_missing():
    text = template_text()
    assert _refusal(text.replace('<property name="required" type="int" value="2"/>', "")) == \
        "missing map property 'required'"
    assert _refusal(text.replace('<property name="rot" type="int" value="0"/>', "", 1)) == "missing property 'rot'"


def test_a_bird_off_the_left_edge_is_off_the_board():
    old_form = (KAKAPO / "buddy_01.tmx").read_text(encoding="utf-8").replace(
        'x="160" y="160" width="32" height="32"', 'x="-32" y="64" width="32" height="32"').replace(
        'value="5,5"', 'value="2,-1"')
    assert _refusal(old_form) == "V1: cell (2,-1) is off the board"
    polygon = template_text().replace('id="3" x="224" y="64"', 'id="3" x="-32" y="64"')
    assert _refusal(polygon) == "V1: cell (2,-1) is off the board"


def test_a_polygon_of_the_wrong_shape_is_refused_with_the_right_points():
    text = template_text().replace('points="0,0 32,0 32,32 64,32 64,64 0,64"', 'points="0,0 64,0 64,64 0,64"')
    assert _refusal(text) == ("the polygon is not the shape of M05 r0: its points from the top-left corner should be "
                              "'0,0 32,0 32,32 64,32 64,64 0,64' (or use the bird's template)")


def test_a_mission_the_first_limit_leaves_open_gets_its_answer_from_the_second_try():
    text = template_text()
    start = text.index('<objectgroup id="2" name="solution"')
    no_witness = load_custom_mission_text(text[:start] + text[text.index("</objectgroup>", start) + 14:], "t.tmx")
    forget_answers()
    first_only = Verdicts([no_witness], seconds=0.0, more_seconds=0.0)
    first_only.wait(60)
    assert Verdicts.get(no_witness.id) == UNKNOWN
    forget_answers()
    both = Verdicts([no_witness], seconds=0.0)
    both.wait(120)
    assert Verdicts.get(no_witness.id) == WINNABLE
    forget_answers()


def test_the_template_and_the_bird_templates_are_what_the_tool_writes():
    import tools.make_kakapo_templates as tool

    stale = [p.name for p, text in tool.wanted().items() if not p.is_file() or p.read_text(encoding="utf-8") != text]
    assert stale == [], "run tools/make_kakapo_templates.py"


@pytest.mark.parametrize("rot", [0, 90, 180, 270])
def test_every_bird_template_places_its_bird_where_it_is_put(tmp_path, rot):
    from tabletop.games.kakapo.birds import BIRDS, place_bird

    shutil.copytree(KAKAPO / "birds", tmp_path / "birds")
    text = template_text().replace('name="required" type="int" value="2"', 'name="required" type="int" value="1"')
    start, end = text.index('<objectgroup id="1" name="mission">'), text.index('<objectgroup id="2"')
    for bird_id in BIRDS:
        layer = (f'<objectgroup id="1" name="mission">\n  <object id="1" template="birds/{bird_id}_r{rot}.tx" '
                 f'x="128" y="160"/>\n </objectgroup>\n ')
        path = tmp_path / f"{bird_id}.tmx"
        path.write_text(text[:start] + layer + text[end:], encoding="utf-8")
        assert load_custom_mission(path).birds == (place_bird(bird_id, 5, 4, rot),)


def test_a_saved_text_never_looks_for_files_in_the_working_folder(tmp_path, monkeypatch):
    """A record's text holds every file it needs; one naming a file is refused, even when the working folder
    happens to have a file of that name (the start once read the text under the bare file name)."""
    path = write_tsx_mission(tmp_path)
    monkeypatch.chdir(tmp_path)  # deco.tsx is right here
    with pytest.raises(MissionFormatError) as err:
        load_custom_mission_text(path.read_text(encoding="utf-8"), "owl.tmx")
    assert str(err.value) == "owl.tmx: names the file 'deco.tsx', which its saved text does not hold"
