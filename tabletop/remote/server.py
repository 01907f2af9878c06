"""The phone table's server: aiohttp on its own asyncio loop in a daemon thread (PhoneServer).

PhoneServer is the desktop's handle: lifetime and the thread-safe calls. Its parts: server_thread.py (the
thread, the loop, the listener), http_routes.py (pages, files, images, headers), phone_sessions.py (each phone's
WebSocket from hello to close), shared_state.py (what the desktop and the loop share, under one lock),
server_texts.py (what the server says), ratelimit.py, binding.py and protocol.py (tokens, codes, schemas).

It authenticates, validates, rate-limits and queues; it never reads the game State nor decides rules. The
pygame thread publishes each phone seat's payload and answers actions; phone messages reach it as `Inbound`
items on `inbox`, with a `wake()` call so the sleeping main loop wakes.

Security model (the phone table is reachable by anything on the local network, and by any web page the
players' browsers open, which may try to reach it from outside):

- Host check. A request whose Host header is not `<lan-ip>:<port>`, `localhost:<port>` or `127.0.0.1:<port>`
  is refused (403): a web page on a rebound name (DNS rebinding: evil.example resolving to our address) carries
  its own name as Host, so it can never read our pages or open our socket.
- Origin check. A WebSocket must come with `Origin: http://<the same allowed Host>`: browsers send it and a
  page cannot forge it, so another site (even on an allowed Host) cannot open the socket from a player's browser.
- Room code. Everything except the join page at "/" lives under /r/<code>/ (40 random bits); wrong codes count
  per client address and lock it out (429) after 20 in a minute, so the code cannot be guessed in reasonable time.
  The code only shows the lobby and lets a phone claim a free seat.
- Seat tokens. Claiming a seat binds it to a random 192-bit token kept by that phone; only its sha256 is kept
  here, and it is compared in constant time. A bound seat cannot be claimed by another device until the host
  releases it on the desktop. Every message after hello carries the token and is checked against the socket's
  seat, so a socket cannot act for another seat even with that seat's token.
- Schema, size and rate. Each message is at most 2 KiB, at most 10 a second (burst 20) per socket, and must match
  its schema exactly (protocol.py); anything else is refused with a `refused` message in the phone's language
  and nothing is queued. A socket that keeps flooding is closed. At most 16 sockets, 2 per seat.
- Exactly once. An action carries a move id; per seat the server remembers the last 64 ids and the desktop's
  answer to each, so a resend after a dropped connection is answered again without being queued twice.
- Static files come from an in-memory table read from the page folder at start: a request's path is only ever a
  key into that table, so no path traversal can reach the filesystem. Every response carries a Content Security
  Policy of `default-src 'self'` (no inline script, nothing from elsewhere), nosniff, no-referrer and no-store.
- Lifetime. The server listens only between start() and stop(); stop() also runs at interpreter exit.
"""

from __future__ import annotations

import logging
import queue
import socket
import time
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import Any

from aiohttp import web
from aiohttp.http_exceptions import HttpProcessingError

from tabletop.remote.binding import CodeLockout, SeatBindings, is_room_code, new_room_code
from tabletop.remote.http_routes import IMAGE_FILE, HttpRoutes
from tabletop.remote.netaddr import allowed_hosts, lan_address
from tabletop.remote.phone_sessions import CLOSE_SECONDS, PhoneSessions
from tabletop.remote.protocol import HTTP_BODY_MAX, Inbound
from tabletop.remote.server_texts import HTTP_TEXT_KEYS, dumps, server_texts
from tabletop.remote.server_thread import ServerThread, listen
from tabletop.remote.shared_state import SharedState
from tabletop.remote.static import load_page_files
from tabletop.resources import remote_page_dir

__all__ = ["HTTP_TEXT_KEYS", "PhoneServer", "dumps", "server_texts"]

log = logging.getLogger(__name__)


