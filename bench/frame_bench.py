"""Frame time of every table scene while the AI plays (software rendering).

Each game's table, all seats the same AI level (easy by default; --level hard) thinking in the app's own AI worker
process (as in the app), AI speed "instant" so moves keep coming, driven by the app's own loop
(`App.turn`: at most 60 fps, sleeping while nothing changes). A frame is what `App.step`
times for a frame it draws: events, update, draw, present (only the changed bands).
When a game ends, a new one is dealt so every frame is a table frame.

Measuring starts after a warm-up of at least `warmup` seconds that also waits (up to 10 s) for the
start-up work running beside the loop to end: the AI worker process starting (a new Python process
importing the app, which the table's first AI move waits for) and the sound effects being synthesised
(once per app, on a thread). Both belong to opening the app or a table, not to playing; on 2 cores they
would take the loop's core for the first second. Start-up has its own row (`bench.start_bench`).

    python -m bench.frame_bench [--seconds 6] [--sizes 1280x720,1920x1080] [--json] [--slow N]

`--slow N` profiles every frame of the run (cProfile, so the figures of that run are inflated)
and prints, per game and size, where the N slowest drawn frames spent their CPU time: the
phases (events and update, draw, present) and the functions that took most of it.

The video driver is whatever SDL_VIDEODRIVER says (bench.run uses dummy, and x11
under xvfb-run when that exists).
"""

from __future__ import annotations

import argparse
import cProfile
import heapq
import io
import json
import os
import pstats
import sys
import tempfile
import time

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


# Functions whose cumulative time is a phase of App.step (the rest is events and update).
_PHASES = {"draw": ("app.py", "draw"), "present": ("present.py", "present")}


class SlowFrames:
    """Profiles each App.step and keeps the N drawn frames that took the most CPU time."""

    def __init__(self, app, keep: int) -> None:
        self.keep = keep
        self.frames: list[tuple[float, int, pstats.Stats]] = []  # a min-heap on CPU time
        self._step = app.step
        self._count = 0
        self.measuring = False
        app.step = self.step

    def step(self, dt: float, redraw: bool = True) -> bool:
        profile = cProfile.Profile(time.thread_time)
        cpu = time.thread_time()
        drawn = profile.runcall(self._step, dt, redraw)
        spent = time.thread_time() - cpu
        if drawn and self.measuring:
            self._count += 1
            entry = (spent, self._count, pstats.Stats(profile))
            if len(self.frames) < self.keep:
                heapq.heappush(self.frames, entry)
            elif spent > self.frames[0][0]:
                heapq.heapreplace(self.frames, entry)
        return drawn

    def report(self, title: str, top: int = 14) -> str:
        out = io.StringIO()
        for spent, index, stats in sorted(self.frames, reverse=True):
            phases = {name: 0.0 for name in _PHASES}
            for (file, _, func), (_, _, _, cumulative, _) in stats.stats.items():  # type: ignore[attr-defined]
                for name, (suffix, wanted) in _PHASES.items():
                    if func == wanted and file.endswith(suffix):
                        phases[name] += cumulative
            rest = spent - sum(phases.values())
            print(f"\n== {title}: frame {index}, {spent * 1000:.1f} ms CPU (profiled) — events+update "
                  f"{rest * 1000:.1f}, draw {phases['draw'] * 1000:.1f}, present {phases['present'] * 1000:.1f}",
                  file=out)
            stats.stream = out  # type: ignore[attr-defined]
            stats.sort_stats("tottime").print_stats(top)
        return out.getvalue()


