"""Ghost Bumpers table: draws in both languages, plays a full AI game, takes mouse and keyboard input,
hides hands in hot-seat."""

from __future__ import annotations

import pygame
import pytest

from tabletop import i18n
from tabletop.engine.records import Seat
from tabletop.games.ghost_bumpers.actions import Play, SetFear
from tabletop.games.ghost_bumpers.scripted import scripted_state
from tabletop.session import Session
from tabletop.ui.games.ghost_bumpers.input import HandCard
from tabletop.ui.scenes.curtain import CurtainScene
from tabletop.ui.scenes.results import ResultsScene
from tabletop.ui.scenes.table import TableScene
from tabletop.ui.scenes.title import TitleScene
from tests.ui.conftest import drawn_strings, post_click, post_key, run_until

NAMES = ["Aki", "Ben", "Chie", "Dan", "Emi", "Fumi"]


def _session(kinds: list[str], seed: int = 5) -> Session:
    return Session.new("ghost_bumpers", len(kinds), [Seat(NAMES[i], k) for i, k in enumerate(kinds)], {}, seed)


def _table(app, session: Session) -> TableScene:
    app.stack.push(TitleScene(app))
    table = TableScene(app, session)
    app.stack.push(table)
    app.step(1 / 60)
    return table


def _scripted(session: Session, **kwargs) -> None:
    session.state = scripted_state(session.players, **kwargs)


@pytest.mark.parametrize("language", ["en", "ja"])
def test_table_draws_every_phase(app, language):
    app.settings.language = language
    app.save_settings()
    session = _session(["human", "easy", "easy", "easy"])
    table = _table(app, session)  # fear phase, the human places
    table.board.fear.dragging, table.board.fear.drag_x = True, 200.0
    app.step(1 / 60)
    table.board.fear.dragging = False
    for seat in range(4):
        table.act(seat, SetFear(seat))
    assert run_until(app, lambda: session.state.turn == 0 and session.state.phase == 1, 400)
    board = table.board
    hand = session.state.view(0).hand
    card = next(c for c in range(1, 10) if hand[c])
    board.sel = (card, 1)
    app.step(1 / 60)
    if hand[0]:
        board.sel = (0, 1)
        app.step(1 / 60)
    board.sheet_open = True
    app.step(1 / 60)
    board.sheet_open = False
    # A finished round: the scoring overlay, mid-animation and complete.
    while session.state.round_no == 1:
        seat = session.state.to_act()[0]
        events = session.apply(seat, session.state.legal_actions(seat)[0])
    board.on_events(events, seat)
    for clock in (0.3, 5.0):
        board.scoring.clock = clock
        app.step(1 / 60)
    post_key(pygame.K_RETURN)
    app.step(1 / 60)
    assert board.scoring is None


def test_full_ai_game_runs_to_the_results(app):
    session = _session(["easy", "easy", "random"], seed=2)
    _table(app, session)
    assert run_until(app, lambda: isinstance(app.stack.top, ResultsScene))
    assert session.state.is_over()


def test_keyboard_places_the_scared_card(app):
    session = _session(["human", "easy", "easy"])
    _table(app, session)
    for key in (pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_LEFT, pygame.K_RETURN):  # from 3 to 4
        post_key(key)
    app.step(1 / 60)
    assert (0, "fear 4") in session.record.actions


def test_dragging_the_scared_card_to_the_bottom(app):
    session = _session(["human", "easy", "easy"])
    table = _table(app, session)
    fear = table.board.fear
    start = app.viewport.point(*fear.hits.rect_of("scared").center)
    bottom = fear.hits.rect_of(6)  # the bottom slot
    end = app.viewport.point(bottom.centerx + 20, bottom.centery)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    app.step(1 / 60)
    assert fear.position == 6 and not fear.dragging
    app.step(1 / 60)
    post_click(app, *fear.hits.rect_of("confirm").center)
    app.step(1 / 60)
    assert (0, "fear 6") in session.record.actions


