"""Cost of the undo check (tabletop.undo.check_undo) on a long game of each game.

One human (seat 0) against random seats plays a long configuration of each game to
its end; after every action, once the human has acted, the check runs as the table
does (it caches the answer per record length, so each position costs one check).
Printed per game: record length at the end, how many checks refused for hidden
information, the median, 95th percentile and worst check time, and for comparison
the check without rule 5 and without the cache (a replay from the start, as before).
The UI's goal is well under 100 ms.

    python -m bench.undo_bench [--worlds N] [--seed S] [--no-budget]

By default the check runs as in the UI (sampling stops after MIN_WORLDS worlds once
BUDGET is spent); --no-budget always draws every world (the tests' pure answer).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from bench.common import machine_line, percentile, table
from tabletop import undo
from tabletop.engine.records import Seat
from tabletop.session import Session
from tabletop.undo import BUDGET, WORLDS, check_undo

# Long configurations: most players, longest session options.
LONG_GAMES: tuple[tuple[str, int, dict[str, Any]], ...] = (
    ("bluffit", 6, {"combine": True}),
    ("ghost_bumpers", 6, {"mode": "target", "target": 50}),
    ("bloody_summer", 4, {}),
    ("sumidagawa", 4, {"games": 10}),
    ("kakapo", 4, {}),
    ("haunted_house", 4, {"advanced": True}),
)


def measure(game_id: str, players: int, options: dict[str, Any], seed: int, worlds: int,
            budget: float | None) -> dict[str, Any]:
    rng = random.Random(seed)
    seats = [Seat("human", "human")] + [Seat(f"ai{i}", "random") for i in range(1, players)]
    session = Session.new(game_id, players, seats, options, seed)
    lengths: list[int] = []
    while not session.state.is_over():
        seat = session.state.to_act()[0]
        session.apply(seat, rng.choice(session.state.legal_actions(seat)))
        if any(who == 0 for who, _ in session.record.actions):
            lengths.append(len(session.record.actions))
    record = session.record
    full = list(record.actions)
    checks: list[float] = []
    refused = 0
    undo._points.clear()
    for n in lengths:  # as the table asks: after every action, in order (the cache carries over)
        record.actions = full[:n]
        start = time.perf_counter()
        refused += check_undo(record, 0, worlds, budget).reason == "hidden"
        checks.append(time.perf_counter() - start)
    rules_1_to_4: list[float] = []
    for n in lengths:  # the check before rule 5, without the cache: a replay from the start each time
        record.actions = full[:n]
        undo._points.clear()
        start = time.perf_counter()
        check_undo(record, 0, 0)
        rules_1_to_4.append(time.perf_counter() - start)
    return {"game": game_id, "actions": len(full), "checks": len(checks), "hidden": refused,
            "median": statistics.median(checks), "p95": percentile(checks, 95), "max": max(checks),
            "old_median": statistics.median(rules_1_to_4), "old_max": max(rules_1_to_4)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--worlds", type=int, default=WORLDS)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-budget", action="store_true", help="draw every world (no time budget)")
    args = parser.parse_args()
    rows = []
    for game_id, players, options in LONG_GAMES:
        r = measure(game_id, players, options, args.seed, args.worlds, None if args.no_budget else BUDGET)
        rows.append([r["game"], str(r["actions"]), str(r["checks"]), str(r["hidden"]),
                     f"{1000 * r['median']:.1f}", f"{1000 * r['p95']:.1f}", f"{1000 * r['max']:.1f}",
                     f"{1000 * r['old_median']:.1f}", f"{1000 * r['old_max']:.1f}"])
    print(machine_line())
    budget = "none" if args.no_budget else f"{BUDGET * 1000:.0f} ms"
    print(f"worlds per check: {args.worlds}, sampling budget: {budget}, seed {args.seed}")
    print(table(["game", "actions", "checks", "refused hidden", "median ms", "p95 ms", "max ms",
                 "old check median ms", "old check max ms"], rows))


if __name__ == "__main__":
    main()
