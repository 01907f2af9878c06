"""Autosaves are written off the frame (tabletop.save_writer): no frame that applies a move writes a file,
only the newest save of a file waiting is written, nothing is lost on leaving or flushing, and a finished
game is archived before its save is deleted."""

from __future__ import annotations

import json
import threading

from tabletop import userdata
from tabletop.engine import atomic
from tabletop.engine.records import Seat
from tabletop.save_writer import SaveWriter, saves
from tabletop.session import Session
from tabletop.ui.scenes.table import TableScene
from tabletop.userdata import history_dir, save_path
from tests.ui.conftest import run_until


def _bluffit_table(app, seed: int = 5) -> TableScene:
    session = Session.new("bluffit", 3, [Seat(f"AI {i}", "random") for i in range(3)], {}, seed)
    table = TableScene(app, session)
    app.stack.push(table)
    return table


def test_no_file_is_written_inside_a_frame_that_applies_a_move(app, monkeypatch) -> None:
    writes: list[str] = []  # the thread each atomic write ran on
    real = atomic.write_text_atomic

    def spy(path, text):
        writes.append(threading.current_thread().name)
        real(path, text)

    monkeypatch.setattr(atomic, "write_text_atomic", spy)
    monkeypatch.setattr("tabletop.save_writer.write_text_atomic", spy)
    monkeypatch.setattr("tabletop.userdata.write_text_atomic", spy)
    table = _bluffit_table(app)
    assert run_until(app, lambda: len(table.session.record.actions) >= 6, 400)
    saves.flush()
    assert writes, "nothing was saved"
    assert threading.main_thread().name not in writes, "a save was written inside a frame"
    saved = json.loads(save_path("bluffit").read_text(encoding="utf-8"))
    assert [tuple(a) for a in saved["actions"]] == table.session.record.actions


def test_leaving_the_table_writes_the_last_move(app) -> None:
    table = _bluffit_table(app, seed=9)
    assert run_until(app, lambda: len(table.session.record.actions) >= 4, 400)
    actions = list(table.session.record.actions)
    app.stack.pop()  # no flush by the test: leaving flushes
    saved = json.loads(save_path("bluffit").read_text(encoding="utf-8"))
    assert [tuple(a) for a in saved["actions"]] == actions
    assert saves.pending() == 0


def test_a_finished_game_is_archived_then_its_save_deleted(app) -> None:
    table = _bluffit_table(app, seed=11)
    assert run_until(app, lambda: table.finished, 20_000)
    saves.flush()
    assert not save_path("bluffit").exists()
    archived = [json.loads(p.read_text(encoding="utf-8")) for p in history_dir().glob("*-bluffit-11.json")]
    assert [[tuple(a) for a in r["actions"]] for r in archived] == [table.session.record.actions]


def test_only_the_newest_waiting_save_of_a_file_is_written(tmp_path) -> None:
    writer = SaveWriter()
    gate = threading.Event()
    writer.submit(tmp_path / "blocker", gate.wait)  # holds the thread while the saves pile up
    written: list[str] = []
    for n in range(5):
        writer.submit(tmp_path / "a.json", lambda n=n: written.append(f"a{n}"))
    writer.write_text(tmp_path / "b.json", "b")
    assert writer.pending() == 3  # the blocker, the newest a, b
    gate.set()
    writer.flush()
    assert written == ["a4"]
    assert (tmp_path / "b.json").read_text(encoding="utf-8") == "b"
    assert writer.pending() == 0 and writer.failures() == []


def test_a_failed_write_is_reported_once_and_the_writer_goes_on(tmp_path) -> None:
    writer = SaveWriter()

    def refuse() -> None:
        raise OSError(28, "No space left on device")

    writer.submit(tmp_path / "a.json", refuse)
    writer.flush()
    writer.write_text(tmp_path / "a.json", "later")
    writer.flush()
    failures = writer.failures()
    assert [f.errno for f in failures if isinstance(f, OSError)] == [28]
    assert writer.failures() == []
    assert (tmp_path / "a.json").read_text(encoding="utf-8") == "later"


def test_a_moves_save_text_is_made_after_its_frame_is_on_screen(app, monkeypatch) -> None:
    order: list[str] = []  # what happened, in order: "present" per frame, "save text" per save made
    real_present, real_text = app.presenter.present, userdata._record_text
    monkeypatch.setattr(app.presenter, "present", lambda screen: (order.append("present"), real_present(screen))[1])
    monkeypatch.setattr(userdata, "_record_text", lambda record: (order.append("save text"), real_text(record))[1])
    table = _bluffit_table(app)
    moves = len(table.session.record.actions)
    assert run_until(app, lambda: len(table.session.record.actions) > moves, 400)
    assert order[-2:] == ["present", "save text"]  # the frame that applied the move went out first
    saves.flush()
    saved = json.loads(save_path("bluffit").read_text())["actions"]
    assert saved == [[seat, text] for seat, text in table.session.record.actions]


def test_later_jobs_run_at_the_next_pump_newest_per_key_and_before_a_flush(tmp_path) -> None:
    writer = SaveWriter()
    made: list[str] = []
    writer.later("a", lambda: made.append("a1"))
    writer.later("b", lambda: made.append("b"))
    writer.later("a", lambda: made.append("a2"))  # replaces a1, and now runs after b
    assert made == [] and writer.pending() == 2
    writer.pump()
    assert made == ["b", "a2"]
    writer.later("c", lambda: writer.write_text(tmp_path / "c.txt", "made late"))
    writer.flush()  # a flush makes what is waiting, then waits for the write
    assert (tmp_path / "c.txt").read_text() == "made late"


def test_a_failing_later_job_is_reported_not_raised() -> None:
    writer = SaveWriter()

    def broken() -> None:
        raise OSError(28, "No space left on device")

    writer.later("x", broken)
    writer.pump()
    failures = writer.failures()
    assert len(failures) == 1 and isinstance(failures[0], OSError)
