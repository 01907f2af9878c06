"""KAKAPO table: draws in both languages and every phase, AI game to the results, hot-seat hides hands,
cleared missions are saved, the mission select scene. Placing a piece (drag, clicks, keys): test_kakapo_drag."""

from __future__ import annotations

import random
from dataclasses import replace

import pygame
import pytest

from tabletop.ai.levels import make_agent
from tabletop.engine.core import Action, Event
from tabletop.engine.records import Seat
from tabletop.games.kakapo import pieces
from tabletop.games.kakapo.actions import Skill
from tabletop.games.kakapo.missions import MISSION_IDS
from tabletop.session import Session
from tabletop.ui.games.kakapo import mission_thumbnail
from tabletop.ui.games.kakapo.layout import CELL, GRID
from tabletop.ui.games.kakapo.progress import cleared_missions, progress_path, record_cleared, record_outcome
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
    rect, card = next(iter(table.board.hot_hand))
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


def _won_but_one(kinds: list[str]) -> tuple[Session, tuple[int, Action]]:
    """Buddy 3 (seed 1) played by easy agents to one move before the team wins it, and that move."""
    session = _session(kinds, mission="buddy_03", seed=1)
    agent, rng = make_agent(session.game, "easy"), random.Random(1)
    moves = []
    script = _session(kinds, mission="buddy_03", seed=1)
    while not script.state.is_over():
        seat = script.state.to_act()[0]
        moves.append((seat, agent.choose(script.state.view(seat), script.state.legal_actions(seat), rng)))
        script.apply(*moves[-1])
    assert script.state.outcome == "won"
    for seat, action in moves[:-1]:
        session.apply(seat, action)
    return session, moves[-1]


@pytest.mark.parametrize("kinds", [["human", "easy"], ["easy", "easy"]])
def test_cleared_mission_is_recorded_with_the_history_for_human_teams(app, kinds):
    session, last = _won_but_one(kinds)
    table = TableScene(app, session)
    app.stack.push(table)
    app.step(1 / 60)
    assert table.act(*last)
    assert not progress_path().exists()  # the board only shows the win; the table keeps it with the history
    app.step(1 / 60)
    assert table.finished
    assert cleared_missions() == ({"buddy_03"} if "human" in kinds else set())


def test_only_a_won_mission_counts_as_cleared(app):
    final = _session(["human", "easy"], mission="buddy_03").state.view(None)
    record_outcome(replace(final, outcome="failed_rounds"))
    assert not progress_path().exists()
    record_outcome(replace(final, outcome="won"))
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


def test_mission_started_from_the_picker_is_remembered(app):
    """Setup and the picker both offer the mission last started (and not yet cleared) next time."""
    from tabletop.ui.scenes.setup import SetupScene

    scene = MissionSelectScene(app)
    app.stack.push(scene)
    scene.select(MISSION_IDS.index("party_07"))
    scene.set_players(3)
    scene.start()
    assert scene.started is not None and scene.started.record.options["mission"] == "party_07"
    setup = SetupScene(app, "kakapo")
    assert setup.count == 3 and setup.options["mission"] == "party_07"
    again = MissionSelectScene(app, setup.seats[:3])
    assert MISSION_IDS[again.selected] == "party_07"
    record_cleared("party_07")
    assert MISSION_IDS[MissionSelectScene(app, setup.seats[:3]).selected] != "party_07"


@pytest.mark.parametrize(("language", "name"), [("en", "Double Scan"), ("ja", "ダブルスキャン")])
def test_skill_log_line_names_the_skill_in_the_players_language(app, language, name):
    from tabletop import i18n
    from tabletop.ui.eventlog import format_event

    i18n.set_language(language)
    line = format_event("kakapo", Event("skill", {"seat": 0, "skill": "double", "notation": "skill double",
                                                  "pieces": "R8 R1", "counters": 2}), ["Aki", "Ben"])
    assert name in line and "skill double" not in line and "Aki" in line


def test_skill_by_arrows_and_enter_and_a_stray_enter_chooses_none(app):
    session = _session(["human", "easy"])
    _advance(session, "skill")
    table = TableScene(app, session)
    app.stack.push(table)
    app.step(1 / 60)
    options = [a for a in table.context().legal if isinstance(a, Skill)]
    assert len(options) >= 3
    actions = len(session.record.actions)
    post_key(pygame.K_RETURN)  # nothing lit yet
    app.step(1 / 60)
    assert len(session.record.actions) == actions and table.board.skill_focus is None
    post_key(pygame.K_LEFT)  # from nothing: the last option
    app.step(1 / 60)
    assert table.board.skill_focus == options[-1] and table.board.hover_skill == options[-1]  # lit and previewed
    assert table.focus is None  # the board took the arrow, not the top bar
    post_key(pygame.K_RIGHT)
    post_key(pygame.K_RIGHT)  # wraps round past the first
    app.step(1 / 60)
    assert table.board.skill_focus == options[1]
    post_key(pygame.K_RETURN)
    app.step(1 / 60)
    assert session.record.actions[actions] == (0, str(options[1]))
