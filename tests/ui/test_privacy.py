"""Hot-seat privacy: what the next person at the screen sees depends only on what they may know.

Every game is played hot-seat with every seat human (random legal actions). Two tables play the
same moves side by side; before each move the person at the screen fiddles with the board
(clicks, digits, arrows, rotations: selections, cursors, chosen positions, open panels), differently
at each table. At every hand-over (behind a curtain, or
in a fully public game as the next seat's turn comes) the second table's world is replaced by one the incoming
seat cannot tell apart from the real one: the true state redrawn with `sample_state` from that
seat's view, and the log cut to what that seat may read. The curtain and the frames the incoming
seat then sees before acting must be identical: the same pixels and the same strings drawn.

A leak fails here: a board remembering the last person's choice, a log line with another hand,
a board drawing from the true state instead of the seat's view.
"""

from __future__ import annotations

import random
from contextlib import contextmanager

import pygame
import pytest

from tabletop.engine import registry
from tabletop.engine.core import IllegalAction
from tabletop.engine.records import Seat
from tabletop.session import Session
from tabletop.ui.painter import Painter
from tabletop.ui.scene import SceneStack
from tabletop.ui.scenes.curtain import CurtainScene
from tabletop.ui.scenes.table import TableScene

DT = 1 / 60
NAMES = ["Aki", "Ben", "Chie", "Dan", "Emi", "Fumi"]
ARROWS = [pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN]  # cursors, positions, 0/10
FIDDLE_KEYS = [pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_TAB, pygame.K_r, pygame.K_f,
               pygame.K_e, pygame.K_q, pygame.K_s, pygame.K_d, pygame.K_z, pygame.K_x,
               pygame.K_PAGEUP, pygame.K_PAGEDOWN, *range(pygame.K_0, pygame.K_9 + 1)]
GUARD_FRAMES = 20  # frames of 1/60 s: longer than the input gate's guard after a transition
MAX_COMPARED = 18  # hand-overs compared per game (the rest are played, not drawn): keeps the file fast


def _cases() -> list[tuple[str, int, int]]:
    cases = []
    for game in registry.available_games():
        counts = sorted({max(2, game.players.start), game.players.stop - 1})
        for players in counts:
            cases.append((game.id, players, 11 + players))
    return cases


class World:
    """One table on its own scene stack; the app draws whichever world is active."""

    def __init__(self, app, session: Session) -> None:
        self.app = app
        self.stack = SceneStack()
        self.session = session
        with self.active():
            self.table = TableScene(app, session)
            self.stack.push(self.table)

    @contextmanager
    def active(self):
        saved = self.app.stack
        self.app.stack = self.stack
        try:
            yield
        finally:
            self.app.stack = saved

    def step(self) -> None:
        with self.active():
            self.app.step(DT)

    def send(self, event: pygame.event.Event) -> None:
        with self.active():
            self.app.handle(event)

    def curtain(self) -> bool:
        return isinstance(self.stack.top, CurtainScene)

    def frame(self, drawn: list[str]) -> tuple[bytes, list[str]]:
        """This world's frame as pixels, and every string drawn for it."""
        drawn.clear()
        with self.active():
            self.app.draw()
        return pygame.image.tobytes(self.app.screen, "RGB"), list(drawn)


@pytest.fixture
def drawn_strings(monkeypatch) -> list[str]:
    """Every string the painter draws (text, wrapped text)."""
    seen: list[str] = []
    text, wrapped = Painter.text, Painter.wrapped

    def record_text(self, s, *args, **kwargs):
        seen.append(str(s))
        return text(self, s, *args, **kwargs)

    def record_wrapped(self, s, *args, **kwargs):
        seen.append(str(s))
        return wrapped(self, s, *args, **kwargs)

    monkeypatch.setattr(Painter, "text", record_text)
    monkeypatch.setattr(Painter, "wrapped", record_wrapped)
    return seen


