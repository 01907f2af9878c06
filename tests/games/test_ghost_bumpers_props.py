"""Ghost Bumpers: property tests over random play (tests/conformance.py) plus card accounting."""

from __future__ import annotations

import json
import random
import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.engine.core import State
from tabletop.games.ghost_bumpers import GAME
from tabletop.games.ghost_bumpers.actions import Play
from tabletop.games.ghost_bumpers.cards import KINDS, counts_to_list
from tabletop.games.ghost_bumpers.state import DISCARD, FEAR, OVER, PLAY, GhostBumpersState
from tests.conformance import (
    check_clone_independent,
    check_illegal_refused,
    check_replay_and_records,
    check_sample_state_consistent,
    random_playout,
)

PLAYERS = st.integers(min_value=3, max_value=6)
SEEDS = st.integers(min_value=0, max_value=2**32)


def invariant(state: State) -> None:
    """Every monster card is in exactly one place; hands, decks and phases are consistent."""
    assert isinstance(state, GhostBumpersState)
    total = [0] * KINDS
    for hand in state.hands:
        assert min(hand) >= 0
        for c in range(KINDS):
            total[c] += hand[c]
    for c in state.deck:
        total[c] += 1
    for c in range(KINDS):
        total[c] += state.discard[c]
    for _, c, k, _ in state.trick:
        total[c] += k
    assert total == list(state.composition)
    assert state.sizes == [sum(h) for h in state.hands]
    if state.phase in (PLAY, FEAR) and not state.trick:
        assert len(set(state.sizes)) == 1, "hands differ in size between tricks"
    if state.phase in (PLAY, DISCARD):
        for size, scared in zip(state.char_sizes, state.scared):
            assert 1 <= size <= 7 and 0 <= scared < size
        assert state.phase == DISCARD or state.sizes[state.turn] > 0
    assert min(state.scores) >= 0
    assert len(state.trick) < state.players or state.phase == DISCARD  # the last player may be drawing


def _tempdir() -> Path:
    return Path(tempfile.mkdtemp(prefix="gb-records-"))


@settings(max_examples=30, deadline=None)
@given(players=PLAYERS, seed=SEEDS, choice_seed=SEEDS)
def test_random_games_keep_every_card_and_replay(players: int, seed: int, choice_seed: int) -> None:
    final, actions = random_playout(GAME, players, {}, seed, choice_seed, invariant)
    assert final.is_over() and final.round_no == {3: 6, 4: 8, 5: 5, 6: 6}[players]
    check_replay_and_records(GAME, players, {}, seed, actions, final, _tempdir())


@settings(max_examples=10, deadline=None)
@given(players=PLAYERS, seed=SEEDS, choice_seed=SEEDS, target=st.sampled_from([15, 25]))
def test_target_score_games_end_and_replay(players: int, seed: int, choice_seed: int, target: int) -> None:
    options = {"mode": "target", "target": target}
    final, actions = random_playout(GAME, players, options, seed, choice_seed, invariant)
    assert max(final.scores) >= target or final.round_no == 50
    check_replay_and_records(GAME, players, options, seed, actions, final, _tempdir())


@settings(max_examples=25, deadline=None)
@given(players=PLAYERS, seed=SEEDS, choice_seed=SEEDS)
def test_clone_sample_and_refusal_along_a_game(players: int, seed: int, choice_seed: int) -> None:
    state = GAME.new_state(players, {}, seed)
    rng = random.Random(choice_seed)
    steps = 0
    while not state.is_over() and steps < 150:
        if rng.random() < 0.3:
            check_clone_independent(state, rng)
            check_illegal_refused(GAME, state)
            for seat in (state.to_act()[0], rng.randrange(players)):
                check_sample_state_consistent(GAME, state, seat, rng)
                invariant(GAME.sample_state(state.view(seat), rng))
            # A spectator's view samples every hand.
            assert GAME.sample_state(state.view(None), rng).view(None) == state.view(None)
        seat = rng.choice(state.to_act())
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
        steps += 1


def _rigged_six_player_state(seed: int) -> GhostBumpersState:
    """A 6-player deal of sorted blocks (hands full of sets) so big plays empty the deck in trick 1."""
    state = GAME.new_state(6, {}, seed)
    cards = counts_to_list(state.composition)
    rng = random.Random(seed)
    blocks = [cards[i:i + 9] for i in range(0, 54, 9)]
    rng.shuffle(blocks)
    state.hands = [[0] * KINDS for _ in range(6)]
    for seat, block in enumerate(blocks):
        for c in block:
            state.hands[seat][c] += 1
    state.deck = cards[54:]
    rng.shuffle(state.deck)
    invariant(state)
    return state


def _big_play_game(state: GhostBumpersState, rng: random.Random, checks: bool) -> int:
    """Play mostly the largest sets; returns how many forced discards happened."""
    forced = 0
    while state.phase != OVER and state.round_no == 1:
        seat = rng.choice(state.to_act())
        legal = state.legal_actions(seat)
        if state.phase == PLAY and rng.random() < 0.9:
            action = max(legal, key=lambda a: a.count if isinstance(a, Play) else 0)
        else:
            action = legal[rng.randrange(len(legal))]
        if checks and state.phase == DISCARD:
            check_sample_state_consistent(GAME, state, seat, rng)
            check_clone_independent(state, rng)
        events = state.apply(seat, action)
        forced += sum(1 for e in events if e.kind == "forced_discard")
        invariant(state)
        for e in events:
            json.dumps(e.data)
    return forced


def test_rigged_deals_reach_forced_discards() -> None:
    total = sum(_big_play_game(_rigged_six_player_state(seed), random.Random(seed), checks=False)
                for seed in range(40))
    assert total >= 5, "the rigged deals should exercise §3.8 step 2"


@settings(max_examples=25, deadline=None)
@given(seed=SEEDS)
def test_forced_discards_keep_every_card(seed: int) -> None:
    _big_play_game(_rigged_six_player_state(seed), random.Random(seed), checks=True)


def test_random_play_speed_is_reasonable() -> None:
    """A loose floor (the real figure is far higher) that catches accidental slowness."""
    import time

    rng = random.Random(5)
    actions = 0
    start = time.perf_counter()
    for seed in range(20):
        state = GAME.new_state(3 + seed % 4, {}, seed)
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            state.apply_unchecked(seat, legal[rng.randrange(len(legal))])
            actions += 1
    assert actions / (time.perf_counter() - start) > 2_000
