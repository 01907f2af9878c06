"""A phone table's desktop is the table everyone sees: its frames depend only on what everyone may know.

Every seat with a hand is played from a phone (moves arrive as the phones' would, through the table's act),
one seat by AI where the game allows. Two tables play the same moves; before every compared frame the
second table's world is replaced by one that differs in all private information: the true state redrawn
with `sample_state` from the public view, and the log cut to the public lines. The frames must be
identical, pixels and strings. A leak fails here: the desktop drawing any seat's private view, a curtain
or hand-over showing a hand, a private log line.
"""

from __future__ import annotations

import random

import pytest

from tabletop.engine.records import Seat
from tabletop.session import Session
from tests.ui.test_privacy import World, _assert_same, _disguise, _resync, drawn_strings  # noqa: F401 (a fixture)

GAMES = [("bluffit", 4), ("ghost_bumpers", 4), ("bloody_summer", 4), ("sumidagawa", 4), ("kakapo", 3)]
COMPARED_EVERY = 3  # moves between compared frames: keeps the file fast while every phase is met


def _open(app, game_id: str, players: int, seed: int) -> World:
    seats = [Seat(name, "phone") for name in ("Aki", "Ben", "Chie", "Dan")[:players]]
    world = World(app, Session.new(game_id, players, seats, {}, seed))
    with world.active():  # the join screen: every seat counts as taken for this test
        world.stack.pop()
    return world


@pytest.mark.parametrize("game_id,players", GAMES)
def test_phone_table_desktop_shows_only_public(app, drawn_strings, tmp_path, game_id, players):  # noqa: F811
    app.phone_bind_host, app.phone_port = "127.0.0.1", 0
    real = _open(app, game_id, players, 5)
    other = _open(app, game_id, players, 5)
    try:
        assert real.table.phones is not None, "a table with phone seats opens the phone server"
        moves, sampler = random.Random(3), random.Random(4)
        compared = 0
        for step in range(400):
            state = real.session.state
            if state.is_over():
                break
            for world in (real, other):
                for _ in range(3):
                    world.step()
            assert len(real.stack.scenes) == 1, f"{game_id}: a scene opened over the phone table: {real.stack.top}"
            assert real.table.viewer() is None, "the desktop of a phone table shows a private view"
            if step % COMPARED_EVERY == 0:
                _disguise(real, other, None, sampler)  # all that is private redrawn
                _assert_same(real.frame(drawn_strings), other.frame(drawn_strings),
                             f"{game_id} {players}p, move {len(real.session.record.actions)}", tmp_path)
                compared += 1
                _resync(real, other)
            seat = state.to_act()[0]
            action = moves.choice(state.legal_actions(seat))
            assert real.table.act(seat, action) and other.table.act(seat, action)
        assert compared > 5
    finally:
        for world in (real, other):
            if world.table.phones is not None:
                world.table.phones.close()
