"""ISMCTS: determinism, strength against random play, budgets, and how the tree sees sealed moves."""

from __future__ import annotations

import random
import time

import pytest

from tabletop.ai.agent import RandomAgent
from tabletop.ai.ismcts import ISMCTS, SearchConfig
from tabletop.engine.core import State
from tests.ai.toy_game import GAME, Bid


def _first_decision(players: int = 3, seed: int = 5) -> State:
    return GAME.new_state(players, {}, seed)


@pytest.mark.parametrize("opponents", ["policy", "ucb"])
def test_deterministic_under_fixed_seed_and_iterations(opponents: str) -> None:
    state = _first_decision()
    seat = state.to_act()[0]
    picks, stats = [], []
    for _ in range(2):
        agent = ISMCTS(GAME, SearchConfig(iterations=300, opponents=opponents))
        picks.append(agent.choose(state.view(seat), state.legal_actions(seat), random.Random(11)))
        stats.append((agent.last_stats.root_visits, agent.last_stats.root_means))
    assert picks[0] == picks[1]
    assert stats[0] == stats[1]
    assert agent.last_stats.iterations == 300


def test_root_edges_are_the_searchers_own_moves() -> None:
    state = _first_decision()
    seat = 1  # seat 0 has not bid yet: its pending sealed bid is played before the root, outside the tree
    agent = ISMCTS(GAME, SearchConfig(iterations=200))
    root = agent.search(state.view(seat), seat, random.Random(3), 200, None)
    assert set(root.edges) == {str(a) for a in state.legal_actions(seat)}
    assert sum(e.visits for e in root.edges.values()) == 200


def test_other_seats_sealed_bids_share_one_edge() -> None:
    state = GAME.new_state(2, {}, 9)
    # seat 1 decides after seat 0 has bid: in the tree, seat 0's next-round bids appear only as "b?"
    state.apply(0, state.legal_actions(0)[0])
    agent = ISMCTS(GAME, SearchConfig(iterations=400))
    root = agent.search(state.view(1), 1, random.Random(4), 400, None)
    keys: set[str] = set()
    stack = [root]
    while stack:
        node = stack.pop()
        for key, edge in node.edges.items():
            keys.add(key)
            stack.extend(edge.children.values())
    assert "b?" in keys
    # no edge names one of the opponent's hidden cards: only our own bids, "b?", "take" and "pass"
    assert keys <= {f"b{c}" for c in range(1, 21)} | {"b?", "take", "pass"}


def test_time_budget_is_respected() -> None:
    state = _first_decision()
    seat = state.to_act()[0]
    agent = ISMCTS(GAME, SearchConfig(iterations=None, seconds=0.2))
    start = time.perf_counter()
    agent.choose(state.view(seat), state.legal_actions(seat), random.Random(1))
    assert time.perf_counter() - start < 0.6
    assert agent.last_stats.iterations > 10
    # an explicit budget overrides the configured one
    agent.choose(state.view(seat), state.legal_actions(seat), random.Random(1), budget=0.05)
    assert agent.last_stats.seconds < 0.3


def test_needs_some_budget() -> None:
    state = _first_decision()
    agent = ISMCTS(GAME, SearchConfig(iterations=None, seconds=None))
    with pytest.raises(ValueError):
        agent.choose(state.view(0), state.legal_actions(0), random.Random(1))


def test_single_legal_action_returns_at_once() -> None:
    state = _first_decision()
    only = state.legal_actions(0)[:1]
    assert ISMCTS(GAME).choose(state.view(0), only, random.Random(1)) == only[0]


def test_rollout_policy_and_depth_cutoff_with_evaluation() -> None:
    calls = {"rollout": 0, "evaluate": 0}

    def rollout(state: State, seat: int, legal: list, rng: random.Random):
        calls["rollout"] += 1
        bids = [a for a in legal if isinstance(a, Bid)]
        return max(bids, key=lambda a: a.card) if bids else legal[0]

    def evaluate(state: State, seat: int) -> float:
        calls["evaluate"] += 1
        scores = state.scores  # type: ignore[attr-defined]
        return 1.0 if scores[seat] == max(scores) else 0.0

    state = _first_decision(2)
    agent = ISMCTS(GAME, SearchConfig(iterations=50, rollout_depth=1), rollout=rollout, evaluate=evaluate)
    agent.choose(state.view(0), state.legal_actions(0), random.Random(2))
    assert calls["rollout"] > 0
    assert calls["evaluate"] == 2 * 50  # one evaluation per seat per iteration, none reaches the end


def _play(agent: ISMCTS, games: int, players: int) -> float:
    share = 0.0
    rnd = RandomAgent()
    for g in range(games):
        state = GAME.new_state(players, {}, 1000 + g)
        rng = random.Random(g)
        me = g % players
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, (agent if seat == me else rnd).choose(state.view(seat), legal, rng))
        share += state.result().reward(me)
    return share / games


@pytest.mark.parametrize("opponents", ["policy", "ucb"])
def test_ismcts_beats_random_on_the_toy_game(opponents: str) -> None:
    share = _play(ISMCTS(GAME, SearchConfig(iterations=150, opponents=opponents)), games=60, players=2)
    assert share > 0.65, share


def test_unknown_opponent_model_refused() -> None:
    with pytest.raises(ValueError):
        SearchConfig(opponents="psychic")


class _FlakySampler:
    """The toy game with a sampler that refuses every third draw (or always)."""

    def __init__(self, always: bool = False) -> None:
        self.calls = 0
        self.always = always

    def __getattr__(self, name: str):
        return getattr(GAME, name)

    def sample_state(self, view, rng):
        self.calls += 1
        if self.always or self.calls % 3 == 0:
            raise ValueError("no deal is consistent with this view")
        return GAME.sample_state(view, rng)


def test_a_refused_sample_is_redrawn_but_a_broken_sampler_raises() -> None:
    state = _first_decision()
    seat = state.to_act()[0]
    agent = ISMCTS(_FlakySampler(), SearchConfig(iterations=60))  # type: ignore[arg-type]
    assert agent.choose(state.view(seat), state.legal_actions(seat), random.Random(1)) in state.legal_actions(seat)
    assert agent.last_stats.iterations == 60
    broken = ISMCTS(_FlakySampler(always=True), SearchConfig(iterations=60))  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        broken.choose(state.view(seat), state.legal_actions(seat), random.Random(1))


def test_rollouts_stop_where_the_segment_changes() -> None:
    """With segment = round number, every rollout is cut at the end of the current round."""
    rounds_seen: list[int] = []

    def evaluate(state: State, seat: int) -> float:
        rounds_seen.append(state.round)  # type: ignore[attr-defined]
        return 0.5

    state = _first_decision(2)
    agent = ISMCTS(GAME, SearchConfig(iterations=40), evaluate=evaluate, segment=lambda s: s.round)
    agent.choose(state.view(0), state.legal_actions(0), random.Random(4))
    assert rounds_seen and set(rounds_seen) == {state.round + 1}


def test_a_segment_needs_an_evaluator() -> None:
    with pytest.raises(ValueError, match="evaluator"):
        ISMCTS(GAME, SearchConfig(iterations=10), segment=lambda s: 0)
