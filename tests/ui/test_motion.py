"""Motion (issue 19): tweens scale with the AI speed, stay off when Motion is off, a click skips,
the AI waits while things move, and a settled screen is pixel for pixel the screen without motion."""

from __future__ import annotations

import pygame
import pytest

from tabletop.engine.records import Seat
from tabletop.games.kakapo.actions import Reveal
from tabletop.session import Session
from tabletop.ui import style
from tabletop.ui.motion import SPEED, Motion
from tabletop.ui.scenes.table import TableScene
from tests.ui.conftest import post_click, run_until

STEP = 0.16  # any base time (a walk's step) scales by the same factor


class _Settings:
    def __init__(self, motion: bool = True, ai_speed: str = "normal") -> None:
        self.motion, self.ai_speed = motion, ai_speed


@pytest.mark.parametrize("speed, seconds", [("instant", 0.15), ("normal", 0.25), ("slow", 0.4)])
def test_durations_scale_with_ai_speed_within_150_to_400_ms(speed, seconds):
    motion = Motion(lambda: _Settings(ai_speed=speed))
    tween = motion.start("card", (0, 0), (100, 0))
    assert tween is not None
    assert tween.duration == pytest.approx(seconds)
    assert motion.duration(STEP) == pytest.approx(STEP * seconds / style.TWEEN)


def test_tween_eases_and_ends_where_it_goes():
    motion = Motion(lambda: _Settings())
    motion.start("card", (0, 0), (100, 50))
    motion.update(style.TWEEN / 2)
    half = motion.pos("card", (100, 50))
    assert 50 < half.x < 100  # ease-out: past the linear midpoint at half time
    motion.update(style.TWEEN)
    assert not motion.running()
    assert motion.pos("card", (100, 50)) == pygame.Vector2(100, 50)


def test_motion_off_starts_no_tween():
    motion = Motion(lambda: _Settings(motion=False))
    assert motion.start("card", (0, 0), (100, 0)) is None
    assert not motion.running()
    assert motion.pos("card", (7, 8)) == pygame.Vector2(7, 8)


def test_a_click_on_the_board_skips():
    motion = Motion(lambda: _Settings())
    motion.start("card", (0, 0), (100, 0))
    area = pygame.FRect(0, 0, 100, 100)
    outside = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(500, 500), button=1)
    assert not motion.skip_on(outside, area, pygame.Vector2)
    assert motion.running()
    inside = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(50, 50), button=1)
    assert motion.skip_on(inside, area, pygame.Vector2)
    assert not motion.running()


# ----- on the real tables ---------------------------------------------------------------------------
def _kakapo_table(app, motion: bool) -> tuple[TableScene, Session]:
    app.settings.motion = motion
    session = Session.new("kakapo", 2, [Seat("P0", "human"), Seat("P1", "easy")], {"mission": "buddy_12"}, 5)
    table = TableScene(app, session)
    app.stack.push(table)
    app.step(1 / 60)
    return table, session


def _reveal_first(table: TableScene, session: Session) -> None:
    seat = session.state.to_act()[0]
    action = next(a for a in session.state.legal_actions(seat) if isinstance(a, Reveal))
    assert table.act(seat, action)


def test_kakapo_reveal_flies_and_the_ai_waits(app):
    table, session = _kakapo_table(app, motion=True)
    board = table.board
    assert run_until(app, lambda: session.humans_to_act() == [0] and not board.motion.running(), 200)
    slot = len(session.state.revealed)
    _reveal_first(table, session)  # the human reveals; the AI is next
    assert session.ai_to_act()
    assert board.motion.get(("reveal", slot)) is not None
    assert board.busy() and board.animating()
    app.fast = False  # the real loop: the AI does not move while the card flies
    moves = len(session.record.actions)
    table.update(1 / 60)
    assert len(session.record.actions) == moves and table.thinking is None
    app.fast = True
    assert run_until(app, lambda: not board.motion.running(), 60)