def test_mouse_selects_identical_cards_and_plays_them(app):
    session = _session(["human", "easy", "easy"])
    _scripted(session, hands=["77738", "123", "456"], char_decks=["UUSUUUU"] * 3, deck="999", leader=0)
    table = _table(app, session)
    sevens = [r for r, target in table.board.hits if isinstance(target, HandCard) and target.card == 7]
    assert len(sevens) == 3
    post_click(app, sevens[0].x + 10, sevens[0].centery)  # the first 7
    app.step(1 / 60)
    assert table.board.sel == (7, 1)
    post_click(app, sevens[-1].right - 10, sevens[-1].centery)  # the last 7 (on top)
    app.step(1 / 60)
    assert table.board.sel == (7, 2)
    play = table.board.hits.rect_of("confirm")
    post_click(app, *play.center)
    app.step(1 / 60)
    assert session.record.actions[-1] == (0, str(Play(7, 2)))


def test_keyboard_declares_the_zero_ten_card(app):
    session = _session(["human", "easy", "easy"])
    _scripted(session, hands=["Z55", "123", "456"], char_decks=["UUSUUUU"] * 3, deck="999", leader=0)
    _table(app, session)
    for key in (pygame.K_z, pygame.K_LEFT, pygame.K_RETURN):
        post_key(key)
    app.step(1 / 60)
    assert session.record.actions[-1] == (0, "Z0")


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_play_hint_names_the_key_of_the_0_10_card_as_printed(app, language):
    """The hint says which key picks the card showing "0/10" (the 0 key, which works like Z), not the
    engine's letter Z, which the card does not show (fails with the old hint)."""
    i18n.set_language(language)
    session = _session(["human", "easy", "easy"])
    _scripted(session, hands=["Z55", "123", "456"], char_decks=["UUSUUUU"] * 3, deck="999", leader=0)
    table = _table(app, session)
    hint = next(line for line in drawn_strings(app, table.draw) if line == i18n.t("ghost_bumpers.hint.play"))
    assert "0/10" in hint and "Z" not in hint
    post_key(pygame.K_0)  # the key the hint names picks the card
    app.step(1 / 60)
    assert table.board.sel is not None and table.board.sel[0] == 0


def test_forced_discard_by_keyboard(app):
    session = _session(["human", "easy", "easy"])
    _scripted(session, hands=["555", "1234", "6789"], char_decks=["UUSUUUU"] * 3, deck="1", leader=0)
    table = _table(app, session)
    table.act(0, Play(5, 3))  # draws the last card, then everyone must discard
    assert session.state.to_act() and 0 in session.state.to_act()
    app.step(1 / 60)
    for key in (pygame.K_1, pygame.K_RETURN):
        post_key(key)
    app.step(1 / 60)
    assert (0, "discard 1") in session.record.actions


def test_hot_seat_hides_hands_under_the_curtain(app):
    session = _session(["human", "human", "easy"])
    table = _table(app, session)
    assert isinstance(app.stack.top, CurtainScene)
    assert table.viewer() is None
    ctx = table.context()
    assert sum(ctx.view.hand) == 0 and ctx.view.own_scared == -1
    table.board.draw(app.painter, ctx)  # draws from the public view only
    first = app.stack.top.seat
    post_key(pygame.K_SPACE)
    app.step(1 / 60)
    assert table.viewer() == first
    post_key(pygame.K_RETURN)
    app.step(1 / 60)
    assert (first, "fear 3") in session.record.actions
    app.step(1 / 60)
    assert table.viewer() in (None, first)
    if table.hold is not None:  # the placer sees their placement, then hands over
        post_key(pygame.K_RETURN)
        app.step(1 / 60)
    assert run_until(app, lambda: isinstance(app.stack.top, CurtainScene), 50)
    assert table.viewer() is None


@pytest.mark.parametrize(("language", "scared", "calm"), [("en", "S", "U"), ("ja", "怖", "動")])
def test_a_character_cards_corner_is_in_the_readers_language(language, scared, calm):
    """The corner index of a character card (and of the viewer's deck pips) abbreviates its translated name."""
    from tabletop.ui.games.ghost_bumpers.art import character_face

    i18n.set_language(language)
    try:
        assert (character_face(True).corner, character_face(False).corner) == (scared, calm)
    finally:
        i18n.set_language("en")
