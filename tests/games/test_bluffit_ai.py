"""BLUFFIT heuristic: beats random play, and decides from the View alone."""

from __future__ import annotations

import random

from tabletop.ai.heuristics import bluffit as heuristic
from tabletop.games.bluffit import GAME


def _play(seed: int, heuristic_seats: set[int], players: int = 4) -> tuple[float, ...]:
    state = GAME.new_state(players, {}, seed)
    rng = random.Random(seed)
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        if seat in heuristic_seats:
            action = heuristic.choose(state.view(seat), legal, rng)
        else:
            action = legal[rng.randrange(len(legal))]
        state.apply(seat, action)
    result = state.result()
    return tuple(result.reward(s) for s in range(players))


def test_heuristic_beats_three_random_players():
    share = sum(_play(seed, {0})[0] for seed in range(120)) / 120
    assert share > 0.45, share  # fair share is 0.25


def test_rollout_policy_beats_random():
    wins = 0.0
    for seed in range(120):
        state = GAME.new_state(4, {}, seed)
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            action = heuristic.rollout(state, seat, legal, rng) if seat == 0 else legal[rng.randrange(len(legal))]
            state.apply(seat, action)
        wins += state.result().reward(0)
    assert wins / 120 > 0.35


def test_same_view_same_choice():
    for seed in range(30):
        state = GAME.new_state(4, {"toxic_10": True}, seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(4, 30)):
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])
        if state.is_over():
            continue
        seat = state.to_act()[0]
        view = state.view(seat)
        twin = GAME.sample_state(view, random.Random(seed + 99))
        assert twin.view(seat) == view
        a = heuristic.choose(view, state.legal_actions(seat), random.Random(7))
        b = heuristic.choose(twin.view(seat), twin.legal_actions(seat), random.Random(7))
        assert a == b
