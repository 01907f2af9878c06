"""Motion in the four card games (issue 19): a move sends its cards on their way, the AI waits while they
move, a click skips, Motion off means no tween, durations follow the AI speed, and the screen after motion
settles is pixel for pixel the screen without motion.

Each case replays the same scripted moves (seat 0 human, the rest AI seats that the test moves itself) up
to a move that shows what the issue asks for, after which an AI seat is to act."""

from __future__ import annotations

import pygame
import pytest

from tabletop.engine.records import Seat
from tabletop.session import Session
from tabletop.ui.games import BOARD_AREA
from tabletop.ui.games.bluffit import art as bluffit_art
from tabletop.ui.games.bluffit import draw as bluffit_draw
from tabletop.ui.motion import SPEED
from tabletop.ui.scenes.table import TableScene
from tests.ui.conftest import post_click, run_until


def _first_of(*kinds: str):
    """A scripted player: the first legal action of the first kind it has (else the first legal action)."""
    def pick(legal: list) -> object:
        return next((a for k in kinds for a in legal if type(a).__name__ == k), legal[0])
    return pick


def _ghost_bumpers(legal: list) -> object:
    """Hide the scared card deepest (the round then lasts some tricks), else play the first legal move."""
    return legal[-1] if type(legal[0]).__name__ == "SetFear" else legal[0]


# game -> (players, scripted player, the event that must have happened, what it moves);
# a move that ends a round is passed over (its scoring panel would cover the table)
CASES = {
    "bluffit": (3, _first_of("Challenge", "Claim"), "claim", "held"),
    "ghost_bumpers": (3, _ghost_bumpers, "trick_won", "take"),
    "bloody_summer": (3, _first_of(), "play", "play"),
    "sumidagawa": (3, _first_of(), "play", "river"),
}
ROUND_ENDS = {"round_end", "round_scored", "game_end"}
SEED = 7
QUIET = (20, 70)  # a corner of the board where a click only skips


def _moves(game_id: str) -> list[tuple[int, object]]:
    """Moves from the deal to the first `kind` event after which an AI seat acts."""
    _, pick, kind, _ = CASES[game_id]
    session = _session(game_id)
    moves = []
    for _ in range(2000):
        seat = session.state.to_act()[0]
        action = pick(session.state.legal_actions(seat))
        events = session.apply(seat, action)
        moves.append((seat, action))
        kinds = {e.kind for e in events}
        if kind in kinds and not kinds & ROUND_ENDS and session.ai_to_act():
            return moves
    raise AssertionError(f"no {kind} in {game_id}")


def _session(game_id: str) -> Session:
    players = CASES[game_id][0]
    seats = [Seat("P0", "human")] + [Seat(f"AI {i}", "easy") for i in range(1, players)]
    return Session.new(game_id, players, seats, {}, SEED)


def _table(app, monkeypatch, game_id: str, motion: bool = True, speed: str = "normal",
           moves: list | None = None) -> TableScene:
    """The table after the scripted moves; its own AI never thinks (the test moves the AI seats)."""
    app.settings.motion, app.settings.ai_speed = motion, speed
    table = TableScene(app, _session(game_id))
    monkeypatch.setattr(table, "_think", lambda: None)
    app.stack.push(table)
    app.step(1 / 60)
    for seat, action in _moves(game_id) if moves is None else moves:
        assert table.act(seat, action)
        app.step(1 / 60)  # boards learn where things lie from the frame they draw
    return table


def _settled_shot(app, table: TableScene) -> bytes:
    assert run_until(app, lambda: not table.board.animating(), 400)
    pygame.mouse.set_pos((0, 0))
    for _ in range(3):
        app.step(1 / 60)
    return pygame.image.tobytes(pygame.display.get_surface(), "RGB")


GAMES = sorted(CASES)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_move_starts_motion_and_the_ai_waits(app, monkeypatch, game_id):
    table = _table(app, monkeypatch, game_id)
    board, session = table.board, table.session
    assert board.motion.running() and board.busy() and board.animating()
    assert CASES[game_id][3] in {key[0] for key in board.motion.tweens}
    assert session.ai_to_act()
    monkeypatch.undo()  # the real table again: its AI would move now if the board let it
    app.fast = False
    moves = len(session.record.actions)
    table.update(1 / 60)
    assert len(session.record.actions) == moves and table.thinking is None
    app.fast = True


