"""ISMCTS's opponent-model hook: every sampled world passes through the game's model before it is searched."""

from __future__ import annotations

import random

from tabletop.ai.ismcts import ISMCTS, SearchConfig
from tabletop.engine.core import State
from tests.ai.toy_game import GAME

ITERATIONS = 120


def _seats_the_model_saw(enabled: bool) -> tuple[int, list[int]]:
    seen: list[int] = []

    def model(world: State, seat: int, rng: random.Random) -> None:
        seen.append(seat)

    state = GAME.new_state(3, {}, 5)
    seat = state.to_act()[0]
    agent = ISMCTS(GAME, SearchConfig(iterations=ITERATIONS, model_opponents=enabled), opponent_model=model)
    agent.choose(state.view(seat), state.legal_actions(seat), random.Random(1))
    return seat, seen


def test_model_sees_every_world_with_the_searchers_seat() -> None:
    seat, seen = _seats_the_model_saw(True)
    assert seen == [seat] * ITERATIONS


def test_model_can_be_switched_off() -> None:
    _, seen = _seats_the_model_saw(False)
    assert seen == []
