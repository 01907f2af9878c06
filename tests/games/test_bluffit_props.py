"""BLUFFIT: property tests over random play (tests/conformance.py) plus card accounting."""

from __future__ import annotations

import random
import tempfile
from collections import Counter
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.engine.core import State
from tabletop.games.bluffit import GAME
from tabletop.games.bluffit.cards import starting_hand, value
from tabletop.games.bluffit.state import FINAL_ROUND, BluffitState
from tests.conformance import (
    check_clone_independent,
    check_illegal_refused,
    check_replay_and_records,
    check_sample_state_consistent,
    random_playout,
)

OPTIONS = st.fixed_dictionaries({
    "combine": st.booleans(), "optimistic_1": st.booleans(), "reversed_5": st.booleans(),
    "nervous_9": st.booleans(), "toxic_10": st.booleans(),
})
PLAYERS = st.integers(min_value=2, max_value=6)
SEEDS = st.integers(min_value=0, max_value=2**32)


def invariant(state: State) -> None:
    """Every card is in exactly one place, and the total is what the box holds for N players."""
    assert isinstance(state, BluffitState)
    everything = list(state.table) + state.removed + list(state.set_aside)
    for p in range(state.n):
        everything += state.hands[p] + state.piles[p] + state.held[p]
        if state.strength[p] is not None:
            everything.append(state.strength[p])
    expected = Counter(range(1, 11))
    for _ in range(state.n):
        expected.update(starting_hand(state.specials))
    assert Counter(everything) == expected
    if state.phase != "over" and state.round < FINAL_ROUND:
        assert len({len(state.hands[p]) + (state.strength[p] is not None) for p in range(state.n)}) == 1


@settings(max_examples=30, deadline=None)
@given(players=PLAYERS, options=OPTIONS, seed=SEEDS, choice_seed=SEEDS)
def test_random_play_conserves_cards_and_replays(players, options, seed, choice_seed):
    final, actions = random_playout(GAME, players, options, seed, choice_seed, invariant)
    scores = final.result().scores
    assert sum(scores) == sum(value(c) for p in range(players) for c in final.piles[p])
    check_replay_and_records(GAME, players, options, seed, actions, final, Path(tempfile.mkdtemp()))


@settings(max_examples=15, deadline=None)
@given(players=PLAYERS, options=OPTIONS, seed=SEEDS)
def test_clone_sample_and_refusal_along_a_game(players, options, seed):
    state = GAME.new_state(players, options, seed)
    rng = random.Random(seed)
    while not state.is_over():
        check_clone_independent(state, rng)
        for seat in range(players):
            check_sample_state_consistent(GAME, state, seat, rng)
        check_illegal_refused(GAME, state)
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])


def test_public_view_hides_strength_cards():
    state = GAME.new_state(4, {}, 3)
    for seat in range(4):
        state.apply(seat, state.legal_actions(seat)[seat])
    public = state.view(None)
    assert public.my_strength is None and public.hand == ()
    assert state.view(1).my_strength is not None
    from tabletop.games.bluffit.actions import Bid

    assert state.public_action_text(0, Bid(1)) == "bid ?"