@pytest.mark.parametrize("game_id", GAMES)
def test_settled_screen_equals_the_screen_without_motion(app, monkeypatch, game_id):
    shots, moving = [], []
    for motion in (False, True):
        table = _table(app, monkeypatch, game_id, motion=motion)
        moving.append(pygame.image.tobytes(pygame.display.get_surface(), "RGB"))  # the frame after the move
        shots.append(_settled_shot(app, table))
        app.stack.pop()
    assert shots[0] == shots[1]
    assert moving[0] != moving[1]  # while things moved, the screen did differ from the one without motion


@pytest.mark.parametrize("game_id", GAMES)
def test_motion_off_starts_no_tween(app, monkeypatch, game_id):
    table = _table(app, monkeypatch, game_id, motion=False)
    assert not table.board.motion.running()
    assert not table.board.busy()


@pytest.mark.parametrize("game_id", GAMES)
def test_a_click_skips_all_motion(app, monkeypatch, game_id):
    table = _table(app, monkeypatch, game_id)
    assert table.board.motion.running()
    post_click(app, *QUIET)
    app.step(1 / 60)
    assert not table.board.motion.running()


@pytest.mark.parametrize("game_id", GAMES)
def test_durations_follow_the_ai_speed(app, monkeypatch, game_id):
    longest = {}
    for speed in ("instant", "slow"):
        table = _table(app, monkeypatch, game_id, speed=speed)
        tweens = table.board.motion.tweens.values()
        longest[speed] = max(t.delay + t.duration for t in tweens)
        app.stack.pop()
    assert longest["slow"] / longest["instant"] == pytest.approx(SPEED["slow"] / SPEED["instant"])


def test_bluffit_a_challenge_turns_cards_only_for_those_who_may_see_them(app, monkeypatch):
    """AI 1 challenges AI 2: on P0's screen their strength slots stay backs while the cards turn (pixels equal
    the screen without motion); once motion settles, nothing of them shows either."""
    from tabletop.games.bluffit.actions import Challenge, Claim

    def pick(seat: int, legal: list) -> object:  # P0 never challenges nor is challenged
        return next((a for a in legal if isinstance(a, Challenge) and a.target != 0 and seat != 0), None) or next(
            (a for a in legal if isinstance(a, Claim)), legal[0])

    def four() -> Session:
        return Session.new("bluffit", 4, [Seat("P0", "human")] + [Seat(f"AI {i}", "easy") for i in (1, 2, 3)], {}, SEED)

    session = four()
    moves = []
    while True:
        seat = session.state.to_act()[0]
        action = pick(seat, session.state.legal_actions(seat))
        events = session.apply(seat, action)
        moves.append((seat, action))
        compare = next((e for e in events if e.kind == "compare"), None)
        if compare is not None and not any(e.kind == "round_scored" for e in events):  # the mats still show it
            assert 0 not in (compare.data["seat"], compare.data["target_seat"])
            seats = (compare.data["seat"], compare.data["target_seat"])
            break
    frames = []
    for motion in (False, True):
        app.settings.motion = motion
        table = TableScene(app, four())
        monkeypatch.setattr(table, "_think", lambda: None)
        app.stack.push(table)
        app.step(1 / 60)
        for seat, action in moves:
            assert table.act(seat, action)
            app.step(1 / 60)
        assert all(table.board.motion.get(("strength", s)) is not None for s in seats) == motion
        tweens = table.board.motion.tweens
        for key in [k for k in tweens if k[0] != "strength"]:
            del tweens[key]  # the won card's flight may pass over the slots: only the turns are looked at here
        table.board.motion.update(0.1)  # halfway through the turn
        app.step(0)
        slots = [table.board.spots.rects[("strength", s)] for s in seats]
        screen = pygame.display.get_surface()
        frames.append([pygame.image.tobytes(screen.subsurface(app.viewport.rect(r)), "RGB") for r in slots])
        app.stack.pop()
    assert frames[0] == frames[1]


@pytest.mark.parametrize("motion", [True, False])
def test_bloody_summer_checked_pile_goes_to_the_seen_box_after_the_show(app, monkeypatch, motion):
    session = _session("bloody_summer")
    moves: list = []
    checked = False
    while not checked:
        seat = session.state.to_act()[0]
        action = session.state.legal_actions(seat)[0]
        checked = any(e.kind == "check" for e in session.apply(seat, action))
        moves.append((seat, action))
    app.settings.motion = motion
    table = TableScene(app, _session("bloody_summer"))
    monkeypatch.setattr(table, "_think", lambda: None)
    app.stack.push(table)
    app.step(1 / 60)
    for seat, action in moves:
        assert table.act(seat, action)
        app.step(1 / 60)
    board = table.board
    assert board.show is not None and bool(board.to_discard) == motion
    board.show.finish()
    app.step(1 / 60)
    assert any(k[0] == "discard" for k in board.motion.tweens) == motion
    assert board.busy() == motion


