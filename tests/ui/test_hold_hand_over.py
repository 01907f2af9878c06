"""Hot-seat hold: after a move that showed its player something private (a BLUFFIT challenge's secret comparison),
the table keeps that view until the player hands over. The button sits under the log, clear of the board (where a
hand strip runs to the foot), the turn line says the view is theirs alone, and Enter hands over."""

from __future__ import annotations

import pygame

from tabletop.engine.records import Seat
from tabletop.session import Session
from tabletop.ui.games import BOARD_AREA
from tabletop.ui.scenes.curtain import CurtainScene
from tabletop.ui.scenes.table import SIDE, TableScene
from tabletop.ui.scenes.title import TitleScene
from tests.ui.conftest import post_key, run_until


def _lift_curtain(app) -> None:
    if isinstance(app.stack.top, CurtainScene):
        post_key(pygame.K_SPACE)
        app.step(1 / 60)


def test_the_hold_button_clears_the_board_and_enter_hands_over(app):
    seats = [Seat("Aki", "human"), Seat("Ben", "human"), Seat("Chie", "easy")]
    session = Session.new("bluffit", 3, seats, {}, 11)
    app.stack.push(TitleScene(app))
    table = TableScene(app, session)
    app.stack.push(table)
    app.step(1 / 60)
    for _ in range(60):  # bid, claim and challenge by keyboard until a challenge holds a view
        assert run_until(app, lambda: table.hold is not None or isinstance(app.stack.top, CurtainScene)
                         or (bool(table.context().legal) and not table.board.animating()), 3000)
        if table.hold is not None:
            break
        _lift_curtain(app)
        legal = table.context().legal
        if not legal:
            continue
        post_key(pygame.K_LEFT)  # bidding: the strongest card; bluff phase: the last choice, a challenge if any
        post_key(pygame.K_RETURN)
        app.step(1 / 60)
    assert table.hold is not None, "no challenge between the two humans held a view"
    holder = table.hold
    app.step(1 / 60)
    app.draw()
    button = next(w for w in table.widgets if w.hotkey == pygame.K_RETURN)
    assert SIDE.contains(button.rect) and not button.rect.colliderect(BOARD_AREA)
    assert table._turn_line(table.context()) == f"Only {session.names()[holder]} sees this. Then hand over"
    post_key(pygame.K_RETURN)
    app.step(1 / 60)
    assert table.hold is None
