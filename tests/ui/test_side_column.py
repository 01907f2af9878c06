"""The table's side column (seat rows and game log) is made of cached layers: a still frame repaints none,
a change repaints only the part it touches, nothing shown is ever stale, a hot-seat viewer never gets
another's cached log lines, and the cached column looks exactly like the column painted straight onto
the table (in both languages, at every text size)."""

from __future__ import annotations

import dataclasses

import pytest

from tabletop import i18n
from tabletop.engine.core import Event
from tabletop.engine.records import Seat
from tabletop.session import LogEntry, Session
from tabletop.ui.eventlog import format_event
from tabletop.ui.layer_cache import frame_ledger
from tabletop.ui.scenes.table import THINKING_STEP, TableScene
from tabletop.ui.scenes.title import TitleScene
from tests.ui.conftest import cached_frame, direct_frame, drawn_strings, run_until


def _table(app, kinds: tuple[str, ...], moves: int = 0) -> TableScene:
    """A BLUFFIT table after `moves` moves, with nothing moving (a human seat waits to bid)."""
    seats = [Seat(name, kind) for name, kind in zip(("Aki", "Ben", "Chie", "Dan"), kinds, strict=False)]
    session = Session.new("bluffit", len(seats), seats, {}, 7)
    app.stack.push(TitleScene(app))
    table = TableScene(app, session)
    app.stack.push(table)
    if kinds.count("human") > 1:
        table.hold = 0  # hot-seat: seat 0's view stays on the screen (no curtain)
    app.step(1 / 60)
    if moves:
        assert run_until(app, lambda: len(session.record.actions) >= moves, 4000)
    table.menu_open = True  # the AI seats wait while the moves in flight land
    assert run_until(app, lambda: not table.board.animating() and table.thinking is None, 600)
    table.menu_open = False
    table.layout()
    return table


def _painted(table: TableScene) -> int:
    return table.side_layers.painted + table.log_layers.painted




def _drawn(app) -> list[str]:
    return drawn_strings(app, lambda painter: app.draw())


@pytest.mark.parametrize(("language", "scale"), [("en", 1.0), ("ja", 1.25), ("en", 1.5)])
def test_a_still_frame_repaints_no_part_and_looks_like_direct_painting(app, language, scale) -> None:
    i18n.set_language(language)
    app.painter.text_scale = scale
    table = _table(app, ("easy", "easy", "easy", "easy"), moves=10)
    table.thinking = 2  # the pulse on one seat's row
    table.layout()
    first = cached_frame(app)
    painted = _painted(table)
    assert painted >= 5  # four seat rows and the log
    kept = [*table.side_layers.entries.values(), *table.log_layers.entries.values()]
    assert all(surface.get_alpha() is None for surface, _ in kept)  # opaque: a blit is a copy
    assert cached_frame(app) == first
    assert _painted(table) == painted
    assert direct_frame(app) == first


def test_a_landed_move_repaints_the_log_and_only_the_rows_it_changes(app) -> None:
    table = _table(app, ("human", "easy", "easy", "easy"), moves=3)
    session = table.session
    cached_frame(app)
    painted = _painted(table)
    seat = session.state.to_act()[0]
    before = len(session.log)
    assert table.act(seat, session.state.legal_actions(seat)[0])
    new_lines = [format_event("bluffit", e.event, session.names()) for e in session.log[before:]
                 if e.event.visible_for(table.viewer())]
    new_lines = [line for line in new_lines if line]
    assert new_lines
    frame_ledger.begin(paced=True)  # the app's paced loop (at full speed every frame shows the table as it is)
    landing = " ".join(_drawn(app))  # the frame the move lands in: the log as it was, the rest new
    frame_ledger.end()
    assert new_lines[-1] not in landing
    assert frame_ledger.owed and app.frame_due() == 0.0  # ... and the next frame is asked for
    frame_ledger.begin(paced=False)
    after = cached_frame(app)
    frame_ledger.end()
    assert not frame_ledger.owed
    repainted = _painted(table) - painted
    assert 1 <= repainted <= 1 + len(session.names())  # the log, and the rows whose facts changed
    assert after == direct_frame(app)  # nothing stale: the new line and the new turn are shown
    shown = " ".join(_drawn(app))
    assert new_lines[-1].split()[0] in shown


def test_the_thinking_pulse_repaints_its_row_alone(app) -> None:
    table = _table(app, ("human", "easy", "easy", "easy"), moves=3)
    table.thinking = 3
    cached_frame(app)
    painted = _painted(table)
    table.clock += THINKING_STEP  # the next dot
    after = cached_frame(app)
    assert _painted(table) == painted + 1
    assert after == direct_frame(app)


def test_a_changed_seat_line_is_repainted(app) -> None:
    """A seat's line comes from the board each frame: a changed line is never served from the cache."""
    table = _table(app, ("human", "easy", "easy", "easy"), moves=3)
    cached_frame(app)
    real = table.board.seat_info
    table.board.seat_info = lambda ctx, seat: "Changed line" if seat == 1 else real(ctx, seat)
    assert "Changed line" in _drawn(app)
    assert cached_frame(app) == direct_frame(app)


def test_a_hot_seat_viewer_never_gets_another_viewers_cached_log_lines(app) -> None:
    table = _table(app, ("human", "human", "human"))
    session = table.session
    secret = Event("compare", {"seat": 0, "target_seat": 1, "card": "7", "target_card": "3"}, visible_to=(0, 1))
    session.log.append(LogEntry(0, secret, len(session.record.actions)))
    line = format_event("bluffit", secret, session.names())
    words = line.split(":")[0]  # the line's start (the log wraps it)
    assert words
    table.hold = 0  # seat 0's view is on the screen
    app.fast = False  # the app's pacing: the log follows a frame after a new line
    _drawn(app)  # the frame the line comes in
    assert words in " ".join(_drawn(app))
    table.hold = 2  # the next person: the line must not be served from the cached log
    assert words not in " ".join(_drawn(app))
    assert cached_frame(app) == direct_frame(app)
    # The same text as a public line is shown to them: the log is keyed on what it shows, not on the index.
    session.log[-1] = LogEntry(0, dataclasses.replace(secret, visible_to=None), session.log[-1].index)
    assert words in " ".join(_drawn(app))
