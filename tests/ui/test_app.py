"""Headless UI: every scene draws, an AI game runs through the loop, the curtain, autosave, bad files."""

from __future__ import annotations

import json

import pygame
import pytest

from tabletop.engine.records import Seat
from tabletop.save_writer import saves
from tabletop.session import Session
from tabletop.ui.scenes.curtain import CurtainScene
from tabletop.ui.scenes.results import ResultsScene
from tabletop.ui.scenes.rules import RulesScene
from tabletop.ui.scenes.settings import SettingsScene
from tabletop.ui.scenes.setup import SetupScene
from tabletop.ui.scenes.table import TableScene
from tabletop.ui.scenes.title import TitleScene
from tabletop.userdata import save_path
from tests.ui.conftest import post_click, post_key, run_until


def _bluffit(seats: list[str], seed: int = 3) -> Session:
    return Session.new("bluffit", len(seats), [Seat(f"P{i}", k) for i, k in enumerate(seats)], {}, seed)


@pytest.mark.parametrize("language", ["en", "ja"])
def test_every_scene_draws(app, language):
    app.settings.language = language
    app.save_settings()
    session = _bluffit(["human", "easy", "easy"])
    for scene in (TitleScene(app), SetupScene(app, "bluffit"), SettingsScene(app), TableScene(app, session),
                  RulesScene(app, "bluffit"), CurtainScene(app, "P1", 1, lambda: None)):
        app.stack.push(scene)
        app.step(1 / 60)
    while app.stack.scenes:
        app.stack.pop()
    finished = _bluffit(["easy", "easy"])
    while not finished.state.is_over():
        seat = finished.state.to_act()[0]
        finished.apply(seat, finished.state.legal_actions(seat)[0])
    app.stack.push(ResultsScene(app, finished))
    app.step(1 / 60)


def test_full_ai_game_runs_through_the_ui_loop(app):
    session = _bluffit(["easy", "random", "easy", "random"])
    app.stack.push(TitleScene(app))
    app.stack.push(TableScene(app, session))
    assert run_until(app, lambda: isinstance(app.stack.top, ResultsScene))
    assert session.state.is_over()
    assert not save_path("bluffit").exists()  # a finished game leaves no save


def test_title_starts_a_game_through_setup(app):
    app.stack.push(TitleScene(app))
    app.step(1 / 60)
    tile = app.stack.top.tiles[0][0]
    post_click(app, *tile.center)
    app.step(1 / 60)
    assert isinstance(app.stack.top, SetupScene)
    post_click(app, 1140, 672)  # Start game
    app.step(1 / 60)
    assert isinstance(app.stack.top, TableScene)


def test_two_humans_see_the_curtain_between_turns(app):
    session = _bluffit(["human", "human", "easy"])
    app.stack.push(TitleScene(app))
    app.stack.push(TableScene(app, session))
    app.step(1 / 60)
    assert isinstance(app.stack.top, CurtainScene)
    first = app.stack.top.seat
    table = app.stack.scenes[-2]
    assert isinstance(table, TableScene) and table.viewer() is None  # nothing private under the curtain
    post_key(pygame.K_SPACE)
    app.step(1 / 60)
    assert table.viewer() == first
    table.human_act(session.state.legal_actions(first)[0])
    assert run_until(app, lambda: isinstance(app.stack.top, CurtainScene), 50)
    assert app.stack.top.seat != first


def test_autosave_after_every_action_and_continue_resumes_exactly(app):
    session = _bluffit(["human", "easy", "easy"])
    app.stack.push(TitleScene(app))
    app.stack.push(TableScene(app, session))
    table = app.stack.top
    table.human_act(session.state.legal_actions(0)[0])
    run_until(app, lambda: session.humans_to_act() == [0] and session.state.legal_actions(0), 200)
    saves.flush()  # written off the frame (tabletop.save_writer)
    saved = json.loads(save_path("bluffit").read_text(encoding="utf-8"))
    assert [tuple(a) for a in saved["actions"]] == session.record.actions
    app.stack.pop()
    app.step(1 / 60)
    title = app.stack.top
    assert isinstance(title, TitleScene) and len(title.saves) == 1
    title.continue_game()
    app.stack.top.widgets[0].on_click()  # Continue's list: Resume on the only row
    resumed = app.stack.top
    assert isinstance(resumed, TableScene)
    assert resumed.session.state.to_json() == session.state.to_json()


def test_corrupt_autosave_is_reported_and_moved_aside(app, data_dir):
    (data_dir / "autosave.json").write_text("{ this is not json", encoding="utf-8")  # the old single save
    app.stack.push(TitleScene(app))
    app.step(1 / 60)
    title = app.stack.top
    assert title.problem and "not valid JSON" in title.problem
    assert not (data_dir / "autosave.json").exists()
    assert list(data_dir.glob("autosave.corrupt-*.json"))


def test_illegal_click_is_refused_with_a_message(app):
    session = _bluffit(["human", "easy", "easy"])
    app.stack.push(TableScene(app, session))
    table = app.stack.top
    from tabletop.games.bluffit.actions import Challenge

    assert not table.act(0, Challenge(1))  # bidding phase: challenges are illegal
    assert table.toast
    assert session.record.actions == []


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_text_shrunk_to_max_width_really_fits(app, scale):
    """Fonts come in whole pixels: a text a few percent too wide must still shrink (it used to round back up
    to its own size and overflow, e.g. KAKAPO's Japanese placement hint ran over the bottom strip's edge)."""
    from tabletop.ui import style

    p = app.painter
    p.vp.resize((round(1280 * scale), round(720 * scale)))
    text = "ピースをボードへ動かします（マウスか矢印キー）。R／ホイールで回転、Fで裏返し。"
    natural = p.measure(text, style.SMALL, True)
    for ratio in (0.995, 0.98, 0.9, 0.8):  # all above the smallest size (TINY * 0.8)
        drawn = p.text(text, (0, 0), style.SMALL, style.ACCENT, bold=True, max_width=natural * ratio)
        assert drawn.w <= natural * ratio + 1 / p.vp.scale
