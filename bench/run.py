"""Entry point of `make bench`: every benchmark in turn, one table, written to bench/RESULTS.md.

Parts (each budgeted so the whole run takes about seven minutes on two cores):
1. engine speed, random play (bench.game_bench);
2. AI: engine speed, ISMCTS iterations/s and decision times per level (bench.ai_bench, its own table);
3. frame time of every table scene while the AI plays, 1280x720 and 1920x1080, software rendering with
   the dummy driver, and in a real X window under xvfb-run (or $DISPLAY) when one is available
   (bench.frame_bench, in child processes; the real-window rows measure twice as long);
4. idle CPU of each screen (title, setup, results, history, a table waiting for a human, rules) in a
   real X window, skipped with a note when there is none (bench.idle_bench);
5. the phone table: tap and push latency, frames and idle CPU with six phones (bench.phone_bench);
6. app start to first frame, from source and the one-file build if dist/ has one (bench.start_bench);
7. peak memory of a 4-player game with hard AI (bench.memory_bench);
8. the review of a finished game: CPU seconds of one seat's whole review per game at its largest player
   count, and the results screen's frames while a review runs in the worker (bench.review_bench).

    python -m bench.run [--quick]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import shutil
import subprocess
import sys
import time

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from bench import (  # noqa: E402
    ai_bench,
    game_bench,
    idle_bench,
    memory_bench,
    phone_bench,
    review_bench,
    start_bench,
)
from bench.common import BENCH_DIR, date_line, git_commit, log, machine_line, python_env, table  # noqa: E402

AI_LEVELS = ("easy", "normal", "hard")
GOAL_ITERATIONS = 1500
GOAL_FRAME_P99_MS = {"1280x720": 8.0, "1920x1080": 12.0}
GOAL_START_S = 0.5


def run_ai_bench(decisions: int, seconds: float) -> tuple[str, dict[str, dict[str, float]]]:
    """Call ai_bench's own main (its table, unchanged) and read its figures back for the goals."""
    argv = ["--decisions", str(decisions), "--seconds", str(seconds), "--levels", ",".join(AI_LEVELS)]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        ai_bench.main(argv)
    text = out.getvalue().rstrip()
    figures: dict[str, dict[str, float]] = {}
    for line in text.splitlines()[2:]:
        cells = line.split()
        if len(cells) < 5 + 2 * len(AI_LEVELS):
            continue
        try:
            row = {"players": float(cells[1]), "games/s": float(cells[2]), "actions/s": float(cells[3]),
                   "iter/s": float(cells[4])}
            for i, level in enumerate(AI_LEVELS):
                row[f"{level} mean"] = float(cells[5 + 2 * i])
                row[f"{level} p95"] = float(cells[6 + 2 * i])
        except ValueError:
            continue
        figures[cells[0]] = row
    return text, figures


def real_window(command: list[str]) -> tuple[str, list[str], dict[str, str]] | None:
    """`command` run in a real X window: on $DISPLAY, else under xvfb-run; None if neither exists."""
    env = {k: v for k, v in python_env().items() if k != "SDL_VIDEODRIVER"}
    env["SDL_VIDEODRIVER"] = "x11"
    if os.environ.get("DISPLAY"):
        return "x11 ($DISPLAY)", command, env
    if shutil.which("xvfb-run"):
        return "x11 (Xvfb)", ["xvfb-run", "-a", "-s", "-screen 0 1920x1080x24", *command], env
    return None


def idle_runs(seconds: float) -> list[dict] | str:
    """Idle CPU per screen in a real window (rows of bench.idle_bench), or the note why it was skipped."""
    run = real_window([sys.executable, "-m", "bench.idle_bench", "--json", "--seconds", str(seconds)])
    if run is None:
        log("idle bench: no DISPLAY and no xvfb-run, skipped")
        return "skipped: no real window (no DISPLAY and no xvfb-run); the dummy driver's waiting is not the real one"
    label, command, env = run
    try:
        done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=900)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"failed: {exc}"
    rows = [dict(json.loads(ln), mode=label) for ln in done.stdout.splitlines() if ln.startswith("{")]
    return rows or "failed: " + (done.stderr.strip().splitlines() or ["no output"])[-1]


