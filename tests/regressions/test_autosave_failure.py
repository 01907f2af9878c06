"""Regression from the soak's autosave part: a failed autosave write crashed the table.

TableScene.act called save_autosave bare, so an OSError from the disk (full,
folder removed, permissions) escaped the frame loop and closed the app mid-game.
Now the table shows a notice and plays on; the atomic write keeps the last good
save, which still loads. Saves are written off the frame (tabletop.save_writer), so a
failure reaches the table a frame or more after the move.
"""

from __future__ import annotations

import os

from tabletop.engine.records import Seat


def test_the_table_plays_on_when_the_disk_refuses_the_autosave(app, monkeypatch) -> None:
    from tabletop import i18n
    from tabletop.save_writer import saves
    from tabletop.session import Session
    from tabletop.ui.scenes.table import TableScene
    from tabletop.userdata import load_save

    session = Session.new("bluffit", 3, [Seat("A", "random"), Seat("B", "random"), Seat("C", "random")], {}, 5)
    table = TableScene(app, session)
    app.stack.push(table)
    for _ in range(30):
        app.step(1 / 60)
        if len(session.record.actions) >= 3:
            break
    saves.flush()  # the last good save is on disk
    good = len(session.record.actions)
    assert good >= 1

    def full(*args, **kwargs):
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as patch:
        patch.setattr(os, "replace", full)
        for _ in range(20):
            app.step(1 / 60)
        saves.flush()  # the writes are made off the frame (tabletop.save_writer): all of them fail here
    app.step(1 / 60)  # the table shows what the writer reports
    assert len(session.record.actions) > good, "the game stopped"
    assert "No space left on device" in table.toast
    assert table.toast.startswith(i18n.t("app.save_failed", reason="").split("(")[0])
    loaded, problem = load_save("bluffit")
    assert problem is None and loaded is not None
    assert loaded.record.actions == session.record.actions[: len(loaded.record.actions)]
    assert len(loaded.record.actions) >= good
