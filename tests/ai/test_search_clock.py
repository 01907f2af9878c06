"""`tabletop.ai.clock`: time-capped searches count CPU seconds when an arena asks (`--cpu-clock`).

A rollout that sleeps costs wall time and no CPU time: capped by the wall clock a search gets only a few
of them into its budget; capped by the CPU clock it runs on to its iteration cap. That is the difference
between measuring a level on a loaded machine and measuring the load.
"""

from __future__ import annotations

import random
import time

import pytest

from tabletop import arena
from tabletop.ai import clock
from tabletop.ai.ismcts import ISMCTS, SearchConfig
from tabletop.ai.profile import AIProfile
from tabletop.ai.rollout_planner import RolloutPlanner
from tabletop.engine.core import Action, State
from tests.ai.toy_game import GAME as TOY

from .test_rollout_planner import PushGame
from .test_rollout_planner_deadline import slow_partner

NAP = 0.01  # wall seconds a rollout step sleeps: almost no CPU (about 0.2 ms a nap measured here)


@pytest.fixture(autouse=True)
def _wall_clock_after():
    yield
    clock.count_cpu_time(False)


def sleepy_rollout(state: State, seat: int, legal: list[Action], rng: random.Random) -> Action:
    time.sleep(NAP)
    return rng.choice(legal)


def _ismcts_iterations(cpu: bool) -> int:
    clock.count_cpu_time(cpu)
    # 40 iterations nap about 500 times: ~5 s of wall time but only ~0.12 CPU seconds, so a 0.5 s cap ends a
    # wall-clock search after a handful of iterations and leaves a CPU-clock search to the iteration cap.
    search = ISMCTS(TOY, SearchConfig(iterations=40, seconds=0.5), rollout=sleepy_rollout)
    state = TOY.new_state(3, {}, 5)
    seat = state.to_act()[0]
    search.choose(state.view(seat), state.legal_actions(seat), random.Random(1))
    return search.last_stats.iterations


def test_ismcts_time_cap_follows_the_chosen_clock() -> None:
    assert _ismcts_iterations(cpu=False) < 15  # 0.5 s of sleeping rollouts: a handful
    assert _ismcts_iterations(cpu=True) == 40  # sleeping costs no CPU: the iteration cap ends it


def test_rollout_planner_time_cap_follows_the_chosen_clock() -> None:
    def planned(cpu: bool) -> int:
        clock.count_cpu_time(cpu)
        game = PushGame(8)
        planner = RolloutPlanner(game, SearchConfig(iterations=60, seconds=0.2),
                                 AIProfile(choose=slow_partner), "normal")
        state = game.new_state(2, {}, 1)
        planner.choose(state.view(0), state.legal_actions(0), random.Random(3))
        return planner.last_stats.iterations

    assert planned(cpu=False) <= 6  # a world of six 0.05 s rollouts fills the 0.2 s wall cap
    assert planned(cpu=True) > 6


def test_arena_cpu_clock_is_reported_and_restored() -> None:
    summary = arena.run_arena("tests.ai.toy_game:GAME", 3, 2, ["easy"], seed=1, progress=False, cpu_clock=True)
    assert summary["clock"] == "cpu"
    assert not clock.counts_cpu_time()  # the caller's searches are capped by the wall clock again
    assert arena.run_arena("tests.ai.toy_game:GAME", 3, 1, ["easy"], seed=1, progress=False)["clock"] == "wall"
