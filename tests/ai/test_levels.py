"""Level strings name agents; the search levels carry both a time and an iteration cap."""

from __future__ import annotations

import pytest

from tabletop.ai.agent import HeuristicAgent, RandomAgent
from tabletop.ai.guarded import GuardedSearch
from tabletop.ai.ismcts import ISMCTS
from tabletop.ai.levels import (
    SEARCH_LEVELS,
    LevelSpec,
    load_game,
    make_agent,
    parse_level,
)
from tabletop.engine import registry
from tests.ai.toy_game import GAME as TOY


def test_parse_level() -> None:
    assert parse_level("hard") == LevelSpec("hard")
    assert parse_level(" Normal:400 ") == LevelSpec("normal", 400)
    assert str(parse_level("hard:2000")) == "hard:2000"
    for bad in ("expert", "easy:10", "normal:", "normal:0", "hard:x"):
        with pytest.raises(ValueError):
            parse_level(bad)


def test_search_levels_are_capped_by_time_and_iterations() -> None:
    assert SEARCH_LEVELS["normal"].seconds is not None and SEARCH_LEVELS["normal"].seconds < 1.0
    assert SEARCH_LEVELS["hard"].seconds is not None and SEARCH_LEVELS["hard"].seconds < 3.0
    for config in SEARCH_LEVELS.values():
        assert config.iterations is not None


def test_make_agent_for_a_game_without_heuristics() -> None:
    assert isinstance(make_agent(TOY, "random"), RandomAgent)
    assert isinstance(make_agent(TOY, "easy"), RandomAgent)  # no heuristics module: falls back to random
    fixed = make_agent(TOY, "hard:123")
    assert isinstance(fixed, ISMCTS)
    assert fixed.config.iterations == 123 and fixed.config.seconds is None
    timed = make_agent(TOY, "normal")
    assert isinstance(timed, ISMCTS) and timed.config.seconds is not None


@pytest.mark.parametrize("game", registry.available_games(), ids=lambda g: g.id)
def test_every_level_builds_for_every_game(game) -> None:
    for level in ("random", "easy", "normal", "hard", "normal:10"):
        agent = make_agent(game, level)
        assert hasattr(agent, "choose")
    easy = make_agent(game, "easy")
    assert isinstance(easy, (HeuristicAgent, RandomAgent))


def test_load_game_by_id_or_reference() -> None:
    assert load_game("tests.ai.toy_game:GAME") is TOY
    with pytest.raises(ValueError):
        load_game("no_such_game")


def _search_config(agent):
    return (agent.search if isinstance(agent, GuardedSearch) else agent).config


def test_a_game_may_stop_its_normal_level_sooner() -> None:
    """A profile's level_iterations lowers the interactive normal's iteration cap; hard, fixed budgets and other
    games keep theirs."""
    bluffit, bloody = registry.get_game("bluffit"), registry.get_game("bloody_summer")
    normal = _search_config(make_agent(bluffit, "normal"))
    assert normal.iterations == 250 and normal.seconds == SEARCH_LEVELS["normal"].seconds
    assert _search_config(make_agent(bluffit, "hard")) == SEARCH_LEVELS["hard"]
    assert _search_config(make_agent(bluffit, "normal:1000")).iterations == 1000
    assert _search_config(make_agent(bloody, "normal")).iterations == 50
    assert _search_config(make_agent(bloody, "hard")) == SEARCH_LEVELS["hard"]
    for game_id in ("ghost_bumpers", "sumidagawa"):
        assert _search_config(make_agent(registry.get_game(game_id), "normal")).iterations <= 250