def test_kakapo_motion_off_reveals_in_place(app):
    table, session = _kakapo_table(app, motion=False)
    _reveal_first(table, session)
    assert not table.board.motion.running() and not table.board.busy()


def test_kakapo_click_skips_the_flight(app):
    table, session = _kakapo_table(app, motion=True)
    _reveal_first(table, session)
    assert table.board.motion.running()
    post_click(app, 300, 300)  # on the board
    app.step(1 / 60)
    assert not table.board.motion.running()


@pytest.mark.parametrize("reveals", [1, 2])
def test_kakapo_settled_screen_equals_the_screen_without_motion(app, reveals):
    shots = []
    for motion in (False, True):
        table, session = _kakapo_table(app, motion=motion)
        for _ in range(reveals):
            _reveal_first(table, session)
        if motion:
            app.step(1 / 60)
            mid = pygame.display.get_surface().copy()
        assert run_until(app, lambda board=table.board: not board.motion.running(), 60)
        for _ in range(3):
            app.step(1 / 60)
        pygame.mouse.set_pos((0, 0))
        app.step(1 / 60)
        shots.append(pygame.image.tobytes(pygame.display.get_surface(), "RGB"))
        app.stack.pop()
    assert shots[0] == shots[1]
    assert pygame.image.tobytes(mid, "RGB") != shots[1]  # while moving, the screen did differ


def test_haunted_house_ghost_floats_in_and_settles_like_no_motion(app):
    from tabletop.games.haunted_house.actions import ROLL
    from tabletop.games.haunted_house.testing import rig

    shots = []
    for motion in (False, True):
        app.settings.motion = motion
        session = _haunted_house_session()
        table = TableScene(app, session)
        app.stack.push(table)
        app.step(1 / 60)
        rig(session.state, white=[2], deck=["room:B"])
        assert table.act(0, ROLL)
        board = table.board
        assert (board.motion.get(("ghost", "B")) is not None) == motion
        assert run_until(app, lambda board=board: not board.animating(), 400)
        pygame.mouse.set_pos((0, 0))
        app.step(1 / 60)
        shots.append(pygame.image.tobytes(pygame.display.get_surface(), "RGB"))
        app.stack.pop()
    assert shots[0] == shots[1]


def test_haunted_house_walk_speed_follows_ai_speed_and_off_means_no_walk(app):
    from tabletop.ui.games.haunted_house.board import STEP_TIME

    session = _haunted_house_session()
    table = TableScene(app, session)
    app.stack.push(table)
    app.step(1 / 60)
    board = table.board
    app.settings.ai_speed = "slow"
    assert board._step_time() == pytest.approx(STEP_TIME * SPEED["slow"])
    app.settings.motion = False
    board.space_of[0], board.drawn_at[0] = "OUT", pygame.Vector2(100, 100)
    board._start_walk(0, ["P1"])
    assert 0 not in board.walk
    app.settings.motion = True
    board._start_walk(0, ["P1"])
    assert 0 in board.walk and board.busy()


def _haunted_house_after_a_card(app, motion: bool) -> TableScene:
    from tabletop.games.haunted_house.actions import ROLL
    from tabletop.games.haunted_house.testing import rig

    app.settings.motion = motion
    session = _haunted_house_session()
    table = TableScene(app, session)
    app.stack.push(table)
    app.step(1 / 60)
    rig(session.state, white=[2], deck=["room:B"])
    assert table.act(0, ROLL)
    return table


