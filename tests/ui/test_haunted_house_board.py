"""Haunted House board, headless: draws in both languages, AI game to the results, mouse and keys reach
the engine, hot-seat curtain, move animation driven by events."""

from __future__ import annotations

import pygame
import pytest

from tabletop.engine.records import Seat
from tabletop.games.haunted_house.actions import GIVE_UP, ROLL, STAY, Move
from tabletop.games.haunted_house.board import ROOM_LETTERS
from tabletop.games.haunted_house.testing import place, rig
from tabletop.i18n import t
from tabletop.session import Session
from tabletop.ui.games.haunted_house.board import Board, legal_moves
from tabletop.ui.scenes.curtain import CurtainScene
from tabletop.ui.scenes.results import ResultsScene
from tabletop.ui.scenes.table import TableScene
from tabletop.ui.scenes.title import TitleScene
from tabletop.ui.widgets import Button
from tests.ui.conftest import post_click, post_key, run_until


def _session(kinds: list[str], options: dict | None = None, seed: int = 5) -> Session:
    return Session.new("haunted_house", len(kinds), [Seat(f"P{i}", k) for i, k in enumerate(kinds)], options or {},
                       seed)


def _table(app, session: Session) -> TableScene:
    scene = TableScene(app, session)
    app.stack.push(scene)
    app.step(1 / 60)
    return scene


@pytest.mark.parametrize("language", ["en", "ja"])
def test_board_draws_every_phase(app, language):
    app.settings.language = language
    app.save_settings()
    session = _session(["human", "easy"], {"advanced": True})
    table = _table(app, session)
    state = session.state
    place(state, positions=["OUT", "P8", "J", "A"], carry=[0, 0, 0, 0], ghosts={"C": 2, "G": 1}, spirits=["E", "H"])
    state.lock = 16  # green doors locked
    state.draw_pile.remove(16)
    rig(state, white=[4], black=[["ghost"]], deck=["draw2", "shuffle", "room:F", "room:K"])
    board = table.board
    assert isinstance(board, Board)
    ctx = table.context()
    assert board.status(ctx) and board.seat_info(ctx, 0) and board.seat_info(ctx, 1)
    assert table.act(0, ROLL)
    assert len(board.drawn) == 4 and board.drawn[1] == ("shuffle", True)
    app.step(1 / 60)
    moves = legal_moves(table.context().legal)
    assert moves and STAY in moves
    to_g = next(m for m in moves if m.path and m.path[-1] == "G")
    pygame.mouse.set_pos(app.viewport.point(*board.geo.rects["G"].center))  # hover shows the path
    for _ in range(3):
        app.step(1 / 60)
    assert table.act(0, to_g)
    assert 0 in board.walk  # the hunter walks its path
    assert run_until(app, lambda: 0 not in board.walk, 200)
    app.step(1 / 60)
    assert "G" in board.status(table.context())  # take the jewel in room G?
    table.act(0, next(a for a in table.context().legal if str(a) == "take"))
    assert board.fight is not None and board.fight[1] == "G"
    app.step(1 / 60)
    # the finished game's message
    assert table.act(session.state.owners[session.state.turn], GIVE_UP)
    app.step(1 / 60)
    assert session.state.is_over()
    assert board.status(table.context()) == t("haunted_house.status.over_gave_up")


def test_full_ai_game_runs_through_the_ui_loop(app):
    session = _session(["easy", "easy"], seed=3)
    app.stack.push(TitleScene(app))
    app.stack.push(TableScene(app, session))
    assert run_until(app, lambda: isinstance(app.stack.top, ResultsScene), 5000)
    assert session.state.is_over()


def _second_destination_by_keys(app, table: TableScene, session: Session) -> Move:
    """→ → Enter: the keyboard picks the second move in key order and plays it."""
    moves = legal_moves(table.context().legal)
    post_key(pygame.K_RIGHT)
    post_key(pygame.K_RIGHT)
    post_key(pygame.K_RETURN)
    app.step(1 / 60)
    assert session.record.actions[-1] == (0, str(moves[1]))
    return moves[1]