def test_sumidagawa_a_finished_juns_cards_go_away_when_the_next_jun_begins(app, monkeypatch):
    session = _session("sumidagawa")
    moves: list = []
    ended = begun = False
    while not begun:
        seat = session.state.to_act()[0]
        action = session.state.legal_actions(seat)[0]
        kinds = {e.kind for e in session.apply(seat, action)}
        moves.append((seat, action))
        begun = ended and bool(kinds & {"play", "discard"})
        ended = ended or bool(kinds & {"jun_end", "jun_end_dakuryu"})
    shots = []
    for motion in (False, True):
        table = _table(app, monkeypatch, "sumidagawa", motion=motion, moves=moves)
        assert any(k[0] == "leaving" for k in table.board.motion.tweens) == motion
        shots.append(_settled_shot(app, table))
        app.stack.pop()
    assert shots[0] == shots[1]


DEAL_GAMES = ["bloody_summer", "bluffit", "ghost_bumpers", "kakapo", "sumidagawa"]


def _fresh_table(app, monkeypatch, game_id: str, motion: bool = True, ai_only: bool = False) -> TableScene:
    """A new game's table (its deal starting); `ai_only`: nobody at the screen (every hand shown face down)."""
    app.settings.motion = motion
    if game_id == "kakapo":  # not a card game of CASES: two players on a mission
        seats = [Seat("P0", "easy" if ai_only else "human"), Seat("P1", "easy")]
        session = Session.new("kakapo", 2, seats, {"mission": "buddy_12"}, SEED)
    elif ai_only:
        session = Session.new(game_id, 3, [Seat(f"AI {i}", "easy") for i in range(3)], {}, SEED)
    else:
        session = _session(game_id)
    table = TableScene(app, session)
    monkeypatch.setattr(table, "_think", lambda: None)
    app.stack.push(table)
    app.step(1 / 60)
    return table


def _seat_place(board, game_id: str, seat: int) -> pygame.FRect:
    """Where each board shows another seat's hand (its dealt cards must land inside)."""
    from tabletop.ui.motion import seat_anchor

    view = board.table.session.state.view(board.table.viewer())
    if game_id == "bluffit":
        return bluffit_art.mat_rects(view.players)[seat]
    if game_id == "ghost_bumpers":
        return board.spots.rects[("mat", seat)]
    if game_id == "bloody_summer":
        return board._seat_rect(view, board.table.viewer(), seat)
    if game_id == "sumidagawa":
        return board.places.rect_of(("seat", seat))
    anchor = seat_anchor(view.players, seat)  # KAKAPO: the seat's disc in the side column
    return pygame.FRect(anchor.x - 20, anchor.y - 25, 40, 50)


def _spy_deal_landings(monkeypatch) -> dict:
    """Records where `draw_deal` sends each other seat's card: {key: resting rect}."""
    from tabletop.ui import motion as motion_module

    landings: dict = {}
    real = motion_module.blit_card

    def spy(p, motion, key, rest, face, back=None):
        landings[key] = pygame.FRect(rest)
        return real(p, motion, key, rest, face, back)

    monkeypatch.setattr(motion_module, "blit_card", spy)
    return landings


@pytest.mark.parametrize("game_id", DEAL_GAMES)
def test_a_deal_gives_every_seat_its_cards_one_after_another_from_the_deck(app, monkeypatch, game_id):
    from tabletop.ui.motion import DEAL_TOTAL, deal_order

    landings = _spy_deal_landings(monkeypatch)
    table = _fresh_table(app, monkeypatch, game_id)
    board, viewer = table.board, table.viewer()
    sizes = table.session.state.view(None).hand_sizes
    dealt = {k: t for k, t in board.motion.tweens.items() if k[0] == "deal"}
    assert len(sizes) > 1 and all(sizes)
    assert set(dealt) == set(deal_order(sizes))  # every card of every hand, each seat's by hand position
    in_time = sorted(dealt, key=lambda k: dealt[k].delay)
    assert in_time == deal_order(sizes)  # a card to each seat in turn, round after round
    assert [k[1] for k in in_time[:len(sizes)]] == list(range(len(sizes)))
    deck = {(tuple(t.start), tuple(t.size)) for t in dealt.values()}
    assert len(deck) == 1 and pygame.FRect(*deck.pop()).collidepoint(BOARD_AREA.center)  # all leave the deck
    assert max(t.delay + t.duration for t in dealt.values()) <= DEAL_TOTAL + 1e-9 <= 1.0  # whole deal within ~1 s
    assert board.busy() and board.animating()
    run_until(app, lambda: all(not t.waiting for t in board.motion.tweens.values()), 120)
    for seat in range(len(sizes)):
        if seat == viewer:
            continue
        lands = [r for k, r in landings.items() if k[:2] == ("deal", seat)]
        assert lands, f"no card flew to seat {seat}"
        place = _seat_place(board, game_id, seat)
        assert all(place.contains(r) for r in lands), (seat, lands, place)
    assert not any(k[1] == viewer for k in landings)  # the viewer's own cards fly into the hand strip instead


