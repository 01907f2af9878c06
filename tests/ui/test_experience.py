"""Player experience, headless: rules (F1, both languages, both pages), undo, hints, explain, the log,
replays, history and statistics across a restart, sound settings and no audio device, text size."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pygame
import pytest

from tabletop import i18n
from tabletop.engine import registry
from tabletop.engine.records import Seat
from tabletop.session import Session
from tabletop.ui.games import has_board
from tabletop.ui.scenes.history import HistoryScene
from tabletop.ui.scenes.replay import ReplayScene
from tabletop.ui.scenes.results import ResultsScene
from tabletop.ui.scenes.rules import RulesScene, page_text, parse_markup
from tabletop.ui.scenes.settings import SettingsScene
from tabletop.ui.scenes.setup import SetupScene
from tabletop.ui.scenes.table import TableScene
from tabletop.ui.scenes.title import TitleScene
from tabletop.userdata import history_dir
from tests.ui.conftest import post_click, post_key, run_until

GAMES = [g.id for g in registry.available_games() if has_board(g.id)]


def _bluffit(kinds: list[str], seed: int = 3) -> Session:
    return Session.new("bluffit", len(kinds), [Seat(f"P{i}", k) for i, k in enumerate(kinds)], {}, seed)


def _seats(game_id: str) -> list[Seat]:
    game = registry.get_game(game_id)
    n = max(game.players.start, min(3, game.players.stop - 1))
    return [Seat("You" if i == 0 else f"AI{i}", "human" if i == 0 else "easy") for i in range(n)]


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("game_id", GAMES)
def test_f1_opens_both_rules_pages_for_every_game(app, game_id, language):
    app.settings.language = language
    app.save_settings()
    assert i18n.has(f"{game_id}.rules_full", language) and i18n.has(f"{game_id}.rules_summary", language)
    session = Session.new(game_id, len(_seats(game_id)), _seats(game_id), {}, 5)
    app.stack.push(TableScene(app, session))
    app.step(1 / 60)
    post_key(pygame.K_F1)
    app.step(1 / 60)
    rules = app.stack.top
    assert isinstance(rules, RulesScene) and rules.game_id == game_id and rules.tab == "summary"
    post_key(pygame.K_TAB)
    app.step(1 / 60)
    assert rules.tab == "full"
    full = page_text(game_id, "full")
    assert full == i18n.t(f"{game_id}.rules_full")
    kinds = [kind for kind, _ in parse_markup(full)]
    assert "h1" in kinds and "cards" in kinds  # headings and card pictures
    post_key(pygame.K_END)
    app.step(1 / 60)
    assert rules.scroll == rules.scroller.max_offset > 0  # long enough to scroll, and it scrolls
    post_key(pygame.K_HOME)
    app.step(1 / 60)
    assert rules.scroll == 0
    post_key(pygame.K_F1)
    app.step(1 / 60)
    assert isinstance(app.stack.top, TableScene)


def test_setup_has_a_rules_button(app):
    app.stack.push(SetupScene(app, "bluffit"))
    app.step(1 / 60)
    post_click(app, 330, 672)
    app.step(1 / 60)
    assert isinstance(app.stack.top, RulesScene)


def test_undo_in_the_table_restores_the_exact_earlier_state_and_refuses_after_a_reveal(app):
    session = _bluffit(["human", "easy", "easy"], seed=5)
    app.stack.push(TableScene(app, session))
    table = app.stack.top
    assert run_until(app, lambda: 0 in session.state.to_act(), 200)
    before = session.state.to_json()
    kept = len(session.record.actions)
    table.human_act(session.state.legal_actions(0)[-1])
    assert run_until(app, lambda: 0 in session.state.to_act() or len(session.record.actions) > kept + 2, 200)
    post_key(pygame.K_z)
    app.step(1 / 60)
    assert session.state.to_json() == before
    assert len(session.record.actions) == kept
    # Now challenge someone: the strength cards are shown privately, so the challenge cannot be taken back.
    for _ in range(400):
        if 0 in session.state.to_act():
            legal = session.state.legal_actions(0)
            challenges = [a for a in legal if str(a).startswith("challenge")]
            if challenges:
                table.human_act(challenges[0])
                break
            table.human_act(legal[-1])
        app.step(1 / 60)
    else:
        raise AssertionError("never got to challenge")
    after = session.state.to_json()
    assert not table.undo()
    assert session.state.to_json() == after
    assert table.toast and table.toast == i18n.t("app.undo_refused", reason=i18n.t("app.undo_reason.private"))


def test_explain_and_hint(app):
    from tabletop.games.bluffit.actions import Challenge

    session = _bluffit(["human", "easy", "easy"])
    app.stack.push(TableScene(app, session))
    table = app.stack.top
    assert run_until(app, lambda: 0 in session.state.to_act(), 200)
    assert table.explain(session.state.legal_actions(0)[0]) is None
    reason = table.explain(Challenge(1))
    assert reason and "{" not in reason
    before = session.state.to_json()
    assert session.state.to_json() == before  # explain changed nothing
    post_key(pygame.K_h)
    assert run_until(app, lambda: table.suggestion is not None, 50)
    assert table.suggestion in session.state.legal_actions(0)
    assert table.action_text(table.suggestion)
    table.play_suggestion()
    assert len(session.record.actions) >= 1 and session.record.actions[-1][0] in (0, 1, 2)


def test_hint_and_undo_only_against_ai(app):
    session = _bluffit(["human", "human", "easy"])
    app.stack.push(TableScene(app, session))
    table = app.stack.scenes[-1] if isinstance(app.stack.scenes[-1], TableScene) else app.stack.scenes[-2]
    assert table.solo_human() is None
    assert not table.tool_buttons["undo"].enabled and not table.tool_buttons["hint"].enabled  # shown off


def test_game_log_scrolls_and_opens_large(app):
    session = _bluffit(["human", "easy", "easy"])
    for _ in range(500):  # a long log, stopping at the human's turn so nothing moves under the test
        seat = session.state.to_act()[-1] if len(session.log) < 80 else None
        if seat is None and session.state.to_act() == (0,):
            break
        seat = seat if seat is not None else session.state.to_act()[-1]
        session.apply(seat, session.state.legal_actions(seat)[-1])
    app.stack.push(TableScene(app, session))
    table = app.stack.top
    app.step(1 / 60)
    scroller = table.log_scroller
    assert scroller.max_offset > 0 and scroller.offset == scroller.max_offset  # the latest lines at first
    assert scroller.thumb() is not None  # a visible scrollbar
    track = scroller.track
    post_click(app, track.centerx, track.y + 1)  # click the top of the track
    app.step(1 / 60)
    assert scroller.offset == 0 and table.log_scroll == scroller.max_offset
    post_key(pygame.K_l)
    app.step(1 / 60)
    assert table.log_big
    post_key(pygame.K_ESCAPE)
    app.step(1 / 60)
    assert not table.log_big and not table.menu_open


def _finish_through_ui(app, kinds: list[str], seed: int) -> Session:
    session = _bluffit(kinds, seed)
    app.stack.push(TitleScene(app))
    app.stack.push(TableScene(app, session))
    assert run_until(app, lambda: isinstance(app.stack.top, ResultsScene))
    return session


def test_replay_steps_to_the_end_and_back_and_matches_the_final_scores(app):
    session = _finish_through_ui(app, ["easy", "random", "easy"], 4)
    post_key(pygame.K_r)  # Watch replay
    app.step(1 / 60)
    replay = app.stack.top
    assert isinstance(replay, ReplayScene) and replay.step == 0
    assert replay.total == len(session.record.actions)
    post_key(pygame.K_END)
    app.step(1 / 60)
    assert replay.step == replay.total
    assert list(replay.state.result().scores) == session.record.meta["scores"]
    for viewer in (None, 0, 1, 2):
        replay.set_viewer(viewer)
        app.step(1 / 60)
    post_key(pygame.K_LEFT)
    app.step(1 / 60)
    assert replay.step == replay.total - 1
    post_key(pygame.K_HOME)
    app.step(1 / 60)
    assert replay.step == 0
    assert replay.state.to_json() == session.record.new_state().to_json()
    while replay.step < replay.total:
        post_key(pygame.K_RIGHT)
        app.step(1 / 60)
    assert replay.state.to_json() == session.state.to_json()


def test_statistics_survive_a_restart(data_dir):
    from tabletop.ui.app import App

    first = App(size=(1280, 720), fast=True)
    try:
        session = _finish_through_ui(first, ["easy", "easy"], 6)
    finally:
        while first.stack.scenes:
            first.stack.pop()
        pygame.quit()
    assert len(list(history_dir().glob("*.json"))) == 1
    (history_dir() / "20000101-000000-bluffit-1.json").write_text("{ broken", encoding="utf-8")
    second = App(size=(1280, 720), fast=True)
    second.stack.gate.guard = 0.0  # presses as the `app` fixture makes them (tests/ui/conftest.py)
    try:
        second.stack.push(TitleScene(second))
        second.step(1 / 60)
        second.stack.top.open_history()
        second.step(1 / 60)
        history = second.stack.top
        assert isinstance(history, HistoryScene)
        assert len(history.entries) == 2 and sum(1 for e in history.entries if e.error) == 1
        stats = history.stats["bluffit"]
        assert stats.played == 1
        winners = session.state.result().winners
        assert sum(s.wins for s in stats.seats.values()) == len(winners)
        post_key(pygame.K_TAB)
        second.step(1 / 60)
        assert history.tab == "stats"
        post_key(pygame.K_TAB)
        second.step(1 / 60)
        ok = next(i for i, e in enumerate(history.entries) if e.ok)
        history.select(ok)
        post_key(pygame.K_RETURN)
        second.step(1 / 60)
        assert isinstance(second.stack.top, ReplayScene)
        bad = next(i for i, e in enumerate(history.entries) if not e.ok)
        second.stack.pop()
        history.select(bad)
        history.watch()
        assert second.stack.top is history  # unreadable entries never open
    finally:
        while second.stack.scenes:
            second.stack.pop()
        i18n.set_language("en")
        pygame.quit()


def test_volume_and_mute_settings_apply(app):
    app.stack.push(SettingsScene(app))
    app.step(1 / 60)
    scene = app.stack.top
    start = app.settings.volume
    scene._volume(-0.1)
    assert app.settings.volume == round(start - 0.1, 2) and app.sounds.volume == app.settings.volume
    scene._mute()
    assert app.sounds.volume == 0.0
    app.sound("click")  # muted: plays nothing, raises nothing
    scene._mute()
    assert app.sounds.volume == app.settings.volume
    saved = json.loads((app.settings.path()).read_text(encoding="utf-8"))
    assert saved["volume"] == app.settings.volume and saved["muted"] is False


def test_text_size_setting_persists_and_scales_side_text(app):
    app.stack.push(SettingsScene(app))
    app.step(1 / 60)
    scene = app.stack.top
    button = next(w for w in scene.widgets if getattr(w, "label", "") == "150%")
    button.on_click()
    assert app.settings.ui_scale == 1.5 and app.painter.text_scale == 1.5
    saved = json.loads(app.settings.path().read_text(encoding="utf-8"))
    assert saved["ui_scale"] == 1.5
    big = app.painter.text("Game log", (0, 0), 13)  # every screen's text follows the setting
    app.painter.text_scale = 1.0
    small = app.painter.text("Game log", (0, 0), 13)
    app.painter.text_scale = 1.5
    assert big.h > small.h * 1.3
    app.stack.push(TableScene(app, _bluffit(["human", "easy", "easy"])))
    app.step(1 / 60)
    app.stack.push(RulesScene(app, "bluffit", "full"))
    app.step(1 / 60)


def test_no_audio_device_no_crash(tmp_path):
    code = (
        f"import os; os.environ['TABLETOP_DATA_DIR'] = {str(tmp_path)!r}\n"
        "from tabletop.ui.app import App\n"
        "app = App(size=(320, 180), fast=True)\n"
        "assert not app.sounds.enabled\n"
        "for name in ('click', 'card', 'win'): app.sound(name)\n"
        "app.step(0.016)\n"
        "app.sounds.close()\n"
        "print('silent-ok')\n"
    )
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "no_such_audio_driver"}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "silent-ok" in done.stdout


@pytest.mark.parametrize("game_id", GAMES)
def test_replay_viewer_draws_every_game_from_every_seat(app, game_id):
    seats = _seats(game_id)
    session = Session.new(game_id, len(seats), seats, {}, 2)
    while not session.state.is_over() and len(session.record.actions) < 400:
        seat = session.state.to_act()[0]
        session.apply(seat, session.state.legal_actions(seat)[0])
    replay = ReplayScene(app, session.record)
    app.stack.push(replay)
    assert not replay.error
    for viewer in [None, *range(len(seats))]:
        replay.set_viewer(viewer)
        replay.go(replay.total // 2)
        app.step(1 / 60)
        replay.go(replay.step + 1)
        app.step(1 / 60)
    post_key(pygame.K_END)
    app.step(1 / 60)
    assert replay.state.to_json() == session.state.to_json()
    post_key(pygame.K_v)
    app.step(1 / 60)
    assert replay.seat_shown is None  # V cycles back to the table view after the last seat
