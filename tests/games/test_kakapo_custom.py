"""Custom KAKAPO missions: played from a path, carried by records, refused in one line, judged winnable or not."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import tools.make_kakapo_maps as tool
from tabletop.arena import run_arena
from tabletop.engine.records import RecordError, load_record
from tabletop.games.kakapo import GAME
from tabletop.games.kakapo.content import mission_path
from tabletop.games.kakapo.custom import value_from_file
from tabletop.games.kakapo.maps import MissionFormatError, load_custom_mission, load_custom_mission_text
from tabletop.games.kakapo.missions import MissionSpec
from tabletop.games.kakapo.winnable import UNKNOWN, UNWINNABLE, WINNABLE, verdict
from tabletop.resources import maps_dir

ROOT = Path(__file__).resolve().parents[2]


def copy_of(tmp_path: Path, mission: str = "buddy_08", name: str = "night walk.tmx") -> Path:
    """A bundled mission copied to a folder outside the app, under a name of the player's choosing."""
    target = tmp_path / "elsewhere" / name
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(mission_path(mission).read_bytes())
    return target


def truncated(path: Path) -> Path:
    cut = path.with_name("cut.tmx")
    cut.write_bytes(path.read_bytes()[:1500])
    return cut


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tabletop", *args], capture_output=True, text=True, cwd=ROOT,
                          timeout=120)


def test_a_copy_of_a_bundled_mission_plays_from_a_path_and_its_records_replay_after_it_is_gone(tmp_path):
    path = copy_of(tmp_path)
    records = tmp_path / "records"
    summary = run_arena("kakapo", None, 2, ["easy"], seed=3, options={"mission": str(path)}, records_dir=records,
                        progress=False)
    assert summary["games"] == 2 and summary["coop_success_rate"] is not None
    assert summary["options"]["mission"]["name"] == "night walk.tmx" and "tmx" not in summary["options"]["mission"]
    path.unlink()  # the record carries the content: the file may change, move or vanish
    for record_file in sorted(records.glob("*.json")):
        replayed = load_record(record_file)
        assert replayed.state.is_over()
        view = replayed.state.view(None)
        assert view.mission.startswith("custom:") and "Kākāpō Night" in view.mission_tmx


def test_an_edited_record_of_a_custom_mission_is_refused(tmp_path):
    records = tmp_path / "records"
    run_arena("kakapo", None, 1, ["random"], options={"mission": str(copy_of(tmp_path))}, records_dir=records,
              progress=False)
    (record_file,) = records.glob("*.json")
    data = json.loads(record_file.read_text(encoding="utf-8"))
    data["options"]["mission"]["tmx"] = data["options"]["mission"]["tmx"].replace('x="160" y="128"', 'x="0" y="0"')
    record_file.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(RecordError, match="does not match its sha256"):
        load_record(record_file)


def test_cli_plays_a_copy_by_path_and_refuses_a_truncated_copy_with_one_line(tmp_path):
    path = copy_of(tmp_path)
    ok = run_cli("arena", "kakapo", "--option", f"mission={path}", "--games", "1", "--agents", "easy", "--quiet")
    assert ok.returncode == 0, ok.stderr
    assert json.loads(ok.stdout)["options"]["mission"]["name"] == path.name
    cut = truncated(path)
    bad = run_cli("arena", "kakapo", "--option", f"mission={cut}", "--games", "1", "--quiet")
    assert bad.returncode == 2 and bad.stdout == ""
    lines = bad.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"{cut}: not a readable Tiled map"), bad.stderr


def test_a_broken_custom_file_names_the_file_and_the_object(tmp_path):
    path = copy_of(tmp_path)
    path.write_text(path.read_text(encoding="utf-8").replace("4,5,W,Y;5,6,S,G;5,7,S,G", "4,5,W,Y"), encoding="utf-8")
    with pytest.raises(MissionFormatError) as err:
        value_from_file(path)
    assert str(err.value).startswith(f"{path}: object 1 (M11): edges mismatch")
    reserved = copy_of(tmp_path, name="reserved.tmx")
    reserved.write_text(reserved.read_text(encoding="utf-8").replace(
        '<property name="piece" value="M11"/>', '<property name="piece" value="M11"/><property name="x" value="1"/>'),
        encoding="utf-8")
    with pytest.raises(MissionFormatError, match=r"object 1 \(M11\): custom property 'x' is a reserved name"):
        value_from_file(reserved)


def test_custom_files_need_no_number_but_must_fit_the_player_count(tmp_path):
    template = load_custom_mission(maps_dir() / "kakapo" / "TEMPLATE.tmx")
    assert template.custom and template.number == 0 and template.title_ja
    with pytest.raises(ValueError, match="Buddy mission for 2 players, not 3"):
        GAME.new_state(3, {"mission": str(copy_of(tmp_path))}, 1)
    state = GAME.new_state(3, {"mission": str(copy_of(tmp_path, "party_04", "p.tmx"))}, 1)
    assert state.view(0).mode == "party"


def impossible_mission_text() -> str:
    """Two birds that demand different colours (yellow, and M04's) for the one cell between them, both required."""
    spec = MissionSpec("buddy", 1, "Impossible", 2, 0, (("M02", 8, 3, 90), ("M04", 8, 5, 0)), ())
    return tool.render(spec)


def test_verdicts_witness_solver_unwinnable_and_unknown():
    template_text = (maps_dir() / "kakapo" / "TEMPLATE.tmx").read_text(encoding="utf-8")
    assert verdict(load_custom_mission_text(template_text, "t.tmx")) == WINNABLE  # its own solution layer
    start = template_text.index('<objectgroup id="2" name="solution"')
    no_witness = template_text[:start] + template_text[template_text.index("</objectgroup>", start) + 14:]
    mission = load_custom_mission_text(no_witness, "t.tmx")
    assert mission.witness == ()
    assert verdict(mission) == WINNABLE  # found by the solver
    assert verdict(mission, stop=lambda: True) == UNKNOWN  # out of time: no guess
    assert verdict(load_custom_mission_text(impossible_mission_text(), "i.tmx")) == UNWINNABLE


def test_an_ai_worker_process_rebuilds_a_custom_mission_from_the_view(tmp_path):
    from tabletop.ai.worker import AIRequest, AIWorker

    state = GAME.new_state(2, {"mission": str(copy_of(tmp_path))}, 7)
    seat = state.to_act()[0]
    legal = tuple(str(a) for a in state.legal_actions(seat))
    worker = AIWorker(mode="process")
    try:
        worker.submit(AIRequest("kakapo", "normal", state.view(seat), legal, seed=1, budget=0.2))
        answer = worker.wait(timeout=90)
    finally:
        worker.close()
    assert answer in legal