@pytest.mark.parametrize("game_id", DEAL_GAMES)
def test_a_deal_settles_to_the_screen_without_motion(app, monkeypatch, game_id):
    table = _fresh_table(app, monkeypatch, game_id)
    moving = pygame.image.tobytes(pygame.display.get_surface(), "RGB")
    settled = _settled_shot(app, table)
    app.stack.pop()
    still = _fresh_table(app, monkeypatch, game_id, motion=False)
    assert not still.board.motion.running()
    assert pygame.image.tobytes(pygame.display.get_surface(), "RGB") != moving  # the hands were on their way
    assert _settled_shot(app, still) == settled


@pytest.mark.parametrize("game_id", DEAL_GAMES)
def test_a_deal_to_a_screen_nobody_sits_at_fills_every_face_down_hand(app, monkeypatch, game_id):
    """AI only: every hand is shown face down, so every seat's cards fly, and the AI waits for them."""
    landings = _spy_deal_landings(monkeypatch)
    table = _fresh_table(app, monkeypatch, game_id, ai_only=True)
    assert table.viewer() is None
    sizes = table.session.state.view(None).hand_sizes
    run_until(app, lambda: all(not t.waiting for t in table.board.motion.tweens.values()), 120)
    assert {k[1] for k in landings} == set(range(len(sizes)))
    assert table.board.busy()
    monkeypatch.undo()  # the real table again: its AI would move now if the board let it
    app.fast = False
    moves = len(table.session.record.actions)
    table.update(1 / 60)
    assert len(table.session.record.actions) == moves and table.thinking is None
    app.fast = True


@pytest.mark.parametrize("game_id", DEAL_GAMES)
def test_a_click_skips_the_deal(app, monkeypatch, game_id):
    table = _fresh_table(app, monkeypatch, game_id)
    assert any(k[0] == "deal" for k in table.board.motion.tweens)
    post_click(app, *QUIET)
    app.step(1 / 60)
    assert not table.board.motion.running() and not table.board.busy()


def test_a_hand_count_ticks_up_as_its_cards_land(app, monkeypatch):
    table = _fresh_table(app, monkeypatch, "sumidagawa")
    board, other = table.board, 1
    size = table.session.state.view(None).hand_sizes[other]
    assert board.dealt(other, size) == 0
    run_until(app, lambda: 0 < board.dealt(other, size) < size, 60)
    assert 0 < board.dealt(other, size) < size
    board.motion.skip()
    assert board.dealt(other, size) == size


REDEALS = {"ghost_bumpers": "round_start", "sumidagawa": "game_start"}  # games that deal again mid-game


@pytest.mark.parametrize("game_id", sorted(REDEALS))
def test_a_new_round_deals_again(app, monkeypatch, game_id):
    session = _session(game_id)
    moves = []
    while True:
        seat = session.state.to_act()[0]
        action = session.state.legal_actions(seat)[0]
        kinds = {e.kind for e in session.apply(seat, action)}
        moves.append((seat, action))
        if REDEALS[game_id] in kinds:
            break
    table = _table(app, monkeypatch, game_id, moves=moves[:-1])
    table.board.motion.skip()  # the first deal and the last moves have settled
    assert table.act(*moves[-1])
    assert any(k[0] == "deal" for k in table.board.motion.tweens)
    assert table.board.busy()


def _bluffit_round_end() -> list:
    """BLUFFIT moves up to the end of round 1 (seats bid different cards, then everyone claims)."""
    session = _session("bluffit")
    moves = []
    while True:
        seat = session.state.to_act()[0]
        legal = session.state.legal_actions(seat)
        action = next((a for a in legal if type(a).__name__ == "Claim"), legal[min(2 * seat, len(legal) - 1)])
        moves.append((seat, action))
        if any(e.kind == "round_scored" for e in session.apply(seat, action)):
            return moves


