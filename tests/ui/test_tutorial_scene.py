"""The coach at the table: only the expected move is offered, any other is refused with a hint, Continue and
Esc and Restart work, and a lesson leaves no save and no history behind."""

from __future__ import annotations

import pygame
import pytest

from tabletop import tutorial
from tabletop.i18n import t
from tabletop.ui.scenes.title import TitleScene
from tabletop.ui.scenes.tutorial import TutorialScene
from tests.ui.conftest import post_click, post_key, run_until

GAMES = ["bluffit", "ghost_bumpers", "bloody_summer", "sumidagawa", "kakapo", "haunted_house"]


def open_tutorial(app, game_id: str) -> TutorialScene:
    app.stack.push(TitleScene(app))
    scene = TutorialScene(app, tutorial.load(game_id))
    app.stack.push(scene)
    app.step(1 / 60)
    return scene


def settle(app, scene: TutorialScene) -> None:
    """Let the scripted seats make their moves."""
    assert run_until(app, lambda: scene.coach.next_scripted() is None, frames=600)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_scene_plays_each_tutorial_through(app, data_dir, game_id):
    scene = open_tutorial(app, game_id)
    while not scene.done:
        settle(app, scene)
        expected = scene.expected()
        if expected is None:
            post_key(pygame.K_RETURN)  # Continue
            app.step(1 / 60)
            continue
        ctx = scene.context()
        assert ctx.legal == [expected]  # the board highlights only the coach's move
        before = len(scene.session.record.actions)
        scene.human_act(expected)
        assert len(scene.session.record.actions) == before + 1
        app.step(1 / 60)
    assert not list((data_dir / "saves").glob("*.json")) if (data_dir / "saves").exists() else True
    assert not (data_dir / "history").exists() or not list((data_dir / "history").iterdir())


def test_another_legal_move_is_refused_with_a_hint(app):
    scene = open_tutorial(app, "bluffit")
    post_key(pygame.K_RETURN)
    app.step(1 / 60)
    settle(app, scene)
    expected = scene.expected()
    assert str(expected) == "bid 8"
    other = next(a for a in scene.session.state.legal_actions(0) if a != expected)
    scene.human_act(other)
    assert scene.session.record.actions[-1][0] != 0  # nothing of the learner's was applied
    assert scene.coach.index == 1
    assert "Bid 8" in scene.toast or "8" in scene.toast
    assert scene.explain(other) == scene.toast  # boards that ask why hear the same hint


def test_continue_waits_and_moves_are_refused_while_the_coach_talks(app):
    scene = open_tutorial(app, "haunted_house")
    assert scene.expected() is None and scene.context().legal == []
    scene.human_act(scene.session.state.legal_actions(0)[0])
    assert scene.session.record.actions == []
    post_key(pygame.K_SPACE)
    app.step(1 / 60)
    assert scene.coach.index == 1 and str(scene.expected()) == "roll"


def test_restart_and_escape(app):
    scene = open_tutorial(app, "haunted_house")
    post_key(pygame.K_RETURN)
    app.step(1 / 60)
    scene.human_act(scene.expected())
    assert scene.coach.index == 2
    scene.restart()
    fresh = app.stack.top
    assert isinstance(fresh, TutorialScene) and fresh is not scene
    assert fresh.coach.index == 0 and fresh.session.record.actions == []
    app.step(1 / 60)
    post_key(pygame.K_ESCAPE)
    app.step(1 / 60)
    assert isinstance(app.stack.top, TitleScene)


def _setup(app, game_id: str):
    from tabletop.ui.scenes.setup import SetupScene

    if not app.stack.scenes:
        app.stack.push(TitleScene(app))
    setup = SetupScene(app, game_id)
    app.stack.push(setup)
    app.step(1 / 60)
    return setup


def _labels(scene) -> list[str]:
    return [getattr(w, "label", "") for w in scene.widgets]


def test_a_first_visit_offers_the_tutorial_once_and_not_now_ends_it(app):
    setup = _setup(app, "kakapo")
    assert setup.offer and "Learn" in _labels(setup) and "Not now" in _labels(setup)
    app.painter.drawn = []
    app.draw()
    assert any("New to The KAKAPO" in line and "(2–4 min)" in line for line in app.painter.drawn)
    app.painter.drawn = None
    assert "Learn to play" in _labels(setup)  # the button stays, without shouting
    next(w for w in setup.widgets if getattr(w, "label", "") == "Not now").on_click()
    app.step(1 / 60)
    assert not setup.offer and "Not now" not in _labels(setup) and app.stack.top is setup
    app.stack.pop()
    again = _setup(app, "kakapo")
    assert not again.offer and "Learn" not in _labels(again)  # never offered again
    assert _setup(app, "bluffit").offer  # another game has its own first visit


