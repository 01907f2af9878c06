"""Records: saved as versioned JSON, loaded by replaying every action; bad files refused with a clear message."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tabletop.engine.records import FORMAT, Record, RecordError, Seat, load_record, save_record


def _finished_record(seed: int = 5, players: int = 4) -> Record:
    from tabletop.games.bluffit import GAME

    state = GAME.new_state(players, {}, seed)
    rng = random.Random(seed)
    actions = []
    while not state.is_over():
        seat = state.to_act()[0]
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        actions.append((seat, str(action)))
    return Record("bluffit", players, seed, GAME.resolve_options({}), [Seat(f"P{i}", "random") for i in range(players)],
                  actions)


def _write(path: Path, data) -> Path:
    path.write_text(json.dumps(data) if not isinstance(data, str) else data, encoding="utf-8")
    return path


def test_round_trip(tmp_path):
    record = _finished_record()
    save_record(tmp_path / "r.json", record)
    loaded = load_record(tmp_path / "r.json")
    assert loaded.record.actions == record.actions
    assert loaded.state.is_over()
    assert json.loads((tmp_path / "r.json").read_text())["format"] == FORMAT


def test_not_json_is_refused_naming_the_file(tmp_path):
    path = _write(tmp_path / "bad.json", "{ nope")
    with pytest.raises(RecordError) as info:
        load_record(path)
    assert "bad.json" in str(info.value) and "not valid JSON" in str(info.value)


def test_wrong_format_version(tmp_path):
    data = _finished_record().to_json()
    data["format_version"] = 99
    with pytest.raises(RecordError, match="format version 99"):
        load_record(_write(tmp_path / "v.json", data))


def test_unknown_game(tmp_path):
    data = _finished_record().to_json()
    data["game"] = "chess"
    with pytest.raises(RecordError, match="unknown game 'chess'"):
        load_record(_write(tmp_path / "g.json", data))


def test_edited_fifth_action_is_refused_naming_its_index(tmp_path):
    data = _finished_record().to_json()
    seat, _ = data["actions"][4]
    data["actions"][4] = [seat, "challenge 9"]
    with pytest.raises(RecordError) as info:
        load_record(_write(tmp_path / "edited.json", data))
    message = str(info.value)
    assert "edited.json" in message and "action 4 (zero-based)" in message
    assert info.value.index == 4


@pytest.mark.parametrize("mutate, expected", [
    (lambda d: d.pop("seed"), "missing field 'seed'"),
    (lambda d: d.update(players="four"), "wrong type"),
    (lambda d: d.update(players=9), "cannot be played by 9"),
    (lambda d: d.update(actions=[[0]]), "action 0"),
    (lambda d: d.update(actions=[[0, "bid 11"]]), "action 0"),
    (lambda d: d.update(actions=[[7, "bid 3"]]), "seat 7 does not exist"),
    (lambda d: d.update(options={"colour": True}), "no option colour"),
    (lambda d: d.update(seats=[]), "0 seats listed"),
    (lambda d: d.update(seed=True), "wrong type"),
])
def test_malformed_fields_are_refused(tmp_path, mutate, expected):
    data = _finished_record().to_json()
    mutate(data)
    with pytest.raises(RecordError, match=expected):
        load_record(_write(tmp_path / "m.json", data))


def test_atomic_save_leaves_no_temp_files(tmp_path):
    record = _finished_record()
    for _ in range(3):
        save_record(tmp_path / "r.json", record)
    assert [p.name for p in tmp_path.iterdir()] == ["r.json"]


def test_interrupted_save_keeps_the_old_file(tmp_path, monkeypatch):
    import os

    record = _finished_record()
    save_record(tmp_path / "r.json", record)
    before = (tmp_path / "r.json").read_text()

    def crash(*args, **kwargs):
        raise OSError("disk yanked")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError):
        save_record(tmp_path / "r.json", Record("bluffit", 2, 1, {}, [Seat("a"), Seat("b")], []))
    assert (tmp_path / "r.json").read_text() == before
    assert [p.name for p in tmp_path.iterdir()] == ["r.json"]
