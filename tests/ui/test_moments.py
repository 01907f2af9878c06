"""Every hidden-information move gets its moment on the table (issue 38, finding 8): a challenge, a reveal or a
take by an AI is announced on the board in the log's words, long enough to read at the chosen AI speed, and
the next AI move waits until it has been shown. One shared mechanism (tabletop.ui.moments): BLUFFIT's
challenge and Ghost Bumpers' reveal are two games of it."""

from __future__ import annotations

import random

import pytest

from tabletop.engine.core import Event
from tabletop.engine.records import Seat
from tabletop.session import Session
from tabletop.ui.eventlog import format_event
from tabletop.ui.moments import seconds_for
from tabletop.ui.scenes.table import TableScene
from tabletop.ui.scenes.title import TitleScene
from tabletop.ui.words import words_for
from tests.ui.conftest import post_click

STEP = 1 / 20  # seconds per frame while waiting for the next AI move


def _drawn(app, draw=None) -> list[str]:
    """Every string a frame draws (`draw(painter)`, or the whole app), cached layers painted straight."""
    drawn: list[str] = []
    app.painter.drawn = drawn
    app.painter.report_to([])  # every layer paints its text (none comes from a cache)
    try:
        app.draw() if draw is None else draw(app.painter)
    finally:
        app.painter.drawn = None
        app.painter.report_to(None)
    return drawn


def _on_the_board(app, table) -> list[str]:
    """The strings drawn outside the side column (its game log has every line anyway): the board and what
    floats over it."""
    drawn = _drawn(app)
    side = _drawn(app, lambda p: table._draw_side(p, table.context()))
    for line in side:
        drawn.remove(line)
    return drawn


def _table_at_moment(app, game_id: str, players: int, seed: int, kind: str, options: dict | None = None,
                     by_ai: bool = True, at_least: int = 1, unless: str = ""):
    """A table (Ann at the screen, AI seats) played at random through the table's own `act`, as the AI worker's
    answers are, until an AI seat's move brings `at_least` events of `kind` and an AI is to move next (`by_ai`),
    or until Ann's move brings them; never a move with an `unless` event. Returns the table and its events."""
    seats = [Seat("Ann", "human")] + [Seat(name, "easy") for name in ("Aki", "Ben", "Chie", "Dan", "Eri")[:players - 1]]
    session = Session.new(game_id, players, seats, options or {}, seed)
    app.stack.push(TitleScene(app))
    table = TableScene(app, session)
    app.stack.push(table)
    app.fast = False  # the app's own pacing: AI moves wait for the AI pace and for the board's motion
    rng = random.Random(seed)
    for _ in range(3000):
        state = session.state
        assert not state.is_over(), f"no AI move with a {kind} event in this game"
        seat = state.to_act()[0]
        before = len(session.log)
        table.board.update(10.0)  # the last move's motion has ended: only this move's pacing counts
        table.act(seat, rng.choice(state.legal_actions(seat)))
        events = [entry.event for entry in session.log[before:]]
        brought = sum(e.kind == kind for e in events) >= at_least and not any(e.kind == unless for e in events)
        if brought and (seat != 0 and session.ai_to_act() if by_ai else seat == 0):
            return table, events
    raise AssertionError(f"no AI move with a {kind} event")


def _wait_for_next_ai_move(app, table) -> float:
    """Seconds of app time until the next move is applied (the table paces and asks the AI itself)."""
    moves = len(table.session.record.actions)
    waited = 0.0
    while len(table.session.record.actions) == moves:
        app.step(STEP)
        waited += STEP
        assert waited < 30, ("the AI never moved", table.session.state.to_act(), table.session.ai_to_act(),
                             table.thinking, table.ai_delay, table.board.busy(), table.app.stack.top)
    return waited


def _moment_lines(game_id: str, events: list[Event], names: list[str], viewer: int | None) -> list[str]:
    kinds = words_for(game_id).moments
    return [format_event(game_id, e, names) for e in events if e.kind in kinds and e.visible_for(viewer)]


