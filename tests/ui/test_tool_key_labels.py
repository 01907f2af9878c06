"""The log's tool buttons name the key that really works: where a board takes Z for itself (Ghost Bumpers'
0/10 card, Sumidagawa's black Rin), undo answers only Ctrl+Z, and the button says "Undo (Ctrl+Z)"."""

from __future__ import annotations

import pygame
import pytest

from tabletop import i18n
from tabletop.engine.records import Seat
from tabletop.session import Session
from tabletop.ui.scenes.table import TableScene
from tabletop.ui.scenes.title import TitleScene


def _solo_table(app, game_id: str) -> TableScene:
    seats = [Seat(name, kind) for name, kind in (("Aki", "human"), ("Ben", "easy"), ("Chie", "easy"))]
    app.stack.push(TitleScene(app))
    table = TableScene(app, Session.new(game_id, 3, seats, {}, 4))
    app.stack.push(table)
    app.step(1 / 60)
    return table


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize(("game_id", "takes_z"), [("ghost_bumpers", True), ("sumidagawa", True), ("bluffit", False),
                                                  ("bloody_summer", False)])
def test_the_undo_button_names_the_key_that_undoes(app, language: str, game_id: str, takes_z: bool) -> None:
    i18n.set_language(language)
    table = _solo_table(app, game_id)
    assert (pygame.K_z in table.board.LETTER_KEYS) == takes_z
    undo = table.tool_buttons["undo"].label
    assert undo == i18n.t("app.undo_button_ctrl" if takes_z else "app.undo_button")
    assert ("Ctrl+Z" in undo) == takes_z
    assert table.tool_buttons["log"].label == i18n.t("app.log_button")  # no board takes L or H
    assert table.tool_buttons["hint"].label == i18n.t("app.hint_button")
