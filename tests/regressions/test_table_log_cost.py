"""Regression from make bench's frame times: the side log re-formatted the whole game log and re-wrapped
sixty lines after every move (19 ms late in a Sumidagawa game, on every AI move).

Now only the shown tail is formatted and wrapped lines are kept between moves; the rows are the same.
"""

from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from tabletop.engine.records import Seat  # noqa: E402


def reference_rows(table, p, viewer, width, size):
    """The rows as the old code built them: every line formatted, the last 60 wrapped."""
    from tabletop.ui.eventlog import format_event

    names = table.session.names()
    lines = [(format_event(table.session.game.id, e.event, names), e.index) for e in table.session.log
             if e.event.visible_for(viewer)]
    lines = [(text, index) for text, index in lines if text]
    latest = lines[-1][1] if lines else -1
    return [(part, index == latest) for text, index in lines[-60:] for part in p.wrap_lines(text, width, size)]


def test_a_new_move_formats_only_the_tail_and_wraps_only_new_lines(app, monkeypatch) -> None:
    from tabletop.session import Session
    from tabletop.ui.scenes.table import TableScene
    from tabletop.ui.table import log_view

    session = Session.new("sumidagawa", 4, [Seat(f"P{i}", "random") for i in range(4)], {}, 5)
    rng = random.Random(1)
    while len(session.log) <= 200:
        assert not session.state.is_over()
        seat = session.state.to_act()[0]
        session.apply(seat, rng.choice(session.state.legal_actions(seat)))
    table = TableScene(app, session)
    app.stack.push(table)
    app.step(1 / 60)
    p = app.painter
    assert len(session.log) > 200
    assert table._log_rows(p, None, 280, 14) == reference_rows(table, p, None, 280, 14)

    formatted = wrapped = 0
    real_format, real_wrap = log_view.format_event, p.wrap_lines

    def counting_format(*args, **kwargs):
        nonlocal formatted
        formatted += 1
        return real_format(*args, **kwargs)

    def counting_wrap(*args, **kwargs):
        nonlocal wrapped
        wrapped += 1
        return real_wrap(*args, **kwargs)

    monkeypatch.setattr(log_view, "format_event", counting_format)
    monkeypatch.setattr(p, "wrap_lines", counting_wrap)
    seat = session.state.to_act()[0]
    events = session.apply(seat, session.state.legal_actions(seat)[0])
    rows = table._log_rows(p, None, 280, 14)
    assert formatted <= 60 + len(session.log) - len(session.log[:-len(events)]) + 10
    assert wrapped <= len(events)
    monkeypatch.undo()
    assert rows == reference_rows(table, p, None, 280, 14)
