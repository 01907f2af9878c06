"""Engine speed: random full games through `legal_actions` + `apply_unchecked`, one core.

For every available game at its smallest and largest player count: games/s and
actions/s (legal-move generation included, no checks, no views). The goal for
the card games is 150,000 actions/s.

Time is this process's CPU time, so other work on a shared machine does not count
as ours (on a quiet machine it equals the wall clock). `--repeat N` runs each row N
times and keeps the best, which is how figures are quoted under contention. The N runs
are rounds over all the rows, not N runs of a row in a row: this VM's speed drifts by
tens of percent over minutes, and a slow minute should not decide all of one row's runs.
The slowest run of each row is shown beside the best, so the drift stays visible.

    python -m bench.game_bench [--seconds 0.8] [--repeat 1]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from bench.common import table  # noqa: E402
from tabletop.engine import registry  # noqa: E402
from tabletop.engine.core import Game  # noqa: E402

CARD_GAMES = ("bluffit", "ghost_bumpers", "bloody_summer", "sumidagawa", "kakapo")
GOAL_ACTIONS_PER_SECOND = 150_000


def random_speed(game: Game, players: int, seconds: float, seed: int = 0) -> tuple[int, int, float]:
    """(games, actions, elapsed seconds) of random play for about `seconds` (whole games only)."""
    rng = random.Random(seed)
    options = game.resolve_options({})
    perf = time.process_time
    start = perf()
    games = actions = 0
    while perf() - start < seconds or games == 0:
        state = game.new_state(players, options, seed * 100_003 + games)
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            state.apply_unchecked(seat, legal[rng.randrange(len(legal))])
            actions += 1
        games += 1
    return games, actions, perf() - start


def run(seconds: float = 0.8, repeat: int = 1) -> list[dict]:
    cases = [(game, players) for game in registry.available_games()
             for players in sorted({game.players.start, game.players.stop - 1})]
    runs: list[list[tuple[int, int, float]]] = [[] for _ in cases]
    for _ in range(max(1, repeat)):  # rounds over every row (see the module's note)
        for i, (game, players) in enumerate(cases):
            runs[i].append(random_speed(game, players, seconds))
    rows = []
    for (game, players), row_runs in zip(cases, runs, strict=True):
        games, actions, elapsed = max(row_runs, key=lambda r: r[1] / r[2])  # the best run
        slowest = min(r[1] / r[2] for r in row_runs)
        rows.append({"game": game.id, "players": players, "games_per_s": games / elapsed,
                     "actions_per_s": actions / elapsed, "actions_per_game": actions / games,
                     "slowest_run_actions_per_s": slowest, "card_game": game.id in CARD_GAMES})
    return rows


def render(rows: list[dict]) -> str:
    body = []
    for r in rows:
        goal = ("met" if r["actions_per_s"] >= GOAL_ACTIONS_PER_SECOND else "not met") if r["card_game"] else "-"
        body.append([r["game"], str(r["players"]), f"{r['games_per_s']:.0f}", f"{r['actions_per_s']:,.0f}",
                     f"{r['slowest_run_actions_per_s']:,.0f}", f"{r['actions_per_game']:.0f}", goal])
    return table(["game", "players", "games/s", "actions/s", "slowest run", "actions/game", "≥150k (card games)"],
                 body)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.game_bench", description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=0.8, help="seconds of random play per game and count")
    parser.add_argument("--repeat", type=int, default=1, help="runs per game and count; the best is shown")
    args = parser.parse_args(argv)
    print(render(run(args.seconds, args.repeat)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
