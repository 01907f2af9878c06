"""Headless tests of the Sumidagawa board: drawing in both languages, input to the engine, AI game, hot-seat."""

from __future__ import annotations

import pygame
import pytest

from tabletop import i18n
from tabletop.engine.records import Seat
from tabletop.games.sumidagawa.actions import PASS, Pass, make_play, parse_action
from tabletop.games.sumidagawa.cards import parse_card
from tabletop.games.sumidagawa.scripting import scripted_state
from tabletop.session import Session
from tabletop.ui.games.sumidagawa.picking import Pick, by_combo
from tabletop.ui.scenes.curtain import CurtainScene
from tabletop.ui.scenes.results import ResultsScene
from tabletop.ui.scenes.table import TableScene
from tabletop.ui.scenes.title import TitleScene
from tests.ui.conftest import post_click, post_key, run_until

NAMES = ["Aki", "Ben", "Chie", "Dan"]
# seat 0 holds these; the others get what is left, dealt in order
HAND0 = "B2 B5 B5 R7 R7 B8 R8 B9 R9 B10 R10 R3"
OTHERS = ["B3 B7 B7 B9 R9 B10 R10 B4 B4 B6 R8 R8", "R4 R5 R6 B8 B8 R9 B9 B1 R2 B3 R4 R5",
          "R6 R6 B5 B6 B6 B7 B7 B8 B9 B10 R10 R10"]


def _session(kinds: list[str], games: int = 1) -> Session:
    return Session.new("sumidagawa", len(kinds), [Seat(NAMES[i], k) for i, k in enumerate(kinds)],
                       {"games": games}, seed=11)


def _table(app, state, kinds=("human", "easy", "easy", "easy")) -> TableScene:
    session = _session(list(kinds))
    session.state = state
    scene = TableScene(app, session)
    app.stack.push(scene)
    app.step(1 / 60)
    return scene


def _lead_state(leader: int = 0):
    return scripted_state([HAND0, *OTHERS], leader=leader)


def _mid_jun_state():
    state = _lead_state(leader=1)
    for text in ("B3", "R4+R5", "R6+R6+r"):
        state.apply(state.to_act()[0], parse_action(text))
    return state


def _fire_discard_state():
    state = scripted_state(["R3 R4 R5 R6 B2 R2 B8", "B3 B7 B7 B9 R9", "R9 B9 B1 R4 R5", "R6 B6 B7 B8 B10"])
    state.apply(0, parse_action("R3+R4+R5+R6"))
    return state


def _revive_state():
    state = scripted_state(["R3 R4 R5 R6 B2 R2 B8", "B3 B7 B7 B9 R9", "R9 B9 B1 R4 R5", "R6 B6 B7 B8 B10"],
                           ["UDUD", "UUUU", "UUUU", "UUUU"], leader=1)
    while state.phase == 0:
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, PASS if PASS in legal else legal[0])
    return state


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_table_draws_in_every_phase(app, language):
    i18n.set_language(language)
    for build, pick in ((_lead_state, None), (_mid_jun_state, ("B8", "B9", "B10")), (_mid_jun_state, ("B8",)),
                        (_mid_jun_state, ("R7", "B8")), (_fire_discard_state, None), (_revive_state, None)):
        scene = _table(app, build())
        if pick:
            scene.board.pick.set_play(make_play([parse_card(c) for c in pick]))
        app.step(1 / 60)
        assert scene.board.status(scene.context())
        scene.board.show_ref = True
        app.step(1 / 60)
        app.stack.pop()
    spectator = _table(app, _mid_jun_state(), kinds=("easy", "easy", "easy", "easy"))
    spectator.board.on_events([], 0)
    app.step(1 / 60)


def test_choice_phases_offer_the_engine_choices(app):
    scene = _table(app, _fire_discard_state())
    labels = {b.label for b in scene.board.buttons}
    assert any("2" in label for label in labels) and len(scene.board.buttons) == 2
    post_key(pygame.K_x)  # red
    app.step(1 / 60)
    assert scene.session.record.actions[-1] == (0, "discard R2")
    app.stack.pop()
    scene = _table(app, _revive_state())
    post_click(app, *scene.board.buttons[0].rect.center)
    app.step(1 / 60)
    assert scene.session.record.actions[-1] == (0, "revive b")


def test_clicks_pick_cards_and_play_reaches_the_engine(app):
    scene = _table(app, _lead_state())
    board = scene.board
    hand_rects = [rect for rect, _ in board.hot][:12]  # hand cards come first, in hand order
    # hand order: B2 R3 B5 B5 R7 R7 B8 R8 B9 R9 B10 R10 -> pick both 5s
    post_click(app, hand_rects[2].x + 10, hand_rects[2].centery)
    app.step(1 / 60)
    post_click(app, list(board.hot)[3][0].x + 10, list(board.hot)[3][0].centery + 10)
    app.step(1 / 60)
    assert board.pick.play() == make_play([parse_card("B5"), parse_card("B5")])
    reading = board.pick.reading(None, 0)
    assert reading is not None and reading.declared == 5
    play_button = next(b for b in board.buttons if b.primary)
    post_click(app, *play_button.rect.center)
    app.step(1 / 60)
    assert scene.session.record.actions[0] == (0, "B5+B5")
    assert board.pick.empty()


def test_keys_pick_suggest_and_play(app):
    scene = _table(app, _lead_state())
    post_key(pygame.K_7)
    post_key(pygame.K_7)
    post_key(pygame.K_x)
    app.step(1 / 60)
    assert scene.board.pick.play() == make_play([parse_card("R7"), parse_card("R7")], 0, 1)
    post_key(pygame.K_RETURN)
    app.step(1 / 60)
    assert scene.session.record.actions[0] == (0, "R7+R7+r")  # 改札の7


