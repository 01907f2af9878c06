"""Every game's AI is one typed AIProfile, and the levels build their agents from it alone."""

from __future__ import annotations

import random

import pytest

from tabletop.ai import heuristics
from tabletop.ai.guarded import GuardedSearch
from tabletop.ai.ismcts import ISMCTS
from tabletop.ai.levels import make_agent
from tabletop.ai.profile import AIProfile
from tabletop.ai.rollout_planner import RolloutPlanner
from tabletop.engine import registry
from tabletop.engine.core import Action, View

GAMES = [game.id for game in registry.available_games()]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_declares_one_profile(game_id: str) -> None:
    assert isinstance(heuristics.profile(game_id), AIProfile)


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_search_levels_use_the_profiles_parts(game_id: str, level: str) -> None:
    game = registry.get_game(game_id)
    profile = heuristics.profile(game_id)
    assert profile is not None
    agent = make_agent(game, level)
    if game.cooperative:
        assert isinstance(agent, RolloutPlanner)
        assert agent.first_candidate is None
        return
    assert isinstance(agent, GuardedSearch) == (level in profile.guarded_levels)
    search = agent.search if isinstance(agent, GuardedSearch) else agent
    assert isinstance(search, ISMCTS)
    assert search.rollout_policy is profile.rollout
    assert search.evaluate is profile.evaluate
    assert search.segment is profile.segment
    assert search.opponent_model is profile.opponent_model
    assert (search.root_filter is not None) == bool(profile.root_width.get(level))


def test_a_game_without_a_profile_plays_random_and_plain_search() -> None:
    from tests.ai.toy_game import GAME as TOY

    assert heuristics.profile(TOY.id) is None
    assert type(make_agent(TOY, "easy")).__name__ == "RandomAgent"
    assert isinstance(make_agent(TOY, "normal:10"), ISMCTS)


def _first(view: View, legal: list[Action], rng: random.Random) -> Action:
    return legal[0]


def test_a_profile_refuses_settings_that_cannot_work() -> None:
    with pytest.raises(ValueError, match="rollout"):
        AIProfile(choose=_first, plan_with_rollout=True)
    with pytest.raises(ValueError, match="root_shortlist"):
        AIProfile(choose=_first, root_width={"hard": 4})
