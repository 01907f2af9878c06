"""BLUFFIT's opponent model: sampled worlds give opponents the strength cards their bids make likely.

The sampler deals an opponent's hidden bid uniformly from its possible cards; the model redraws it by the
heuristic's bid rule (high tables draw high bids). These tests fail when the model is a no-op, when the
search does not apply it, or when rollouts bid at random again.
"""

from __future__ import annotations

import random
import statistics

from tabletop.ai.heuristics import bluffit as heuristic
from tabletop.ai.ismcts import ISMCTS, SearchConfig
from tabletop.engine import registry
from tabletop.games.bluffit.scripting import play, scripted_state
from tabletop.games.bluffit.state import BluffitState

GAME = registry.get_game("bluffit")
SEAT = 3


def _bluff_turn(table: list[str]) -> BluffitState:
    """Round 1, four players: seat 3 bid a 7; seats 0–2 claimed the three best cards; seat 3 to act."""
    state = scripted_state(4, table, start=0)
    play(state, (0, "bid 10"), (1, "bid 9"), (2, "bid 8"), (SEAT, "bid 7"))
    best = sorted(table, key=int, reverse=True)
    play(state, (0, f"claim {best[0]}"), (1, f"claim {best[1]}"), (2, f"claim {best[2]}"))
    return state


def _opponent_bids(state: BluffitState, model: bool, draws: int = 400) -> list[int]:
    view = state.view(SEAT)
    rng = random.Random(5)
    values = []
    for _ in range(draws):
        world = GAME.sample_state(view, rng)
        if model:
            heuristic.opponent_model(world, SEAT, rng)
            assert world.view(SEAT) == view  # the model redraws only what the seat cannot see
        values.extend(world.strength[p] & 15 for p in (0, 1, 2))
    return values


def test_high_table_makes_high_bids_likely() -> None:
    state = _bluff_turn(["2", "3", "4", "10"])
    uniform = statistics.mean(_opponent_bids(state, model=False))
    modelled = statistics.mean(_opponent_bids(state, model=True))
    assert uniform < 6.0
    assert modelled > 8.0


def test_low_table_makes_low_bids_likely() -> None:
    state = _bluff_turn(["1", "2", "3", "4"])
    assert statistics.mean(_opponent_bids(state, model=True)) < 5.0  # the target rank is the hand's 4th card


def test_cards_the_seat_saw_are_not_redrawn() -> None:
    state = scripted_state(4, ["2", "3", "4", "10"], start=2)
    play(state, (0, "bid 3"), (1, "bid 9"), (2, "bid 10"), (SEAT, "bid 7"))
    play(state, (2, "claim 10"), (SEAT, "challenge 2"))  # seat 3 now knows seat 2 bid the 10; seat 0 to act
    view = state.view(SEAT)
    rng = random.Random(2)
    for _ in range(50):
        world = GAME.sample_state(view, rng)
        heuristic.opponent_model(world, SEAT, rng)
        assert world.strength[2] == 10
        assert world.view(SEAT) == view


def test_search_applies_the_model_to_a_challenge() -> None:
    """A 7 against a 10-table's holder: a fair bet against random bids, a poor one against real bidders."""
    state = _bluff_turn(["2", "3", "4", "10"])
    means = {}
    for model in (False, True):
        config = SearchConfig(iterations=1500, model_opponents=model)
        agent = ISMCTS(GAME, config, rollout=heuristic.rollout, opponent_model=heuristic.opponent_model)
        agent.choose(state.view(SEAT), state.legal_actions(SEAT), random.Random(7))
        assert agent.last_stats is not None
        means[model] = agent.last_stats.root_means["challenge 0"]
    assert means[True] < means[False] - 0.05


def test_rollout_bids_follow_the_table() -> None:
    rng = random.Random(3)
    high = scripted_state(4, ["2", "3", "4", "10"], start=0)
    low = scripted_state(4, ["1", "2", "3", "4"], start=0)
    high_bids = [heuristic.rollout(high, 0, high.legal_actions(0), rng).card for _ in range(300)]
    low_bids = [heuristic.rollout(low, 0, low.legal_actions(0), rng).card for _ in range(300)]
    assert statistics.mean(high_bids) > 8.5
    assert statistics.mean(low_bids) < 5.0  # random bids average 5.5
