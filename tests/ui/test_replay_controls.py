"""Replay controls: play runs the game forward on its own at 1×/2×/4×, pause stops it (and the app then
draws nothing), step and jump, and a header that names whose view is shown and never speaks of AI play."""

from __future__ import annotations

import re

import pygame
import pytest

from tabletop import i18n
from tabletop.engine.records import Seat
from tabletop.session import Session
from tabletop.ui.scenes.replay import STEP_SECONDS, ReplayScene
from tests.ui.conftest import drawn_strings, post_click, post_key

AI_WORDS = re.compile(r"\bAI\b|ＡＩ|AI同士")


def _human_game(seed: int = 3) -> Session:
    """A finished BLUFFIT game played by three people at one screen (no AI seat)."""
    seats = [Seat("Mika", "human"), Seat("Noa", "human"), Seat("Ren", "human")]
    session = Session.new("bluffit", 3, seats, {}, seed)
    while not session.state.is_over():
        seat = session.state.to_act()[0]
        session.apply(seat, session.state.legal_actions(seat)[0])
    return session


@pytest.fixture
def replay(app):
    scene = ReplayScene(app, _human_game().record)
    app.stack.push(scene)
    app.step(1 / 60)
    assert scene.total > 20
    return scene


def _frames(app, seconds: float, dt: float = 0.05) -> None:
    for _ in range(round(seconds / dt)):
        app.step(dt)


@pytest.mark.parametrize("speed", [1, 2, 4])
def test_play_advances_one_action_per_interval_at_the_chosen_speed(app, replay, speed):
    replay.set_speed(speed)
    replay.play()
    _frames(app, 3.1 * STEP_SECONDS)  # between the 3rd interval and the next action at every speed
    assert replay.step == 3 * speed


def test_pause_stops_and_then_asks_the_app_for_no_frames(app, replay):
    post_key(pygame.K_SPACE)
    app.step(1 / 60)
    assert replay.playing
    assert app.frame_due() is not None  # playing: the app is told when the next action is due
    _frames(app, 2.1 * STEP_SECONDS)
    reached = replay.step
    assert reached == 2
    post_key(pygame.K_SPACE)
    app.step(1 / 60)
    assert not replay.playing
    _frames(app, 5 * STEP_SECONDS)
    assert replay.step == reached
    assert app.frame_due() is None  # paused with nothing moving: the loop may sleep on input


def test_the_play_button_and_speed_buttons_work_with_the_mouse(app, replay):
    play = next(w for w in replay.widgets if w.label == i18n.t("app.replay_play"))
    post_click(app, *play.rect.center)
    app.step(1 / 60)
    assert replay.playing
    assert any(w.label == i18n.t("app.replay_pause") for w in replay.widgets)
    four = next(w for w in replay.widgets if w.label == i18n.t("app.replay_speed", n=4))
    post_click(app, *four.rect.center)
    app.step(1 / 60)
    assert replay.speed == 4
    post_key(pygame.K_2)
    app.step(1 / 60)
    assert replay.speed == 2


def test_play_stops_at_the_end_and_plays_again_from_the_start(app, replay):
    replay.go(replay.total - 2)
    replay.set_speed(4)
    replay.play()
    _frames(app, 2 * STEP_SECONDS)
    assert replay.step == replay.total and not replay.playing
    replay.play()
    assert replay.step == 0 and replay.playing


def test_step_pauses_and_jumps_land_where_asked(app, replay):
    replay.play()
    post_key(pygame.K_RIGHT)
    app.step(1 / 60)
    assert replay.step == 1 and not replay.playing
    post_key(pygame.K_END)
    app.step(1 / 60)
    assert replay.step == replay.total
    post_key(pygame.K_HOME)
    app.step(1 / 60)
    assert replay.step == 0
    post_key(pygame.K_PAGEDOWN)
    app.step(1 / 60)
    assert replay.step == 10
    slider = replay.slider
    post_click(app, slider.x + slider.w / 2, slider.centery)
    app.step(1 / 60)
    assert replay.step == round(replay.total / 2)


@pytest.mark.parametrize("language", ["en", "ja"])
def test_header_names_the_viewer_and_never_claims_ai_play_for_a_human_game(app, replay, language):
    i18n.set_language(language)
    replay.layout()
    replay.go(replay.total // 2)
    for viewer, expected in [(None, i18n.t("app.replay_viewing_public")),
                             (1, i18n.t("app.replay_viewing_seat", name="Noa"))]:
        replay.set_viewer(viewer)
        drawn = drawn_strings(app, replay.draw)
        assert expected in drawn
        said_ai = [s for s in drawn if AI_WORDS.search(s)]
        assert not said_ai, f"a game three people played is described as AI play: {said_ai}"
