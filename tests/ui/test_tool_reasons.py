"""Issue 38, finding 6: where Hint or Undo is not available, its button stays on the table, drawn off, and
pressing it (a click, H or Z) says why in words, in both languages."""

from __future__ import annotations

import pygame
import pytest

from tabletop import i18n
from tabletop.engine.records import Seat
from tabletop.session import Session
from tabletop.ui.scenes.table import TableScene
from tests.ui.conftest import post_click, post_key, run_until


def _table(app, kinds: list[str]) -> TableScene:
    session = Session.new("bluffit", len(kinds), [Seat(f"P{i}", k) for i, k in enumerate(kinds)], {}, 3)
    table = TableScene(app, session)
    app.stack.push(table)
    return table


def _said(table: TableScene, press) -> str:
    table.toast, table.toast_time = "", 0.0
    press()
    return table.toast


def _click(app, table: TableScene, tool: str):
    rect = table.tool_buttons[tool].rect
    return lambda: (post_click(app, rect.centerx, rect.centery), app.step(1 / 60))


def _key(app, key: int):
    return lambda: (post_key(key), app.step(1 / 60))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_hot_seat_tools_are_shown_off_and_say_why(app, lang):
    i18n.set_language(lang)
    table = _table(app, ["human", "human", "easy"])
    for _ in range(5):  # past the first curtain: P0 is at the screen
        if run_until(app, lambda: app.stack.top is table, 30):
            break
        post_key(pygame.K_SPACE)
    assert app.stack.top is table
    hint, undo = table.tool_buttons["hint"], table.tool_buttons["undo"]
    assert not hint.enabled and not undo.enabled
    why = i18n.t("app.tool_reason.several")
    assert _said(table, _click(app, table, "hint")) == i18n.t("app.hint_refused", reason=why)
    assert _said(table, _click(app, table, "undo")) == i18n.t("app.undo_refused", reason=why)
    assert _said(table, _key(app, pygame.K_h)) == i18n.t("app.hint_refused", reason=why)
    assert _said(table, _key(app, pygame.K_z)) == i18n.t("app.undo_refused", reason=why)
    assert table.suggestion is None and not table.hinting


def test_undo_with_nothing_to_take_back_says_so(app):
    table = _table(app, ["human", "easy", "easy"])
    assert run_until(app, lambda: 0 in table.session.state.to_act() and not table.board.busy(), 2000)
    assert not table.tool_buttons["undo"].enabled and table.tool_buttons["hint"].enabled
    reason = i18n.t("app.undo_reason.nothing")
    assert _said(table, _click(app, table, "undo")) == i18n.t("app.undo_refused", reason=reason)


def test_a_hint_out_of_turn_says_it_is_not_your_turn(app):
    session = Session.new("bluffit", 3, [Seat(f"P{i}", k) for i, k in enumerate(["human", "easy", "easy"])], {}, 3)
    session.apply(0, session.state.legal_actions(0)[0])  # the human has bid: the AI seats are still to bid
    table = TableScene(app, session)
    app.stack.push(table)
    assert 0 not in session.state.to_act()
    table.layout()
    assert not table.tool_buttons["hint"].enabled
    reason = i18n.t("app.tool_reason.not_your_turn")
    assert _said(table, table.suggest) == i18n.t("app.hint_refused", reason=reason)


@pytest.mark.parametrize(("kinds", "slug"), [(["easy", "easy", "easy"], "no_human"),
                                             (["human", "phone", "easy"], "phone")])
def test_every_table_without_the_tools_names_its_reason(app, kinds, slug):
    table = TableScene(app, Session.new("bluffit", 3, [Seat(f"P{i}", k) for i, k in enumerate(kinds)], {}, 3))
    assert table.tools_reason() == i18n.t(f"app.tool_reason.{slug}")
    assert table.hint_reason() == i18n.t(f"app.tool_reason.{slug}")
