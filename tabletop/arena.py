"""Headless arena: agents play many seeded games; one JSON summary comes out.

`run_arena(...)` plays `games` games of one game with a fixed agent per seat (seats
do NOT rotate: the agents list is per seat, in seat order). Game i is dealt from a
seed derived from (seed, i) and each seat's agent draws from an rng derived from
(game seed, seat), so a run with fixed iteration budgets is reproducible and the
same with any number of jobs. Agents only ever get `state.view(seat)` and
`state.legal_actions(seat)`. Decision times count only real decisions (two or
more legal actions); forced moves are played without asking the agent.

The CLI mounts it as `tabletop arena GAME --players N --games G --agents a,b,c
--seed S --option k=v --jobs J --records DIR --cpu-clock` (see `add_arguments` and `main`).
The summary's shape:

    {"game", "players", "games", "seed", "options", "agents",
     "seats": [{"agent", "mean_score", "win_share", "win_share_ci95": [lo, hi],
                "decision_time_mean", "decision_time_p95"}],
     "coop_success_rate" (null for competitive games), "seconds", "games_per_second",
     "clock": "wall" or "cpu" (what capped the searches and timed the decisions; `--cpu-clock`)}

win_share is the mean of `Result.reward(seat)`: k tied winners get 1/k each; in
co-op games it is the team's success rate. The interval is Wilson's at 95 %.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import random
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop.ai import clock
from tabletop.ai.levels import load_game, make_agent, parse_level
from tabletop.engine.core import Game
from tabletop.engine.records import Record, Seat, save_record
from tabletop.engine.tiled import TiledError


class ArenaError(RuntimeError):
    """An agent or the rules failed during an arena game; the message says which game and where."""


def derive_seed(seed: int, index: int) -> int:
    """A deterministic 62-bit seed for item `index` of a run seeded with `seed`."""
    return random.Random(seed * 1_000_003 + index).getrandbits(62)


@dataclass
class GameOutcome:
    index: int
    seed: int
    scores: list[float]
    rewards: list[float]
    coop_success: bool | None
    decision_times: list[list[float]]
    actions: list[tuple[int, str]] = field(default_factory=list)


def play_game(game: Game, players: int, options: dict[str, Any], agents: list[str], index: int,
              seed: int) -> GameOutcome:
    """Play game `index` of a run seeded `seed`, one agent per seat."""
    game_seed = derive_seed(seed, index)
    seat_agents = [make_agent(game, level) for level in agents]
    rngs = [random.Random(derive_seed(game_seed, seat + 1)) for seat in range(players)]
    times: list[list[float]] = [[] for _ in range(players)]
    actions: list[tuple[int, str]] = []
    state = game.new_state(players, options, game_seed)
    perf = clock.now  # decision times on the clock that caps the searches
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            action = legal[0]
        else:
            start = perf()
            try:
                action = seat_agents[seat].choose(state.view(seat), legal, rngs[seat])
            except Exception as exc:  # name the game so it can be replayed: seed + the actions so far
                raise ArenaError(f"game {index} (seed {game_seed}) failed at action {len(actions)} "
                                 f"({agents[seat]} in seat {seat}): {exc!r}; actions so far: {actions}") from exc
            times[seat].append(perf() - start)
        state.apply(seat, action)
        actions.append((seat, str(action)))
    result = state.result()
    return GameOutcome(index, game_seed, [float(s) for s in result.scores],
                       [result.reward(s) for s in range(players)], result.coop_success, times, actions)


def wilson(p: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval for a proportion p observed over n trials."""
    if n == 0:
        return (0.0, 1.0)
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(max(0.0, p * (1 - p) / n + z * z / (4 * n * n))) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def _p95(values: list[float]) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]


def shown_options(options: dict[str, Any]) -> dict[str, Any]:
    """Options for the summary: a map given by its content (KAKAPO's custom mission) shows its name and hash only.

    Records (--records) keep the whole content so they replay without the file."""
    return {k: {f: v[f] for f in ("name", "sha256") if f in v} if isinstance(v, dict) and "tmx" in v else v
            for k, v in options.items()}


