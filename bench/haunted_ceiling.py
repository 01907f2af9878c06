"""Haunted House ceiling: how often can a team win that plans knowing the jewel numbers and the ghost deck order?

No level may know these (agents see only Views); this measures what perfect knowledge of the
hidden cards is worth, so the levels' success rates can be judged against it. Every decision
is made like the rollout planner's (tabletop/ai/rollout_planner.py): candidates are the team
heuristic's proposal and the other legal moves (at most MAX_CANDIDATES), each played out with
the heuristic in `--worlds` futures, common random numbers per future, valued by the shaped
value (success 1, else jewels out). The futures are the *true* state with only the dice (and
reshuffles of the discards) redrawn: the deck order and jewel numbers are the real ones.

    python -m bench.haunted_ceiling [--games 40] [--advanced] [--worlds 8] [--seed 8] [--jobs 2]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from multiprocessing import get_context

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from tabletop.ai.heuristics import haunted_house as heuristic  # noqa: E402
from tabletop.ai.rollout_planner import MAX_CANDIDATES  # noqa: E402
from tabletop.arena import wilson  # noqa: E402
from tabletop.engine import registry  # noqa: E402
from tabletop.engine.core import Action, Chance, State  # noqa: E402

PLAYERS = 4


def _play_out(state: State, action: Action, seat: int, seed: int) -> float:
    rng = random.Random(seed)
    state.apply_unchecked(seat, action)
    to_act = state.to_act()
    while to_act:
        mover = to_act[0]
        legal = state.legal_actions(mover)
        move = legal[0] if len(legal) == 1 else heuristic.choose(state.view(mover), legal, rng)
        state.apply_unchecked(mover, move)
        to_act = state.to_act()
    return heuristic.value(state, seat)


def oracle_choice(state: State, seat: int, legal: list[Action], worlds: int, rng: random.Random) -> Action:
    """The candidate with the best mean over `worlds` futures of the true state (dice redrawn)."""
    proposal = heuristic.choose(state.view(seat), legal, random.Random(rng.getrandbits(64)))
    others = [a for a in legal if a != proposal]
    if len(others) >= MAX_CANDIDATES:
        others = rng.sample(others, MAX_CANDIDATES - 1)
    candidates = [proposal, *others]
    totals = [0.0] * len(candidates)
    for _ in range(worlds):
        chance_seed, seed = rng.getrandbits(62), rng.getrandbits(64)
        for i, action in enumerate(candidates):
            world = state.clone()
            world.chance = Chance(chance_seed)  # type: ignore[attr-defined]  # same dice for every candidate
            totals[i] += _play_out(world, action, seat, seed)
    best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
    return candidates[best]


def play(args: tuple[int, bool, int]) -> bool:
    seed, advanced, worlds = args
    game = registry.get_game("haunted_house")
    state = game.new_state(PLAYERS, game.resolve_options({"advanced": advanced}), seed)
    rng = random.Random(seed)
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        action = legal[0] if len(legal) == 1 else oracle_choice(state, seat, legal, worlds, rng)
        state.apply(seat, action)
    return bool(state.result().coop_success)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.haunted_ceiling", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--advanced", action="store_true")
    parser.add_argument("--worlds", type=int, default=8, help="futures per candidate and decision")
    parser.add_argument("--seed", type=int, default=8)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    tasks = [(args.seed * 100_003 + i, args.advanced, args.worlds) for i in range(args.games)]
    if args.jobs > 1:
        with get_context("spawn").Pool(args.jobs) as pool:
            wins = pool.map(play, tasks)
    else:
        wins = [play(t) for t in tasks]
    rate = sum(wins) / len(wins)
    low, high = wilson(rate, len(wins))
    mode = "advanced" if args.advanced else "basic"
    print(f"haunted_house {mode}, oracle team ({args.worlds} futures per candidate): "
          f"{sum(wins)}/{len(wins)} = {rate:.3f} [{low:.2f}, {high:.2f}]")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