def phone_runs(moves: int, seconds: float) -> dict | str:
    """The phone table's latency, frames and idle CPU (bench.phone_bench), in a real window when one can be had."""
    command = [sys.executable, "-m", "bench.phone_bench", "--json", "--moves", str(moves), "--idle-seconds",
               str(seconds)]
    run = real_window(command) or ("dummy", command, dict(python_env(), SDL_VIDEODRIVER="dummy"))
    label, command, env = run
    try:
        done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=900)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"failed: {exc}"
    got = [json.loads(ln) for ln in done.stdout.splitlines() if ln.startswith("{")]
    if done.returncode != 0 or not got:
        return "failed: " + (done.stderr.strip().splitlines() or ["no output"])[-1]
    return dict(got[0], mode=label)


def frame_runs(seconds: float) -> list[dict]:
    """Frame bench with the dummy driver, then in a real X window if one can be had."""
    base = [sys.executable, "-m", "bench.frame_bench", "--json", "--seconds", str(seconds)]
    hard = [*base, "--games", "bluffit", "--sizes", "1280x720", "--level", "hard"]
    runs: list[tuple[str, list[str], dict[str, str]]] = [
        ("dummy", base, dict(python_env(), SDL_VIDEODRIVER="dummy")),
        ("dummy, hard AI thinking", hard, dict(python_env(), SDL_VIDEODRIVER="dummy")),
    ]
    # The goal's own rows (a real window) run twice as long: the X server's share of a frame makes their
    # slowest frames noisier, and ~780 frames put p99 at the 8th-slowest frame, not the 4th.
    window = real_window([sys.executable, "-m", "bench.frame_bench", "--json", "--seconds", str(2 * seconds)])
    if window is not None:
        runs.append(window)
    else:
        log("frame bench: no DISPLAY and no xvfb-run, real-window part skipped")
    rows: list[dict] = []
    for label, command, env in runs:
        log(f"frame bench: {label} …")
        try:
            done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=600)
        except (OSError, subprocess.TimeoutExpired) as exc:
            rows.append({"mode": label, "error": str(exc)})
            continue
        got = [json.loads(ln) for ln in done.stdout.splitlines() if ln.startswith("{")]
        if done.returncode != 0 or not got:
            rows.append({"mode": label, "error": (done.stderr.strip().splitlines() or ["no output"])[-1]})
        rows.extend(dict(r, mode=label) for r in got)
    return rows


def render_frames(rows: list[dict]) -> str:
    body = []
    for r in rows:
        if "error" in r:
            body.append([r["mode"], "-", "-", "-", "-", "-", f"failed: {r['error'][:80]}", "-", "-"])
            continue
        body.append([r["mode"], r["game"], r["size"], str(r["frames"]), f"{r['p50_ms']:.1f}", f"{r['p99_ms']:.1f}",
                     f"{r['max_ms']:.1f}", f"{r.get('cpu_p50_ms', 0):.1f}", f"{r.get('cpu_p99_ms', 0):.1f}"])
    return table(["driver", "table scene", "size", "frames drawn", "p50 ms", "p99 ms", "max ms", "CPU p50 ms",
                  "CPU p99 ms"], body)


def review_runs(seconds: float) -> tuple[list[dict], list[dict]]:
    """bench.review_bench in a child process (its own pygame, its own worker): review times, then frames."""
    command = [sys.executable, "-m", "bench.review_bench", "--json", "--seconds", str(seconds),
               "--frame-games", "bluffit"]
    try:
        done = subprocess.run(command, env=dict(python_env(), SDL_VIDEODRIVER="dummy"), capture_output=True,
                              text=True, timeout=1200)
    except (OSError, subprocess.TimeoutExpired) as exc:
        log(f"review bench failed: {exc}")
        return [], []
    rows = [json.loads(ln) for ln in done.stdout.splitlines() if ln.startswith("{")]
    return [r for r in rows if "cpu_s" in r], [r for r in rows if "p99_ms" in r]