def test_haunted_house_ghost_card_flies_from_the_deck_and_turns_over(app):
    from tabletop.ui.games.haunted_house.board import ROLL_TIME

    table = _haunted_house_after_a_card(app, motion=True)
    board = table.board
    tween = board.motion.get(("card", 0))
    assert tween is not None and tween.turn and board.busy()
    assert pygame.Vector2(tween.start) == pygame.Vector2(board.pile_rect.topleft)
    board.motion.update(ROLL_TIME - 1 / 60)  # the die has rolled: the card leaves the deck face down
    app.step(1 / 60)
    early = pygame.image.tobytes(pygame.display.get_surface(), "RGB")
    assert board.motion.fraction(("card", 0)) < 0.5
    assert run_until(app, lambda: not board.animating(), 400)
    pygame.mouse.set_pos((0, 0))
    app.step(1 / 60)
    settled = pygame.image.tobytes(pygame.display.get_surface(), "RGB")
    assert early != settled
    app.stack.pop()
    table = _haunted_house_after_a_card(app, motion=False)
    assert table.board.motion.get(("card", 0)) is None
    assert run_until(app, lambda: not table.board.animating(), 400)
    pygame.mouse.set_pos((0, 0))
    app.step(1 / 60)
    assert pygame.image.tobytes(pygame.display.get_surface(), "RGB") == settled
    app.stack.pop()


@pytest.mark.parametrize("language", ["en", "ja"])
def test_haunted_house_rooms_show_their_names(app, language):
    from tabletop.games.haunted_house.board import ROOM_LETTERS
    from tabletop.i18n import set_language, t

    set_language(language)
    session = _haunted_house_session()
    table = TableScene(app, session)
    app.stack.push(table)
    app.step(1 / 60)
    drawn: list[str] = []
    app.painter.drawn = drawn
    app.step(1 / 60)
    app.painter.drawn = None
    names = [t(f"haunted_house.room_name.{letter}") for letter in ROOM_LETTERS]
    assert len(set(names)) == len(ROOM_LETTERS)
    assert all(name in drawn for name in names)
    app.stack.pop()
    set_language("en")


def _haunted_house_session() -> Session:
    return Session.new("haunted_house", 2, [Seat("P0", "human"), Seat("P1", "easy")], {}, 5)


def _haunted_house_moves_until(done, choose, seed: int, what: str, limit: int = 400) -> list:
    """Seeded moves (never giving up; `choose(session, legal, rng)` picks) up to the first move whose
    events satisfy `done(events, session)`."""
    import random

    from tabletop.games.haunted_house.actions import GIVE_UP

    session = _haunted_house_session()
    rng, moves = random.Random(seed), []
    for _ in range(limit):
        seat = session.state.to_act()[0]
        action = choose(session, [a for a in session.state.legal_actions(seat) if a != GIVE_UP], rng)
        moves.append((seat, action))
        if done(session.apply(seat, action), session):
            return moves
    raise AssertionError(f"no {what}")


def _haunted_house_up_to_a_take() -> list:
    """Seeded random moves (always taking a jewel it may) up to the first jewel taken."""
    from tabletop.games.haunted_house.actions import TAKE

    return _haunted_house_moves_until(lambda events, _s: any(e.kind == "jewel_taken" for e in events),
                                      lambda _s, legal, rng: TAKE if TAKE in legal else rng.choice(legal),
                                      1, "jewel taken")


def _table_before_last(app, monkeypatch, session: Session, moves: list, motion: bool) -> TableScene:
    """A table (its own AI never thinks) with all but the last move played and every motion settled."""
    app.settings.motion = motion
    table = TableScene(app, session)
    monkeypatch.setattr(table, "_think", lambda: None)
    app.stack.push(table)
    app.step(1 / 60)
    for seat, action in moves[:-1]:
        assert table.act(seat, action)
        app.step(1 / 60)
    table.board.motion.skip()
    if hasattr(table.board, "walk"):  # Haunted House: hunters still walking
        table.board.walk.clear()
    app.step(1 / 60)
    return table