def test_keyboard_and_mouse_reach_the_engine(app):
    session = _session(["human"], seed=9)
    table = _table(app, session)
    rig(session.state, white=[3, 2])
    post_key(pygame.K_SPACE)
    app.step(1 / 60)
    assert session.record.actions[-1] == (0, "roll")
    # click a highlighted destination: room J is three steps from the door
    moves = legal_moves(table.context().legal)
    target = next(m for m in moves if m.path and m.path[-1] == "J")
    post_click(app, *table.board.geo.rects["J"].center)
    app.step(1 / 60)
    assert session.record.actions[-1] == (0, str(target))
    post_key(pygame.K_l)  # L is the game log in every game, even while a jewel waits to be taken or left
    app.step(1 / 60)
    assert table.log_big and session.record.actions[-1] == (0, str(target))
    post_key(pygame.K_l)
    app.step(1 / 60)
    assert not table.log_big
    post_key(pygame.K_n)  # leave the jewel in J
    app.step(1 / 60)
    assert session.record.actions[-1] == (0, "leave")
    # next hunter: roll with the die, choose with the arrow key, confirm with Enter
    run_until(app, lambda: ROLL in table.context().legal, 20)
    post_click(app, *table.board.hits.rect_of(ROLL).center)  # the white die
    app.step(1 / 60)
    assert session.record.actions[-1] == (0, "roll")
    assert isinstance(_second_destination_by_keys(app, table, session), Move)


def _point(app, x: float, y: float, moved: bool = True) -> None:
    pos = app.viewport.point(x, y)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(3, 1) if moved else (0, 0),
                                         buttons=(0, 0, 0)))
    app.step(1 / 60)


def _rolled_three(app) -> tuple[Session, TableScene, list[Move]]:
    """A one-human table whose hunter has just rolled a 3, with its moves in key order."""
    session = _session(["human"], seed=9)
    table = _table(app, session)
    rig(session.state, white=[3])
    table.act(0, ROLL)
    app.step(1 / 60)
    return session, table, legal_moves(table.context().legal)


def test_enter_plays_only_what_the_map_shows_as_chosen(app):
    """The arrow keys' pick is the highlighted space while the pointer merely rests elsewhere; pointing at
    another destination drops the pick, so Enter never moves to a space the map does not show as chosen."""
    session, table, moves = _rolled_three(app)
    board = table.board
    assert len(moves) >= 3
    post_key(pygame.K_RIGHT)
    post_key(pygame.K_RIGHT)
    app.step(1 / 60)
    picked = moves[1]
    here = session.state.view(0).positions[0]
    other = next(m for m in moves if m.path and m.path[-1] != (picked.path[-1] if picked.path else here))
    _point(app, *board.geo.rects[other.path[-1]].center, moved=False)  # the pointer resting there: no choice
    assert board._picked(moves) == picked
    _point(app, *board.geo.rects[other.path[-1]].center)  # pointing at it: the pick is dropped
    assert board._picked(moves) is None
    post_key(pygame.K_RETURN)
    app.step(1 / 60)
    assert session.record.actions[-1] == (0, "roll")  # nothing picked with the keys: Enter plays nothing
    post_key(pygame.K_RIGHT)
    post_key(pygame.K_RETURN)
    app.step(1 / 60)
    assert session.record.actions[-1] == (0, str(moves[0]))


