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


def test_a_letter_the_board_takes_never_reaches_its_tool_without_ctrl(app) -> None:
    """In Ghost Bumpers plain Z fell through to undo whenever the board did not want it (the scared-card
    phase, an AI's turn), although the button says Ctrl+Z; now only Ctrl+Z undoes, in every phase."""
    table = _solo_table(app, "ghost_bumpers")
    for _ in range(400):  # play on until the human has a move to take back
        if table.session.record.actions and table.context().legal:
            break
        app.step(1 / 60)
    assert table.context().legal and table.session.record.actions
    undone: list[bool] = []
    table.undo = lambda: undone.append(True)  # type: ignore[method-assign]
    table.board.handle = lambda event, ctx: False  # a phase where the board does not want Z
    table.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=0, unicode="z"))
    assert undone == []
    table.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_LCTRL, unicode=""))
    assert undone == [True]