def test_bluffit_round_end_gathers_the_strength_cards_face_down_then_lays_them_out(app, monkeypatch):
    """Rules §4.4: a round's strength cards, shuffled so nobody knows whose is whose, become the next scoring
    cards. They leave every mat at once, as backs, for one pile; then each new scoring card flies from the pile
    to its place and turns face up."""
    from tabletop.ui.cards import render_back

    moves = _bluffit_round_end()
    table = _table(app, monkeypatch, "bluffit", moves=moves[:-1])
    board = table.board
    board.motion.skip()
    app.step(1 / 60)
    slots = {k[1]: pygame.FRect(r) for k, r in board.spots.rects.items() if k[0] == "strength"}
    assert len(slots) == 3
    faces: dict = {}
    real = bluffit_draw.blit_card

    def spy(p, motion, key, rest, face, back=None):
        faces.setdefault(key, face)
        return real(p, motion, key, rest, face, back)

    monkeypatch.setattr(bluffit_draw, "blit_card", spy)
    assert table.act(*moves[-1])
    tweens = board.motion.tweens
    gather = {k[1]: t for k, t in tweens.items() if k[0] == "gather"}
    assert set(gather) == set(slots)
    assert {(t.delay, t.duration) for t in gather.values()} == {(0.0, gather[0].duration)}  # all together
    assert all(gather[s].start == slots[s].topleft for s in slots)  # each from its seat's strength slot
    pile = bluffit_art.gather_rect()
    laid = sorted((k[1], t) for k, t in tweens.items() if k[0] == "laid")
    assert [i for i, _ in laid] == list(range(len(table.session.state.view(None).table))) and len(laid) == 3
    assert all(t.turn and t.start == pile.topleft and t.delay >= gather[0].duration for _, t in laid)
    app.step(1 / 60)
    back = render_back(*app.painter.size_px(pile.w, pile.h))
    gathered = [faces[k] for k in faces if k[0] == "gather"]
    assert len(gathered) == 3 and all(f is back for f in gathered)  # face down, whoever's card it is
    assert board.busy() and table.session.ai_to_act()  # the AI waits for the cards to land
    post_click(app, *QUIET)
    app.step(1 / 60)
    assert not board.motion.running()


def test_bluffit_round_end_settles_to_the_screen_without_motion(app, monkeypatch):
    moves = _bluffit_round_end()
    shots, moving = [], []
    for motion in (False, True):
        table = _table(app, monkeypatch, "bluffit", motion=motion, moves=moves[:-1])
        table.board.motion.skip()
        app.step(1 / 60)
        assert table.act(*moves[-1])
        assert any(k[0] == "gather" for k in table.board.motion.tweens) == motion
        for _ in range(15):  # the pile has gathered; the new scoring cards are on their way
            app.step(1 / 60)
        moving.append(pygame.image.tobytes(pygame.display.get_surface(), "RGB"))
        shots.append(_settled_shot(app, table))
        app.stack.pop()
    assert shots[0] == shots[1]
    assert moving[0] != moving[1]


def _until(game_id: str, pick, done) -> list:
    """Scripted moves up to (and with) the first move whose events satisfy `done(events)`."""
    session = _session(game_id)
    moves = []
    for _ in range(3000):
        seat = session.state.to_act()[0]
        action = pick(session.state.legal_actions(seat))
        events = session.apply(seat, action)
        moves.append((seat, action))
        if done(events, session):
            return moves
    raise AssertionError(f"{game_id}: never happened")


def _ghost_bumpers_pairs(legal: list) -> object:
    """Plays a pair (or more) when it can: a multi-card play draws replacements from the monster deck."""
    if type(legal[0]).__name__ == "SetFear":
        return legal[-1]
    return max(legal, key=lambda a: getattr(a, "count", 0))