def test_the_first_arrow_lights_a_space_to_go_to_and_staying_lights_its_button(app):
    """→ first lights the nearest destination (staying is last in key order, so the first press never seems
    to do nothing); ← first lights staying, and the Stay button is then the one Enter plays."""
    session, table, moves = _rolled_three(app)
    board = table.board
    assert moves[-1] == STAY and all(m.path for m in moves[:-1])
    post_key(pygame.K_RIGHT)
    app.step(1 / 60)
    assert board._picked(moves) == moves[0] and moves[0].path
    board.cursor = None  # as at the start of a turn
    post_key(pygame.K_LEFT)
    app.step(1 / 60)
    assert board._picked(moves) == STAY
    stay_label = t("haunted_house.action.stay")
    assert [b.primary for _, b in board.hits if isinstance(b, Button) and b.label == stay_label] == [True]
    post_key(pygame.K_RETURN)
    app.step(1 / 60)
    assert session.record.actions[-1] == (0, str(STAY))


@pytest.mark.parametrize("number", [1, 3])
def test_the_take_prompt_says_when_a_jewel_cannot_go_out_yet(app, number):
    """Advanced game: a jewel that is not the next to go out is offered with its number and the next one, so
    the player knows that taking it means carrying it until its turn."""
    session = _session(["human", "easy"], {"advanced": True})
    table = _table(app, session)
    state = session.state
    g = ROOM_LETTERS.index("G")
    other = state.jewels.index(number)
    state.jewels[g], state.jewels[other] = state.jewels[other], state.jewels[g]
    place(state, positions=["OUT", "A"], carry=[0, 0], clear_ghosts=True)
    rig(state, white=[6], deck=["room:A"])
    board = table.board
    ctx = table.context()
    assert board._hint(ctx, ctx.view, []) == t("haunted_house.hint.roll")
    table.act(0, ROLL)
    app.step(1 / 60)
    table.act(0, next(m for m in legal_moves(table.context().legal) if m.path and m.path[-1] == "G"))
    app.step(1 / 60)
    ctx = table.context()
    shown = board._hint(ctx, ctx.view, [])
    if number == 1:
        assert shown == t("haunted_house.hint.take", room="G")
    else:
        assert shown == t("haunted_house.hint.take_later", room="G", number=3, next=1)


def test_stay_key_and_illegal_space_click(app):
    session = _session(["human"], seed=9)
    table = _table(app, session)
    rig(session.state, white=[1])
    table.act(0, ROLL)
    app.step(1 / 60)
    post_click(app, *table.board.geo.rects["A"].center)  # far out of reach: refused with a reason
    app.step(1 / 60)
    assert session.record.actions[-1] == (0, "roll")
    assert "A" in table.toast
    post_key(pygame.K_s)
    app.step(1 / 60)
    assert session.record.actions[-1] == (0, "stay")


def test_hot_seat_needs_no_curtain_in_this_public_game(app):
    """Every seat sees the same house (seat_secrets = False): the first human's turn comes up at once."""
    session = _session(["human", "human"])
    app.stack.push(TitleScene(app))
    app.stack.push(TableScene(app, session))
    app.step(1 / 60)
    table = app.stack.top
    assert isinstance(table, TableScene) and not any(isinstance(s, CurtainScene) for s in app.stack.scenes)
    assert table.viewer() == 0 and table.context().legal
    for _ in range(30):  # past the input gate's guard after the table opened
        app.step(1 / 60)
    post_key(pygame.K_SPACE)  # roll
    app.step(1 / 60)
    assert session.record.actions[-1] == (0, "roll")


def test_a_stray_arrow_leaves_space_and_enter_with_the_board(app):
    """Arrows pressed while rolling (the board has no use for them) used to focus the top bar's Menu
    button, and the next Space opened the menu instead of rolling. Only Tab walks the top bar now."""
    session = _session(["human"], seed=9)
    table = _table(app, session)
    rig(session.state, white=[3])
    post_key(pygame.K_RIGHT)
    post_key(pygame.K_DOWN)
    app.step(1 / 60)
    assert table.focus is None
    post_key(pygame.K_SPACE)
    app.step(1 / 60)
    assert session.record.actions[-1] == (0, "roll") and not table.menu_open
    _second_destination_by_keys(app, table, session)
    post_key(pygame.K_TAB)  # Tab still reaches the top bar's buttons
    app.step(1 / 60)
    assert table.focus is not None
