"""The rollout planner keeps a level's time cap: a world that would run past the deadline is dropped mid-way.

A decision that does not stop early runs to the deadline, and a whole world (one rollout per candidate)
started just before it used to overrun the cap by up to that world's length (Haunted House: 1.29 s for a
0.8 s normal under load).
"""

from __future__ import annotations

import random
import time

from tabletop.ai.ismcts import SearchConfig
from tabletop.ai.profile import AIProfile
from tabletop.ai.rollout_planner import RolloutPlanner
from tabletop.engine.core import Action, View

from .test_rollout_planner import Push, PushGame

ROLLOUT_SECONDS = 0.05  # the partner's move in each rollout takes this long: six candidates, 0.3 s a world


def slow_partner(view: View, legal: list[Action], rng: random.Random) -> Action:
    if view.seat == 1:
        time.sleep(ROLLOUT_SECONDS)
    return Push(0)


def test_time_capped_planner_drops_a_world_it_cannot_finish() -> None:
    game = PushGame(8)
    budget = 0.35  # the first world ends at about 0.3 s; a second whole world would end at about 0.6 s
    planner = RolloutPlanner(game, SearchConfig(seconds=budget), AIProfile(choose=slow_partner), "normal")
    state = game.new_state(2, {}, 1)
    planner.choose(state.view(0), state.legal_actions(0), random.Random(3))
    stats = planner.last_stats
    assert stats.iterations == 6  # one complete world; the partial second one is not counted
    assert stats.seconds < budget + 2 * ROLLOUT_SECONDS
