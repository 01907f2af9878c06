"""The coach at the table: only the expected move is offered, any other is refused with a hint, Continue and
Esc and Restart work, and a lesson leaves no save and no history behind."""

from __future__ import annotations

import pygame
import pytest

from tabletop import tutorial
from tabletop.ui.scenes.title import TitleScene
from tabletop.ui.scenes.tutorial import TutorialScene
from tests.ui.conftest import post_key, run_until

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


def test_setup_offers_learn_to_play_loudly_until_opened(app):
    from tabletop.ui.scenes.setup import SetupScene
    from tabletop.userdata import has_seen

    app.stack.push(TitleScene(app))
    setup = SetupScene(app, "kakapo")
    app.stack.push(setup)
    app.step(1 / 60)
    learn = next(w for w in setup.widgets if getattr(w, "label", "") == "New here? Learn to play")
    assert learn.primary
    learn.on_click()
    app.step(1 / 60)
    assert isinstance(app.stack.top, TutorialScene) and has_seen("tutorial", "kakapo")
    app.stack.pop()
    app.step(1 / 60)
    assert any(getattr(w, "label", "") == "Learn to play" for w in setup.widgets)
