"""The results screen's Review tab (tabletop/ui/scenes/results.py) and the replay it opens: a review shows
only to its own seat (solo: the human; hot-seat: behind the curtain, one seat at a time), it opens the
replay at a marked move from that seat's view with the alternative shown, and leaving cancels it."""

from __future__ import annotations

import pytest

from tabletop.ai.review import review_record
from tabletop.engine.records import Seat, replay
from tabletop.session import Session
from tabletop.ui.painter import Painter
from tabletop.ui.results.review_words import strings, summary
from tabletop.ui.scenes.curtain import CurtainScene
from tabletop.ui.scenes.replay import ReplayScene
from tabletop.ui.scenes.results import ResultsScene
from tests.ai.review_blunders import FIRST_SEEDS, planted_game

DT = 1 / 60
ITERATIONS = 300  # the budget at which tests/ai/test_review.py shows the planted blunder marked


@pytest.fixture
def drawn(monkeypatch) -> list[str]:
    """Every string the painter draws."""
    seen: list[str] = []
    text, wrapped = Painter.text, Painter.wrapped
    monkeypatch.setattr(Painter, "text", lambda self, s, *a, **k: (seen.append(str(s)), text(self, s, *a, **k))[1])
    monkeypatch.setattr(Painter, "wrapped",
                        lambda self, s, *a, **k: (seen.append(str(s)), wrapped(self, s, *a, **k))[1])
    monkeypatch.setattr(ResultsScene, "review_iterations", ITERATIONS)
    return seen


def _session(humans: tuple[int, ...]) -> Session:
    """A finished BLOODY SUMMER game (a planted blunder at seat 0), with `humans` at the screen."""
    seed = FIRST_SEEDS["bloody_summer"]
    record, _ = planted_game("bloody_summer", "hard:300", seeds=range(seed, seed + 1))
    record.seats = [Seat(f"P{i}", "human" if i in humans else "easy") for i in range(record.players)]
    return Session.resume(replay(record))


def _finish(app, scene: ResultsScene) -> None:
    for _ in range(400):
        if scene.reviewer is None or not scene.reviewer.running:
            break
        app.step(DT)
    assert scene.reviewer is not None and not scene.reviewer.running


def _frame(app, drawn: list[str]) -> list[str]:
    drawn.clear()
    app.step(DT)
    return list(drawn)


def test_solo_the_human_sees_their_own_review_and_opens_the_replay_there(app, drawn) -> None:
    session = _session(humans=(0,))
    scene = ResultsScene(app, session)
    app.stack.push(scene)
    assert scene.reviewer is None  # fast mode: nothing is searched before the tab is opened
    scene.set_tab("review")
    assert scene.reviewer is not None and scene.reviewer.seats == [0]  # AI seats are never reviewed
    _finish(app, scene)
    review = scene.reviewer.review(0)
    assert review == review_record(session.record, 0, ITERATIONS)  # the worker's review is the command line's
    shown = _frame(app, drawn)
    assert summary(review) in shown
    assert set(strings(session.game, review, session.names())) <= set(shown)
    assert review.marked and scene.review_rows
    scene.open_reviewed_move(0)
    top = app.stack.top
    assert isinstance(top, ReplayScene)
    first = review.marked[0]
    assert (top.step, top.seat_shown) == (first.index, 0)  # the moment before the move, from the seat's view
    top.set_viewer(None)
    assert top.seat_shown == 0  # a review's replay keeps to its seat
    shown = _frame(app, drawn)
    assert any(line.startswith("The AI's review of this move") for line in shown)
    assert scene.review_rows[0].suggested in shown and scene.review_rows[0].played in shown
    top.step_by(1)
    assert not any(line.startswith("The AI's review of this move") for line in _frame(app, drawn))


def test_hot_seat_a_review_shows_only_behind_its_seats_curtain(app, drawn) -> None:
    session = _session(humans=(0, 1))
    scene = ResultsScene(app, session)
    app.stack.push(scene)
    scene.set_tab("review")
    _finish(app, scene)
    mine, theirs = scene.reviewer.review(0), scene.reviewer.review(1)
    assert summary(mine) != summary(theirs)
    private = {0: set(strings(session.game, mine, session.names())) - set(strings(session.game, theirs,
                                                                                     session.names())),
               1: set(strings(session.game, theirs, session.names())) - set(strings(session.game, mine,
                                                                                      session.names()))}
    assert private[0] and private[1]
    shown = set(_frame(app, drawn))
    assert not shown & (private[0] | private[1])  # nobody's review before a curtain
    assert not scene.review_rows
    scene.show_review_of(1)
    assert isinstance(app.stack.top, CurtainScene)
    assert not set(_frame(app, drawn)) & (private[0] | private[1])  # the curtain hides everything
    app.stack.top.on_ready()
    app.stack.pop()  # the curtain dismissed as a click would
    shown = set(_frame(app, drawn))
    assert private[1] <= shown and not shown & private[0]  # seat 1's review, nothing of seat 0's
    scene.set_tab("results")
    scene.set_tab("review")
    assert not set(_frame(app, drawn)) & (private[0] | private[1])  # back on the tab: the curtain again


def test_leaving_the_results_cancels_the_review(app, drawn) -> None:
    session = _session(humans=(0,))
    scene = ResultsScene(app, session)
    app.stack.push(scene)
    scene.set_tab("review")
    scene.reviewer.mode = "process"  # a real worker process: leaving must end it at once
    app.step(DT)
    worker = scene.reviewer._worker
    assert worker is not None and worker.busy
    process = worker._process
    app.stack.pop()
    assert scene.reviewer.closed and not scene.reviewer.running
    process.join(timeout=5)
    assert not process.is_alive()


def test_history_reviews_a_past_game(app, drawn) -> None:
    import pygame

    from tabletop.engine.records import save_record
    from tabletop.ui.scenes.history import HistoryScene
    from tabletop.userdata import history_dir
    from tests.ui.conftest import post_key

    session = _session(humans=(0,))
    history_dir().mkdir(parents=True, exist_ok=True)
    save_record(history_dir() / "20260101-000000-bloody_summer-1.json", session.record)
    history = HistoryScene(app)
    app.stack.push(history)
    app.step(DT)
    post_key(pygame.K_v)
    app.step(DT)
    scene = app.stack.top
    assert isinstance(scene, ResultsScene) and scene.tab == "review" and scene.replayed
    _finish(app, scene)
    review = scene.reviewer.review(0)
    assert review == review_record(session.record, 0, ITERATIONS)
    assert summary(review) in _frame(app, drawn)
    app.stack.pop()
    assert app.stack.top is history