def test_ghost_bumpers_replacement_cards_fly_from_the_monster_deck_to_the_drawer(app, monkeypatch):
    def drew(events, session) -> bool:
        kinds = {e.kind for e in events}
        return "draw" in kinds and not kinds & ROUND_ENDS and bool(session.ai_to_act())

    moves = _until("ghost_bumpers", _ghost_bumpers_pairs, drew)
    landings = _spy_deal_landings(monkeypatch)
    table = _table(app, monkeypatch, "ghost_bumpers", moves=moves[:-1])
    board = table.board
    board.motion.skip()
    app.step(1 / 60)
    deck = pygame.FRect(board.spots.rects[("deck",)])
    seat = moves[-1][0]
    assert table.act(*moves[-1])
    drawn = {k: t for k, t in board.motion.tweens.items() if k[0] == "draw"}
    assert drawn and {k[1] for k in drawn} == {seat}
    assert all(t.start == deck.topleft for t in drawn.values())  # from the monster deck
    assert board.busy()
    run_until(app, lambda: not any(k[0] == "draw" for k in board.motion.tweens), 120)
    lands = [r for k, r in landings.items() if k[0] == "draw"]
    place = board._hand_spot() if seat == table.viewer() else _seat_place(board, "ghost_bumpers", seat)
    assert lands and all(place.contains(r) for r in lands)  # into the drawer's mat, or your hand strip


def test_ghost_bumpers_draw_settles_to_the_screen_without_motion(app, monkeypatch):
    def drew(events, session) -> bool:
        kinds = {e.kind for e in events}
        return "draw" in kinds and not kinds & ROUND_ENDS and bool(session.ai_to_act())

    moves = _until("ghost_bumpers", _ghost_bumpers_pairs, drew)
    shots, moving = [], []
    for motion in (False, True):
        table = _table(app, monkeypatch, "ghost_bumpers", motion=motion, moves=moves[:-1])
        table.board.motion.skip()
        app.step(1 / 60)
        assert table.act(*moves[-1])
        assert any(k[0] == "draw" for k in table.board.motion.tweens) == motion
        app.step(1 / 60)
        moving.append(pygame.image.tobytes(pygame.display.get_surface(), "RGB"))
        shots.append(_settled_shot(app, table))
        app.stack.pop()
    assert shots[0] == shots[1] and moving[0] != moving[1]


def test_sumidagawa_a_revived_rin_turns_back_up(app, monkeypatch):
    def revived(events, session) -> bool:
        kinds = {e.kind for e in events}
        return "revive" in kinds and not kinds & {"game_end"}

    moves = _until("sumidagawa", _first_of(), revived)
    events = _session("sumidagawa")
    for seat, action in moves[:-1]:
        events.apply(seat, action)
    revive = [e for e in events.apply(*moves[-1]) if e.kind == "revive"]
    shots = []
    for motion in (False, True):
        table = _table(app, monkeypatch, "sumidagawa", motion=motion, moves=moves)
        turning = {k for k in table.board.motion.tweens if k[0] == "rin"}
        assert revive and ({("rin", e.data["seat"], e.data["colour"]) for e in revive} <= turning) == motion
        shots.append(_settled_shot(app, table))
        app.stack.pop()
    assert shots[0] == shots[1]


def test_bluffit_final_round_hands_are_picked_up_from_the_score_piles(app, monkeypatch):
    """Rules §5: for the final round each participant takes their whole score pile as their hand; the cards
    leave each pile (from where it lay) for the hand, and the screen settles to the one without motion."""
    def final(events, session) -> bool:
        return any(e.kind == "final_round" for e in events) and bool(session.state.view(None).hand_sizes[0])

    moves = _until("bluffit", _first_of("Challenge", "Claim"), final)
    shots = []
    for motion in (False, True):
        table = _table(app, monkeypatch, "bluffit", motion=motion, moves=moves[:-1])
        board = table.board
        board.motion.skip()
        app.step(1 / 60)
        piles = {k[1]: pygame.FRect(r) for k, r in board.spots.rects.items() if k[0] == "pile"}
        assert table.act(*moves[-1])
        sizes = table.session.state.view(None).hand_sizes
        picked = {k: t for k, t in board.motion.tweens.items() if k[0] == "deal"}
        if motion:
            assert {k[1] for k in picked} == {s for s, n in enumerate(sizes) if n} and len(picked) == sum(sizes)
            assert all(t.start == piles[k[1]].topleft for k, t in picked.items())  # each from its own pile
            assert board.busy()
        else:
            assert not picked
        shots.append(_settled_shot(app, table))
        app.stack.pop()
    assert shots[0] == shots[1]


