"""`tabletop review FILE [--seat N] [--json]` on a record from `tabletop arena`: the same review as the
results screen's, per marked move its index, played, suggested, both chances, cost and reason."""

from __future__ import annotations

import json

from tabletop.ai.review import review_record
from tabletop.engine.records import load_record
from tests.test_cli import _run


def test_review_of_an_arena_record(tmp_path):
    done = _run("arena", "bloody_summer", "--players", "4", "--games", "1", "--agents", "easy,random,easy,random",
                "--seed", "3", "--records", str(tmp_path), "--quiet")
    assert done.returncode == 0, done.stderr
    record = next(tmp_path.glob("*.json"))
    out = _run("review", str(record), "--seat", "2", "--json", "--iterations", "300")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["game"] == "bloody_summer" and [r["seat"] for r in data["reviews"]] == [2]
    review = data["reviews"][0]
    assert review == review_record(load_record(record).record, 2, 300).to_json()  # the app's review
    assert {"decisions", "within_2_points", "largest_swing", "marked"} <= set(review)
    assert review["marked"], review  # this seeded game has costly moves at seat 2
    for move in review["marked"]:
        assert {"index", "played", "suggested", "played_chance", "suggested_chance", "cost", "reason"} <= set(move)
        assert move["cost"] > 0 and move["played"] != move["suggested"]
    words = _run("review", str(record), "--seat", "1", "--iterations", "300", "--lang", "ja")
    assert words.returncode == 0 and "判断" in words.stdout


def test_review_refuses_what_it_cannot_review(tmp_path):
    _run("arena", "bloody_summer", "--players", "3", "--games", "1", "--agents", "random", "--seed", "2",
         "--records", str(tmp_path), "--quiet")
    record = next(tmp_path.glob("*.json"))
    bad_seat = _run("review", str(record), "--seat", "7")
    assert bad_seat.returncode == 2 and "seat 7 does not exist" in bad_seat.stderr
    data = json.loads(record.read_text())
    data["actions"] = data["actions"][:3]
    record.write_text(json.dumps(data))
    unfinished = _run("review", str(record))
    assert unfinished.returncode == 2 and "not finished" in unfinished.stderr