def measure(game_id: str, size: tuple[int, int], seconds: float, warmup: float = 0.5, level: str = "easy",
            slow: int = 0) -> dict:
    import pygame

    from bench.common import percentile
    from tabletop.engine import registry
    from tabletop.engine.records import Seat
    from tabletop.session import Session
    from tabletop.ui.app import App
    from tabletop.ui.scenes.table import TableScene

    app = App(size=size, fast=False)
    app.settings.ai_speed = "instant"
    profiler = SlowFrames(app, slow) if slow else None
    game = registry.get_game(game_id)
    players = max(game.players.start, min(4, game.players.stop - 1))
    seed = 1

    def new_table() -> TableScene:
        nonlocal seed
        seed += 1
        seats = [Seat(f"AI {i + 1}", level) for i in range(players)]
        scene = TableScene(app, Session.new(game_id, players, seats, {}, seed=seed))
        app.stack.reset(scene)
        return scene

    try:
        table = new_table()
        start = time.perf_counter()
        times: list[float] = []
        cpu_times: list[float] = []  # the same frames in the loop thread's CPU time: robust to a busy machine
        actions_before = 0
        actions = 0
        turns = 0
        measuring_from = None  # perf_counter when the warm-up ended
        while measuring_from is None or time.perf_counter() - measuring_from < seconds:
            if app.stack.top is not table or table.session.state.is_over():
                actions += len(table.session.record.actions) - actions_before
                table = new_table()
                actions_before = 0
            app.frame_times.clear()
            app.frame_cpu_times.clear()
            app.turn()
            if measuring_from is None and time.perf_counter() - start >= warmup and (
                    (table.session.record.actions and app.sounds.ready()) or time.perf_counter() - start >= 10):
                measuring_from = time.perf_counter()
                continue
            if profiler is not None:
                profiler.measuring = measuring_from is not None
            if measuring_from is not None:
                times.extend(app.frame_times)
                cpu_times.extend(app.frame_cpu_times)
                turns += 1
        actions += len(table.session.record.actions) - actions_before
        driver = pygame.display.get_driver()
        if profiler is not None:
            print(profiler.report(f"{game_id} {size[0]}x{size[1]}"), flush=True)
    finally:
        while app.stack.scenes:
            app.stack.pop()
        app.sounds.close()
        pygame.quit()
    return {"game": game_id, "size": f"{size[0]}x{size[1]}", "driver": driver, "frames": len(times),
            "p50_ms": percentile(times, 50) * 1000, "p99_ms": percentile(times, 99) * 1000,
            "max_ms": max(times) * 1000 if times else 0.0, "ai_actions": actions, "level": level, "turns": turns,
            "cpu_p50_ms": percentile(cpu_times, 50) * 1000, "cpu_p99_ms": percentile(cpu_times, 99) * 1000}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.frame_bench", description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=6.0,
                        help="measured seconds per scene and size (~65 frames a second)")
    parser.add_argument("--sizes", default="1280x720,1920x1080")
    parser.add_argument("--games", default=None, help="comma-separated game ids (default: all with a board)")
    parser.add_argument("--json", action="store_true", help="one JSON object per line instead of a table")
    parser.add_argument("--level", default="easy",
                        help="AI level of every seat (hard: frames while a long search runs)")
    parser.add_argument("--slow", type=int, default=0, metavar="N",
                        help="profile the run and print where the N slowest frames spent their time")
    args = parser.parse_args(argv)
    os.environ.setdefault("TABLETOP_DATA_DIR", tempfile.mkdtemp(prefix="tabletop-frame-bench-"))
    from bench.common import table
    from tabletop.engine import registry
    from tabletop.ui.games import has_board

    ids = args.games.split(",") if args.games else [g.id for g in registry.available_games() if has_board(g.id)]
    sizes = [tuple(int(v) for v in s.split("x")) for s in args.sizes.split(",")]
    rows = []
    for game_id in ids:
        for size in sizes:
            row = measure(game_id, size, args.seconds, level=args.level, slow=args.slow)  # type: ignore[arg-type]
            rows.append(row)
            if args.json:
                print(json.dumps(row), flush=True)
    if not args.json:
        print(table(["game", "size", "driver", "frames", "p50 ms", "p99 ms", "max ms", "CPU p50 ms", "CPU p99 ms"],
                    [[r["game"], r["size"], r["driver"], str(r["frames"]), f"{r['p50_ms']:.1f}",
                      f"{r['p99_ms']:.1f}", f"{r['max_ms']:.1f}", f"{r['cpu_p50_ms']:.1f}",
                      f"{r['cpu_p99_ms']:.1f}"] for r in rows]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