def test_sumidagawa_a_taken_agari_tile_turns_to_its_holder(app, monkeypatch):
    def took(events, session) -> bool:
        kinds = {e.kind for e in events}
        return "tile" in kinds and not kinds & {"game_end"}

    moves = _until("sumidagawa", _first_of(), took)
    shots, moving = [], []
    for motion in (False, True):
        table = _table(app, monkeypatch, "sumidagawa", motion=motion, moves=moves[:-1])
        table.board.motion.skip()
        app.step(1 / 60)
        assert table.act(*moves[-1])
        taken = [k for k in table.board.motion.tweens if k[0] == "taken"]
        assert bool(taken) == motion
        for key in [k for k in table.board.motion.tweens if k[0] != "taken"]:
            del table.board.motion.tweens[key]  # only the tile's turn is looked at
        if motion:
            table.board.motion.update(table.board.motion.get(taken[0]).duration * 0.3)  # still paper, narrowing
        pygame.mouse.set_pos((0, 0))
        app.step(0)
        moving.append(pygame.image.tobytes(pygame.display.get_surface(), "RGB"))
        shots.append(_settled_shot(app, table))
        app.stack.pop()
    assert shots[0] == shots[1] and moving[0] != moving[1]


def test_ghost_bumpers_a_reshuffle_sends_the_discards_into_the_deck_before_the_draw(app, monkeypatch):
    def reshuffled(events, session) -> bool:
        kinds = {e.kind for e in events}
        return {"reshuffle", "draw"} <= kinds and not kinds & ROUND_ENDS

    moves = _until("ghost_bumpers", _ghost_bumpers_pairs, reshuffled)
    table = _table(app, monkeypatch, "ghost_bumpers", moves=moves[:-1])
    board = table.board
    board.motion.skip()
    board._close_scoring()  # the last round's scoring panel, as the player closes it
    app.step(1 / 60)
    chips = {k[1]: pygame.FRect(r) for k, r in board.spots.rects.items() if k[0] == "chip"}
    assert table.act(*moves[-1])
    tweens = board.motion.tweens
    back_in = {k[1]: t for k, t in tweens.items() if k[0] == "reshuffle"}
    assert back_in
    from tabletop.ui.games.ghost_bumpers.layout import RESHUFFLED

    assert all(t.start == chips[RESHUFFLED[k]].topleft for k, t in back_in.items())  # from across the discard row
    last_in = max(t.delay + t.duration for t in back_in.values())
    drawn = [t for k, t in tweens.items() if k[0] == "draw"]
    assert drawn and min(t.delay for t in drawn) >= last_in - 1e-9  # the draw waits for the deck to be whole
    import tabletop.ui.games.ghost_bumpers.draw as gb_board

    flights: dict = {}
    real = gb_board.blit_card

    def spy(p, motion, key, rest, *rest_args):
        flights[key] = pygame.FRect(rest)
        return real(p, motion, key, rest, *rest_args)

    monkeypatch.setattr(gb_board, "blit_card", spy)
    app.step(1 / 60)
    assert flights and all(rest.topleft == board.spots.rects[("deck",)].topleft for rest in flights.values())
    shot = _settled_shot(app, table)
    app.stack.pop()
    still = _table(app, monkeypatch, "ghost_bumpers", motion=False, moves=moves[:-1])
    still.board._close_scoring()
    app.step(1 / 60)
    assert still.act(*moves[-1])
    assert _settled_shot(app, still) == shot


def test_sumidagawa_used_rin_turn_face_down_at_a_juns_end(app, monkeypatch):
    """Rules §11: a Jun's end turns every used Rin face down; the event gives only a count, so the board
    compares the public Rin before and after and turns exactly those over (they settle to the still screen)."""
    def flipped(events, session) -> bool:
        kinds = {e.kind for e in events}
        return "rin_flip" in kinds and not kinds & {"game_end", "game_start"}

    moves = _until("sumidagawa", _first_of(), flipped)
    session = _session("sumidagawa")
    for seat, action in moves[:-1]:
        session.apply(seat, action)
    flips = {e.data["seat"]: e.data["count"] for e in session.apply(*moves[-1]) if e.kind == "rin_flip"}
    down = {seat: {0: rin[4], 1: rin[5]} for seat, rin in enumerate(session.state.view(None).rin)}
    shots, moving = [], []
    for motion in (False, True):
        table = _table(app, monkeypatch, "sumidagawa", motion=motion, moves=moves[:-1])
        table.board.motion.skip()
        app.step(1 / 60)
        assert table.act(*moves[-1])
        turning = [k for k in table.board.motion.tweens if k[0] == "rin_flip"]
        per_seat = {seat: sum(1 for k in turning if k[1] == seat) for seat in flips}
        assert flips and per_seat == (flips if motion else dict.fromkeys(flips, 0))  # as many as the event counts
        assert all(k[3] < down[k[1]][k[2]] for k in turning)  # each one of its colour's down Rin
        assert table.board.busy() == motion
        for _ in range(6):  # halfway: the used faces have narrowed to their edge
            app.step(1 / 60)
        moving.append(pygame.image.tobytes(pygame.display.get_surface(), "RGB"))
        shots.append(_settled_shot(app, table))
        app.stack.pop()
    assert shots[0] == shots[1] and moving[0] != moving[1]


