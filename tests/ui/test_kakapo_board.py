"""KAKAPO table: draws in both languages and every phase, AI game to the results, mouse drag and keyboard
placement reach the engine, hot-seat hides hands, cleared missions are saved, the mission select scene."""

from __future__ import annotations

import pygame
import pytest

from tabletop.engine.core import Event
from tabletop.engine.records import Seat
from tabletop.games.kakapo import pieces
from tabletop.games.kakapo.actions import Place, Skill
from tabletop.session import Session
from tabletop.ui.games.kakapo import mission_thumbnail
from tabletop.ui.games.kakapo.ghost import Ghost
from tabletop.ui.games.kakapo.layout import CELL, GRID
from tabletop.ui.games.kakapo.progress import cleared_missions, progress_path
from tabletop.ui.games.kakapo_missions import MissionSelectScene
from tabletop.ui.scenes.curtain import CurtainScene
from tabletop.ui.scenes.results import ResultsScene
from tabletop.ui.scenes.table import TableScene
from tests.ui.conftest import post_click, post_key, run_until


def _session(kinds: list[str], mission: str = "buddy_12", seed: int = 5) -> Session:
    seats = [Seat(f"P{i}", k) for i, k in enumerate(kinds)]
    return Session.new("kakapo", len(kinds), seats, {"mission": mission}, seed)


def _advance(session: Session, phase: str, seat: int = 0) -> None:
    """Play (highest card first, no skills) until `seat` must act in `phase`."""
    for _ in range(200):
        state = session.state
        assert not state.is_over(), "the game ended before the wanted phase"
        if state.phase == phase and state.to_act() == (seat,):
            return
        who = state.to_act()[0]
        legal = state.legal_actions(who)
        none = [a for a in legal if isinstance(a, Skill) and a.kind == "none"]
        session.apply(who, none[0] if none else legal[-1] if state.phase == "reveal" else legal[0])
    raise AssertionError("phase not reached")


def _board_point(app, row: float, col: float) -> tuple[int, int]:
    return app.viewport.point(GRID.x + col * CELL, GRID.y + row * CELL)


def _motion(app, row: float, col: float) -> None:
    pos = _board_point(app, row, col)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


@pytest.mark.parametrize("language", ["en", "ja"])
def test_table_draws_every_phase(app, language):
    app.settings.language = language
    app.save_settings()
    for phase in ("reveal", "skill", "place"):
        session = _session(["human", "easy"])
        _advance(session, phase)
        table = TableScene(app, session)
        app.stack.push(table)
        app.step(1 / 60)
        if phase == "place":
            _motion(app, 6, 6)
            app.step(1 / 60)
            assert table.board.ghost is not None and table.board.ghost.shown
            _motion(app, 0.2, 0.2)  # likely illegal or legal: either preview must draw
            app.step(1 / 60)
        assert table.board.status(table.context())
        assert table.board.hint(table.context())
        app.stack.pop()
    party = _session(["easy", "easy", "easy"], mission="party_08", seed=3)
    app.stack.push(TableScene(app, party))
    app.step(1 / 60)


def test_full_ai_game_runs_through_the_ui_loop(app):
    session = _session(["easy", "easy", "easy", "random"], mission="party_02", seed=11)
    app.stack.push(TableScene(app, session))
    assert run_until(app, lambda: isinstance(app.stack.top, ResultsScene), 5000)
    assert session.state.is_over()
    assert not progress_path().exists()  # no human at the table: nothing recorded as cleared


def _place_table(app, seed: int = 5) -> tuple[Session, TableScene]:
    session = _session(["human", "easy"], seed=seed)
    _advance(session, "place")
    table = TableScene(app, session)
    app.stack.push(table)
    app.step(1 / 60)
    return session, table


def test_mouse_drag_and_clicks_place_a_piece(app):
    session, table = _place_table(app)
    piece = session.state.selection[0]
    target = next(a for a in session.state.legal_actions(0) if isinstance(a, Place) and a.piece == piece
                  and a.orient == 0 and a.top >= 2 and a.left >= 2)
    shape = pieces.ORIENTATIONS[piece][0]
    row, col = target.top + shape.height / 2, target.left + shape.width / 2
    # The pointer glides in from the corner: the piece follows it without truncating to whole cells.
    for f in (0.2, 0.5, 0.8):
        _motion(app, 0.5 + (row - 0.5) * f, 0.5 + (col - 0.5) * f)
        app.step(1 / 60)
    ghost = table.board.ghost
    assert ghost is not None and ghost.following
    assert ghost.pos.x % 1 != 0 or ghost.pos.y % 1 != 0
    _motion(app, row + 0.2, col - 0.2)
    app.step(1 / 60)
    assert ghost.anchor == (target.top, target.left)  # snapped to the nearest cells
    x, y = app.viewport.to_virtual(_board_point(app, row, col))
    post_click(app, x, y)  # pins the piece there
    app.step(1 / 60)
    assert not ghost.following and ghost.anchor == (target.top, target.left)
    placed_before = len(session.state.placed)
    post_click(app, x, y)  # a second click on the pinned piece confirms
    app.step(1 / 60)
    assert len(session.state.placed) == placed_before + 1
    seat, text = [a for a in session.record.actions if a[0] == 0][-1]
    assert text == str(target)