def summarise(game: Game, players: int, options: dict[str, Any], agents: list[str], seed: int,
              outcomes: list[GameOutcome], seconds: float) -> dict[str, Any]:
    outcomes = sorted(outcomes, key=lambda o: o.index)
    n = len(outcomes)
    seats = []
    for seat in range(players):
        share = sum(o.rewards[seat] for o in outcomes) / n if n else 0.0
        lo, hi = wilson(share, n)
        times = [t for o in outcomes for t in o.decision_times[seat]]
        seats.append({
            "agent": agents[seat],
            "mean_score": sum(o.scores[seat] for o in outcomes) / n if n else 0.0,
            "win_share": share,
            "win_share_ci95": [lo, hi],
            "decision_time_mean": sum(times) / len(times) if times else 0.0,
            "decision_time_p95": _p95(times),
        })
    coop = None
    if game.cooperative and n:
        coop = sum(1 for o in outcomes if o.coop_success) / n
    return {
        "game": game.id, "players": players, "games": n, "seed": seed, "options": shown_options(options),
        "agents": list(agents),
        "seats": seats, "coop_success_rate": coop, "seconds": seconds,
        "games_per_second": n / seconds if seconds > 0 else 0.0,
    }


def _job(args: tuple[str, int, dict[str, Any], list[str], int, int]) -> GameOutcome:
    game_ref, players, options, agents, index, seed = args
    return play_game(load_game(game_ref), players, options, agents, index, seed)


class _Progress:
    """A one-line progress bar on stderr."""

    def __init__(self, total: int, label: str, enabled: bool) -> None:
        self.total, self.label, self.enabled = total, label, enabled
        self.start = time.perf_counter()

    def update(self, done: int) -> None:
        if not self.enabled:
            return
        width = 30
        filled = width * done // max(1, self.total)
        elapsed = time.perf_counter() - self.start
        sys.stderr.write(f"\r{self.label} [{'#' * filled}{'.' * (width - filled)}] {done}/{self.total} "
                         f"{elapsed:.1f}s")
        if done >= self.total:
            sys.stderr.write("\n")
        sys.stderr.flush()


def _write_record(records_dir: Path, game: Game, players: int, options: dict[str, Any], agents: list[str],
                  outcome: GameOutcome) -> None:
    record = Record(game.id, players, outcome.seed, options,
                    [Seat(f"{agent} {seat + 1}", agent) for seat, agent in enumerate(agents)],
                    list(outcome.actions), game.version,
                    {"arena_index": outcome.index, "scores": outcome.scores, "rewards": outcome.rewards})
    save_record(records_dir / f"{game.id}-{outcome.index:05d}.json", record)