def test_the_right_arrow_steps_through_the_plays_as_n_does(app):
    scene = _table(app, _lead_state())
    post_key(pygame.K_RIGHT)
    app.step(1 / 60)
    by_arrow = scene.board.pick.play()
    assert by_arrow in scene.session.state.legal_actions(0) and scene.focus is None
    post_key(pygame.K_BACKSPACE)
    post_key(pygame.K_n)
    app.step(1 / 60)
    assert scene.board.pick.play() == by_arrow


def test_clicking_a_combination_completes_the_pick_and_pass_key(app):
    state = _mid_jun_state()
    scene = _table(app, state)
    board = scene.board
    post_key(pygame.K_8)
    app.step(1 / 60)
    assert 2 in board.combo_options and 4 in board.combo_options  # 下駄 and 日本橋 can grow from B8
    post_click(app, *board.places.rect_of(("combo", 2)).center)
    app.step(1 / 60)
    play = board.pick.play()
    assert play in state.legal_actions(0) and str(play) == "B8+b"
    post_key(pygame.K_p)  # passing is not allowed before a first play: nothing happens
    app.step(1 / 60)
    assert scene.session.record.actions == []
    post_key(pygame.K_RETURN)
    app.step(1 / 60)
    assert scene.session.record.actions == [(0, "B8+b")]


def test_reference_overlay_toggles_with_r(app):
    scene = _table(app, _lead_state())
    post_key(pygame.K_r)
    app.step(1 / 60)
    assert scene.board.show_ref
    post_key(pygame.K_7)  # keys do not reach the hand under the overlay
    app.step(1 / 60)
    assert scene.board.pick.empty()
    post_key(pygame.K_r)
    app.step(1 / 60)
    assert not scene.board.show_ref


def test_full_ai_game_runs_through_the_ui_loop(app):
    session = _session(["easy", "easy", "easy"])
    app.stack.push(TitleScene(app))
    app.stack.push(TableScene(app, session))
    assert run_until(app, lambda: isinstance(app.stack.top, ResultsScene), 6000)
    assert session.state.is_over()


def test_hot_seat_hides_hands_under_the_curtain(app):
    session = _session(["human", "human", "easy"])
    app.stack.push(TitleScene(app))
    table = TableScene(app, session)
    app.stack.push(table)
    assert run_until(app, lambda: isinstance(app.stack.top, CurtainScene), 200)
    assert table.viewer() is None
    ctx = table.context()
    assert ctx.view.hand == () and not ctx.legal  # nothing private is on screen
    table.board.draw(app.painter, ctx)  # the spectator layout draws without a hand
    assert not table.board.hot
    post_key(pygame.K_SPACE)
    app.step(1 / 60)
    seat = table.viewer()
    assert seat is not None and sum(table.context().view.hand) > 0


def test_pick_logic():
    pick = Pick()
    pick.set_play(make_play([parse_card("R7"), parse_card("B8")]))
    refusal = pick.refusal(None, 0)
    assert refusal is not None and refusal.key == "illegal.mixed_colours"
    pick.set_play(make_play([parse_card("B5"), parse_card("B6")]))
    assert pick.refusal(None, 0).key == "illegal.bad_shape"
    pick.set_play(make_play([parse_card("B4"), parse_card("B5")], 1))
    assert pick.reading(None, 0).declared == 3 and pick.reading(4, 0).declared == 4
    assert pick.refusal(5, 0).key == "illegal.too_low"
    assert pick.refusal(None, 1 << 4).key == "illegal.combo_used"
    hand = tuple(sorted(parse_card(c) for c in "B7 B7 R7".split()))
    pick.clear()
    for _ in range(3):
        pick.add_value(7, hand)
    assert sum(pick.cards.values()) == 3
    pick.add_value(7, hand)
    assert pick.empty()
    pick.add_value(7, hand, prefer_red=True)
    assert list(pick.cards.elements()) == [parse_card("R7")]
    state = _lead_state()
    plays = [a for a in state.legal_actions(0) if not isinstance(a, Pass)]
    pick.clear()
    pick.add_value(8, tuple(sorted(parse_card(c) for c in HAND0.split())))
    options = by_combo(pick.completions(plays, None), None)
    assert options and all(pick.contained_in(p) for _, p in options.values())


@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_call_is_in_the_readers_script(app, monkeypatch, language):
    """The picked play and the river's banner are called as at the table ("改札の7"); the romaji aside
    ("— Kaisatsu 7") helps a reader of English say it and is not shown to a reader of Japanese."""
    from tabletop.games.sumidagawa.combos import COMBOS
    from tabletop.ui import painter
    from tabletop.ui.painter import Painter

    i18n.set_language(language)
    painter._TEXT_CACHE.clear()  # every string is rendered afresh, so the spy sees it
    rendered: list[str] = []
    render = Painter._render

    def spy(self, text, size, color, bold):
        rendered.append(text)
        return render(self, text, size, color, bold)

    monkeypatch.setattr(Painter, "_render", spy)
    scene = _table(app, _mid_jun_state())  # the river's newest play: R6+R6+r
    scene.board.pick.set_play(make_play([parse_card("B8"), parse_card("B9"), parse_card("B10")]))
    app.step(1 / 60)
    app.step(1 / 60)
    calls = [text for text in rendered if "の" in text and any(text.startswith(c.ja) for c in COMBOS)]
    assert len(calls) >= 2  # the pick's line and the banner
    romaji = [text for text in rendered if any(c.reading in text for c in COMBOS)]
    if language == "ja":
        assert romaji == []
    else:
        assert any(text.startswith("— ") for text in romaji)
