"""ISMCTS speed paths (issue 17): what a searcher's node keeps between worlds changes nothing the search does.

A node where the searcher moves keeps its moves by text and, once every move has its edge, the edges
paired with their texts, so the next world's UCB skips the untried scan and the dict lookups. The
search must be the very same as one that rebuilds everything on every visit.
"""

from __future__ import annotations

import random

import pytest

from bench.ai_bench import decision_points
from tabletop.ai.ismcts import ISMCTS, SearchConfig
from tabletop.ai.levels import game_search
from tabletop.engine import registry
from tabletop.engine.core import Action, State
from tests.ai.toy_game import GAME


class _Plain(ISMCTS):
    """The same search with nothing kept between visits: every select regroups and rescans."""

    def _select(self, state, mover, seat, legal, edges, c, rng):  # type: ignore[no-untyped-def]
        self._groups = {}
        return super()._select(state, mover, seat, legal, edges, c, rng)


def _stats(agent: ISMCTS, state: State, seat: int, seed: int) -> tuple[Action, dict, dict]:
    action = agent.choose(state.view(seat), state.legal_actions(seat), random.Random(seed))
    assert agent.last_stats is not None
    return action, agent.last_stats.root_visits, agent.last_stats.root_means


@pytest.mark.parametrize("game_id", ["kakapo", "bluffit"])
def test_kept_groups_and_edges_search_the_same_as_rebuilding_them(game_id: str) -> None:
    game = registry.get_game(game_id)
    for state, seat in decision_points(game, 4, 2, seed=2):
        config = SearchConfig(iterations=250, seconds=None)
        fast = game_search(game, config)
        plain = game_search(game, config)
        plain.__class__ = _Plain
        assert _stats(fast, state, seat, 5) == _stats(plain, state, seat, 5)


def test_toy_game_search_is_the_same_with_and_without_kept_edges() -> None:
    state = GAME.new_state(3, {}, 5)
    seat = 1
    config = SearchConfig(iterations=300)
    assert _stats(ISMCTS(GAME, config), state, seat, 11) == _stats(_Plain(GAME, config), state, seat, 11)


def test_the_root_keeps_its_edges_paired_with_their_texts_once_all_are_tried() -> None:
    game = registry.get_game("kakapo")
    state, seat = decision_points(game, 4, 1)[0]
    legal = state.legal_actions(seat)
    assert len(legal) > 50  # an early placement: many moves, where rescanning them cost most
    agent = game_search(game, SearchConfig(iterations=len(legal) + 20, seconds=None))
    root = agent.search(state.view(seat), seat, random.Random(1), len(legal) + 20, None)
    kept = agent._groups[id(root.edges)]
    assert kept[2] is not None, "the root's edges were not kept once every move was tried"
    assert [text for text, _ in kept[2]] == [str(a) for a in legal]
    assert all(edge is root.edges[text] for text, edge in kept[2])
