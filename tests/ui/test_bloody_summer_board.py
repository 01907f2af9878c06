"""BLOODY SUMMER table: draws in both languages, AI game to the results, human input, hot-seat privacy."""

from __future__ import annotations

import pygame
import pytest

from tabletop import i18n
from tabletop.engine.records import Seat
from tabletop.games.bloody_summer import build_state
from tabletop.games.bloody_summer.actions import PASS, Play, parse_action
from tabletop.session import Session
from tabletop.ui.games.bloody_summer import layout, select
from tabletop.ui.games.bloody_summer.input import Card, Press
from tabletop.ui.scenes.curtain import CurtainScene
from tabletop.ui.scenes.results import ResultsScene
from tabletop.ui.scenes.table import TableScene
from tabletop.ui.scenes.title import TitleScene
from tests.ui.conftest import drawn_strings, post_click, post_key, run_until

NAMES = ["Aki", "Ben", "Chie", "Dan"]


def _table(app, kinds: list[str], state=None, seed: int = 5) -> tuple[TableScene, Session]:
    session = Session.new("bloody_summer", len(kinds), [Seat(NAMES[i], k) for i, k in enumerate(kinds)], {}, seed)
    if state is not None:
        session.state = state  # a scripted position (the record starts from here)
    app.stack.push(TableScene(app, session))
    return app.stack.top, session


def _cards(table: TableScene) -> list[tuple[pygame.FRect, Card]]:
    """The hand cards the last frame drew for clicks, in drawing order."""
    return [(rect, target) for rect, target in table.board.hits if isinstance(target, Card)]


def _buttons(table: TableScene) -> list:
    """The hand's Play and Pass buttons as the last frame drew them."""
    return [target.button for _, target in table.board.hits if isinstance(target, Press)]


def _follow_state():
    state = build_state([[2, 3, 4, 4, 5, 7, 7, 9, 9, 11, 13, 13], [1, 6, 6, 8, 10], [2, 3, 12], [5, 5, 8, 10, 12, 12]],
                        marker=1, plays=[(1, "P(3)"), (2, "P(6)")], wounded=[2])
    state.turn = 0
    return state


def _reversed_state():
    state = build_state([[1, 2, 4, 9, 10], [], [3, 3, 6, 12], [5, 8, 11, 12]], marker=3, dead=[1], wounded=[2, 0],
                        reversed_order=True, plays=[(3, "S(12)"), (0, "S(10)"), (2, "S(6)")], passed=[3])
    state.turn = 0
    return state


@pytest.mark.parametrize("language", ["en", "ja"])
def test_table_draws_in_several_phases(app, language):
    i18n.set_language(language)
    table, session = _table(app, ["human", "easy", "easy", "easy"], _follow_state())
    app.step(1 / 60)
    table.board.selection = (9, 9)
    app.step(1 / 60)
    assert table.board.status(table.context())
    app.stack.pop()
    table, session = _table(app, ["human", "easy", "easy", "easy"], _reversed_state())
    app.step(1 / 60)
    assert session.state.view(0).reversed
    app.stack.pop()
    # 3 players, the killer's check on screen
    state = build_state([[1, 2, 4, 9, 10, 11], [3, 6, 12], [5, 8, 13]], marker=0,
                        plays=[(0, "S(4)"), (1, "S(6)"), (2, "S(8)"), (0, "S(10)")], draws=[(8, 10)])
    state.turn = 1
    table, session = _table(app, ["human", "easy", "easy"], state)
    assert table.act(1, PASS) and table.act(2, PASS)
    assert table.board.show is not None and table.board.show.matched == (True,)
    assert table.board.show.outcome == "wounded"
    for _ in range(60):
        app.step(1 / 60)
    assert session.state.view(0).wounded[0]
    for seat in range(3):
        assert table.board.seat_info(table.context(), seat)


def test_full_ai_game_runs_through_the_ui_loop(app):
    session = Session.new("bloody_summer", 4, [Seat(NAMES[i], "easy") for i in range(4)], {}, 11)
    app.stack.push(TitleScene(app))
    app.stack.push(TableScene(app, session))
    assert run_until(app, lambda: isinstance(app.stack.top, ResultsScene))
    assert session.state.is_over()


def test_keyboard_play_reaches_the_engine(app):
    table, session = _table(app, ["human", "easy", "easy", "easy"], _follow_state())
    app.step(1 / 60)
    post_key(pygame.K_PERIOD, ".")  # browse to the first legal play: 7-7
    app.step(1 / 60)
    assert table.board.selection == (7, 7)
    post_key(pygame.K_RIGHT)  # the arrows browse too, and never leave the board for the top bar
    post_key(pygame.K_LEFT)
    app.step(1 / 60)
    assert table.board.selection == (7, 7) and table.focus is None
    post_key(pygame.K_RETURN)
    app.step(1 / 60)
    assert session.record.actions[0] == (0, "P(7)")


def test_mouse_click_on_a_card_then_play_reaches_the_engine(app):
    table, session = _table(app, ["human", "easy", "easy", "easy"], _follow_state())
    app.step(1 / 60)
    rect, _ = next(h for h in _cards(table) if h[1].value == 13)
    post_click(app, rect.x + 6, rect.y + 40)  # the visible strip of the first 13
    app.step(1 / 60)
    assert table.board.selection == (13, 13)
    play = next(b for b in _buttons(table) if b.enabled and "13" in b.label)
    post_click(app, *play.rect.center)
    app.step(1 / 60)
    assert session.record.actions[0] == (0, "P(13)")


