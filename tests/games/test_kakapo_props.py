"""KAKAPO contract properties: random play, card/piece accounting, replay, records, clones, sampling."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.games.kakapo import GAME, grid, pieces
from tabletop.games.kakapo.state import KakapoState
from tests.conformance import (
    check_clone_independent,
    check_illegal_refused,
    check_replay_and_records,
    check_sample_state_consistent,
    random_playout,
)

SETUPS = [(2, {}), (3, {}), (4, {}), (2, {"mission": "buddy_12"}), (3, {"mission": "party_19"}),
          (4, {"mission": "party_08"})]


def invariant(state: KakapoState) -> None:
    """Every card is in exactly one place; every piece on the board is used, and the board masks agree."""
    s = state
    places = [*s.hands, s.removed, s.discard]
    for k in s.pile:
        places.append(1 << k)
    for _, k in s.revealed:
        places.append(1 << k)
    total = 0
    for m in places:
        assert not total & m, "a card is in two places"
        total |= m
    assert total == (1 << 40) - 1, "a card went missing"
    occupied, colours, used = 0, [0] * 5, 0
    for k, o, top, left, mask in s.placed:
        p = pieces.placement(k, o, top, left)
        assert p is not None and p.mask == mask and not occupied & mask
        assert not mask & s.rules.bird_mask
        assert not mask & grid.neighbours(colours[k >> 3])
        occupied |= mask
        colours[k >> 3] |= mask
        used |= 1 << k
    assert (occupied, colours, used) == (s.occupied, s.colour_cells, s.used)
    assert s.scanned == s.rules.scanned_mask(s.occupied, s.colour_cells)
    assert 0 <= s.counters <= (5 if s.mode == "buddy" else 3)
    assert len(s.pile) == len(s.history)
    if s.mode == "party":
        for h in s.history:  # spec §6.6: in Party the base piece is never already used
            assert h.selection and h.selection[0] in (h.decision, min(k for _, k in h.reveals))


@settings(max_examples=30, deadline=None)
@given(setup=st.sampled_from(SETUPS), seed=st.integers(0, 2**31), choice=st.integers(0, 2**31))
def test_random_play_replay_and_records(tmp_path_factory, setup, seed, choice):
    players, options = setup
    final, actions = random_playout(GAME, players, options, seed, choice, invariant)
    assert final.outcome in ("won", "failed_unplaceable", "failed_rounds")
    check_replay_and_records(GAME, players, options, seed, actions, final, tmp_path_factory.mktemp("rec"))


@settings(max_examples=25, deadline=None)
@given(setup=st.sampled_from(SETUPS), seed=st.integers(0, 2**31), steps=st.integers(0, 60))
def test_mid_game_clone_sample_and_refusal(setup, seed, steps):
    players, options = setup
    state = GAME.new_state(players, GAME.resolve_options(options), seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over():
            break
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
    check_clone_independent(state, rng)
    for seat in range(players):
        check_sample_state_consistent(GAME, state, seat, rng)
        sampled = GAME.sample_state(state.view(seat), rng)
        invariant(sampled)
        view = sampled.view(seat)
        for other in range(players):  # voids and P8 announcement respected
            if other != seat:
                for c in range(5):
                    if view.voids[other] >> c & 1:
                        assert not sampled.hands[other] & (0xFF << (8 * c))
    check_illegal_refused(GAME, state)


def test_sample_state_for_a_spectator():
    state = GAME.new_state(4, {}, 5)
    sampled = GAME.sample_state(state.view(None), random.Random(1))
    assert sampled.view(None) == state.view(None)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_speed_smoke(players):
    """Random full games stay fast (a loose floor; measured figures are in the report)."""
    import time

    rng = random.Random(players)
    start = time.perf_counter()
    n = 0
    for seed in range(40):
        s = GAME.new_state(players, {}, seed)
        while not s.is_over():
            seat = s.to_act()[0]
            legal = s.legal_actions(seat)
            s.apply_unchecked(seat, legal[rng.randrange(len(legal))])
            n += 1
    assert n / (time.perf_counter() - start) > 2000