def goals(game_rows: list[dict], ai: dict[str, dict[str, float]], frames: list[dict], idle: list[dict] | str,
          starts: list[dict], reviews: tuple[list[dict], list[dict]] = ([], [])) -> str:
    body = []
    slow_cards = [f"{r['game']}/{r['players']}p {r['actions_per_s']:,.0f}" for r in game_rows
                  if r["card_game"] and r["actions_per_s"] < game_bench.GOAL_ACTIONS_PER_SECOND]
    worst = min((r["actions_per_s"] for r in game_rows if r["card_game"]), default=0.0)
    body.append(["random play ≥ 150,000 actions/s, every card game", f"slowest {worst:,.0f}",
                 "met" if not slow_cards else "not met: " + "; ".join(slow_cards)])
    if ai:
        low = {g: r["iter/s"] for g, r in ai.items() if r["iter/s"] < GOAL_ITERATIONS}
        body.append([f"ISMCTS ≥ {GOAL_ITERATIONS} iterations/s at an early decision",
                     f"slowest {min(r['iter/s'] for r in ai.values()):,.0f}",
                     "met" if not low else "not met: " + ", ".join(f"{g} {v:,.0f}" for g, v in low.items())])
    measured = [r for r in frames if "error" not in r]
    # The goal is a real window's (the dummy driver skips presenting, the frame's dearest part); the dummy
    # rows stay in the frame table as a reference and judge the goal only where no X server could be had.
    if any(r["mode"].startswith("x11") for r in measured):
        measured = [r for r in measured if r["mode"].startswith("x11")]
    for size, goal in GOAL_FRAME_P99_MS.items():
        rows = [r for r in measured if r["size"] == size]
        for mode in dict.fromkeys(r["mode"] for r in rows):
            over = [f"{r['game']} {r['p99_ms']:.1f}" for r in rows if r["mode"] == mode and r["p99_ms"] > goal]
            worst_p99 = max(r["p99_ms"] for r in rows if r["mode"] == mode)
            worst_cpu = max(r.get("cpu_p99_ms", 0.0) for r in rows if r["mode"] == mode)
            body.append([f"frame p99 ≤ {goal:.0f} ms at {size}, every table ({mode})",
                         f"worst {worst_p99:.1f} ms (CPU {worst_cpu:.1f} ms)",
                         "met" if not over else "not met: " + ", ".join(over)])
    if isinstance(idle, list):
        ok = [r for r in idle if "error" not in r]
        over = [f"{r['screen']} {r['cpu_percent']:.1f}" for r in ok if r["cpu_percent"] > idle_bench.GOAL_PERCENT]
        failed = [r["screen"] for r in idle if "error" in r]
        verdict = "met" if not over and not failed else "not met: " + ", ".join(over + [f"{f} failed" for f in failed])
        body.append([f"idle ≤ {idle_bench.GOAL_PERCENT:g} % of a core, every screen ({ok[0]['mode'] if ok else '-'})",
                     f"worst {max((r['cpu_percent'] for r in ok), default=0.0):.2f} %", verdict])
    else:
        body.append([f"idle ≤ {idle_bench.GOAL_PERCENT:g} % of a core, every screen", "-", idle])
    times, review_frames = reviews
    if times:
        slow = [f"{r['game']} {r['cpu_s']:.1f}" for r in times if r["cpu_s"] > review_bench.GOAL_SECONDS]
        body.append([f"one seat's review ≤ {review_bench.GOAL_SECONDS:.0f} s CPU, every game at its most players",
                     f"slowest {max(r['cpu_s'] for r in times):.1f} s",
                     "met" if not slow else "not met: " + ", ".join(slow)])
    for r in review_frames:
        body.append([f"results frame p99 ≤ {review_bench.GOAL_FRAME_P99_MS:.0f} ms while a review runs ({r['game']}, "
                     "dummy driver)", f"{r['p99_ms']:.1f} ms",
                     "met" if r["p99_ms"] <= review_bench.GOAL_FRAME_P99_MS else "not met"])
    source = next((r for r in starts if r["what"].startswith("source")), None)
    if source is not None and source["median_s"] is not None:
        body.append([f"start to first frame ≤ {GOAL_START_S} s from source", f"median {source['median_s']:.3f} s",
                     "met" if source["median_s"] <= GOAL_START_S else "not met"])
    return table(["goal", "measured", "verdict"], body)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.run", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a fraction of the time (development)")
    parser.add_argument("--out", default=str(BENCH_DIR / "RESULTS.md"))
    args = parser.parse_args(argv)
    q = 0.3 if args.quick else 1.0
    began = time.perf_counter()
    durations: list[list[str]] = []

    def timed(name: str, fn):
        log(f"bench: {name} …")
        t0 = time.perf_counter()
        value = fn()
        durations.append([name, f"{time.perf_counter() - t0:.0f}"])
        return value

    game_rows = timed("engine speed", lambda: game_bench.run(0.8 * q, repeat=1 if args.quick else 3))
    ai_text, ai = timed("AI (bench.ai_bench)", lambda: run_ai_bench(2 if args.quick else 3, 1.0 * q))
    # ~390 frames (dummy), ~780 (x11): p99 is not one frame
    frames = timed("frame time", lambda: frame_runs(max(1.0, 6.0 * q)))
    idle = timed("idle CPU", lambda: idle_runs(max(2.0, 5.0 * q)))
    phones = timed("phone table", lambda: phone_runs(60 if args.quick else 150, max(2.0, 5.0 * q)))
    starts = timed("start to first frame", lambda: start_bench.run(2 if args.quick else 5))
    memory = timed("peak memory", lambda: memory_bench.run(1 if args.quick else 2))
    reviews = timed("review", lambda: review_runs(max(2.0, 8.0 * q)))
    total = time.perf_counter() - began
    durations.append(["total", f"{total:.0f}"])

    report = "\n\n".join([
        "# Benchmark results (`make bench`)",
        f"Date: {date_line()}; commit {git_commit()}  \nMachine: {machine_line()}  \n"
        f"Command: `make bench` (`python -m bench.run{' --quick' if args.quick else ''}`), {total:.0f} s in all.",
        "## Goals\n\n" + goals(game_rows, ai, frames, idle, starts, reviews),
        "## Engine speed: random full games, one core (legal_actions + apply_unchecked; CPU time, "
        "best of 3 runs made as rounds over every row)\n\n"
        + game_bench.render(game_rows),
        "## AI (bench.ai_bench): engine speed at 4 players, ISMCTS iterations/s at the first real decision, "
        "seconds per decision per level (mean, p95)\n\n```\n" + ai_text + "\n```",
        "## Frame time of each table scene while the easy AI plays (software rendering, the app's own loop: "
        "up to 60 fps, frames drawn only when something changed, only changed bands presented)\n\n"
        + render_frames(frames),
        "## Idle CPU per screen, nobody touching anything (bench.idle_bench; process and AI worker CPU over "
        "wall time)\n\n" + (idle_bench.render(idle) if isinstance(idle, list) else idle),
        "## Phone table (bench.phone_bench): scripted phones on loopback, six connected"
        + (f" ({phones['mode']})\n\n" + phone_bench.render(phones) if isinstance(phones, dict) else "\n\n" + phones),
        "## Start to first frame (TABLETOP_FIRST_FRAME_EXIT=1)\n\n" + start_bench.render(starts),
        "## Peak memory, 4 players, hard AI (child process per game)\n\n" + memory_bench.render(memory),
        "## Review of a finished game (bench.review_bench): one seat's whole review at the review's fixed budget, "
        "CPU seconds; the results screen's frames while a review runs in the AI worker\n\n"
        + review_bench.render(*reviews),
        "## Time per part (s)\n\n" + table(["part", "seconds"], durations),
    ]) + "\n"
    print(report)
    with open(args.out, "w", encoding="utf-8") as handle:
        handle.write(report)
    log(f"bench: written to {os.path.relpath(args.out)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