def _fiddle(world: World, rng: random.Random) -> None:
    """The person at the screen tries things without committing: selections, cursors, positions, panels."""
    session = world.session

    def refuse(seat, action):  # a fiddle never commits, whichever way a board reaches the session
        raise IllegalAction("only trying", "illegal.generic")

    session.apply = refuse  # instance attribute shadows the method
    world.stack.gate.enabled = False  # fiddles stand for presses made later, after the input gate's guard
    try:
        for _ in range(rng.randrange(4, 16)):
            if rng.random() < 0.6:
                key = rng.choice(ARROWS if rng.random() < 0.5 else FIDDLE_KEYS)
                for kind in (pygame.KEYDOWN, pygame.KEYUP):
                    world.send(pygame.event.Event(kind, key=key, mod=0, unicode="", scancode=0))
            else:
                pos = world.app.viewport.point(rng.uniform(20, 940), rng.uniform(70, 700))
                world.send(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
                world.send(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
                world.send(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
            if len(world.stack.scenes) > 1 and not world.curtain():  # a fiddle opened rules/settings: close it
                with world.active():
                    while len(world.stack.scenes) > 1:
                        world.stack.pop()
    finally:
        del session.apply
        world.stack.gate.enabled = True


def _disguise(real: World, other: World, seat: int, rng: random.Random) -> None:
    """Make `other` a world `seat` cannot tell from `real`: hidden cards redrawn, hidden log lines gone."""
    game = real.session.game
    other.session.state = game.sample_state(real.session.state.view(seat), rng)
    other.session.log = [entry for entry in real.session.log if entry.event.visible_for(seat)]


def _resync(real: World, other: World) -> None:
    other.session.state = real.session.state.clone()
    other.session.log = list(real.session.log)


def _assert_same(a: tuple[bytes, list[str]], b: tuple[bytes, list[str]], where: str, tmp_path) -> None:
    if a[1] != b[1]:
        extra_a = [s for s in a[1] if s not in b[1]]
        extra_b = [s for s in b[1] if s not in a[1]]
        pytest.fail(f"{where}: drawn text differs: only in the real world {extra_a[:6]}, "
                    f"only in the disguised world {extra_b[:6]}")
    if a[0] != b[0]:
        size = pygame.display.get_surface().get_size()
        for name, pixels in (("real", a[0]), ("disguised", b[0])):
            pygame.image.save(pygame.image.frombytes(pixels, size, "RGB"), str(tmp_path / f"{name}.png"))
        pytest.fail(f"{where}: pixels differ (frames saved as real.png / disguised.png in {tmp_path})")


@pytest.mark.parametrize("game_id,players,seed", _cases())
def test_next_seat_sees_nothing_the_last_one_chose_or_hid(app, drawn_strings, tmp_path, game_id, players, seed):
    seats = [Seat(NAMES[i], "human") for i in range(players)]
    real = World(app, Session.new(game_id, players, seats, {}, seed))
    other = World(app, Session.new(game_id, players, seats, {}, seed))
    app.fast = False  # the tables pace themselves as for people: the curtain waits for public shows to end
    moves, fiddles, sampler = random.Random(seed), random.Random(seed + 1), random.Random(seed + 2)
    compared = handovers = waiting = 0
    last_seat: int | None = None  # the seat whose view was last on screen (public games' hand-overs)
    for _ in range(20_000):
        if real.session.state.is_over():
            break
        real.step()
        other.step()
        assert real.curtain() == other.curtain(), "the two tables disagree on a hand-over"
        table = real.table
        if real.curtain():
            handovers += 1
            seat = real.stack.top.seat
            draw = compared < MAX_COMPARED and (handovers % 2 == 1 or real.session.state.is_over())
            if draw:
                _disguise(real, other, seat, sampler)
                where = f"{game_id} {players}p, hand-over {handovers} to seat {seat}"
                _assert_same(real.frame(drawn_strings), other.frame(drawn_strings), where + " (curtain)", tmp_path)
            if draw:  # lift it as a person does, once the input gate lets a key through
                for _ in range(GUARD_FRAMES):
                    real.step()
                    other.step()
                for world in (real, other):
                    world.send(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0))
                    world.send(pygame.event.Event(pygame.KEYUP, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0))
            else:  # hand-overs that are only played: lift it directly
                for world in (real, other):
                    curtain = world.stack.top
                    with world.active():
                        world.stack.pop()
                        curtain.on_ready()
            assert not real.curtain() and not other.curtain(), "the curtain did not lift"
            if draw:
                for k in range(3):  # what the incoming seat sees before acting
                    real.step()
                    other.step()
                    _assert_same(real.frame(drawn_strings), other.frame(drawn_strings), f"{where} (frame {k})",
                                 tmp_path)
                compared += 1
                _resync(real, other)
            continue
        seat_now = table.viewer()
        if not real.session.game.seat_secrets and seat_now not in (None, last_seat):
            # A fully public game hands over without a curtain: compare the first frames the incoming seat sees.
            assert other.table.viewer() == seat_now, "the two tables disagree on a hand-over"
            handovers += 1
            if compared < MAX_COMPARED:
                _disguise(real, other, seat_now, sampler)
                for k in range(3):
                    real.step()
                    other.step()
                    _assert_same(real.frame(drawn_strings), other.frame(drawn_strings),
                                 f"{game_id} {players}p, hand-over {handovers} to seat {seat_now} (frame {k})", tmp_path)
                compared += 1
                _resync(real, other)
        if seat_now is not None:
            last_seat = seat_now
        if table.hold is not None:  # the last person looks at a private result, then hands over
            real.table.release_hold()
            other.table.release_hold()
            continue
        if table.board.busy():  # everyone watches a public show; a panel that waits for a click gets one
            waiting += 1
            if waiting % 40 == 0:
                for world in (real, other):
                    world.send(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(1, 1), button=1))
                    world.send(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(1, 1), button=1))
            continue
        seat = table.viewer()
        state = real.session.state
        if seat is None or seat not in state.to_act():
            continue
        _fiddle(real, fiddles)
        _fiddle(other, fiddles)
        action = moves.choice(state.legal_actions(seat))
        assert real.table.act(seat, action) and other.table.act(seat, action)
    assert handovers > 0, "no hot-seat hand-over happened"
    assert compared > 0
