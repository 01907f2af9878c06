"""Haunted House ceiling: how often can a team win that plans knowing the jewel numbers and the ghost deck order?

No level may know these (agents see only Views); this measures what perfect knowledge of the
hidden cards is worth, so the levels' success rates can be judged against it. Every decision is
made by the levels' rollout planner (tabletop/ai/rollout_planner.py, with its guard against
noise) at a fixed budget, except that its "sampled worlds" are the *true* state with only the
dice (and later reshuffles of the discards) redrawn: the deck order and jewel numbers are real.
`--shaped` values finished rollouts by the heuristic's shaped value (success 1, else jewels out)
instead of success alone. Game i is dealt as game i of `tabletop arena haunted_house --seed SEED`, so the
ceiling and the levels can be compared on the same deals.

    python -m bench.haunted_ceiling [--games 40] [--first 0] [--advanced] [--rollouts 60] [--shaped] [--seed 8] \
        [--jobs 2]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Iterable
from dataclasses import replace
from multiprocessing import get_context

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from tabletop.ai.heuristics import haunted_house as heuristic  # noqa: E402
from tabletop.ai.ismcts import SearchConfig  # noqa: E402
from tabletop.ai.rollout_planner import RolloutPlanner  # noqa: E402
from tabletop.arena import derive_seed, wilson  # noqa: E402
from tabletop.engine import registry  # noqa: E402
from tabletop.engine.core import Chance, State, View  # noqa: E402

PLAYERS = 4


class TrueWorlds:
    """Stands in for the game where the planner samples worlds: the true state, dice redrawn."""

    def __init__(self) -> None:
        self.state: State | None = None

    def sample_state(self, view: View, rng: random.Random) -> State:
        assert self.state is not None
        world = self.state.clone()
        world.chance = Chance(rng.getrandbits(62))  # type: ignore[attr-defined]
        return world


def play(args: tuple[int, bool, int, bool]) -> tuple[bool, int]:
    """(success, jewels out) of one game played by the oracle team."""
    seed, advanced, rollouts, shaped = args
    game = registry.get_game("haunted_house")
    state = game.new_state(PLAYERS, game.resolve_options({"advanced": advanced}), seed)
    worlds = TrueWorlds()
    profile = replace(heuristic.PROFILE, value=heuristic.shaped_value if shaped else None)
    planner = RolloutPlanner(worlds, SearchConfig(iterations=rollouts), profile, "oracle")  # type: ignore[arg-type]
    rng = random.Random(seed)
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        worlds.state = state
        action = legal[0] if len(legal) == 1 else planner.choose(state.view(seat), legal, rng)
        state.apply(seat, action)
    return bool(state.result().coop_success), state.deposited


def _progress(wins: list[bool], jewels: int) -> None:
    """One line per finished game on stderr, so a run stopped early still says how far it got."""
    print(f"game {len(wins) - 1}: {'won' if wins[-1] else 'lost'}, {jewels} jewels out ({sum(wins)}/{len(wins)})",
          file=sys.stderr, flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.haunted_ceiling", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--first", type=int, default=0, help="index of the first game (to continue a run)")
    parser.add_argument("--advanced", action="store_true")
    parser.add_argument("--rollouts", type=int, default=60, help="planner rollouts per decision")
    parser.add_argument("--shaped", action="store_true", help="value rollouts by jewels out, not success alone")
    parser.add_argument("--seed", type=int, default=8)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    games = range(args.first, args.first + args.games)
    tasks = [(derive_seed(args.seed, i), args.advanced, args.rollouts, args.shaped) for i in games]
    wins: list[bool] = []
    jewels = 0

    def collect(outcomes: Iterable[tuple[bool, int]]) -> None:
        nonlocal jewels
        for won, out in outcomes:
            wins.append(won)
            jewels += out
            _progress(wins, out)

    if args.jobs > 1:
        with get_context("spawn").Pool(args.jobs) as pool:
            collect(pool.imap(play, tasks))
    else:
        collect(map(play, tasks))
    rate = sum(wins) / len(wins)
    low, high = wilson(rate, len(wins))
    mode = "advanced" if args.advanced else "basic"
    value = "shaped value" if args.shaped else "success"
    print(f"haunted_house {mode}, oracle planner ({args.rollouts} rollouts per decision, {value}): "
          f"{sum(wins)}/{len(wins)} = {rate:.3f} [{low:.2f}, {high:.2f}], {jewels / len(wins):.2f} jewels out a game")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
