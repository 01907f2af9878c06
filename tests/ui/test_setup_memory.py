"""Setup remembers the last setup per game across an app restart (a bad file is ignored), and explains
every option in one line on hover and on keyboard focus, in English and Japanese."""

from __future__ import annotations

import re

import pygame
import pytest

from tabletop import i18n
from tabletop.engine import registry
from tabletop.ui.games import has_board
from tabletop.ui.scenes.setup import SetupScene, option_help
from tabletop.ui.scenes.table import TableScene
from tests.ui.conftest import drawn_strings, post_click, post_key

GAMES = [g.id for g in registry.available_games() if has_board(g.id)]


def _new_app():
    from tabletop.ui.app import App

    app = App(size=(1280, 720), fast=True)
    app.stack.gate.guard = 0.0
    return app


def _close(app) -> None:
    while app.stack.scenes:
        app.stack.pop()
    pygame.quit()


def _start_bluffit(app) -> None:
    setup = SetupScene(app, "bluffit")
    app.stack.push(setup)
    setup.set_count(3)
    setup.seats[0].name = "Mika"
    setup.seats[1].name = "Noa"
    setup._kinder(1, "human")()
    setup._kinder(2, "hard")()
    setup.options["toxic_10"] = True
    setup.options["combine"] = True
    setup.start()
    assert isinstance(app.stack.top, TableScene)


def test_the_last_setup_comes_back_after_a_restart_for_that_game_only(data_dir):
    first = _new_app()
    try:
        _start_bluffit(first)
    finally:
        _close(first)
    second = _new_app()
    try:
        again = SetupScene(second, "bluffit")
        assert again.count == 3
        assert [(s.name, s.kind) for s in again.seats[:3]] == [("Mika", "human"), ("Noa", "human"),
                                                              (again.seats[2].name, "hard")]
        assert again.options["toxic_10"] is True and again.options["combine"] is True
        assert again.options["optimistic_1"] is False
        other = SetupScene(second, "ghost_bumpers")  # another game keeps its own defaults
        assert other.seats[0].name != "Mika" and other.options == other.game.resolve_options(None)
    finally:
        _close(second)


def test_a_value_given_by_the_caller_wins_over_the_memory(app):
    _start_bluffit(app)
    from tabletop.engine.records import Seat

    given = SetupScene(app, "bluffit", seats=[Seat("Ada", "human"), Seat("Bo", "easy")])
    assert given.count == 2 and given.seats[0].name == "Ada"


@pytest.mark.parametrize("content", ["{not json", "[1, 2]", '{"games": {"bluffit": {"players": 99}}}',
                                     '{"games": {"bluffit": {"players": 3, "seats": [{"name": 5}]}}}',
                                     '{"games": {"bluffit": {"players": 2, "seats": [{"name": "A", "kind": "human"}, '
                                     '{"name": "B", "kind": "easy"}], "options": {"toxic_10": "purple", "x": 1}}}}'])
def test_a_corrupt_memory_is_ignored_without_a_crash(app, data_dir, content):
    (data_dir / "setup.json").write_text(content, encoding="utf-8")
    setup = SetupScene(app, "bluffit")
    app.stack.push(setup)
    app.step(1 / 60)
    assert setup.options["toxic_10"] is False
    assert setup.count in setup.game.players
    setup.start()  # and the next start writes a good file over it
    assert SetupScene(app, "bluffit").count == setup.count


def _drawn_text(app, scene) -> str:
    return re.sub(r"\s+", "", "".join(drawn_strings(app, scene.draw)))


def _shown(app, scene, text: str) -> bool:
    return re.sub(r"\s+", "", text) in _drawn_text(app, scene)


@pytest.mark.parametrize("language", ["en", "ja"])
def test_hovering_an_option_explains_it(app, language):
    i18n.set_language(language)
    setup = SetupScene(app, "bluffit")
    app.stack.push(setup)
    app.step(1 / 60)
    toxic = next(o for o in setup.game.options if o.key == "toxic_10")
    assert not _shown(app, setup, option_help("bluffit", toxic))
    row_y = 176 + setup.game.options.index(toxic) * 48 + 19
    pos = app.viewport.point(960, row_y)  # over the option's name
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.step(1 / 60)
    assert _shown(app, setup, option_help("bluffit", toxic))


@pytest.mark.parametrize("language", ["en", "ja"])
def test_keyboard_focus_on_an_option_explains_it(app, language):
    i18n.set_language(language)
    setup = SetupScene(app, "ghost_bumpers")
    app.stack.push(setup)
    app.step(1 / 60)
    target = next(o for o in setup.game.options if o.key == "target")
    for _ in range(len(setup.widgets) + 1):
        post_key(pygame.K_TAB)
        app.step(1 / 60)
        if setup.explained_option() is target:
            break
    assert _shown(app, setup, option_help("ghost_bumpers", target))
    post_key(pygame.K_RETURN)  # the focused button still changes the value, and the explanation stays
    app.step(1 / 60)
    assert setup.options["target"] != target.default
    assert _shown(app, setup, option_help("ghost_bumpers", target))


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("game_id", GAMES)
def test_every_option_of_every_game_has_a_one_line_explanation_that_fits(app, game_id, language):
    i18n.set_language(language)
    setup = SetupScene(app, game_id)
    app.stack.push(setup)
    app.step(1 / 60)
    problems: list[tuple] = []
    try:
        for option in setup.game.options:
            key = f"setup_help.{game_id}.{option.key}"
            assert i18n.has(key, language), key
            setup.pointer = pygame.Vector2(960, 176 + setup.game.options.index(option) * 48 + 19)
            assert setup.explained_option() is option
            app.painter.fill((0, 0, 0))  # each option's screen is a frame of its own: nothing drawn over the last
            app.painter.report_to(problems)
            assert _shown(app, setup, i18n.t(key))
    finally:
        app.painter.report_to(None)
    assert not problems, problems


def test_clicking_an_option_button_still_cycles_it(app):
    setup = SetupScene(app, "bluffit")
    app.stack.push(setup)
    app.step(1 / 60)
    post_click(app, 1170, 176 + 19)
    app.step(1 / 60)
    assert setup.options["combine"] is True
