"""Input safety (issue 15): no key or click crosses a transition into a decision the player did not make.

Every game is driven with scripted legal moves, hot-seat (every seat human) and solo against AI.
At each transition (the curtain lifting, the hold's Confirm, a scene pushed and popped, the menu
panel closing, a decision opening, Ghost Bumpers' scoring panel closing) the test hammers Enter,
Space and a click in the same frame and in the frames right after, and checks that none of it got
past the input gate and that no move was made. With the gate switched off the same drive fails
(`test_without_the_gate_presses_leak`), so these tests can fail.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pygame
import pytest

from tabletop.engine import registry
from tabletop.engine.records import Seat
from tabletop.games.ghost_bumpers.actions import SetFear
from tabletop.session import Session
from tabletop.ui.games import BOARD_AREA
from tabletop.ui.input_gate import GUARD, InputGate
from tabletop.ui.scenes.curtain import CurtainScene
from tabletop.ui.scenes.rules import RulesScene
from tabletop.ui.scenes.table import TableScene
from tabletop.ui.scenes.title import TitleScene
from tests.ui.conftest import post_click, post_key

DT = 1 / 60
PAST_GUARD = GUARD + 0.05  # one frame this long: the player has looked at the new screen
NAMES = ["Aki", "Ben", "Chie", "Dan", "Emi", "Fumi"]
GAMES = ["bluffit", "ghost_bumpers", "bloody_summer", "sumidagawa", "kakapo", "haunted_house"]
PRESS_TYPES = (pygame.KEYDOWN, pygame.KEYUP, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


@pytest.fixture
def gated(app):
    """The app with its input gate at full strength (the shared fixture drops the guard time)."""
    app.stack.gate.guard = GUARD
    return app


class Admitted:
    """Every press or release the gate lets through to the scenes, from the last `clear()` on."""

    def __init__(self, gate: InputGate) -> None:
        self.events: list[tuple[int, int]] = []
        through = gate.admit

        def admit(event: pygame.event.Event) -> bool:
            passed = through(event)
            if passed and event.type in PRESS_TYPES:
                self.events.append((event.type, getattr(event, "key", getattr(event, "button", 0))))
            return passed

        gate.admit = admit  # type: ignore[method-assign]

    def clear(self) -> None:
        self.events.clear()


def hammer(app) -> None:
    """A player hurrying on, all in one frame: 1 (most boards pick a card with it, some choose outright),
    Enter (which then plays it), Space, P (pass, in the climbing games) and a left click on the board."""
    post_key(pygame.K_1, "1")
    post_key(pygame.K_RETURN)
    post_key(pygame.K_p, "p")
    post_key(pygame.K_SPACE)
    post_click(app, *BOARD_AREA.center)


@dataclass
class Drive:
    app: object
    session: Session
    table: TableScene
    admitted: Admitted
    seen: dict[str, int] = field(default_factory=dict)
    watch_gate: bool = True  # False: judge by outcomes only (moves made, screens changed)

    def count(self, what: str) -> None:
        self.seen[what] = self.seen.get(what, 0) + 1

    def human_moves(self) -> int:
        return sum(1 for seat, _ in self.session.record.actions if self.session.is_human(seat))

    def settle(self) -> None:
        self.app.step(PAST_GUARD)

    def cross(self, trigger, where: str, expect_top: type | None = None) -> None:
        """`trigger()` posts the deliberate press that makes the transition; the same frame and the
        next two carry a hammering on top. Only the trigger may pass, and no human move is made."""
        moves = self.human_moves()
        self.admitted.clear()
        trigger()
        hammer(self.app)
        self.app.step(DT)
        first = list(self.admitted.events)
        assert not self.watch_gate or len(first) == 1 and first[0][0] in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN), \
            f"{where}: in the transition's frame more than its own press got through: {first}"
        self.admitted.clear()
        for _ in range(2):
            hammer(self.app)
            self.app.step(DT)
        assert not self.watch_gate or self.admitted.events == [], \
            f"{where}: presses right after the transition got through"
        assert self.human_moves() == moves, f"{where}: a press crossing the transition made a move"
        if expect_top is not None:
            assert isinstance(self.app.stack.top, expect_top), f"{where}: the hammering changed the screen"
        self.count(where)

    def after(self, where: str) -> None:
        """A transition just happened outside input (a move, an AI's move): hammer the next frames."""
        moves = self.human_moves()
        self.admitted.clear()
        for _ in range(2):
            hammer(self.app)
            self.app.step(DT)
        assert not self.watch_gate or self.admitted.events == [], \
            f"{where}: presses right after the transition got through"
        assert self.human_moves() == moves, f"{where}: a press right after the transition made a move"
        self.count(where)


def start(app, game_id: str, kinds: list[str], seed: int, check: bool = True) -> Drive:
    session = Session.new(game_id, len(kinds), [Seat(NAMES[i], k) for i, k in enumerate(kinds)], {}, seed)
    app.stack.push(TitleScene(app))
    table = TableScene(app, session)
    app.stack.push(table)
    drive = Drive(app, session, table, Admitted(app.stack.gate), watch_gate=app.stack.gate.enabled)
    if check:
        drive.after("scene push (table)")
    return drive


def open_and_close_rules(drive: Drive) -> None:
    drive.settle()
    drive.cross(lambda: post_key(pygame.K_F1), "scene push (rules)", RulesScene)
    drive.settle()
    drive.cross(lambda: post_key(pygame.K_ESCAPE), "scene pop (rules)", TableScene)


def toggle_menu(drive: Drive) -> None:
    drive.settle()
    post_key(pygame.K_ESCAPE)
    drive.app.step(DT)
    assert drive.table.menu_open
    drive.settle()
    drive.cross(lambda: post_key(pygame.K_ESCAPE), "panel close (menu)", TableScene)
    assert not drive.table.menu_open


def close_scoring(drive: Drive) -> None:
    """Ghost Bumpers: the round's scoring panel closes over the hidden-card decision."""
    board = drive.table.board
    drive.settle()
    board.scoring.skip()  # the count has been watched
    before = board.fear.position
    drive.cross(lambda: post_key(pygame.K_RETURN), "panel close (GB scoring)", TableScene)
    assert board.scoring is None and board.fear.position == before


def play_hot_seat(app, game_id: str, players: int, seed: int, moves: int) -> Drive:
    drive = start(app, game_id, ["human"] * players, seed)
    session, rng = drive.session, random.Random(seed)
    for _ in range(2000):
        if session.state.is_over() or drive.human_moves() >= moves:
            break
        drive.settle()
        table = drive.table  # the table may swap its board at a hand-over: look it up each time
        if isinstance(app.stack.top, CurtainScene):
            drive.cross(lambda: post_click(app, 640, 360), "curtain lift", TableScene)
            continue
        if getattr(table.board, "scoring", None) is not None:
            close_scoring(drive)
            continue
        if table.hold is not None:
            drive.cross(lambda: post_key(pygame.K_RETURN), "hold confirm", CurtainScene)
            continue
        viewer = table.viewer()
        if viewer is None or viewer not in session.state.to_act():
            app.step(DT)
            continue
        if drive.human_moves() % 7 == 3 and "scene pop (rules)" not in drive.seen:
            open_and_close_rules(drive)
        if drive.human_moves() % 7 == 5 and "panel close (menu)" not in drive.seen:
            toggle_menu(drive)
        table.human_act(rng.choice(session.state.legal_actions(viewer)))
        drive.after("a move made (hot-seat)")
    return drive


def play_solo(app, game_id: str, players: int, seed: int, moves: int) -> Drive:
    drive = start(app, game_id, ["human"] + ["random"] * (players - 1), seed)
    session, rng = drive.session, random.Random(seed)
    could_act = False
    for _ in range(4000):
        if session.state.is_over() or drive.human_moves() >= moves:
            break
        table = drive.table
        can_act = 0 in session.state.to_act()
        if can_act and not could_act and drive.human_moves():
            drive.after("a decision opens after the AI's move")  # the AI moved in the last frame
        could_act = can_act
        if getattr(table.board, "scoring", None) is not None:
            close_scoring(drive)
            continue
        if not can_act:
            app.step(DT)
            continue
        drive.settle()
        if drive.human_moves() == 2:
            open_and_close_rules(drive)
            toggle_menu(drive)
        table.human_act(rng.choice(session.state.legal_actions(0)))
        could_act = 0 in session.state.to_act()
        drive.after("a move made (solo)")
    return drive


def _players(game_id: str) -> int:
    """Three at the table where the game allows it (KAKAPO: Buddy, two)."""
    if game_id == "kakapo":
        return 2
    players = registry.get_game(game_id).players
    return 3 if 3 in players else players.start


@pytest.mark.parametrize("game_id", GAMES)
def test_hot_seat_no_press_crosses_a_transition(gated, game_id):
    players = _players(game_id)
    drive = play_hot_seat(gated, game_id, players, seed=21, moves=14)
    seen = drive.seen
    if registry.get_game(game_id).seat_secrets:
        assert seen.get("curtain lift", 0) >= 3, seen
    else:  # a fully public game hands over without a curtain: the move itself is the transition
        assert "curtain lift" not in seen, seen
    assert seen.get("scene pop (rules)") and seen.get("panel close (menu)"), seen
    assert seen.get("a move made (hot-seat)", 0) >= 10, seen


@pytest.mark.parametrize("game_id", GAMES)
def test_solo_no_press_crosses_a_transition(gated, game_id):
    players = _players(game_id)
    drive = play_solo(gated, game_id, players, seed=8, moves=10)
    seen = drive.seen
    assert seen.get("scene pop (rules)") and seen.get("panel close (menu)"), seen
    assert seen.get("a move made (solo)", 0) >= 8, seen
    if players > 1:
        assert seen.get("a decision opens after the AI's move", 0) >= 3, seen


@pytest.mark.parametrize("play", [play_hot_seat, play_solo], ids=["hot_seat", "solo"])
@pytest.mark.parametrize("game_id", GAMES)
def test_without_the_gate_presses_leak(gated, game_id, play):
    """The drive above judged by outcomes alone, with the gate switched off: the hammering makes a move
    or changes the screen (lifts a curtain, closes a panel) in every game. So the tests above can fail."""
    gated.stack.gate.enabled = False
    with pytest.raises(AssertionError, match="made a move|changed the screen"):
        play(gated, game_id, _players(game_id), seed=21, moves=14)


# ----- the tester's scenario: Ghost Bumpers' scoring panel, then the hide-it-here panel ----------------
def _to_round_two(app, kinds: list[str], check: bool = True) -> Drive:
    drive = start(app, "ghost_bumpers", kinds, seed=5, check=check)
    session, rng = drive.session, random.Random(1)
    while session.state.round_no == 1:
        seat = session.state.to_act()[0]
        drive.table.act(seat, rng.choice(session.state.legal_actions(seat)))
    assert drive.table.board.scoring is not None
    return drive


def test_gb_enter_that_closes_the_scoring_panel_never_hides_the_scared_card(gated):
    """Seen by a tester: the panel closed itself after 6 s and the Enter meant for it hid the scared card
    at the default position. Now the panel waits for its click with a human seated, the Enter that
    closes it is consumed, and Enters right after it land nowhere; a later, deliberate Enter hides."""
    drive = _to_round_two(gated, ["human", "random", "random"])
    board, session = drive.table.board, drive.session
    assert any(isinstance(a, SetFear) for a in session.state.legal_actions(0))  # the decision under the panel
    for _ in range(100):  # ten seconds: far longer than the count and the old LINGER
        gated.step(0.1)
    assert board.scoring is not None, "the panel says 'click to continue': it must wait for it"
    moves = drive.human_moves()
    post_key(pygame.K_RETURN)  # the tester's Enter: closes the panel ...
    post_key(pygame.K_RETURN)  # ... and a second one in the same frame
    gated.step(DT)
    assert board.scoring is None
    for _ in range(3):  # Enter again while the hide panel has just appeared
        post_key(pygame.K_RETURN)
        gated.step(DT)
    assert drive.human_moves() == moves, "an Enter meant for the scoring panel hid the scared card"
    drive.settle()
    board.fear.position = 5  # the player chooses a spot, then confirms with a deliberate Enter
    post_key(pygame.K_RETURN)
    gated.step(DT)
    assert drive.human_moves() == moves + 1
    assert (0, str(SetFear(5))) in session.record.actions[-3:]


def test_gb_without_the_gate_the_second_enter_hides_the_card(gated):
    """The scenario above with the gate switched off: the Enter behind the one that closed the panel
    hides the card where the picker happened to be. This is what the gate prevents."""
    gated.stack.gate.enabled = False
    drive = _to_round_two(gated, ["human", "random", "random"], check=False)
    drive.table.board.scoring.skip()
    moves = drive.human_moves()
    post_key(pygame.K_RETURN)
    post_key(pygame.K_RETURN)
    gated.step(DT)
    assert drive.human_moves() == moves + 1


def test_gb_scoring_panel_moves_on_by_itself_only_at_an_ai_table(gated):
    drive = _to_round_two(gated, ["random", "random", "random"])
    board = drive.table.board
    scoring = board.scoring
    for _ in range(int((scoring.length() + 6.5) / 0.1)):
        gated.step(0.1)
    assert board.scoring is not scoring  # (the AIs may have finished another round since)


# ----- the gate itself ---------------------------------------------------------------------------------
def _key(kind: int, key: int = pygame.K_RETURN) -> pygame.event.Event:
    return pygame.event.Event(kind, key=key, mod=0, unicode="", scancode=0)


def _button(kind: int, button: int = 1) -> pygame.event.Event:
    return pygame.event.Event(kind, pos=(10, 10), button=button)


def test_gate_drops_the_rest_of_the_frame_and_presses_within_the_guard():
    gate = InputGate()
    gate.next_frame(DT)
    assert gate.admit(_key(pygame.KEYDOWN)) and gate.admit(_key(pygame.KEYUP))
    gate.arm()
    assert not gate.admit(_button(pygame.MOUSEBUTTONDOWN)) and not gate.admit(_button(pygame.MOUSEBUTTONUP))
    assert not gate.admit(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))
    assert gate.admit(pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1), rel=(1, 1), buttons=(0, 0, 0)))
    frames = 0
    while True:
        gate.next_frame(DT)
        down = gate.admit(_key(pygame.KEYDOWN, pygame.K_SPACE))
        up = gate.admit(_key(pygame.KEYUP, pygame.K_SPACE))
        assert down == up, "a press and its release are let through or kept back together"
        if down:
            break
        frames += 1
    assert frames == round(GUARD / DT) - 1  # app time, not frames or the wall clock, decides