def test_haunted_house_a_taken_jewel_flies_from_its_room_to_the_hunter(app, monkeypatch):
    moves = _haunted_house_up_to_a_take()
    shots, moving = [], []
    for motion in (False, True):
        table = _table_before_last(app, monkeypatch, _haunted_house_session(), moves, motion)
        board = table.board
        jewels = dict(board.jewel_at)
        assert table.act(*moves[-1])
        gems = {k[1]: t for k, t in board.motion.tweens.items() if k[0] == "gem"}
        assert bool(gems) == motion
        if motion:
            (taker, gem), = gems.items()
            assert table.session.state.view(None).carrying(taker)
            room = table.session.state.view(None).positions[taker]
            assert gem.start == jewels[room]  # from the jewel tile where it lay
            assert board.busy()
        pygame.mouse.set_pos((0, 0))
        app.step(1 / 60)
        moving.append(pygame.image.tobytes(pygame.display.get_surface(), "RGB"))
        assert run_until(app, lambda b=board: not b.animating(), 400)
        pygame.mouse.set_pos((0, 0))
        app.step(1 / 60)
        shots.append(pygame.image.tobytes(pygame.display.get_surface(), "RGB"))
        app.stack.pop()
    assert shots[0] == shots[1]
    assert moving[0] != moving[1]  # on its way, the gem is not yet on the hunter


def _spy_cards(monkeypatch) -> list:
    """The rects the KAKAPO table draws its cards at from now on."""
    from tabletop.ui.games.kakapo import paint

    drawn: list = []
    real = paint.card
    monkeypatch.setattr(paint, "card", lambda p, k, rect, *a, **kw: drawn.append(rect) or real(p, k, rect, *a, **kw))
    return drawn


def test_kakapo_decision_card_flies_from_the_reveal_row_to_the_decision_pile(app, monkeypatch):
    def session() -> Session:
        return Session.new("kakapo", 2, [Seat("P0", "human"), Seat("P1", "easy")], {"mission": "buddy_12"}, 5)

    script, moves = session(), []
    while True:
        seat = script.state.to_act()[0]
        action = script.state.legal_actions(seat)[0]
        moves.append((seat, action))
        if {e.kind for e in script.apply(seat, action)} & {"selection", "skip"}:
            break
    shots, moving = [], []
    for motion in (False, True):
        table = _table_before_last(app, monkeypatch, session(), moves, motion)
        board = table.board
        slots = [pygame.FRect(r) for r in board.trick_slots]
        assert table.act(*moves[-1])
        pile = board.motion.get(("pile",))
        assert (pile is not None) == motion
        if motion:
            assert pile.start in [r.topleft for r in slots]  # from the decision card's slot in the row
            assert board.busy()
            board.motion.update(pile.delay + pile.duration / 3)
        drawn = _spy_cards(monkeypatch)
        pygame.mouse.set_pos((0, 0))
        app.step(0)
        assert (board.motion.rect(("pile",), board.pile_rect) in drawn and board.pile_rect not in drawn) == motion
        moving.append(pygame.image.tobytes(pygame.display.get_surface(), "RGB"))
        assert run_until(app, lambda b=board: not b.animating(), 400)
        app.step(1 / 60)
        shots.append(pygame.image.tobytes(pygame.display.get_surface(), "RGB"))
        app.stack.pop()
    assert shots[0] == shots[1]
    assert moving[0] != moving[1]


def _haunted_house_up_to_a_deposit() -> list:
    """Seeded random moves that take every jewel they may and head out while carrying, up to a deposit."""
    from tabletop.games.haunted_house.actions import TAKE

    def choose(session, legal, rng):
        view = session.state.view(None)
        out = [a for a in legal if getattr(a, "path", None) and a.path[-1] == "OUT"]
        carrying = any(view.carrying(c) for c in range(view.characters))
        return TAKE if TAKE in legal else (out[0] if out and carrying else rng.choice(legal))

    return _haunted_house_moves_until(lambda events, _s: any(e.kind == "jewel_deposited" for e in events),
                                      choose, 4, "jewel deposited")


