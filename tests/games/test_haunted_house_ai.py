"""Haunted House teammates: beat random play clearly, read only the View, make the obvious key decisions."""

from __future__ import annotations

import random

import pytest

from tabletop.ai.heuristics import haunted_house as H
from tabletop.games.haunted_house import GAME
from tabletop.games.haunted_house.actions import LEAVE, ROLL, STAY, TAKE, Move
from tabletop.games.haunted_house.testing import place, rig


def team_game(policy, seed: int, advanced: bool = False) -> bool:
    s = GAME.new_state(4, {"advanced": advanced}, seed)
    rng = random.Random(seed)
    while not s.is_over():
        seat = s.to_act()[0]
        legal = s.legal_actions(seat)
        action = policy(s, seat, legal, rng)
        assert action in legal
        s.apply(seat, action)
    return s.result().coop_success


def easy(s, seat, legal, rng):
    return H.choose(s.view(seat), legal, rng)


def randomly(s, seat, legal, rng):
    return legal[rng.randrange(len(legal))]


def test_heuristic_beats_random_team():
    heuristic = sum(team_game(easy, seed) for seed in range(100))
    rand = sum(team_game(randomly, seed) for seed in range(100))
    assert heuristic >= 12 and heuristic >= rand + 10, (heuristic, rand)


def test_rollout_and_greedy_play_legally_and_win_sometimes():
    greedy = sum(team_game(lambda s, seat, legal, rng: H.greedy_choose(s.view(seat), legal, rng), seed)
                 for seed in range(60))
    roll = sum(team_game(H.rollout, seed) for seed in range(60))
    assert greedy >= 1 and roll >= 3
    for seed in range(10):  # advanced: legal play to the end
        team_game(H.rollout, seed, advanced=True)
        team_game(easy, seed, advanced=True)


def test_fairness_same_view_same_choice():
    """Two states that look the same to a seat (hidden draw order resampled) give the same choice."""
    rng = random.Random(5)
    checked = 0
    for seed in range(20):
        s = GAME.new_state(2, {"advanced": seed % 2 == 1}, seed)
        while not s.is_over() and checked < 400:
            seat = s.to_act()[0]
            legal = s.legal_actions(seat)
            twin = GAME.sample_state(s.view(seat), rng)
            assert twin.view(seat) == s.view(seat)
            a = H.choose(s.view(seat), legal, random.Random(seed))
            b = H.choose(twin.view(seat), twin.legal_actions(seat), random.Random(seed))
            assert a == b
            checked += 1
            s.apply(seat, H.choose(s.view(seat), legal, rng))


def test_carrier_goes_out():
    s = place(GAME.new_state(1, {}, 3), positions=["P2", "OUT", "OUT", "OUT"], carry=[1])
    rig(s, white=[6])
    s.apply(0, ROLL)
    assert H.choose(s.view(0), s.legal_actions(0), random.Random(0)) == Move(("P1", "OUT"))


def test_free_hunter_rescues_lone_trapped_carrier():
    s = place(GAME.new_state(1, {}, 3), positions=["OUT", "G", "OUT", "OUT"], carry=[0, 5], spirits=["G"])
    rig(s, white=[6])
    s.apply(0, ROLL)
    assert H.choose(s.view(0), s.legal_actions(0), random.Random(0)).path[-1] == "G"


def test_take_avoids_hopeless_advanced():
    s = GAME.new_state(1, {"advanced": True}, 3)
    s.jewels = [0] * 12
    s.jewels[9] = 8  # J holds jewel 8, face up
    s.revealed = 1 << 8
    place(s, positions=["OUT", "OUT", "OUT", "J"], carry=[5, 6, 7])
    s.jewels[0], s.jewels[2] = 1, 2
    s.turn = 3
    rig(s, white=[6])
    s.apply(0, ROLL)
    s.apply(0, STAY)
    assert s.legal_actions(0) == [TAKE, LEAVE]
    assert H.choose(s.view(0), s.legal_actions(0), random.Random(0)) == LEAVE


@pytest.mark.parametrize("advanced", [False, True])
def test_rollout_on_sampled_state(advanced):
    s = GAME.new_state(3, {"advanced": advanced}, 9)
    rng = random.Random(1)
    for _ in range(30):
        seat = s.to_act()[0]
        sampled = GAME.sample_state(s.view(seat), rng)
        legal = sampled.legal_actions(seat)
        assert H.rollout(sampled, seat, legal, rng) in legal
        s.apply(seat, legal[0])
        if s.is_over():
            break


@pytest.mark.slow
def test_success_rates_report():
    """Success rates over 300 games per policy (make soak); the planner must beat the greedy baseline."""
    rates = {}
    for name, policy in (("easy", easy), ("greedy", lambda s, seat, legal, rng: H.greedy_choose(s.view(seat), legal,
                                                                                                rng)),
                         ("random", randomly)):
        for advanced in (False, True):
            rates[name, advanced] = sum(team_game(policy, seed, advanced) for seed in range(300)) / 300
    print(rates)
    assert rates["easy", False] > rates["greedy", False] > rates["random", False]