def test_mouse_pass_button(app):
    table, session = _table(app, ["human", "easy", "easy", "easy"], _reversed_state())
    app.step(1 / 60)
    post_click(app, layout.BUTTONS_X + 95, layout.HAND.y + 116)
    app.step(1 / 60)
    assert session.record.actions[0] == (0, "pass")


def _nothing_beats_state():
    state = build_state([[2, 3, 5], [1, 6, 6, 8, 10], [2, 3, 12], [5, 5, 8, 10, 12, 12]],
                        marker=1, plays=[(1, "S(10)"), (2, "S(12)")])
    state.turn = 0
    return state


def test_enter_passes_when_nothing_beats_the_top_play(app):
    """With passing the only move its button is the lit one and Enter takes it; with a play to make, Enter
    without a chosen play does nothing (fails with the old keys: Enter did nothing at all)."""
    table, session = _table(app, ["human", "easy", "easy", "easy"], _nothing_beats_state())
    app.step(1 / 60)
    assert session.state.legal_actions(0) == [PASS]
    assert [b.primary for b in _buttons(table)] == [False, True]
    # the corner hint says what Enter does
    assert i18n.t("bloody_summer.hand.keys_pass") in drawn_strings(app, table.draw)
    assert i18n.t("bloody_summer.hand.keys") not in drawn_strings(app, table.draw)
    post_key(pygame.K_RETURN)
    app.step(1 / 60)
    assert session.record.actions[0] == (0, "pass")
    app.stack.pop()
    table, session = _table(app, ["human", "easy", "easy", "easy"], _follow_state())
    app.step(1 / 60)
    assert [b.primary for b in _buttons(table)] == [True, False]
    assert i18n.t("bloody_summer.hand.keys") in drawn_strings(app, table.draw)
    post_key(pygame.K_RETURN)
    app.step(1 / 60)
    assert session.record.actions == []


def test_hot_seat_hides_hands_under_the_curtain(app):
    table, session = _table(app, ["human", "human", "easy"], seed=3)
    assert run_until(app, lambda: isinstance(app.stack.top, CurtainScene), 400)
    assert table.viewer() is None
    ctx = table.context()
    assert ctx.view.hand == () and ctx.legal == []
    table.draw(app.painter)  # the spectator layout: hands face down only
    assert _cards(table) == []


def test_selection_helpers():
    legal = [parse_action(a) for a in ("P(7)", "P(9)", "P(13)", "pass")]
    assert select.match((9, 9), legal) == Play("P", 9)
    assert select.match((9,), legal) is None
    assert select.click((), 9, 0, legal, leading=False) == (9, 9)
    assert select.click((9, 9), 9, 1, legal, leading=False) == ()
    assert select.cycle((), legal, 1) == (7, 7) and select.cycle((7, 7), legal, -1) == (13, 13)
    lead = [parse_action(a) for a in ("S(3)", "S(4)", "S(5)", "T(3)")]
    sel = select.click((), 3, 0, lead, leading=True)
    sel = select.click(sel, 4, 0, lead, leading=True)
    sel = select.click(sel, 5, 0, lead, leading=True)
    assert select.match(sel, lead) == Play("T", 3)
    assert select.playable_values(legal) == {7, 9, 13}


def test_p_on_the_lead_says_the_lead_must_play_and_changes_nothing(app):
    state = build_state([[2, 3, 4, 9], [1, 6, 8], [5, 10, 12], [7, 11, 13]], marker=0)
    state.turn = 0
    table, session = _table(app, ["human", "easy", "easy", "easy"], state)
    app.step(1 / 60)
    assert table.context().legal and PASS not in table.context().legal
    post_key(pygame.K_p, "p")
    app.step(1 / 60)
    assert session.record.actions == [] and table.toast
    assert "passing is not allowed on the lead" in table.toast


@pytest.mark.parametrize(("language", "drawn", "hand"), [("en", "draws 3, 1", "pile: 2, 9"),
                                                          ("ja", "引いたカードは3、1", "捨て札になった：2、9")])
def test_cards_in_a_log_line_are_listed_in_the_readers_punctuation(language, drawn, hand):
    from tabletop.engine.core import Event
    from tabletop.ui.eventlog import format_event

    i18n.set_language(language)
    try:
        event = Event("check", {"seat": 3, "pile": 4, "drawn": [3, 1], "matched": [False, False], "hit": False,
                                "chance": 0.33, "drawn_text": "3, 1"})
        assert drawn in format_event("bloody_summer", event, NAMES)
        killed = Event("killed", {"seat": 3, "hand": [2, 9], "hand_text": "2, 9"})
        assert hand in format_event("bloody_summer", killed, NAMES)
    finally:
        i18n.set_language("en")


def test_the_follow_hint_names_the_form_in_running_text(app):
    """"Beat 6-6 with a higher pair": the form inside a sentence is lower case in English, not the button's
    "Pair" (fails with the old hint, which reused the label)."""
    i18n.set_language("en")
    table, _ = _table(app, ["human", "easy", "easy", "easy"], _follow_state())
    app.step(1 / 60)
    text = " ".join(drawn_strings(app, table.draw))
    assert "with a higher pair" in text and "higher Pair" not in text
