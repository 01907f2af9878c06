"""The phone server's speed on this machine, over real sockets on 127.0.0.1 (tabletop.remote).

Printed: the time from `publish()` on another thread to the phone having the payload (a payload of a typical
size: 30 log lines and 12 moves), from a phone's act to the ActionRequest on the inbox, from a reply to the phone
having it, and the process's CPU while one phone stays connected and nothing happens (the server must cost ~0).

    python -m bench.phone_server_bench [--rounds N] [--idle SECONDS]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time

from bench.common import machine_line, percentile, table
from tabletop.remote.client import PhoneClient
from tabletop.remote.protocol import RATE_PER_SECOND
from tabletop.remote.server import PhoneServer


def payload(version: int) -> dict:
    return {"t": "state", "v": version, "game": "bluffit", "seat": 0, "lang": "en", "you": "Aki",
            "log": [f"Line {i} of the log, about as long as a real one" for i in range(30)],
            "moves": [{"a": f"bid {i}", "label": f"Bid {i}", "confirm": True, "group": "bid"} for i in range(12)]}


async def measure(server: PhoneServer, rounds: int, idle: float) -> list[list[str]]:
    published, acted, replied = [], [], []
    async with PhoneClient(server.url) as phone:
        await phone.hello()
        await phone.claim(0)
        server.inbox.get(timeout=5)
        for version in range(rounds):
            start = time.perf_counter()
            await asyncio.to_thread(server.publish, 0, payload(version))
            await phone.until("state")
            published.append(time.perf_counter() - start)
        for version in range(rounds):
            await asyncio.sleep(1.1 / RATE_PER_SECOND)  # within the rate limit, as a person taps
            start = time.perf_counter()
            move = await phone.act("pass", version)
            await asyncio.to_thread(server.inbox.get, True, 5)
            acted.append(time.perf_counter() - start)
            start = time.perf_counter()
            server.reply(0, {"t": "result", "move": move, "ok": True, "msg": ""})
            await phone.until("result")
            replied.append(time.perf_counter() - start)
        cpu, wall = time.process_time(), time.perf_counter()
        await asyncio.sleep(idle)
        idle_share = (time.process_time() - cpu) / (time.perf_counter() - wall) * 100

    def row(name: str, values: list[float]) -> list[str]:
        ms = [v * 1000 for v in values]
        return [name, f"{statistics.median(ms):.2f}", f"{percentile(ms, 95):.2f}", f"{max(ms):.2f}"]

    rows = [row("publish -> phone has the payload", published), row("phone act -> inbox", acted),
            row("reply -> phone has the result", replied)]
    rows.append([f"CPU while idle with a phone connected ({idle:.0f} s)", f"{idle_share:.3f} % of a core", "", ""])
    return rows


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--idle", type=float, default=10.0)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as page:
        server = PhoneServer({0: "Aki"}, lan_ip="127.0.0.1", bind_host="127.0.0.1", page_dir=page)
        server.start()
        try:
            rows = asyncio.run(measure(server, args.rounds, args.idle))
        finally:
            server.stop()
    print(machine_line())
    print(table(["phone server", "median ms", "p95 ms", "max ms"], rows))


if __name__ == "__main__":
    main()