def test_haunted_house_a_jewel_carried_out_rides_the_walk_then_flies_into_the_pile(app, monkeypatch):
    moves = _haunted_house_up_to_a_deposit()
    shots = []
    for motion in (False, True):
        table = _table_before_last(app, monkeypatch, _haunted_house_session(), moves, motion)
        board = table.board
        assert table.act(*moves[-1])
        deposits = {k[1]: t for k, t in board.motion.tweens.items() if k[0] == "deposit"}
        assert bool(deposits) == motion
        if motion:
            (ch, tween), = deposits.items()
            assert ch in board.walk and tween.waiting  # it waits for the hunter to walk out
            walk = board._step_time() * (len(board.walk[ch][0]) - 1)
            assert tween.delay == pytest.approx(walk)
            app.step(1 / 60)
            assert board._riding(ch)  # still drawn on the walking hunter
            board.motion.update(walk)  # the walk is over: the gem is on its way to the pile
            assert not tween.waiting and not tween.done and board.busy()
        assert run_until(app, lambda b=board: not b.animating(), 600)
        pygame.mouse.set_pos((0, 0))
        app.step(1 / 60)
        shots.append(pygame.image.tobytes(pygame.display.get_surface(), "RGB"))
        app.stack.pop()
    assert shots[0] == shots[1]


def _haunted_house_up_to_a_won_fight() -> list:
    """Seeded random moves up to the first fight that removes ghosts or a spirit."""
    def won_fight(events, session) -> bool:
        return any(e.kind in ("ghosts_removed", "spirit_removed") for e in events) and not session.state.is_over()

    return _haunted_house_moves_until(won_fight, lambda _s, legal, rng: rng.choice(legal), 2, "fight won", 2000)


def test_haunted_house_removed_ghosts_float_away_after_the_fight(app, monkeypatch):
    """Ghosts beaten in a fight stay in their room while the fight dice roll, then rise and fade (the AI
    waits); each fading frame is a cached surface, and the screen settles to the one without motion."""
    from tabletop.ui.games.haunted_house import art
    from tabletop.ui.games.haunted_house.board import ROLL_TIME

    moves = _haunted_house_up_to_a_won_fight()
    check = _haunted_house_session()
    for seat, action in moves:
        events = check.apply(seat, action)
    removed = next(e for e in events if e.kind in ("ghosts_removed", "spirit_removed"))
    room = str(removed.data["room"])
    count = int(removed.data["count"]) if removed.kind == "ghosts_removed" else 1
    faded: list[int] = []
    real = art.fading
    monkeypatch.setattr(art, "fading", lambda kind, size, step: faded.append(step) or real(kind, size, step))
    shots, moving = [], []
    for motion in (False, True):
        table = _table_before_last(app, monkeypatch, _haunted_house_session(), moves, motion)
        board = table.board
        faded.clear()
        assert table.act(*moves[-1])
        gone = [k for k in board.motion.tweens if k[0] == "gone"]
        assert len(gone) == (count if motion else 0) and all(k[1] == room for k in gone)
        board.walk.clear()
        assert board.busy() == motion  # the AI waits for them
        pygame.mouse.set_pos((0, 0))
        for _ in range(round(ROLL_TIME * 60) + 8):  # past the dice roll, halfway up
            app.step(1 / 60)
        moving.append(pygame.image.tobytes(pygame.display.get_surface(), "RGB"))
        if motion:
            assert faded and faded == sorted(faded, reverse=True) and min(faded) < art.FADE_STEPS
        else:
            assert not faded
        assert run_until(app, lambda b=board: not b.animating(), 400)
        pygame.mouse.set_pos((0, 0))
        app.step(1 / 60)
        shots.append(pygame.image.tobytes(pygame.display.get_surface(), "RGB"))
        app.stack.pop()
    assert shots[0] == shots[1]
    assert moving[0] != moving[1]  # halfway up, the beaten ghosts still show above their room
