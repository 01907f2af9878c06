"""Work a move brings that can wait does not lengthen the frames that show the move landing: the undo
check (a replay of the record) runs once the move's motion has ended, and the button then shows it."""

from __future__ import annotations

import random

from tabletop.engine.records import Seat
from tabletop.session import Session
from tabletop.ui.scenes.table import TableScene
from tabletop.ui.scenes.title import TitleScene
from tabletop.ui.table import undo_tool


def test_the_undo_check_waits_until_the_move_has_landed(app, monkeypatch) -> None:
    seats = [Seat(name, kind) for name, kind in (("Aki", "human"), ("Ben", "easy"), ("Chie", "easy"))]
    session = Session.new("bluffit", 3, seats, {}, 4)
    app.stack.push(TitleScene(app))
    table = TableScene(app, session)
    app.stack.push(table)
    app.fast = False  # the app's pacing: motion runs and AI moves wait for it (the AI still answers at once)
    app.settings.ai_speed = "instant"
    checks: list[bool] = []  # whether the board was moving at each check
    real = undo_tool.check_undo

    def watched(record, seat, *args, **kwargs):
        checks.append(table.board.busy())
        return real(record, seat, *args, **kwargs)

    monkeypatch.setattr(undo_tool, "check_undo", watched)
    rng = random.Random(2)
    offered = 0
    for _ in range(3000):
        app.step(1 / 60)
        if session.state.is_over():
            break
        if table.board.busy() and 0 in session.state.to_act():  # a move is landing: not offered unless checked
            assert not table.tool_buttons["undo"].enabled or table._undo_cache[0] == len(session.record.actions)
        if 0 in session.state.to_act() and not table.board.busy():
            offered += table.tool_buttons["undo"].enabled
            if rng.random() < 0.3:  # the human acts now and then
                table.act(0, rng.choice(session.state.legal_actions(0)))
    assert checks and not any(checks)  # checked, and never while a move was still landing
    assert offered  # the button did offer undo once moves had landed
