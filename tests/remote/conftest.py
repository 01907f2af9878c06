"""A phone server on 127.0.0.1 with a placeholder page, a raw-socket HTTP request (for Host headers and paths no
client library would send), and helpers for phones driven from a test's own event loop."""

from __future__ import annotations

import asyncio
import queue
import socket
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tabletop.remote.server import PhoneServer

SEATS = {0: "Aki", 2: "Ben"}
INDEX = b"<!doctype html><title>phone page</title>"
JOIN = b"<!doctype html><title>join page</title>"
SECRET = b"outside the page folder"
TIMEOUT = 3.0


@pytest.fixture
def page_dir(tmp_path: Path) -> Path:
    page = tmp_path / "page"
    page.mkdir()
    (page / "index.html").write_bytes(INDEX)
    (page / "join.html").write_bytes(JOIN)
    (page / "join.js").write_bytes(b"// join")
    (page / "app.js").write_bytes(b"// app")
    (page / "style.css").write_bytes(b"body{}")
    (page / "notes.txt").write_bytes(SECRET)  # not a page file type: never served
    (tmp_path / "secret.html").write_bytes(SECRET)
    (tmp_path / "secret.js").write_bytes(SECRET)
    return page


@pytest.fixture
def make_server(page_dir: Path) -> Iterator[Callable[..., PhoneServer]]:
    made: list[PhoneServer] = []

    def make(**options) -> PhoneServer:
        options = {"seats": dict(SEATS), "lan_ip": "127.0.0.1", "bind_host": "127.0.0.1", "page_dir": page_dir,
                   **options}
        server = PhoneServer(**options)
        server.start()
        made.append(server)
        return server

    yield make
    for server in made:
        server.stop()


@pytest.fixture
def server(make_server) -> PhoneServer:
    return make_server()


def raw_request(port: int, target: str, host: str | None = None, headers: dict[str, str] | None = None,
                method: str = "GET", source: str | None = None) -> tuple[int, dict[str, str], bytes]:
    """Sends one request as written (no client library normalising the path or the Host) and reads the answer."""
    lines = [f"{method} {target} HTTP/1.1"]
    if host is not None:
        lines.append(f"Host: {host}")
    lines += [f"{name}: {value}" for name, value in (headers or {}).items()]
    lines += ["Connection: close", "", ""]
    with socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT,
                                  source_address=(source, 0) if source else None) as sock:
        sock.sendall("\r\n".join(lines).encode("latin-1"))
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
            if data.startswith(b"HTTP/1.1 101 ") and b"\r\n\r\n" in data:
                break  # a WebSocket: it stays open
    head, _, body = data.partition(b"\r\n\r\n")
    status_line, *header_lines = head.decode("latin-1").split("\r\n")
    found = {}
    for line in header_lines:
        name, _, value = line.partition(":")
        found[name.strip().lower()] = value.strip()
    return int(status_line.split()[1]), found, body


def get(server: PhoneServer, target: str, **options) -> tuple[int, dict[str, str], bytes]:
    options.setdefault("host", f"127.0.0.1:{server.port}")
    return raw_request(server.port, target, **options)


class SteppingClock:
    """A clock that moves on a whole second each time it is read: the rate limit never runs dry."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def run(scenario) -> None:
    asyncio.run(asyncio.wait_for(scenario, 15))


def drain(inbox: queue.Queue) -> list:
    items = []
    while True:
        try:
            items.append(inbox.get_nowait())
        except queue.Empty:
            return items


async def barrier(phone) -> None:
    """Waits until the server has handled everything `phone` sent before: it answers in order, a seated phone's
    ping with a pong and an unseated phone's hello with the lobby."""
    if phone.seat is not None:
        await phone.ping()
        await phone.until("pong", TIMEOUT)
    else:
        await phone.send({"t": "hello", "lang": phone.lang, "token": None})
        await phone.until("lobby", TIMEOUT)
