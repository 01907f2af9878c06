"""The "goal and your turn" card: at the start of a first game of each game and not after it has been
dismissed, again from the table's menu, before the first hot-seat curtain with nothing of any seat's on
screen, and closing it never passes the press on to the table."""

from __future__ import annotations

import random

import pygame
import pytest

from tabletop import i18n
from tabletop.engine.records import Seat
from tabletop.session import Session
from tabletop.ui.scenes.curtain import CurtainScene
from tabletop.ui.scenes.goal_card import ROWS, GoalCardScene, card_rows
from tabletop.ui.scenes.table import TableScene
from tabletop.ui.scenes.title import TitleScene
from tests.ui.conftest import post_click, post_key, run_until

GAMES = {"bluffit": 3, "ghost_bumpers": 3, "bloody_summer": 3, "sumidagawa": 3, "kakapo": 2, "haunted_house": 2}


def solo_session(game_id: str, seed: int = 3) -> Session:
    players = GAMES[game_id]
    seats = [Seat("Aki", "human")] + [Seat(f"AI {i}", "easy") for i in range(1, players)]
    return Session.new(game_id, players, seats, {}, seed)


def sit_down(app, session: Session) -> TableScene:
    app.goal_cards = True  # the app shows the card; the test app (fast) leaves it off unless asked
    if not app.stack.scenes:
        app.stack.push(TitleScene(app))
    table = TableScene(app, session)
    app.stack.push(table)
    app.step(1 / 60)
    return table


def button(scene, label: str):
    return next(w for w in scene.widgets if getattr(w, "label", None) == label)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_card_opens_a_first_game_of_each_game_and_not_the_second(app, game_id):
    table = sit_down(app, solo_session(game_id))
    card = app.stack.top
    assert isinstance(card, GoalCardScene) and card.game_id == game_id and card.first
    for _ in range(30):  # the game waits under the card: no AI moves, no frames asked for
        app.step(1 / 60)
    assert table.session.record.actions == [] and app.frame_due() is None
    app.painter.drawn = []
    app.draw()
    drawn = app.painter.drawn
    app.painter.drawn = None
    for head, text in card_rows(game_id):
        assert head in drawn and any(line in text for line in drawn if len(line) > 8), (head, text)
    assert any("F1" in line for line in drawn)
    post_key(pygame.K_RETURN)  # Got it
    app.step(1 / 60)
    assert app.stack.top is table
    app.stack.pop()
    second = sit_down(app, solo_session(game_id, seed=4))
    assert app.stack.top is second  # dismissed once: not again for this game
    other = next(g for g in GAMES if g != game_id)
    sit_down(app, solo_session(other))
    assert isinstance(app.stack.top, GoalCardScene) and app.stack.top.game_id == other


def test_every_game_has_all_rows_in_both_languages():
    for lang in ("en", "ja"):
        i18n.set_language(lang)
        try:
            for game_id in GAMES:
                rows = card_rows(game_id)
                assert len(rows) == len(ROWS)
                for head, text in rows:
                    assert "tutorial." not in head and "tutorial." not in text and len(text) > 20, (lang, game_id)
        finally:
            i18n.set_language("en")


def test_the_table_menu_opens_it_again(app):
    table = sit_down(app, solo_session("kakapo"))
    app.stack.top.dismiss()
    app.step(1 / 60)
    post_key(pygame.K_ESCAPE)  # the table's menu
    app.step(1 / 60)
    entry = button(table, "Goal and your turn")
    post_click(app, *entry.rect.center)
    app.step(1 / 60)
    card = app.stack.top
    assert isinstance(card, GoalCardScene) and not card.first and not table.menu_open
    assert card.title().endswith(": the goal and your turn")  # not the first-game welcome
    post_key(pygame.K_ESCAPE)
    app.step(1 / 60)
    assert app.stack.top is table and not table.menu_open


def test_the_tutorial_does_not_open_it(app):
    from tabletop import tutorial
    from tabletop.ui.scenes.tutorial import TutorialScene

    app.goal_cards = True
    app.stack.push(TitleScene(app))
    scene = TutorialScene(app, tutorial.load("bluffit"))
    app.stack.push(scene)
    app.step(1 / 60)
    assert app.stack.top is scene


def test_closing_it_passes_no_press_to_the_table(app):
    table = sit_down(app, solo_session("bluffit"))
    card = app.stack.top
    reached: list[tuple[int, int | None]] = []  # (event type, key or button) of what reached the board
    board_handle = table.board.handle

    def spy(event, ctx):
        reached.append((event.type, getattr(event, "key", getattr(event, "button", None))))
        return board_handle(event, ctx)

    table.board.handle = spy
    # One frame: a click on Got it, then a digit that would pick the 3 in the hand below.
    post_click(app, *button(card, "Got it").rect.center)
    post_key(pygame.K_3, "3")
    app.step(1 / 60)
    assert app.stack.top is table
    presses = [r for r in reached if r[0] in (pygame.KEYDOWN, pygame.KEYUP, pygame.MOUSEBUTTONDOWN,
                                              pygame.MOUSEBUTTONUP)]
    assert presses == [] and table.board.selected is None and not any(
        seat == 0 for seat, _ in table.session.record.actions)
    # A press after that frame is the player's, for the table (the test app has no guard time).
    post_key(pygame.K_3, "3")
    app.step(1 / 60)
    assert (pygame.KEYDOWN, pygame.K_3) in reached


def _frame(app) -> tuple[bytes, list[str]]:
    app.painter.drawn = []
    app.draw()
    drawn, app.painter.drawn = app.painter.drawn, None
    return pygame.image.tobytes(app.screen, "RGB"), drawn


def test_in_hot_seat_it_comes_before_the_first_curtain_and_shows_no_hand(app):
    """Two tables that differ only in every seat's hidden cards look the same with the card up; once the
    first player lifts the curtain they differ (their hand is on screen), so the comparison can see a hand."""
    seats = [Seat(name, "human") for name in ("Aki", "Ben", "Chie")]
    real = Session.new("bloody_summer", 3, seats, {}, 21)
    other = Session.new("bloody_summer", 3, seats, {}, 21)
    other.state = real.game.sample_state(real.state.view(None), random.Random(5))  # other hands, same table
    assert other.state.to_json() != real.state.to_json()
    table = sit_down(app, real)
    card = app.stack.top
    assert isinstance(card, GoalCardScene)
    assert not any(isinstance(s, CurtainScene) for s in app.stack.scenes) and table.viewer() is None
    shown = _frame(app)
    table.session = other
    hidden = _frame(app)
    table.session = real
    assert shown[1] == hidden[1] and shown[0] == hidden[0]
    card.dismiss()
    assert run_until(app, lambda: isinstance(app.stack.top, CurtainScene), frames=30)  # then the curtain
    post_key(pygame.K_SPACE)
    app.step(1 / 60)
    assert table.viewer() is not None
    seen = _frame(app)
    table.session = other
    assert _frame(app)[0] != seen[0]  # the control: with a hand up, the two tables do differ
    table.session = real
