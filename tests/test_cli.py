"""The command line: arena JSON, replay refusal naming the index, replay --trace, selftest."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


def _run(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tabletop", *args], capture_output=True, text=True, env=ENV,
                          cwd=cwd, timeout=300)


def test_arena_prints_the_json_summary(tmp_path):
    out = _run("arena", "bluffit", "--players", "4", "--games", "40", "--agents", "random,random,random,random",
               "--seed", "1", "--records", str(tmp_path), "--quiet")
    assert out.returncode == 0, out.stderr
    summary = json.loads(out.stdout)
    for key in ("game", "players", "games", "seed", "options", "agents", "seats", "coop_success_rate", "seconds",
                "games_per_second"):
        assert key in summary
    assert summary["coop_success_rate"] is None
    assert abs(sum(s["win_share"] for s in summary["seats"]) - 1.0) < 1e-9
    assert len(list(tmp_path.glob("*.json"))) == 40


def test_replay_summary_trace_and_refusal(tmp_path):
    _run("arena", "bluffit", "--players", "3", "--games", "1", "--agents", "random", "--seed", "4", "--records",
         str(tmp_path), "--quiet")
    record = next(tmp_path.glob("*.json"))
    ok = _run("replay", str(record))
    assert ok.returncode == 0 and json.loads(ok.stdout)["finished"] is True
    trace = _run("replay", str(record), "--trace")
    lines = [json.loads(line) for line in trace.stdout.splitlines()]
    assert "initial" in lines[0] and "hands" in lines[0]["initial"]
    assert all({"seat", "legal", "action", "events", "state"} <= set(line) for line in lines[1:])
    data = json.loads(record.read_text())
    data["actions"][4][1] = "challenge 0" if not data["actions"][4][1].startswith("challenge") else "bid 11"
    record.write_text(json.dumps(data))
    bad = _run("replay", str(record))
    assert bad.returncode == 2
    assert "action 4 (zero-based)" in bad.stderr and record.name in bad.stderr


def test_selftest_saves_screenshots(tmp_path):
    out = _run("selftest", "--out", str(tmp_path / "shots"), "--games", "bluffit")
    assert out.returncode == 0, out.stderr
    names = {p.name for p in (tmp_path / "shots").iterdir()}
    assert {"title.png", "setup.png", "bluffit.png", "results.png"} <= names


def test_play_refuses_phone_seats_in_a_game_with_nothing_private(capsys):
    from tabletop.cli import main

    assert main(["play", "haunted_house", "--seats", "phone,ai"]) == 2
    assert "nothing private" in capsys.readouterr().err
