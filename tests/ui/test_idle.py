"""The loop sleeps while nothing changes, and draws while something moves (issue 18).

These run the real loop (`App.turn`, as `App.run` does) with `fast=False`, counting frames
through `App.frames_drawn`: an idle screen draws no frame and its turns sleep on input; an
animation, a timer that runs out, a thinking AI's pulse and any event each draw.
"""

from __future__ import annotations

import time

import pygame
import pytest

from tabletop.engine.records import Seat
from tabletop.session import Session

TURNS = 8
WAKE = 0.03  # seconds: the safety-net wake of the idle loop, short so the test is quick


@pytest.fixture
def live_app(data_dir):
    """An App as the player runs it (not fast): an AI in its own process, the event-driven loop."""
    from tabletop import i18n
    from tabletop.ui.app import App

    application = App(size=(1280, 720), fast=False)
    application.idle_wake = WAKE
    application.goal_cards = False  # the table itself, not the first-game card over it
    yield application
    while application.stack.scenes:
        application.stack.pop()
    i18n.set_language("en")
    pygame.quit()


def settle(app, limit: float = 20.0) -> None:
    """Turn the loop until nothing moves or is thought about (AI answered, animations over)."""
    deadline = time.perf_counter() + limit
    while time.perf_counter() < deadline:
        app.turn()
        if app.frame_due() is None and app.stack.top.next_poll_in() is None:
            return
    raise AssertionError(f"{app.stack.top.name} never settled: frame due in {app.frame_due()}")


def idle_turns(app, turns: int = TURNS) -> tuple[int, float]:
    """Frames drawn and seconds taken by `turns` turns of the loop."""
    before, start = app.frames_drawn, time.perf_counter()
    for _ in range(turns):
        app.turn()
    return app.frames_drawn - before, time.perf_counter() - start


def table(app, seats: list[Seat], game: str = "bluffit", seed: int = 4):
    from tabletop.ui.scenes.table import TableScene

    scene = TableScene(app, Session.new(game, len(seats), seats, {}, seed=seed))
    app.stack.push(scene)
    return scene


def test_idle_title_draws_nothing_and_sleeps_on_input(live_app):
    from tabletop.ui.scenes.title import TitleScene

    live_app.stack.push(TitleScene(live_app))
    live_app.request_frame()
    assert live_app.turn()  # the first frame
    settle(live_app)
    frames, seconds = idle_turns(live_app)
    assert frames == 0
    assert seconds >= TURNS * WAKE * 0.8  # it waited for input: a spinning loop would take microseconds


def test_any_event_draws_one_frame(live_app):
    from tabletop.ui.scenes.title import TitleScene

    live_app.stack.push(TitleScene(live_app))
    settle(live_app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(300, 300), rel=(1, 1), buttons=(0, 0, 0)))
    frames, _ = idle_turns(live_app, 1)
    assert frames == 1  # hover may have changed
    assert idle_turns(live_app)[0] == 0


def test_table_waiting_for_a_human_draws_nothing(live_app):
    scene = table(live_app, [Seat("Aki", "human"), Seat("AI 1", "easy")])
    settle(live_app)
    assert live_app.stack.top is scene
    assert scene.session.humans_to_act() == [0] and scene.thinking is None
    frames, seconds = idle_turns(live_app)
    assert frames == 0
    assert seconds >= TURNS * WAKE * 0.8


def test_animation_draws_every_turn_until_it_ends(live_app):
    scene = table(live_app, [Seat("Aki", "human"), Seat("AI 1", "easy")])
    settle(live_app)
    scene.board.flash.light(1, 0.25)  # the glow a move lights on its seat's mat
    frames, _ = idle_turns(live_app, 5)
    assert frames == 5
    settle(live_app)
    assert not scene.board.flash  # it ran to its end, and the last frame drew it gone
    assert idle_turns(live_app)[0] == 0


def test_toast_is_drawn_when_shown_and_when_it_goes(live_app):
    scene = table(live_app, [Seat("Aki", "human"), Seat("AI 1", "easy")])
    settle(live_app)
    before = live_app.frames_drawn
    scene.show_toast("hello")
    scene.toast_time = 0.2
    assert idle_turns(live_app, 1)[0] == 1  # shown at once, though no input came
    turns, deadline = 1, time.perf_counter() + 2
    while scene.toast_time > 0 and time.perf_counter() < deadline:
        live_app.turn()
        turns += 1
    assert scene.toast_time == 0
    frames = live_app.frames_drawn - before
    assert 2 <= frames <= 3 < turns  # shown and gone; a timer, not 60 frames a second
    assert idle_turns(live_app)[0] == 0


def test_a_thinking_ai_pulses_without_drawing_every_turn(live_app):
    scene = table(live_app, [Seat("AI 1", "hard"), Seat("AI 2", "hard")])
    deadline = time.perf_counter() + 20
    while scene.thinking is None and time.perf_counter() < deadline:
        live_app.turn()
    assert scene.thinking is not None
    before, turns, start = live_app.frames_drawn, 0, time.perf_counter()
    while time.perf_counter() - start < 1.0 and scene.thinking is not None:
        live_app.turn()
        turns += 1
    frames = live_app.frames_drawn - before
    assert scene.thinking is not None, "the hard AI answered within a second; the pulse was not seen"
    assert frames >= 2  # the dots moved: a frozen pulse is a bug
    assert frames <= 8  # three steps a second, not 60 frames
    assert turns > frames  # the worker was polled between frames


def test_fast_mode_step_draws_every_call(app):
    from tabletop.ui.scenes.title import TitleScene

    app.stack.push(TitleScene(app))
    before = app.frames_drawn
    for _ in range(3):
        assert app.step(1 / 60)
    assert app.frames_drawn == before + 3


def test_presenter_sends_only_what_changed(app):
    from tabletop.ui.present import Presenter

    screen = app.screen
    presenter = Presenter()
    screen.fill((10, 20, 30))
    assert presenter.present(screen) == [screen.get_rect()]  # the first frame goes out whole
    assert presenter.present(screen) == []  # nothing changed: nothing sent
    screen.fill((200, 0, 0), (600, 400, 10, 10))
    (sent,) = presenter.present(screen)
    assert sent.contains(pygame.Rect(600, 400, 10, 10)) and sent.h < 100 and sent.w == screen.get_width()
    presenter.invalidate()  # e.g. the window was exposed
    assert presenter.present(screen) == [screen.get_rect()]


def test_waiter_returns_when_an_event_is_posted(app):
    from tabletop.ui.idle import EventWaiter

    waiter = EventWaiter()
    pygame.event.clear()
    start = time.perf_counter()
    waiter.wait(0.05)
    assert time.perf_counter() - start >= 0.04  # it slept
    pygame.event.post(pygame.event.Event(pygame.USEREVENT))
    start = time.perf_counter()
    waiter.wait(5.0)
    assert time.perf_counter() - start < 1.0  # an event ends the wait
    assert pygame.event.get(pygame.USEREVENT)  # and stays queued for the loop
