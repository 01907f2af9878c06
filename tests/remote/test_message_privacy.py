"""What a phone receives is a function of that seat's View only.

Whole games of every phone game are played with seeded random legal moves. At every step, for every seat k,
a second world is made that k cannot tell from the real one: the true state redrawn with
`Game.sample_state(view(k), rng)` (other hands, decks and hidden choices drawn again) and the log cut to the
lines k may read. The state message built for k in both worlds must be byte-identical. A message that reads
the true state (another hand, the deck, a sealed bid) or a hidden log line differs between the worlds, and the
last test shows this check notices such a leak.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from tabletop.engine.records import Seat
from tabletop.remote.messages import encode, phone_games, seat_payload
from tabletop.remote.sheets import sheet_for
from tabletop.session import Session

NAMES = ["Aki", "Ben", "Chie", "Dan", "Emi", "Fumi"]
CASES = [("bluffit", 3, 1), ("bluffit", 4, 2), ("bluffit", 6, 11), ("ghost_bumpers", 3, 3), ("ghost_bumpers", 5, 4),
         ("ghost_bumpers", 4, 12), ("bloody_summer", 3, 5), ("bloody_summer", 4, 6), ("bloody_summer", 4, 13),
         ("sumidagawa", 3, 7), ("sumidagawa", 4, 8), ("sumidagawa", 4, 14), ("kakapo", 2, 9), ("kakapo", 4, 10),
         ("kakapo", 3, 15)]
MAX_STEPS = 400  # a long game is checked over its first moves (every game here ends sooner or gets far)

Builder = Callable[[Session, int, str, int], dict[str, Any]]


def _disguised(session: Session, seat: int, rng: random.Random) -> Session:
    """A world `seat` cannot tell from `session`'s: hidden information redrawn, hidden log lines gone."""
    state = session.game.sample_state(session.state.view(seat), rng)
    log = [entry for entry in session.log if entry.event.visible_for(seat)]
    return Session(session.game, session.record, state, log)


def _play(game_id: str, players: int, seed: int, build: Builder) -> tuple[int, int, str | None]:
    """Play a game, comparing every seat's message across worlds after every move.
    Returns (messages compared, steps where a disguised world hid different cards, the first difference)."""
    session = Session.new(game_id, players, [Seat(NAMES[i]) for i in range(players)], seed=seed)
    moves, sampler = random.Random(seed), random.Random(seed + 100)
    compared = redrawn = 0
    for step in range(MAX_STEPS):
        version = len(session.record.actions)
        for seat in range(players):
            lang = ("en", "ja")[(step + seat) % 2]
            other = _disguised(session, seat, sampler)
            if any(other.state.view(q) != session.state.view(q) for q in range(players) if q != seat):
                redrawn += 1
            real_bytes = encode(build(session, seat, lang, version))
            other_bytes = encode(build(other, seat, lang, version))
            compared += 1
            if real_bytes != other_bytes:
                return compared, redrawn, (f"{game_id} {players}p seed {seed}, move {version}, seat {seat} ({lang}):\n"
                                           f"  real:      {real_bytes.decode()[:600]}\n"
                                           f"  disguised: {other_bytes.decode()[:600]}")
        if session.state.is_over():
            break
        mover = moves.choice(session.state.to_act())
        session.apply(mover, moves.choice(session.state.legal_actions(mover)))
    return compared, redrawn, None


def test_every_phone_game_is_checked():
    assert {game_id for game_id, _, _ in CASES} == set(phone_games())


@pytest.mark.parametrize("game_id,players,seed", CASES)
def test_a_phone_message_depends_only_on_the_seats_view(game_id, players, seed):
    compared, redrawn, difference = _play(game_id, players, seed, seat_payload)
    assert difference is None, difference
    assert compared > 20
    assert redrawn > 0, "the disguised worlds never hid anything different: the check would prove nothing"


def _leaky(session: Session, seat: int, lang: str, version: int) -> dict[str, Any]:
    """A broken builder: the message also shows the next seat's hand, read from the true state."""
    payload = seat_payload(session, seat, lang, version)
    neighbour = (seat + 1) % session.players
    payload["hand"] = payload["hand"] + sheet_for(session.game.id).hand(session.state.view(neighbour))
    return payload


@pytest.mark.parametrize("game_id,players,seed", [c for c in CASES if c[1] == 3 or c[0] == "kakapo"][:5])
def test_the_check_finds_a_message_that_shows_another_hand(game_id, players, seed):
    _, _, difference = _play(game_id, players, seed, _leaky)
    assert difference is not None
