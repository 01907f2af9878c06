"""CPU used by the app while nobody touches it, per screen (the event-driven loop's goal: ≤ 3 % of a core).

Each screen runs in its own child process: a real `App` (not fast mode) on that screen,
driven by its own loop (`App.turn`, as `App.run` does), first until nothing is pending
(the table's AI has answered and its animations ended), then for `--seconds` measured:
the process's CPU time (all its threads) plus its AI worker's (from /proc), over wall time.

Screens: title, setup, results, history, table (a human's turn against the easy AI), rules.

    python -m bench.idle_bench [--seconds 5] [--screens title,table] [--size 1280x720] [--game bluffit] [--json]

Use a real window for meaningful figures (bench.run runs it under xvfb-run when there is no
DISPLAY); with SDL_VIDEODRIVER=dummy the waiting itself differs (SDL's dummy driver polls).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

SCREENS = ("title", "setup", "results", "history", "table", "rules")
GOAL_PERCENT = 3.0
SETTLE_LIMIT = 20.0  # seconds to wait for a screen to have nothing pending
SLOW_TIMER = 0.05  # a scene whose next frame is further away than this is idle (a pulse in steps, a toast)


def _child_cpu_seconds(pid: int) -> float:
    """utime + stime of another process (Linux /proc); 0 where unreadable."""
    try:
        with open(f"/proc/{pid}/stat") as handle:
            fields = handle.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return 0.0


def _finished_session(game_id: str, seed: int):
    """A game played to its end by random legal moves (for the results and history screens)."""
    import random

    from tabletop.engine import registry
    from tabletop.engine.records import Seat
    from tabletop.session import Session

    game = registry.get_game(game_id)
    players = max(game.players.start, min(3, game.players.stop - 1))
    seats = [Seat("Player 1", "human")] + [Seat(f"AI {i}", "easy") for i in range(1, players)]
    session = Session.new(game_id, players, seats, {}, seed=seed)
    rng = random.Random(seed)
    while not session.state.is_over():
        seat = session.state.to_act()[0]
        session.apply(seat, rng.choice(session.state.legal_actions(seat)))
    return session


def _scene(app, screen: str, game_id: str):
    from tabletop.engine import registry
    from tabletop.engine.records import Seat
    from tabletop.session import Session

    if screen == "title":
        from tabletop.ui.scenes.title import TitleScene

        return TitleScene(app)
    if screen == "setup":
        from tabletop.ui.scenes.setup import SetupScene

        return SetupScene(app, game_id)
    if screen == "results":
        from tabletop.ui.scenes.results import ResultsScene

        return ResultsScene(app, _finished_session(game_id, 5))
    if screen == "history":
        from tabletop.ui.scenes.history import HistoryScene
        from tabletop.userdata import archive_record

        for seed in (5, 6, 7):
            archive_record(_finished_session(game_id, seed).record)
        return HistoryScene(app)
    if screen == "rules":
        from tabletop.ui.scenes.rules import RulesScene

        return RulesScene(app, game_id)
    if screen == "table":
        from tabletop.ui.scenes.table import TableScene

        game = registry.get_game(game_id)
        players = max(game.players.start, min(3, game.players.stop - 1))
        seats = [Seat("Player 1", "human")] + [Seat(f"AI {i}", "easy") for i in range(1, players)]
        return TableScene(app, Session.new(game_id, players, seats, {}, seed=11))
    raise ValueError(f"unknown screen {screen!r}; one of {', '.join(SCREENS)}")


def measure(screen: str, seconds: float, size: tuple[int, int], game_id: str) -> dict:
    """In this process: open the app on `screen`, let it settle, measure its idle CPU."""
    import pygame

    from tabletop.ui.app import App

    app = App(size=size, fast=False)
    app.goal_cards = False  # measure the screen itself, not the first-game card over a table
    try:
        app.stack.push(_scene(app, screen, game_id))
        app.request_frame()
        settle_until = time.perf_counter() + SETTLE_LIMIT
        quiet_since = None
        while time.perf_counter() < settle_until:  # settled: a second with nothing moving or thought about
            app.turn()
            due = app.frame_due()
            if (due is None or due > SLOW_TIMER) and app.stack.top.next_poll_in() is None:
                quiet_since = quiet_since or time.perf_counter()
                if time.perf_counter() - quiet_since >= 1.0:
                    break
            else:
                quiet_since = None
        settled = quiet_since is not None
        top = app.stack.top
        worker = getattr(getattr(top, "worker", None), "_process", None)
        worker_pid = worker.pid if worker is not None else None
        frames, turns = app.frames_drawn, 0
        cpu = time.process_time() + (_child_cpu_seconds(worker_pid) if worker_pid else 0.0)
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            app.turn()
            turns += 1
        wall = time.perf_counter() - start
        cpu = time.process_time() + (_child_cpu_seconds(worker_pid) if worker_pid else 0.0) - cpu
        return {"screen": screen, "scene": top.name, "size": f"{size[0]}x{size[1]}",
                "driver": pygame.display.get_driver(), "seconds": wall, "cpu_percent": 100 * cpu / wall,
                "frames": app.frames_drawn - frames, "turns": turns, "settled": settled,
                "native_wait": app.waiter.native, "game": game_id}
    finally:
        while app.stack.scenes:
            app.stack.pop()
        app.sounds.close()
        pygame.quit()


def run(seconds: float, screens: list[str], size: str, game_id: str) -> list[dict]:
    """Every screen in a fresh child process (one window each); rows of measure()."""
    rows = []
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    env.setdefault("TABLETOP_DATA_DIR", tempfile.mkdtemp(prefix="tabletop-idle-bench-"))
    for screen in screens:
        command = [sys.executable, "-m", "bench.idle_bench", "--child", screen, "--seconds", str(seconds),
                   "--size", size, "--game", game_id]
        done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=SETTLE_LIMIT + seconds + 60)
        got = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
        if done.returncode != 0 or not got:
            rows.append({"screen": screen, "error": (done.stderr.strip().splitlines() or ["no output"])[-1]})
        rows.extend(got)
    return rows


def render(rows: list[dict]) -> str:
    from bench.common import table

    body = []
    for r in rows:
        if "error" in r:
            body.append([r["screen"], "-", "-", "-", "-", "-", f"failed: {r['error'][:80]}"])
            continue
        verdict = "met" if r["cpu_percent"] <= GOAL_PERCENT else "not met"
        if not r["settled"]:
            verdict += " (never settled)"
        body.append([r["screen"], r["size"], r["driver"], f"{r['seconds']:.1f}", f"{r['cpu_percent']:.2f}",
                     f"{r['frames']}", verdict])
    return table(["screen", "size", "driver", "seconds", "CPU % of a core", "frames drawn",
                  f"≤ {GOAL_PERCENT:g} %"], body)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.idle_bench", description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="measured seconds per screen")
    parser.add_argument("--screens", default=",".join(SCREENS))
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--game", default="bluffit", help="the game of the setup, table, rules, results screens")
    parser.add_argument("--json", action="store_true", help="one JSON object per line instead of a table")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        os.environ.setdefault("TABLETOP_DATA_DIR", tempfile.mkdtemp(prefix="tabletop-idle-bench-"))
        size = tuple(int(v) for v in args.size.split("x"))
        print(json.dumps(measure(args.child, args.seconds, size, args.game)), flush=True)  # type: ignore[arg-type]
        return 0
    rows = run(args.seconds, args.screens.split(","), args.size, args.game)
    if args.json:
        for row in rows:
            print(json.dumps(row), flush=True)
    else:
        print(render(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