@pytest.mark.parametrize("speed", ["instant", "slow"])
def test_an_ai_challenge_is_announced_and_the_next_ai_move_waits_for_it(app, speed) -> None:
    app.settings.ai_speed = speed
    table, events = _table_at_moment(app, "bluffit", 4, 3, "challenge")
    names = table.session.names()
    drawn = _on_the_board(app, table)
    challenge = next(e for e in events if e.kind == "challenge")
    assert format_event("bluffit", challenge, names) in drawn  # the challenge is on the board, in words
    lines = _moment_lines("bluffit", events, names, 0)
    assert all(line in drawn for line in lines), (lines, drawn)
    for e in events:  # a comparison between two AI seats stays theirs
        if not e.visible_for(0):
            assert format_event("bluffit", e, names) not in drawn
    shown_for = seconds_for(len(set(lines)), speed)
    assert shown_for >= 1.5  # at least a readable minimum, whatever the speed
    waited = _wait_for_next_ai_move(app, table)
    assert waited >= shown_for - STEP / 2, (waited, shown_for)
    assert table.moments.shown is None  # it was shown until its time was up, then it went


def test_the_announcement_scales_with_the_ai_speed() -> None:
    assert seconds_for(2, "instant") < seconds_for(2, "normal") < seconds_for(2, "slow")
    assert seconds_for(1, "instant") < seconds_for(2, "instant")  # more to read, longer


def test_another_games_reveal_by_an_ai_is_announced_too(app) -> None:
    """Ghost Bumpers: an AI wins a trick in the first round and turns over two of its character cards (a round's
    end is avoided: its scoring panel waits for a click)."""
    app.settings.ai_speed = "instant"
    table, events = _table_at_moment(app, "ghost_bumpers", 3, 5, "reveal", {"mode": "target", "target": 15},
                                     at_least=2, unless="round_end")
    lines = _moment_lines("ghost_bumpers", events, table.session.names(), 0)
    drawn = _on_the_board(app, table)
    reveal = format_event("ghost_bumpers", next(e for e in events if e.kind == "reveal"), table.session.names())
    assert f"{reveal} ×{lines.count(reveal)}" in drawn  # drawn once, counted
    waited = _wait_for_next_ai_move(app, table)
    assert waited >= seconds_for(len(set(lines)), "instant") - STEP / 2


def test_an_idle_table_sleeps_until_the_announcement_ends(app) -> None:
    app.settings.ai_speed = "slow"
    table, _events = _table_at_moment(app, "bluffit", 4, 3, "challenge")
    while table.board.animating():  # the move's cards fly and its mat glows (frames every tick), then all is still
        app.step(STEP)
    assert table.moments.shown is not None
    due = table.next_frame_in()
    assert due is not None and due > 0.2  # no frame until then: no busy loop while it is read
    assert due <= table.moments.shown.left + 1e-6  # ... and the frame that takes it away is asked for


def test_a_click_on_the_announcement_puts_it_away(app) -> None:
    app.settings.ai_speed = "slow"
    table, _events = _table_at_moment(app, "bluffit", 4, 3, "challenge")
    app.draw()
    assert table.moments.rect is not None
    post_click(app, *table.moments.rect.center)
    app.step(STEP)
    assert table.moments.shown is None
    assert not table.moments.lines(0, table.session.names())


def test_a_move_by_the_person_at_the_screen_is_not_announced(app) -> None:
    table, _events = _table_at_moment(app, "bluffit", 4, 3, "challenge", by_ai=False)
    assert table.moments.shown is None


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("scale", [1.0, 1.5])
@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_announcement_fits_with_long_names(app, language, scale, size) -> None:
    from tests.ui.test_state_sweep import LONG_NAMES, _sized
    from tests.ui.test_text_fit import Collector

    _sized(app, language, scale, size)
    table, events = _table_at_moment(app, "bluffit", 4, 3, "challenge")
    for seat, name in zip(table.session.record.seats, LONG_NAMES, strict=False):
        seat.name = name
    app.painter.player_names = frozenset(table.session.names())
    assert table.moments.lines(0, table.session.names())
    collect = Collector(app)
    collect.draw(table, f"{language} {scale} {size} announcement")
    collect.assert_clean()