def test_gate_keeps_back_the_release_of_a_key_or_button_held_across_a_transition():
    gate = InputGate()
    gate.next_frame(DT)
    assert gate.admit(_key(pygame.KEYDOWN, pygame.K_a))
    assert gate.admit(_button(pygame.MOUSEBUTTONDOWN))  # a drag begins on the old screen
    gate.arm()
    for _ in range(30):  # held far longer than the guard
        gate.next_frame(DT)
    assert not gate.admit(_button(pygame.MOUSEBUTTONUP)), "the drop would finish the drag on the new screen"
    assert not gate.admit(_key(pygame.KEYUP, pygame.K_a))
    assert gate.admit(_key(pygame.KEYDOWN, pygame.K_a)) and gate.admit(_key(pygame.KEYUP, pygame.K_a))


def test_gate_keeps_back_the_text_of_a_dropped_key_and_can_be_switched_off():
    gate = InputGate()
    gate.next_frame(DT)
    gate.arm()
    gate.next_frame(DT)
    assert not gate.admit(_key(pygame.KEYDOWN, pygame.K_x))
    assert not gate.admit(pygame.event.Event(pygame.TEXTINPUT, text="x"))
    gate.next_frame(1.0)
    assert gate.admit(_key(pygame.KEYDOWN, pygame.K_y))
    assert gate.admit(pygame.event.Event(pygame.TEXTINPUT, text="y"))
    off = InputGate()
    off.enabled = False
    off.arm()
    assert off.admit(_key(pygame.KEYDOWN)) and not off.guarding()