def test_illegal_spot_shows_the_engine_reason_and_cannot_be_placed(app):
    session, table = _place_table(app)
    board = table.board
    piece = session.state.selection[0]
    legal = set(session.state.legal_actions(0))
    bad = next(Place(piece, 0, top, left) for top in range(12) for left in range(12)
               if pieces.placement(piece, 0, top, left) and Place(piece, 0, top, left) not in legal)
    shape = pieces.ORIENTATIONS[piece][0]
    _motion(app, bad.top + shape.height / 2, bad.left + shape.width / 2)
    app.step(1 / 60)
    assert board.ghost.action() == bad
    reason, _ = board._verdict(table.context())
    assert reason
    actions = len(session.record.actions)
    post_key(pygame.K_RETURN)
    app.step(1 / 60)
    assert len(session.record.actions) == actions
    assert table.toast


def test_keyboard_alone_places_a_piece(app):
    session, table = _place_table(app, seed=5)
    piece = session.state.selection[0]
    post_key(pygame.K_RIGHT)  # the piece appears in the middle of the board
    app.step(1 / 60)
    ghost = table.board.ghost
    assert ghost is not None and ghost.shown and not ghost.following
    # Aim at a legal placement reachable with R / F, then walk there with the arrow keys.
    legal = [a for a in session.state.legal_actions(0) if isinstance(a, Place) and a.piece == piece]
    probe = Ghost(piece)
    keys: list[int] = []
    for flips in (0, 1):
        for turns in range(4):
            probe = Ghost(piece)
            if flips:
                probe.flip()
            for _ in range(turns):
                probe.rotate()
            if any(a.orient == probe.orient for a in legal):
                keys = [pygame.K_f] * flips + [pygame.K_r] * turns
                break
        if keys or any(a.orient == probe.orient for a in legal):
            break
    for key in keys:
        post_key(key)
    app.step(1 / 60)
    target = next(a for a in legal if a.orient == ghost.orient)
    top, left = ghost.anchor
    for _ in range(abs(target.top - top)):
        post_key(pygame.K_DOWN if target.top > top else pygame.K_UP)
    for _ in range(abs(target.left - left)):
        post_key(pygame.K_RIGHT if target.left > left else pygame.K_LEFT)
    app.step(1 / 60)
    assert ghost.action() == target
    post_key(pygame.K_RETURN)
    app.step(1 / 60)
    assert [a for a in session.record.actions if a[0] == 0][-1][1] == str(target)


def test_reveal_with_keys_and_mouse(app):
    session = _session(["human", "easy"], seed=5)
    _advance(session, "reveal")
    table = TableScene(app, session)
    app.stack.push(table)
    app.step(1 / 60)
    playable = session.state.legal_actions(0)
    post_key(pygame.K_1)
    post_key(pygame.K_RETURN)
    app.step(1 / 60)
    assert (0, str(playable[0])) in session.record.actions
    assert run_until(app, lambda: session.humans_to_act() == [0] and session.state.phase == "reveal", 400)
    app.step(1 / 60)
    rect, card = table.board.hot_hand[0]
    post_click(app, *rect.center)
    app.step(1 / 60)
    post_click(app, rect.centerx, rect.centery - 10)  # the chosen card is lifted; a second click reveals it
    app.step(1 / 60)
    assert (0, f"play {pieces.card_id(card)}") in session.record.actions


def test_hot_seat_hides_hands_under_the_curtain(app):
    session = _session(["human", "human"], seed=5)
    app.stack.push(TableScene(app, session))
    app.step(1 / 60)
    assert isinstance(app.stack.top, CurtainScene)
    table = app.stack.scenes[-2]
    assert table.viewer() is None
    ctx = table.context()
    assert ctx.view.hand == () and not ctx.legal
    assert "P0" in table.board.hint(ctx) or "P1" in table.board.hint(ctx)
    post_key(pygame.K_SPACE)
    app.step(1 / 60)
    assert table.viewer() == app.stack.top.session.state.to_act()[0]


def test_cleared_mission_is_recorded_for_human_teams(app):
    session = _session(["human", "easy"], mission="buddy_03")
    table = TableScene(app, session)
    app.stack.push(table)
    table.board.on_events([Event("won", {"scanned": 1, "required": 1})], 0)
    assert cleared_missions() == {"buddy_03"}


def test_mission_select_starts_the_chosen_mission(app):
    assert mission_thumbnail("party_19", 96).get_size() == (96, 96)
    scene = MissionSelectScene(app)
    app.stack.push(scene)
    app.step(1 / 60)
    post_key(pygame.K_DOWN)
    post_key(pygame.K_RIGHT)
    app.step(1 / 60)
    assert scene.selected == 11
    rect = scene.tile_rect(24)  # Party 5
    post_click(app, *rect.center)
    app.step(1 / 60)
    post_key(pygame.K_3)
    post_key(pygame.K_RETURN)
    app.step(1 / 60)
    assert isinstance(app.stack.top, TableScene)
    assert scene.started is not None and scene.started.record.options["mission"] == "party_05"
    assert scene.started.players == 3


@pytest.mark.parametrize(("language", "name"), [("en", "Double Scan"), ("ja", "ダブルスキャン")])
def test_skill_log_line_names_the_skill_in_the_players_language(app, language, name):
    from tabletop import i18n
    from tabletop.ui.eventlog import format_event

    i18n.set_language(language)
    line = format_event("kakapo", Event("skill", {"seat": 0, "skill": "double", "notation": "skill double",
                                                  "pieces": "R8 R1", "counters": 2}), ["Aki", "Ben"])
    assert name in line and "skill double" not in line and "Aki" in line
