"""Issue 38, finding 6: one player running all the hunters of a Haunted House game gets Hint and Undo."""

from __future__ import annotations

import pygame

from tabletop.engine.records import Seat
from tabletop.session import Session
from tabletop.ui.scenes.table import TableScene
from tests.ui.conftest import post_key, run_until


def test_a_solo_haunted_house_game_has_hint_and_undo(app):
    session = Session.new("haunted_house", 1, [Seat("Aki", "human")], {}, 3)
    table = TableScene(app, session)
    app.stack.push(table)
    assert run_until(app, lambda: 0 in session.state.to_act(), 600)
    assert table.tool_buttons["hint"].enabled and table.hint_reason() is None
    post_key(pygame.K_h)
    assert run_until(app, lambda: table.suggestion is not None, 600), "H gives the co-op planner's hint"
    assert table.suggestion in session.state.legal_actions(0)