def test_learn_opens_the_tutorial_and_ends_the_offer(app):
    from tabletop.userdata import has_seen

    setup = _setup(app, "sumidagawa")
    next(w for w in setup.widgets if getattr(w, "label", "") == "Learn").on_click()
    app.step(1 / 60)
    assert isinstance(app.stack.top, TutorialScene) and has_seen("tutorial", "sumidagawa")
    app.stack.pop()
    app.step(1 / 60)
    assert not setup.offer and "Learn" not in _labels(setup) and "Learn to play" in _labels(setup)
    app.stack.pop()
    assert not _setup(app, "sumidagawa").offer


def _highlighted_hand(scene, monkeypatch) -> set[int]:
    """The hand cards the BLUFFIT board outlines as playable in one frame."""
    from tabletop.ui.games import bluffit

    outlined: list[tuple[int, float]] = []
    card = bluffit.Board._card

    def spy(self, p, c, rect, highlight=False, *args, **kwargs):
        if highlight:
            outlined.append((c, rect.y))
        return card(self, p, c, rect, highlight, *args, **kwargs)

    monkeypatch.setattr(bluffit.Board, "_card", spy)
    scene.board.motion.skip()  # the opening deal has landed: the hand lies in its strip
    scene.app.draw()
    monkeypatch.setattr(bluffit.Board, "_card", card)
    return {c for c, y in outlined if y >= 512}  # the hand strip starts at y 512


def test_bluffit_outlines_only_the_coachs_card_and_a_click_on_another_gets_the_hint(app, monkeypatch):
    from tabletop.games.bluffit.cards import value

    scene = open_tutorial(app, "bluffit")
    post_key(pygame.K_RETURN)
    app.step(1 / 60)
    settle(app, scene)
    assert str(scene.expected()) == "bid 8"
    assert {value(c) for c in _highlighted_hand(scene, monkeypatch)} == {8}
    rect, other = next((r, c) for r, c in scene.board.hot_hand if value(c) == 5)
    post_click(app, *rect.center)
    app.step(1 / 60)
    assert scene.board.selected is None and scene.toast == t("tutorial.hint_refused", action="Bid 8")
    post_key(pygame.K_4, "4")  # by key as well
    scene.toast = ""
    app.step(1 / 60)
    assert scene.board.selected is None and "Bid 8" in scene.toast
    assert not any(seat == 0 for seat, _ in scene.session.record.actions)
    rect = next(r for r, c in scene.board.hot_hand if value(c) == 8)
    post_click(app, *rect.center)
    app.step(1 / 60)
    assert value(scene.board.selected) == 8
    post_key(pygame.K_RETURN)
    app.step(1 / 60)
    assert any(seat == 0 for seat, _ in scene.session.record.actions) and scene.coach.index == 2


def test_bluffit_outlines_the_whole_hand_while_bidding_in_a_real_game(app, monkeypatch):
    from tabletop.engine.records import Seat
    from tabletop.session import Session
    from tabletop.ui.scenes.table import TableScene

    app.stack.push(TitleScene(app))
    seats = [Seat("Aki", "human"), Seat("Ben", "easy"), Seat("Chie", "easy")]
    table = TableScene(app, Session.new("bluffit", 3, seats, {}, 2))
    app.stack.push(table)
    app.step(1 / 60)
    assert len(_highlighted_hand(table, monkeypatch)) == 10


@pytest.mark.parametrize("lang,line", [("en", "Your turn"), ("ja", "あなたの番です")])
def test_the_learners_turn_reads_your_turn_without_a_name(app, lang, line):
    from tabletop import i18n

    i18n.set_language(lang)
    scene = open_tutorial(app, "bluffit")
    post_key(pygame.K_RETURN)
    app.step(1 / 60)
    settle(app, scene)
    app.painter.drawn = []
    app.draw()
    drawn, app.painter.drawn = app.painter.drawn, None
    assert line in drawn
    name = scene.session.names()[0]
    assert name == t("app.default_name", n=1) and not any(name in s and line[:4] in s for s in drawn if s != line)
