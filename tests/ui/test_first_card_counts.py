"""Issue 38, finding 11: behind a first game's goal card (the first thing a hot-seat table shows), the table
shows every hand's real, public size: the hands are dealt under the card, not waiting in the deck (which
read "0 cards in hand" for everyone)."""

from __future__ import annotations

import pytest

from tabletop.engine.records import Seat
from tabletop.i18n import plural
from tabletop.session import Session
from tabletop.ui.scenes.goal_card import GoalCardScene
from tabletop.ui.scenes.table import TableScene
from tests.ui.test_text_fit import _options

GAMES = ["ghost_bumpers", "bluffit", "kakapo", "sumidagawa", "bloody_summer"]  # the games that deal hands


@pytest.mark.parametrize("game_id", GAMES)
def test_the_table_behind_the_first_card_shows_the_real_hand_sizes(app, game_id):
    seats = [Seat("Aki", "human"), Seat("Ben", "human"), Seat("Cy", "easy")]
    session = Session.new(game_id, 3, seats, _options(game_id), 4)
    app.goal_cards = True  # as in a player's first game (tests turn the card off elsewhere)
    table = TableScene(app, session)
    app.stack.push(table)
    for _ in range(10):
        app.step(1 / 60)
    assert isinstance(app.stack.top, GoalCardScene)
    sizes = session.state.view(None).hand_sizes
    assert all(sizes)
    assert [table.board.dealt(seat, n) for seat, n in enumerate(sizes)] == list(sizes)
    if game_id == "ghost_bumpers":
        for seat, n in enumerate(sizes):
            assert plural("app.count.card", n) in table.board.seat_info(table.context(), seat)
