"""A game that declares no seat secrets (`Game.seat_secrets = False`) hands over in hot-seat without a
curtain; the declaration is checked against the game itself: every seat's View is the same."""

from __future__ import annotations

import dataclasses
import random

import pytest

from tabletop.engine import registry
from tabletop.engine.records import Seat
from tabletop.session import Session
from tabletop.ui.scenes.curtain import CurtainScene
from tabletop.ui.scenes.table import TableScene
from tests.ui.conftest import run_until

PUBLIC = [g for g in registry.available_games() if not g.seat_secrets]


def test_haunted_house_is_the_public_game() -> None:
    assert [g.id for g in PUBLIC] == ["haunted_house"]


@pytest.mark.parametrize("game", PUBLIC, ids=lambda g: g.id)
@pytest.mark.parametrize("advanced", [False, True])
def test_every_seat_sees_the_same(game, advanced: bool) -> None:
    rng = random.Random(4)
    for seed in range(3):
        state = game.new_state(4, game.resolve_options({"advanced": advanced}), seed)
        for _ in range(300):
            if state.is_over():
                break
            views = [dataclasses.replace(state.view(s), seat=None) for s in range(4)]
            assert all(v == views[0] for v in views), "a seat sees something another does not"
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])


def test_hot_seat_hands_over_without_a_curtain(app) -> None:
    seats = [Seat("Aki", "human"), Seat("Ben", "human")]
    session = Session.new("haunted_house", 2, seats, {}, 3)
    app.stack.push(TableScene(app, session))
    table = app.stack.top
    seen = set()
    for _ in range(8):  # several hand-overs between the two humans
        assert run_until(app, lambda: table.viewer() in session.state.to_act(), 400)
        assert not any(isinstance(s, CurtainScene) for s in app.stack.scenes)
        seen.add(table.viewer())
        table.human_act(session.state.legal_actions(table.viewer())[0])
    assert seen == {0, 1}
