"""Issue 38, finding 5: the hint panel ("The AI's top moves") never covers what the hint is about. In the
KAKAPO it stays clear of the hand with its selected card and of the piece tray, at every text size and
window; in every game it stays clear of the strip that shows the person at the screen their hand."""

from __future__ import annotations

import pygame
import pytest

from tabletop.ai.advice import MoveAdvice
from tabletop.engine import registry
from tabletop.engine.records import Seat
from tabletop.games.kakapo.actions import Place, Reveal
from tabletop.session import Session
from tabletop.ui import hint_panel
from tabletop.ui.games import BOARD_AREA, has_board
from tabletop.ui.scenes.table import TableScene
from tests.ui.conftest import run_until
from tests.ui.test_text_fit import _configure

GAMES = [g.id for g in registry.available_games() if has_board(g.id)]


def _show_hint(table: TableScene, seat: int) -> None:
    """The panel as the AI's answer opens it: three moves, each with a chance and a reason."""
    legal = table.session.state.legal_actions(seat)
    table.advice = [(a, MoveAdvice(str(a), 0.4, "generic.best")) for a in legal[:3]]
    table.suggestion = table.advice[0][0]
    table.layout()


def _drawn_panel(app, monkeypatch) -> pygame.FRect:
    drawn = []
    real = hint_panel.panel_rect
    monkeypatch.setattr(hint_panel, "panel_rect", lambda *a: drawn.append(real(*a)) or drawn[-1])
    app.draw()
    monkeypatch.setattr(hint_panel, "panel_rect", real)
    assert drawn, "the hint panel was not drawn"
    return drawn[-1]


def _kakapo(app, to_place: bool) -> TableScene:
    """A KAKAPO table at the human's first reveal, or played on (the last legal move each) to the human's
    first placement, where the tray shows the pieces to place."""
    seats = [Seat("You", "human"), Seat("Aki", "easy"), Seat("Ben", "easy")]
    session = Session.new("kakapo", 3, seats, {}, 10)
    while to_place and not any(isinstance(a, Place) for a in session.state.legal_actions(0)):
        seat = session.state.to_act()[0]
        session.apply(seat, session.state.legal_actions(seat)[-1])
    app.stack.push(TableScene(app, session))
    table = app.stack.top
    assert run_until(app, lambda: 0 in session.state.to_act() and not table.board.busy(), 5000)
    return table


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
@pytest.mark.parametrize("scale", [1.0, 1.25, 1.5])
def test_the_hint_panel_leaves_the_kakapo_hand_selection_and_tray_visible(app, monkeypatch, scale, size):
    _configure(app, "en", scale)
    app.resize(size)
    table = _kakapo(app, to_place=False)
    session, board = table.session, table.board
    cards = [a.card for a in session.state.legal_actions(0) if isinstance(a, Reveal)]
    board.selected_card = cards[0]  # lifted: the card the player is about to reveal
    _show_hint(table, 0)
    panel = _drawn_panel(app, monkeypatch)
    hand = [rect for rect, _ in board.hot_hand]
    assert hand and any(c == cards[0] for _, c in board.hot_hand)
    for rect in hand:
        assert not panel.colliderect(rect.inflate(8, 8)), (panel, rect)  # the selected card's glow included
    app.stack.pop()
    table = _kakapo(app, to_place=True)
    board = table.board
    app.draw()
    assert board.hot_tray, "no placement of the human's reached"
    _show_hint(table, 0)
    panel = _drawn_panel(app, monkeypatch)
    for rect, _ in board.hot_tray:
        assert not panel.colliderect(rect), (panel, rect)
    for _, button in board.buttons:  # rotate, flip, place
        assert not panel.colliderect(button.rect), (panel, button.rect)


@pytest.mark.parametrize("game_id", GAMES)
def test_in_every_game_the_panel_leaves_the_hand_strip_visible(game_id):
    from tabletop.ui.games import board_class

    keep = board_class(game_id).HAND_AREA
    if game_id == "haunted_house":
        assert keep is None  # the Haunted House has no hands: the panel keeps its place over the board
        return
    assert keep is not None, f"{game_id} declares no hand strip"
    for rows in (1, 2, 3):
        panel = hint_panel.panel_rect(rows, keep)
        assert BOARD_AREA.contains(panel) and not panel.colliderect(keep), (game_id, panel, keep)
        assert panel.bottom <= hint_panel.BOTTOM  # clear of the toast line too
