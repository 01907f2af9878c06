"""The phone table's speed: tap-to-desktop and move-to-phone latency on loopback, frame time and idle CPU with six
phones connected (goals: latencies p95 ≤ 100 ms; frame p99 ≤ 8 ms at 1280x720; idle ≤ 3 % of a core).

A real `App` (not fast mode) runs its own loop (`App.turn`, sleeping on input as when played) on the main thread
with the real server on 127.0.0.1; scripted phones (tabletop.remote.client) run on one asyncio thread and tap a
random legal move 0.1-0.3 s after their turn comes, as a quick player does.

- tap → desktop: from the phone sending its move to the end of the desktop frame that shows it;
- move → phone: from any move being applied (a phone's, an AI's) to each phone receiving its new picture;
- frame: every frame drawn while six phones play BLUFFIT at 1280x720;
- idle: process CPU (all threads: pygame, server) over wall time while six phones are connected and the table waits
  for a phone's move.

    python -m bench.phone_bench [--moves 150] [--idle-seconds 5] [--json]

Use a real window (bench.run runs it under xvfb-run) for idle figures; the dummy driver's waiting differs.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import threading
import time

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("TABLETOP_DATA_DIR", tempfile.mkdtemp(prefix="tabletop-phone-bench-"))

NAMES = ["Aki", "Ben", "Chie", "Dan", "Emi", "Fumi"]
GOAL_LATENCY_MS = 100.0
GOAL_FRAME_P99_MS = 8.0
GOAL_IDLE_PERCENT = 3.0


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


class Phones(threading.Thread):
    """Scripted phones on one event loop: each claims its seat and, while `playing`, taps a move after a pause."""

    def __init__(self, url: str, seats: list[int], seed: int) -> None:
        super().__init__(daemon=True)
        self.url, self.seats, self.rng = url, seats, random.Random(seed)
        self.playing = threading.Event()
        self.stop = threading.Event()
        self.ready = threading.Event()
        self.sent: dict[str, float] = {}  # move id -> when it was sent
        self.received: dict[int, list[float]] = {}  # seat -> when each of its state messages arrived
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            asyncio.run(self._main())
        except BaseException as exc:
            self.error = exc
            self.ready.set()

    async def _main(self) -> None:
        from tabletop.remote.client import PhoneClient

        phones = []
        for seat in self.seats:
            phone = PhoneClient(self.url)
            await phone.connect()
            await phone.hello()
            await phone.claim(seat)
            phones.append(phone)
        self.ready.set()
        await asyncio.gather(*(self._play(phone) for phone in phones))
        for phone in phones:
            await phone.close()

    async def _play(self, phone) -> None:
        acted: int | None = None
        latest: dict | None = None
        while not self.stop.is_set():
            try:
                message = await phone.next(timeout=0.05)
            except TimeoutError:
                message = {}
            if message is None:
                return
            if message.get("t") == "state":
                self.received.setdefault(phone.seat, []).append(time.perf_counter())
                latest = message
            if latest is None or latest.get("over"):
                continue
            if latest["moves"] and self.playing.is_set() and acted != latest["v"]:
                acted = latest["v"]  # the tap comes after a pause, while this phone goes on reading
                asyncio.get_running_loop().create_task(self._tap(phone, latest))

    async def _tap(self, phone, state: dict) -> None:
        await asyncio.sleep(self.rng.uniform(0.1, 0.3))
        move = await phone.act(self.rng.choice(state["moves"])["a"], state["v"])
        self.sent[move] = time.perf_counter()


def _table(app, game_id: str, kinds: list[str]):
    from tabletop.engine.records import Seat
    from tabletop.session import Session
    from tabletop.ui.scenes.table import TableScene

    app.phone_bind_host, app.phone_port = "127.0.0.1", 0
    session = Session.new(game_id, len(kinds), [Seat(NAMES[i], k) for i, k in enumerate(kinds)], {}, seed=5)
    table = TableScene(app, session)
    app.stack.push(table)
    app.step(1 / 60)
    server = table.phones.server
    return table, f"http://127.0.0.1:{server.port}/r/{server.room_code}/"


def _instrument(app, table) -> tuple[dict[str, float], dict[str, float], list[float]]:
    """Hooks: when each phone move was applied and first drawn, and when every move was applied."""
    applied: dict[str, float] = {}
    shown: dict[str, float] = {}
    moves: list[float] = []
    phones = table.phones
    take = phones._act

    def timed_take(item, act):
        done = take(item, act)
        if done:
            applied[item.move] = time.perf_counter()
        return done

    phones._act = timed_take
    act = table.act

    def timed_act(seat, action):
        done = act(seat, action)
        if done:
            moves.append(time.perf_counter())
        return done

    table.act = timed_act
    frame = app._frame

    def timed_frame(dt, redraw):
        drawn = frame(dt, redraw)
        if drawn:
            now = time.perf_counter()
            for move in applied.keys() - shown.keys():
                shown[move] = now
        return drawn

    app._frame = timed_frame
    return applied, shown, moves


def play(app, game_id: str, kinds: list[str], moves_wanted: int) -> dict:
    """One phone table played by scripted phones (and AI seats) for `moves_wanted` moves or to its end."""
    table, url = _table(app, game_id, kinds)
    phones = Phones(url, [i for i, kind in enumerate(kinds) if kind == "phone"], seed=3)
    phones.start()
    phones.ready.wait(20)
    if phones.error:
        raise phones.error
    end = time.monotonic() + 30
    while not table.phones.all_bound() or len(table.phones.connected()) < len(phones.seats):
        app.turn()
        if time.monotonic() > end:
            raise RuntimeError("the phones did not join")
    app.stack.top.start()
    applied, shown, move_times = _instrument(app, table)
    app.frame_times.clear()
    phones.playing.set()
    end = time.monotonic() + 180
    while len(table.session.record.actions) < moves_wanted and not table.session.state.is_over():
        app.turn()
        if time.monotonic() > end:
            raise RuntimeError("the game stalled")
    phones.stop.set()
    phones.join(5)
    taps = [shown[m] - phones.sent[m] for m in shown if m in phones.sent]
    pushes = []  # per move and phone: its first new picture after the move, if it came before the next move
    for at, following in zip(move_times, [*move_times[1:], float("inf")]):
        for arrivals in phones.received.values():
            first = next((r for r in arrivals if r >= at), None)
            if first is not None and first < following:
                pushes.append(first - at)
    frames = list(app.frame_times)
    table.phones.close()
    app.stack.pop()
    return {"game": game_id, "seats": ",".join(kinds), "moves": len(table.session.record.actions),
            "tap_p50_ms": 1000 * statistics.median(taps), "tap_p95_ms": 1000 * percentile(taps, 0.95),
            "push_p50_ms": 1000 * statistics.median(pushes), "push_p95_ms": 1000 * percentile(pushes, 0.95),
            "frame_p99_ms": 1000 * percentile(frames, 0.99), "frames": len(frames),
            "frame_cpu_p99_ms": 1000 * percentile(list(app.frame_cpu_times)[-len(frames):], 0.99)}


def idle(app, seconds: float) -> dict:
    """Six phones connected, the table waiting for a phone's move: CPU of the whole process over wall time."""
    table, url = _table(app, "bluffit", ["phone"] * 6)
    phones = Phones(url, list(range(6)), seed=4)
    phones.start()
    phones.ready.wait(20)
    end = time.monotonic() + 30
    while len(table.phones.connected()) < 6:
        app.turn()
        if time.monotonic() > end:
            raise RuntimeError("the phones did not join")
    app.stack.top.start()
    settle = time.monotonic() + 3
    while time.monotonic() < settle:
        app.turn()
    cpu, wall = time.process_time(), time.perf_counter()
    while time.perf_counter() - wall < seconds:
        app.turn()
    used = (time.process_time() - cpu) / (time.perf_counter() - wall)
    phones.stop.set()
    phones.join(5)
    table.phones.close()
    app.stack.pop()
    return {"idle_percent": 100 * used, "seconds": seconds}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=150)
    parser.add_argument("--idle-seconds", type=float, default=5.0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    from tabletop.ui.app import App

    app = App(size=(1280, 720))
    app.goal_cards = False
    rows = [play(app, "bluffit", ["phone"] * 6, args.moves),
            play(app, "ghost_bumpers", ["phone", "easy", "phone", "easy", "phone", "easy"], args.moves)]
    rest = idle(app, args.idle_seconds)
    if args.json:
        print(json.dumps({"rows": rows, "idle": rest}))
        return 0
    print(render({"rows": rows, "idle": rest}))
    return 0


def render(figures: dict) -> str:
    """A markdown table of main()'s figures (bench.run puts it in RESULTS.md)."""
    from bench.common import table

    body = [[r["game"], r["seats"], str(r["moves"]), f"{r['tap_p50_ms']:.1f}", f"{r['tap_p95_ms']:.1f}",
             f"{r['push_p50_ms']:.1f}", f"{r['push_p95_ms']:.1f}", f"{r['frame_p99_ms']:.2f}",
             f"{r['frame_cpu_p99_ms']:.2f}"] for r in figures["rows"]]
    rest = figures["idle"]
    return (table(["game", "seats", "moves", "tap→desktop p50 ms", "p95", "move→phone p50 ms", "p95",
                   "frame p99 ms", "frame CPU p99 ms"], body)
            + f"\n\nIdle, six phones connected, the table waiting for a phone's move: {rest['idle_percent']:.2f} % "
              f"of a core over {rest['seconds']:.0f} s (goal ≤ {GOAL_IDLE_PERCENT:.0f} %). Latency goal: p95 ≤ "
              f"{GOAL_LATENCY_MS:.0f} ms; frame goal: p99 ≤ {GOAL_FRAME_P99_MS:.0f} ms at 1280x720.")


if __name__ == "__main__":
    sys.exit(main())
