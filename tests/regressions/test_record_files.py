"""Regressions found by the soak's record-file fuzz (tests/soak/test_soak_records_fuzz.py).

json.loads raises RecursionError for deeply nested arrays and a plain ValueError
(not JSONDecodeError) for integers longer than Python's 4300-digit limit;
load_record let both through, so a damaged autosave crashed the title screen.
"""

from __future__ import annotations

import json

import pytest

from tabletop.engine.records import Record, RecordError, Seat, load_record, save_record
from tabletop.userdata import load_save, save_path


@pytest.mark.parametrize("text", [
    "[" * 100_000 + "]" * 100_000,
    '{"format": ' + "[" * 50_000,
    '{"format": "tabletop-record", "seed": ' + "7" * 5000 + "}",
])
def test_pathological_json_is_refused_with_record_error(tmp_path, text: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RecordError) as caught:
        load_record(path)
    assert str(caught.value).startswith(str(path))


def test_a_long_integer_in_the_autosave_is_moved_aside(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path))
    record = Record("bluffit", 2, 1, {}, [Seat("A"), Seat("B")], [], 1)
    save_record(save_path("bluffit"), record)
    text = save_path("bluffit").read_text(encoding="utf-8").replace('"seed": 1', '"seed": ' + "9" * 6000)
    save_path("bluffit").write_text(text, encoding="utf-8")
    replayed, problem = load_save("bluffit")
    assert replayed is None and problem and "moved to" in problem
    assert not save_path("bluffit").exists()
    json.dumps(problem)