class _QuietBadRequests(logging.Filter):
    """aiohttp logs a malformed request (any device on the network can send one) with a traceback; it already
    answered 400, so there is nothing to report."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not (record.exc_info and isinstance(record.exc_info[1], HttpProcessingError))


logging.getLogger("aiohttp.server").addFilter(_QuietBadRequests())

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


class PhoneServer:
    """Serves the phone page and its WebSocket for the phone seats `seats` ({seat: name}).

    Thread-safe API for the desktop: publish, reply, publish_image, set_lobby, release, bindings, connected,
    start, stop. Everything else runs on the server's loop.
    """

    def __init__(
        self,
        seats: dict[int, str],
        wake: Callable[[], None] | None = None,
        *,
        bind_host: str = "0.0.0.0",
        port: int = 0,
        lan_ip: str | None = None,
        room_code: str | None = None,
        saved_bindings: dict[int, str] | None = None,
        page_dir: Path | str | None = None,
        refusals: dict[str, dict[str, str]] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if room_code is not None and not is_room_code(room_code):
            raise ValueError("a room code is 8 characters of " + "ABCDEFGHJKLMNPQRSTUVWXYZ23456789")
        self.room_code = room_code or new_room_code()
        self.inbox: queue.Queue[Inbound] = queue.Queue()
        self.lan_ip = lan_ip or lan_address()
        self.port = 0
        self._bind_host = bind_host
        self._preferred_port = port
        self._page_dir = Path(page_dir) if page_dir is not None else remote_page_dir()
        self._texts = server_texts(refusals)
        self._shared = SharedState(names=dict(seats), bindings=SeatBindings(saved_bindings))
        self._sessions = PhoneSessions(self._shared, self._texts, self.inbox, wake or (lambda: None), clock)
        self._lockout = CodeLockout(clock)
        self._thread: ServerThread | None = None
        self._finalizer: weakref.finalize[[], PhoneServer] | None = None

    # ---- lifetime

    def start(self) -> None:
        if self._thread is not None:
            raise RuntimeError("a PhoneServer starts once; make a new one to listen again")
        files = load_page_files(self._page_dir)
        listener = listen(self._bind_host, self._preferred_port)
        self.port = listener.getsockname()[1]
        routes = HttpRoutes(self._shared, self._texts, self.room_code, self._lockout, files,
                            allowed_hosts(self.lan_ip, self.port), self._sessions.serve)
        thread = ServerThread(lambda: self._serve(listener, routes), self._sessions.close_all)
        self._thread = thread
        try:
            thread.start()
        except BaseException:
            listener.close()
            raise
        # Runs on stop(), or at interpreter exit if stop() never came (the finalizer's atexit hook).
        self._finalizer = weakref.finalize(self, thread.stop)

    def stop(self) -> None:
        """Closes every socket (each phone gets "closed") and the listener, and ends the thread. Idempotent."""
        if self._finalizer is not None:
            self._finalizer()

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.thread.is_alive()

    @property
    def short_url(self) -> str:
        return f"http://{self.lan_ip}:{self.port}"

    @property
    def url(self) -> str:
        return f"{self.short_url}/r/{self.room_code}/"

    @staticmethod
    async def _serve(listener: socket.socket, routes: HttpRoutes) -> web.AppRunner:
        app = web.Application(client_max_size=HTTP_BODY_MAX)
        app.router.add_route("*", "/{tail:.*}", routes.handle)
        app.on_response_prepare.append(routes.secure_headers)
        runner = web.AppRunner(app, access_log=None, handle_signals=False, shutdown_timeout=CLOSE_SECONDS)
        await runner.setup()
        await web.SockSite(runner, listener).start()
        return runner

    # ---- the desktop's side (any thread)

    def publish(self, seat: int, payload: dict[str, Any]) -> None:
        """Sends `payload` to `seat`'s phones now and keeps it as the seat's latest (sent again on hello)."""
        text = dumps(payload)
        with self._shared.lock:
            self._shared.latest[seat] = text
        self._on_loop(self._sessions.deliver, seat, text)

    def reply(self, seat: int, message: dict[str, Any]) -> None:
        """Sends `message` to `seat`'s phones now (not kept); a {"t": "result", "move": id} is remembered as the
        answer to that move id, so a resend of the move gets it again."""
        self._on_loop(self._sessions.deliver_reply, seat, message.get("move"), dumps(message))

    def publish_image(self, name: str, png: bytes) -> None:
        """Serves `png` at /r/<code>/img/<name>.png."""
        if not IMAGE_FILE.fullmatch(f"{name}.png"):
            raise ValueError(f"image name {name!r}: 1 to 64 of a-z 0-9 _")
        if not png.startswith(PNG_SIGNATURE):
            raise ValueError(f"image {name!r} is not a PNG")
        with self._shared.lock:
            self._shared.images[name] = bytes(png)

    def set_lobby(self, names: dict[int, str], labels: dict[str, dict[str, str]]) -> None:
        """The phone seats and their names, and the lobby's labels per language ({lang: {key: text}})."""
        with self._shared.lock:
            self._shared.names = dict(names)
            self._shared.labels = {lang: dict(table) for lang, table in labels.items()}
        self._on_loop(self._sessions.broadcast_lobby)

    def release(self, seat: int) -> None:
        """Forgets `seat`'s binding: its phones get "released" and the lobby; any phone may claim it again."""
        with self._shared.lock:
            self._shared.bindings.release(seat)
        self._on_loop(self._sessions.unseat_released, seat)

    def bindings(self) -> dict[int, str]:
        """seat -> sha256 hex of its token (what a save keeps; give it back as saved_bindings)."""
        with self._shared.lock:
            return self._shared.bindings.digests()

    def connected(self) -> set[int]:
        return set(self._sessions.connected)

    def _on_loop(self, fn: Callable[..., None], *args: Any) -> None:
        thread = self._thread
        if thread is None or not thread.thread.is_alive():
            return  # not listening: kept state (latest, bindings) is all there is to update
        try:
            thread.loop.call_soon_threadsafe(fn, *args)
        except RuntimeError:
            pass  # the loop closed meanwhile
