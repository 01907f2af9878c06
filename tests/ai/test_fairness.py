"""Fairness: an agent's choice depends only on its seat's View, never on hidden information.

For every available game (and the toy game): reach a mid-game state by random
play, redraw the hidden information with `sample_state` so the seat's View is
unchanged, and check that every level picks the same move under the same seed.
"""

from __future__ import annotations

import json
import random

import pytest

from tabletop.ai.levels import make_agent
from tabletop.engine import registry
from tabletop.engine.core import Game, State
from tests.ai.toy_game import GAME as TOY

GAMES: list[Game] = [TOY, *registry.available_games()]
LEVELS = ("random", "easy", "normal:40", "hard:60")


def _mid_game(game: Game, seed: int) -> tuple[State, int] | None:
    """A state a few random moves in where the seat to act has a real choice."""
    rng = random.Random(seed)
    players = max(game.players.start, min(3, game.players.stop - 1))
    state = game.new_state(players, game.resolve_options({}), seed)
    stop_after = rng.randrange(2, 12)
    steps = 0
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        if steps >= stop_after and len(legal) > 1:
            return state, seat
        state.apply(seat, legal[rng.randrange(len(legal))])
        steps += 1
    return None


def _twin_with_other_secrets(game: Game, state: State, seat: int) -> State:
    """A state with the same view for `seat`; hidden parts redrawn (different if anything is hidden)."""
    view = state.view(seat)
    original = json.dumps(state.to_json(), sort_keys=True)
    twin = game.sample_state(view, random.Random(1))
    for attempt in range(2, 12):
        if json.dumps(twin.to_json(), sort_keys=True) != original:
            break
        twin = game.sample_state(view, random.Random(attempt))
    assert twin.view(seat) == view
    return twin


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_choice_ignores_hidden_information(game: Game, level: str) -> None:
    found = None
    for seed in range(20):
        found = _mid_game(game, seed)
        if found is not None:
            break
    if found is None:
        pytest.skip(f"{game.id}: no mid-game decision found")
    state, seat = found
    twin = _twin_with_other_secrets(game, state, seat)
    legal = state.legal_actions(seat)
    assert twin.legal_actions(seat) == legal
    agent = make_agent(game, level)
    first = agent.choose(state.view(seat), legal, random.Random(99))
    second = make_agent(game, level).choose(twin.view(seat), twin.legal_actions(seat), random.Random(99))
    assert first == second
    assert first in legal
