"""AI benchmark: per available game, engine speed, ISMCTS speed and decision times per level.

Columns:
- games/s, actions/s: random full games through `legal_actions` + `apply_unchecked` (the search's path);
- iter/s, iter/cpu-s: ISMCTS iterations per wall-clock and per CPU second at the game's first real decision
  (1 s search with the game's rollout policy, evaluator and segment, as the levels search);
- <level> mean/p95: seconds per decision for each level, over decisions sampled along random games.

    python -m bench.ai_bench [--games bluffit,kakapo] [--players 4] [--decisions 5] [--levels easy,normal,hard]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from bench import game_bench  # noqa: E402
from tabletop.ai.ismcts import SearchConfig  # noqa: E402
from tabletop.ai.levels import game_search, make_agent  # noqa: E402
from tabletop.engine import registry  # noqa: E402
from tabletop.engine.core import Game, State  # noqa: E402


def _players(game: Game, wanted: int | None) -> int:
    if wanted is not None and wanted in game.players:
        return wanted
    return max(game.players.start, min(4, game.players.stop - 1))


def random_speed(game: Game, players: int, seconds: float) -> tuple[float, float]:
    """(games per second, actions per second) of random play."""
    games, actions, elapsed = game_bench.random_speed(game, players, seconds)
    return games / elapsed, actions / elapsed


def decision_points(game: Game, players: int, count: int, seed: int = 0) -> list[tuple[State, int]]:
    """Decisions (two or more legal actions) spread along random games."""
    rng = random.Random(seed)
    options = game.resolve_options({})
    points: list[tuple[State, int]] = []
    index = 0
    while len(points) < count:
        state = game.new_state(players, options, seed * 1000 + index)
        index += 1
        decisions: list[tuple[State, int]] = []
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            if len(legal) > 1:
                decisions.append((state.clone(), seat))
            state.apply_unchecked(seat, legal[rng.randrange(len(legal))])
        if decisions:
            step = max(1, len(decisions) // count)
            points.extend(decisions[rng.randrange(step)::step][: count - len(points)])
    return points


def iterations_per_second(game: Game, players: int, seconds: float) -> tuple[float, float]:
    """ISMCTS iterations per wall-clock second and per CPU second (the second is steadier on a shared machine)."""
    state, seat = decision_points(game, players, 1)[0]
    agent = game_search(game, SearchConfig(iterations=None, seconds=seconds))
    cpu = time.process_time()
    agent.choose(state.view(seat), state.legal_actions(seat), random.Random(1))
    cpu = time.process_time() - cpu
    stats = agent.last_stats
    assert stats is not None
    return stats.iterations / stats.seconds, stats.iterations / max(cpu, 1e-9)


def decision_times(game: Game, points: list[tuple[State, int]], level: str) -> tuple[float, float]:
    agent = make_agent(game, level)
    times = []
    for i, (state, seat) in enumerate(points):
        start = time.perf_counter()
        agent.choose(state.view(seat), state.legal_actions(seat), random.Random(i))
        times.append(time.perf_counter() - start)
    times.sort()
    p95 = times[min(len(times) - 1, max(0, int(0.95 * len(times) + 0.999) - 1))]
    return sum(times) / len(times), p95


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.ai_bench", description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=None, help="comma-separated game ids (default: all available)")
    parser.add_argument("--players", type=int, default=None, help="players (default: 4 where allowed)")
    parser.add_argument("--decisions", type=int, default=5, help="decisions timed per level and game")
    parser.add_argument("--levels", default="easy,normal,hard", help="levels to time")
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds of random play for engine speed")
    args = parser.parse_args(argv)
    games = ([registry.get_game(g) for g in args.games.split(",")] if args.games
             else registry.available_games())
    levels = [lv for lv in args.levels.split(",") if lv]
    header = f"{'game':<15}{'P':>2}{'games/s':>10}{'actions/s':>11}{'iter/s':>9}{'iter/cpu-s':>12}"
    header += "".join(f"{lv + ' mean':>13}{lv + ' p95':>12}" for lv in levels)
    print(header)
    print("-" * len(header))
    for game in games:
        players = _players(game, args.players)
        gps, aps = random_speed(game, players, args.seconds)
        ips, ipc = iterations_per_second(game, players, 1.0)
        points = decision_points(game, players, args.decisions, seed=1)
        row = f"{game.id:<15}{players:>2}{gps:>10.1f}{aps:>11.0f}{ips:>9.0f}{ipc:>12.0f}"
        for level in levels:
            mean, p95 = decision_times(game, points, level)
            row += f"{mean:>13.3f}{p95:>12.3f}"
        print(row, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