def test_bloody_summer_the_marker_passes_on_after_a_kill(app, monkeypatch):
    """Rules §3.2 / BS-D5: after a kill the start marker passes to the next living player; it waits on the
    killed seat's panel while the killer's show runs, then flies to its new holder (the AI waits for it), and
    the screen settles to the one without motion."""
    def passed(events, session) -> bool:
        return any(e.kind == "marker" for e in events) and session.state.view(None).winner is None

    moves = _until("bloody_summer", _first_of(), passed)
    shots, moving = [], []
    for motion in (False, True):
        table = _table(app, monkeypatch, "bloody_summer", motion=motion, moves=moves[:-1])
        board = table.board
        board.motion.skip()
        app.step(1 / 60)
        old = table.session.state.view(None).marker
        assert table.act(*moves[-1])
        view = table.session.state.view(None)
        new = view.marker
        assert new != old and not view.alive[old]
        assert (board.marker_wait == old) == motion  # it waits on the killed seat's panel for the show to end
        start = board.marker_spot(app.painter, view, table.viewer(), old)  # clear of "Killed" on that panel
        assert board.show is not None
        board.show.finish()
        app.step(1 / 60)
        tween = board.motion.get(("marker",))
        assert (tween is not None) == motion
        if motion:
            assert tween.start == start and board.busy()
            app.step(1 / 60)
        moving.append(pygame.image.tobytes(pygame.display.get_surface(), "RGB"))
        shots.append(_settled_shot(app, table))
        if motion:
            assert board.marker_spot(app.painter, view, table.viewer(), new) != start
        app.stack.pop()
    assert shots[0] == shots[1] and moving[0] != moving[1]


def test_bluffit_game_end_sends_the_last_strength_cards_off_face_down_together(app, monkeypatch):
    """Rules §5: the final round's strength cards leave the game at its end. As at a round's end they leave
    every mat at once, as backs, for one pile (whose card was whose stays secret), which then leaves the game
    face down; the screen settles to the one without motion."""
    from tabletop.ui.cards import render_back

    def over(events, session) -> bool:
        return any(e.kind == "game_over" for e in events)

    moves = _until("bluffit", _first_of("Challenge", "Claim"), over)
    shots, moving = [], []
    for motion in (False, True):
        table = _table(app, monkeypatch, "bluffit", motion=motion, moves=moves[:-1])
        board = table.board
        board.motion.skip()
        app.step(1 / 60)
        slots = {k[1]: pygame.FRect(r) for k, r in board.spots.rects.items() if k[0] == "strength"}
        assert slots
        faces: dict = {}
        real = bluffit_draw.blit_card

        def spy(p, motion_, key, rest, face, back=None, real=real, faces=faces):
            faces.setdefault(key, (face, rest))
            return real(p, motion_, key, rest, face, back)

        monkeypatch.setattr(bluffit_draw, "blit_card", spy)
        assert table.act(*moves[-1])
        assert table.session.state.is_over()
        tweens = board.motion.tweens
        gather = {k[1]: t for k, t in tweens.items() if k[0] == "gather"}
        out = tweens.get(("gathered_out",))
        if motion:
            assert set(gather) == set(slots) and all(gather[s].start == slots[s].topleft for s in slots)
            assert {t.delay for t in gather.values()} == {0.0}  # all together
            pile = bluffit_art.gather_rect()
            assert out is not None and out.start == pile.topleft and out.delay >= gather[0].duration
            assert board.busy()
            for _ in range(20):  # gathered; the pile on its way out
                app.step(1 / 60)
            ours = {k: v for k, v in faces.items() if k[0] in ("gather", "gathered_out")}  # not public scoring cards
            assert {k[0] for k in ours} == {"gather", "gathered_out"}
            for key, (face, rest) in ours.items():
                assert face is render_back(*app.painter.size_px(rest.w, rest.h)), key  # never a face
        else:
            assert not gather and out is None
            for _ in range(20):
                app.step(1 / 60)
        moving.append(pygame.image.tobytes(pygame.display.get_surface(), "RGB"))
        shots.append(_settled_shot(app, table))
        app.stack.pop()
    assert shots[0] == shots[1] and moving[0] != moving[1]
