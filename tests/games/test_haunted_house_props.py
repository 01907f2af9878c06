"""Property tests (hypothesis) through tests/conformance.py: random play, conservation, replay, records,
clones, determinisation and out-of-turn refusal, in the basic and the advanced game."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.games.haunted_house import GAME, cards
from tabletop.games.haunted_house.board import OUT
from tabletop.games.haunted_house.state import HauntedHouseState
from tests.conformance import (
    check_clone_independent,
    check_illegal_refused,
    check_replay_and_records,
    check_sample_state_consistent,
    random_playout,
)

SETUPS = st.sampled_from([
    (1, "auto"), (1, 2), (1, 3), (2, "auto"), (2, 2), (3, "auto"), (3, 4), (4, "auto"),
])


def invariant(s: HauntedHouseState) -> None:
    """Every piece and card is accounted for and the board obeys §5.4 / §5.5."""
    assert all(0 <= g <= 2 for g in s.ghosts)
    assert sum(s.ghosts) <= 24
    for r in range(12):
        if s.spirits >> r & 1:
            assert s.ghosts[r] == 0
    assert s.spirits.bit_count() <= 6
    assert (s.spirits.bit_count() == 6) == (s.outcome == 2)
    # jewels: each number 1..8 lies in a room, is carried, or was deposited — exactly once
    places = [k for k in s.jewels if k] + [k for k in s.carry if k]
    places += [k for k in range(1, 9) if s.deposited_mask >> k & 1]
    assert sorted(places) == list(range(1, 9))
    assert s.deposited == s.deposited_mask.bit_count()
    if s.advanced:
        assert s.deposited_mask == sum(1 << k for k in range(1, s.deposited + 1))  # left in order
    # cards: draw pile + discard + active lock = the deck
    held = s.draw_pile + s.discard + ([s.lock] if s.lock >= 0 else [])
    assert Counter(held) == Counter(cards.deck(s.advanced))
    # one character per corridor square
    corridor = [p for p in s.pos if s.board.kind[p] == 2]
    assert len(corridor) == len(set(corridor))
    if s.outcome == 1:
        assert s.deposited == 8 and all(p == OUT for p in s.pos)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(setup=SETUPS, advanced=st.booleans(), seed=st.integers(0, 2**31), choice=st.integers(0, 2**31))
def test_random_play_replays_and_saves(tmp_path, setup, advanced, seed, choice):
    players, chars = setup
    options = {"advanced": advanced, "characters": chars}
    final, actions = random_playout(GAME, players, options, seed, choice, invariant)
    assert final.is_over() and final.result().coop_success is (final.outcome == 1)
    check_replay_and_records(GAME, players, options, seed, actions, final, tmp_path)


@settings(max_examples=25, deadline=None)
@given(setup=SETUPS, advanced=st.booleans(), seed=st.integers(0, 2**31))
def test_midgame_clone_sample_and_refusal(setup, advanced, seed):
    players, chars = setup
    state = GAME.new_state(players, {"advanced": advanced, "characters": chars}, seed)
    rng = random.Random(seed)
    steps = 0
    while not state.is_over() and steps < 400:
        if rng.random() < 0.15:
            check_clone_independent(state, rng)
            for seat in range(players):
                check_sample_state_consistent(GAME, state, seat, rng)
            sampled = GAME.sample_state(state.view(0), rng)
            invariant(sampled)
            check_illegal_refused(GAME, state)
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
        steps += 1


def test_sample_state_keeps_revealed_and_hides_the_rest():
    state = GAME.new_state(2, {"advanced": True}, 11)
    rng = random.Random(0)
    for _ in range(60):
        if state.is_over():
            break
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[-1])  # far moves reveal jewels
    view = state.view(1)
    seen = set()
    for _ in range(20):
        sampled = GAME.sample_state(view, rng)
        assert sampled.view(1) == view
        seen.add(tuple(sampled.draw_pile))
    assert len(seen) > 1  # the draw order is resampled