def run_arena(game_id: str, players: int | None, games: int, agents: list[str], seed: int = 0,
              options: dict[str, Any] | None = None, jobs: int = 1, records_dir: str | Path | None = None,
              progress: bool = True, cpu_clock: bool = False) -> dict[str, Any]:
    """Play `games` games and return the summary (module docstring). ValueError for bad arguments.

    `game_id` is a registry id (or "module:attribute" for unregistered test games);
    `players` None means len(agents), or the game's minimum for a single agent; one
    agent given for several players sits in every seat. `cpu_clock` caps the time-capped levels
    (plain normal, hard) by CPU seconds, so that a loaded machine measures the level, not the load.
    """
    game = load_game(game_id)
    agents = [a.strip() for a in agents if a.strip()] or ["random"]
    for level in agents:
        parse_level(level)
    if players is None:
        players = len(agents) if len(agents) > 1 else game.players.start
    game.check_players(players)
    if len(agents) == 1:
        agents = agents * players
    if len(agents) != players:
        raise ValueError(f"{len(agents)} agents given for {players} players (give one per seat, or one for all)")
    if games < 1:
        raise ValueError("games must be at least 1")
    resolved = game.resolve_options(options)
    records = Path(records_dir) if records_dir is not None else None
    bar = _Progress(games, f"arena {game.id}", progress)
    outcomes: list[GameOutcome] = []
    start = time.perf_counter()

    def collect(outcome: GameOutcome) -> None:
        if records is not None:
            _write_record(records, game, players, resolved, agents, outcome)
        outcome.actions = []  # keep memory flat over long runs
        outcomes.append(outcome)
        bar.update(len(outcomes))

    was_cpu = clock.counts_cpu_time()
    clock.count_cpu_time(cpu_clock)
    try:
        if jobs <= 1 or games == 1:
            for index in range(games):
                collect(play_game(game, players, resolved, agents, index, seed))
        else:
            tasks = [(game_id, players, resolved, agents, index, seed) for index in range(games)]
            with multiprocessing.get_context("spawn").Pool(min(jobs, games), initializer=clock.count_cpu_time,
                                                           initargs=(cpu_clock,)) as pool:
                for outcome in pool.imap_unordered(_job, tasks):
                    collect(outcome)
    finally:
        clock.count_cpu_time(was_cpu)
    summary = summarise(game, players, resolved, agents, seed, outcomes, time.perf_counter() - start)
    summary["clock"] = "cpu" if cpu_clock else "wall"
    return summary


def parse_options(pairs: list[str] | None) -> dict[str, str]:
    """["k=v", ...] -> {"k": "v"}; the game parses the values."""
    options: dict[str, str] = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise ValueError(f"--option expects key=value, not {pair!r}")
        options[key.strip()] = value.strip()
    return options


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Mount the arena's arguments on a (sub)parser."""
    parser.add_argument("game", help="game id, e.g. bluffit")
    parser.add_argument("--players", type=int, default=None, help="number of players (default: one per agent)")
    parser.add_argument("--games", type=int, default=100, help="games to play (default 100)")
    parser.add_argument("--agents", default="random",
                        help="comma-separated level per seat: random, easy, normal, hard, normal:ITER, hard:ITER; "
                             "one level fills every seat")
    parser.add_argument("--seed", type=int, default=0, help="run seed (game i uses a seed derived from it)")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="game option (repeatable)")
    parser.add_argument("--jobs", type=int, default=1, help="games played in parallel processes")
    parser.add_argument("--records", default=None, metavar="DIR", help="save every game as a record in DIR")
    parser.add_argument("--quiet", action="store_true", help="no progress bar on stderr")
    parser.add_argument("--cpu-clock", action="store_true",
                        help="time caps (plain normal, hard) and decision times count CPU seconds: a level "
                             "searches as deep as on a quiet core however busy the machine is")


def main(args: argparse.Namespace) -> int:
    """Run the arena from parsed arguments; prints one JSON object to stdout. Returns an exit code."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # a game that imports pygame must not print to stdout
    try:
        summary = run_arena(args.game, args.players, args.games, args.agents.split(","), args.seed,
                            parse_options(args.option), args.jobs, args.records, not args.quiet,
                            cpu_clock=args.cpu_clock)
    except TiledError as exc:  # a map given by path (--option mission=PATH.tmx): the loader's one line
        print(exc, file=sys.stderr)
        return 2
    except ValueError as exc:
        print(f"arena: {exc}", file=sys.stderr)
        return 2
    except ArenaError as exc:
        print(f"arena: {exc}", file=sys.stderr)
        return 1
    print(json.dumps(summary, indent=1, ensure_ascii=False))
    return 0


if __name__ == "__main__":  # pragma: no cover - `python -m tabletop.arena` while the CLI is being written
    _parser = argparse.ArgumentParser(prog="python -m tabletop.arena", description=__doc__.splitlines()[0])
    add_arguments(_parser)
    sys.exit(main(_parser.parse_args()))
