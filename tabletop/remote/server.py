"""The phone table's server: aiohttp on its own asyncio loop in a daemon thread (PhoneServer).

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

import asyncio
import json
import logging
import os
import queue
import re
import socket
import threading
import time
import weakref
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aiohttp import WSMsgType, web
from aiohttp.http_exceptions import HttpProcessingError

from tabletop.i18n import catalog
from tabletop.remote.binding import (
    CodeLockout,
    SeatBindings,
    is_room_code,
    new_room_code,
    normalise_room_code,
    same_code,
    token_digest,
)
from tabletop.remote.netaddr import allowed_hosts, lan_address
from tabletop.remote.protocol import (
    FLOOD_CLOSE_AFTER,
    HEARTBEAT_SECONDS,
    HTTP_BODY_MAX,
    LANGS,
    MOVES_REMEMBERED,
    OUTBOX_MAX,
    RATE_BURST,
    RATE_PER_SECOND,
    REFUSAL_CODES,
    SOCKETS_MAX,
    SOCKETS_PER_SEAT,
    WS_FRAME_HARD_MAX,
    WS_MESSAGE_MAX,
    Act,
    ActionRequest,
    Claim,
    Claimed,
    Connected,
    Disconnected,
    Hello,
    Inbound,
    Lang,
    LanguageChanged,
    PhoneMessage,
    Ping,
    Refused,
    parse_phone_message,
)
from tabletop.remote.ratelimit import TokenBucket
from tabletop.remote.static import StaticFiles, load_page_files
from tabletop.resources import remote_page_dir

log = logging.getLogger(__name__)


class _QuietBadRequests(logging.Filter):
    """aiohttp logs a malformed request (any device on the network can send one) with a traceback; it already
    answered 400, so there is nothing to report."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not (record.exc_info and isinstance(record.exc_info[1], HttpProcessingError))


logging.getLogger("aiohttp.server").addFilter(_QuietBadRequests())

IMAGE_FILE = re.compile(r"([a-z0-9_]{1,64})\.png")
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
HTTP_TEXT_KEYS = ("not_found", "too_many", "forbidden_host", "forbidden_origin", "method", "no_join_page")
JOIN_PAGE = "join.html"
JOIN_PREFIX = "join"  # page files named join* (join.js, join.css) are the join page's, served at "/" too
STOP_SECONDS = 5.0  # stop() waits at most this long for the thread
CLOSE_SECONDS = 2.0  # a phone's close handshake may take this long before its socket is dropped

_CLOSE = object()  # outbox sentinel: close the socket after what was queued before it


def dumps(message: dict[str, Any]) -> str:
    """The one serialisation of a server -> phone message (the payload's own, so bytes are reproducible)."""
    return json.dumps(message, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def server_texts(refusals: dict[str, dict[str, str]] | None = None) -> dict[str, dict[str, str]]:
    """{lang: {key: text}} for refusals ("refused.<code>"), HTTP answers ("http.<key>"), "closed", "released":
    the catalogs' topic "phone_server", with the desktop's `refusals` ({lang: {code: text}}) over them."""
    texts: dict[str, dict[str, str]] = {}
    for lang in LANGS:
        words = catalog(lang)
        table = {f"refused.{code}": words.get(f"phone_server.refused.{code}", code) for code in REFUSAL_CODES}
        table.update({f"http.{key}": words.get(f"phone_server.http.{key}", key) for key in HTTP_TEXT_KEYS})
        for key in ("closed", "released"):
            table[key] = words.get(f"phone_server.{key}", key)
        for code, text in ((refusals or {}).get(lang) or {}).items():
            table[f"refused.{code}"] = str(text)
        texts[lang] = table
    return texts


def _http_lang(request: web.Request) -> str:
    first = request.headers.get("Accept-Language", "").split(",")[0].strip().lower()
    return "ja" if first.startswith("ja") else "en"


def _listen(host: str, port: int) -> socket.socket:
    """A listening socket on `port`, or on any free port when that one is taken."""
    for candidate in dict.fromkeys((port, 0)):
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        try:
            if os.name != "nt":  # on Windows SO_REUSEADDR would let two servers share the port
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind((host, candidate))
            sock.listen(64)
            sock.setblocking(False)
            return sock
        except OSError:
            sock.close()
            if candidate == 0:
                raise
    raise OSError("no port")  # unreachable: port 0 either binds or raises


@dataclass(eq=False)
class _Socket:
    ws: web.WebSocketResponse
    client: str
    lang: str
    bucket: TokenBucket
    outbox: asyncio.Queue = field(default_factory=asyncio.Queue)
    finished: asyncio.Event = field(default_factory=asyncio.Event)
    greeted: bool = False  # said hello
    seat: int | None = None  # the seat this socket plays (after a valid hello or a claim)
    digest: str = ""  # sha256 of the token it authenticated with (a release unseats the old device only)
    dropped: int = 0  # messages dropped in a row by the rate limit
    closing: bool = False


class _Runtime:
    """The server's thread and event loop. `stop` is what PhoneServer.stop and interpreter exit call (through a
    weakref.finalize: while the thread runs, its handlers keep the PhoneServer alive, so the finalizer fires at
    stop() or at exit)."""

    def __init__(self, serve: Callable[[], Awaitable[web.AppRunner]], close: Callable[[], Awaitable[None]]) -> None:
        self.loop = asyncio.new_event_loop()
        self._serve = serve
        self._close = close
        self._runner: web.AppRunner | None = None
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self.thread = threading.Thread(target=self._run, name="phone-server", daemon=True)

    def start(self) -> None:
        self.thread.start()
        self._ready.wait()
        if self._error is not None:
            self.thread.join()
            raise self._error

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        try:
            self._runner = self.loop.run_until_complete(self._serve())
        except BaseException as exc:  # handed to start()'s caller
            self._error = exc
            self._ready.set()
            self.loop.close()
            return
        self._ready.set()
        try:
            self.loop.run_forever()
        finally:
            self.loop.run_until_complete(self.loop.shutdown_asyncgens())
            self.loop.close()

    def stop(self) -> None:
        if not self.thread.is_alive():
            return
        if threading.current_thread() is self.thread:
            raise RuntimeError("stop() from the server's own thread")
        try:
            done = asyncio.run_coroutine_threadsafe(self._shutdown(), self.loop)
        except RuntimeError:  # the loop is already closed
            return
        try:
            done.result(timeout=STOP_SECONDS)
        except Exception:
            log.exception("phone server: shutdown failed")  # the loop stops all the same
        try:
            self.loop.call_soon_threadsafe(self.loop.stop)
        except RuntimeError:
            return
        self.thread.join(STOP_SECONDS)

    async def _shutdown(self) -> None:
        await self._close()
        if self._runner is not None:
            await self._runner.cleanup()


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
        self._wake = wake or (lambda: None)
        self._bind_host = bind_host
        self._preferred_port = port
        self._page_dir = Path(page_dir) if page_dir is not None else remote_page_dir()
        self._texts = server_texts(refusals)
        self._clock = clock
        # Shared with the desktop's thread, under _lock:
        self._lock = threading.Lock()
        self._names = dict(seats)
        self._labels: dict[str, dict[str, str]] = {}
        self._bindings = SeatBindings(saved_bindings)
        self._latest: dict[int, str] = {}
        self._images: dict[str, bytes] = {}
        self._connected: frozenset[int] = frozenset()  # replaced whole, so reading it needs no lock
        # The loop's own:
        self._sockets: set[_Socket] = set()
        self._moves: dict[int, OrderedDict[str, str | None]] = {}  # seat -> move id -> answer (None: pending)
        self._lockout = CodeLockout(clock)
        self._files: StaticFiles = {}
        self._hosts: frozenset[str] = frozenset()  # empty until listening: every request refused
        self._stopping = False
        self._runtime: _Runtime | None = None
        self._finalizer: weakref.finalize | None = None

    # ---- lifetime

    def start(self) -> None:
        if self._runtime is not None:
            raise RuntimeError("a PhoneServer starts once; make a new one to listen again")
        self._files = load_page_files(self._page_dir)
        listener = _listen(self._bind_host, self._preferred_port)
        self.port = listener.getsockname()[1]
        self._hosts = allowed_hosts(self.lan_ip, self.port)
        runtime = _Runtime(lambda: self._serve(listener), self._close_everything)
        self._runtime = runtime
        try:
            runtime.start()
        except BaseException:
            listener.close()
            raise
        # Runs on stop(), or at interpreter exit if stop() never came (the finalizer's atexit hook).
        self._finalizer = weakref.finalize(self, runtime.stop)

    def stop(self) -> None:
        """Closes every socket (each phone gets "closed") and the listener, and ends the thread. Idempotent."""
        if self._finalizer is not None:
            self._finalizer()

    @property
    def running(self) -> bool:
        return self._runtime is not None and self._runtime.thread.is_alive()

    @property
    def short_url(self) -> str:
        return f"http://{self.lan_ip}:{self.port}"

    @property
    def url(self) -> str:
        return f"{self.short_url}/r/{self.room_code}/"

    async def _serve(self, listener: socket.socket) -> web.AppRunner:
        app = web.Application(client_max_size=HTTP_BODY_MAX)
        app.router.add_route("*", "/{tail:.*}", self._handle)
        app.on_response_prepare.append(self._secure_headers)
        runner = web.AppRunner(app, access_log=None, handle_signals=False, shutdown_timeout=CLOSE_SECONDS)
        await runner.setup()
        await web.SockSite(runner, listener).start()
        return runner

    async def _close_everything(self) -> None:
        self._stopping = True
        for sock in list(self._sockets):
            self._send(sock, dumps({"t": "closed", "msg": self._text(sock.lang, "closed")}))
            self._close(sock)
        waits = [sock.finished.wait() for sock in self._sockets]
        if waits:
            try:
                await asyncio.wait_for(asyncio.gather(*waits), CLOSE_SECONDS)
            except TimeoutError:
                pass  # runner.cleanup() drops what is left

    # ---- the desktop's side (any thread)

    def publish(self, seat: int, payload: dict[str, Any]) -> None:
        """Sends `payload` to `seat`'s phones now and keeps it as the seat's latest (sent again on hello)."""
        text = dumps(payload)
        with self._lock:
            self._latest[seat] = text
        self._on_loop(self._deliver, seat, text)

    def reply(self, seat: int, message: dict[str, Any]) -> None:
        """Sends `message` to `seat`'s phones now (not kept); a {"t": "result", "move": id} is remembered as the
        answer to that move id, so a resend of the move gets it again."""
        self._on_loop(self._deliver_reply, seat, message.get("move"), dumps(message))

    def publish_image(self, name: str, png: bytes) -> None:
        """Serves `png` at /r/<code>/img/<name>.png."""
        if not IMAGE_FILE.fullmatch(f"{name}.png"):
            raise ValueError(f"image name {name!r}: 1 to 64 of a-z 0-9 _")
        if not png.startswith(PNG_SIGNATURE):
            raise ValueError(f"image {name!r} is not a PNG")
        with self._lock:
            self._images[name] = bytes(png)

    def set_lobby(self, names: dict[int, str], labels: dict[str, dict[str, str]]) -> None:
        """The phone seats and their names, and the lobby's labels per language ({lang: {key: text}})."""
        with self._lock:
            self._names = dict(names)
            self._labels = {lang: dict(table) for lang, table in labels.items()}
        self._on_loop(self._broadcast_lobby)

    def release(self, seat: int) -> None:
        """Forgets `seat`'s binding: its phones get "released" and the lobby; any phone may claim it again."""
        with self._lock:
            self._bindings.release(seat)
        self._on_loop(self._unseat_released, seat)

    def bindings(self) -> dict[int, str]:
        """seat -> sha256 hex of its token (what a save keeps; give it back as saved_bindings)."""
        with self._lock:
            return self._bindings.digests()

    def connected(self) -> set[int]:
        return set(self._connected)

    def _on_loop(self, fn: Callable[..., None], *args: Any) -> None:
        runtime = self._runtime
        if runtime is None or not runtime.thread.is_alive():
            return  # not listening: kept state (latest, bindings) is all there is to update
        try:
            runtime.loop.call_soon_threadsafe(fn, *args)
        except RuntimeError:
            pass  # the loop closed meanwhile

    # ---- HTTP

    def _plain(self, status: int, key: str, lang: str) -> web.Response:
        return web.Response(status=status, text=self._texts[lang][f"http.{key}"])

    async def _secure_headers(self, request: web.Request, response: web.StreamResponse) -> None:
        host = request.headers.get("Host", "").lower()
        socket_source = f" ws://{host}" if host in self._hosts else ""
        response.headers["Content-Security-Policy"] = (
            f"default-src 'self'; img-src 'self'; connect-src 'self'{socket_source}; "
            "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
        )
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "no-referrer"
        response.headers["Cache-Control"] = "no-store"

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        lang = _http_lang(request)
        host = request.headers.get("Host", "").lower()
        if host not in self._hosts:
            return self._plain(403, "forbidden_host", lang)
        if request.method not in ("GET", "HEAD"):
            return self._plain(405, "method", lang)
        path = request.path  # percent-decoded: "%2e%2e%2f" is "../" here, and never matches a file name
        if path == "/":
            return self._join_page(request, lang)
        if path.startswith(f"/{JOIN_PREFIX}") and path.count("/") == 1 and path[1:] != JOIN_PAGE:
            return self._file(path[1:], lang)
        parts = path.split("/")
        if len(parts) < 3 or parts[1] != "r":
            return self._plain(404, "not_found", lang)
        client = request.remote or "?"
        if self._lockout.locked(client):
            return self._plain(429, "too_many", lang)
        if not same_code(parts[2], self.room_code):
            self._lockout.failed(client)
            return self._plain(404, "not_found", lang)
        if len(parts) == 3:
            raise web.HTTPFound(f"/r/{self.room_code}/")
        rest = "/".join(parts[3:])
        if rest == "ws":
            return await self._websocket(request, host, client, lang)
        if rest.startswith("img/"):
            return self._image(rest[len("img/") :], lang)
        return self._file(rest or "index.html", lang)

    def _join_page(self, request: web.Request, lang: str) -> web.StreamResponse:
        typed = request.query.get("code")
        if typed is not None:
            code = normalise_room_code(typed)
            if is_room_code(code):  # a shape check only; /r/<code>/ counts a wrong one
                raise web.HTTPSeeOther(f"/r/{code}/")
        if JOIN_PAGE not in self._files:
            return self._plain(404, "no_join_page", lang)
        return self._file(JOIN_PAGE, lang)

    def _file(self, name: str, lang: str) -> web.Response:
        entry = self._files.get(name)
        if entry is None:
            return self._plain(404, "not_found", lang)
        body, kind = entry
        return web.Response(body=body, headers={"Content-Type": kind})

    def _image(self, file_name: str, lang: str) -> web.Response:
        match = IMAGE_FILE.fullmatch(file_name)
        with self._lock:
            png = self._images.get(match.group(1)) if match else None
        if png is None:
            return self._plain(404, "not_found", lang)
        return web.Response(body=png, headers={"Content-Type": "image/png"})

    # ---- WebSocket

    async def _websocket(self, request: web.Request, host: str, client: str, lang: str) -> web.StreamResponse:
        if request.headers.get("Origin", "").lower() != f"http://{host}":
            return self._plain(403, "forbidden_origin", lang)
        ws = web.WebSocketResponse(
            heartbeat=HEARTBEAT_SECONDS, max_msg_size=WS_FRAME_HARD_MAX, compress=False, timeout=CLOSE_SECONDS
        )
        if not ws.can_prepare(request).ok:
            return self._plain(400, "method", lang)
        await ws.prepare(request)
        sock = _Socket(ws=ws, client=client, lang=lang, bucket=TokenBucket(RATE_PER_SECOND, RATE_BURST, self._clock))
        writer = asyncio.create_task(self._write(sock))
        if len(self._sockets) >= SOCKETS_MAX or self._stopping:
            self._refuse(sock, "busy")
            self._close(sock)
            await writer
            return ws
        self._sockets.add(sock)
        try:
            async for message in ws:
                if sock.closing:
                    break
                if message.type == WSMsgType.TEXT:
                    self._receive(sock, message.data)
                elif message.type == WSMsgType.BINARY:
                    self._refuse(sock, "bad_message")
                else:  # an error (such as a frame over WS_FRAME_HARD_MAX): aiohttp is closing the socket
                    break
        finally:
            self._forget(sock)
            self._close(sock)
            await writer
            sock.finished.set()
        return ws

    async def _write(self, sock: _Socket) -> None:
        """The only task that writes to `sock`, so messages go out whole and in order."""
        try:
            while True:
                item = await sock.outbox.get()
                if item is _CLOSE:
                    break
                await sock.ws.send_str(item)
        except (ConnectionError, RuntimeError):
            pass  # the phone went away; the reader sees it too
        finally:
            if not sock.ws.closed:
                try:
                    await sock.ws.close()
                except (ConnectionError, RuntimeError):
                    pass

    def _send(self, sock: _Socket, text: str) -> None:
        if sock.closing:
            return
        if sock.outbox.qsize() >= OUTBOX_MAX:  # the phone reads nothing: drop it, it comes back with hello
            self._close(sock)
            return
        sock.outbox.put_nowait(text)

    def _close(self, sock: _Socket) -> None:
        if not sock.closing:
            sock.closing = True
            sock.outbox.put_nowait(_CLOSE)

    def _text(self, lang: str, key: str) -> str:
        return self._texts.get(lang, self._texts["en"]).get(key) or self._texts["en"].get(key, key)

    def _refuse(self, sock: _Socket, code: str) -> None:
        self._send(sock, dumps({"t": "refused", "code": code, "msg": self._text(sock.lang, f"refused.{code}")}))

    def _put(self, item: Inbound) -> None:
        if self._stopping:
            return
        self.inbox.put(item)
        try:
            self._wake()
        except Exception:
            log.exception("phone server: wake() failed")

    def _seat_sockets(self, seat: int) -> list[_Socket]:
        return [sock for sock in self._sockets if sock.seat == seat]

    def _refresh_connected(self) -> None:
        self._connected = frozenset(sock.seat for sock in self._sockets if sock.seat is not None)

    def _forget(self, sock: _Socket) -> None:
        self._sockets.discard(sock)
        self._unseat(sock)

    def _unseat(self, sock: _Socket) -> None:
        seat, sock.seat = sock.seat, None
        self._refresh_connected()
        if seat is not None and not self._seat_sockets(seat):
            self._put(Disconnected(seat))

    # ---- phone messages (on the loop)

    def _receive(self, sock: _Socket, text: str) -> None:
        if not sock.bucket.take():
            sock.dropped += 1
            if sock.dropped >= FLOOD_CLOSE_AFTER:
                self._refuse(sock, "flood")
                self._close(sock)
            else:
                self._refuse(sock, "rate")
            return
        sock.dropped = 0
        try:
            if len(text) > WS_MESSAGE_MAX or len(text.encode("utf-8")) > WS_MESSAGE_MAX:
                raise Refused("too_big")
            self._dispatch(sock, parse_phone_message(text))
        except Refused as refusal:
            self._refuse(sock, refusal.code)
            if refusal.code == "busy":
                self._close(sock)

    def _dispatch(self, sock: _Socket, message: PhoneMessage) -> None:
        if isinstance(message, Hello):
            self._on_hello(sock, message)
            return
        if not sock.greeted:
            raise Refused("hello_first")
        if isinstance(message, Claim):
            self._on_claim(sock, message)
            return
        seat = self._authenticated(sock, message.token)
        if isinstance(message, Act):
            self._on_act(sock, seat, message)
        elif isinstance(message, Lang):
            sock.lang = message.lang
            self._put(LanguageChanged(seat, message.lang))
        elif isinstance(message, Ping):
            self._send(sock, dumps({"t": "pong"}))

    def _authenticated(self, sock: _Socket, token: str) -> int:
        """The socket's seat, when `token` is that seat's token; otherwise Refused("auth")."""
        seat = sock.seat
        with self._lock:
            valid = seat is not None and self._bindings.holds(seat, token)
        if not valid:
            raise Refused("auth")
        return seat

    def _on_hello(self, sock: _Socket, hello: Hello) -> None:
        sock.greeted = True
        sock.lang = hello.lang
        with self._lock:
            seat = self._bindings.seat_of(hello.token)
            if seat is not None and seat not in self._names:
                seat = None  # bound once, but no longer a phone seat
        if seat is None:
            self._unseat(sock)
            self._send(sock, self._lobby_text(sock.lang))
            return
        if sock.seat != seat:
            self._unseat(sock)
            if len(self._seat_sockets(seat)) >= SOCKETS_PER_SEAT:
                raise Refused("busy")
            sock.seat = seat
            self._refresh_connected()
        sock.digest = token_digest(hello.token or "")
        self._welcome(sock, seat, token=None)
        self._put(Connected(seat, sock.lang))

    def _on_claim(self, sock: _Socket, claim: Claim) -> None:
        if sock.seat is not None:
            raise Refused("seated")
        with self._lock:
            if claim.seat not in self._names:
                raise Refused("no_seat")
            if self._bindings.is_bound(claim.seat):
                raise Refused("seat_taken")
            token = self._bindings.bind(claim.seat)
        self._moves.pop(claim.seat, None)
        sock.lang = claim.lang
        sock.seat = claim.seat
        sock.digest = token_digest(token)
        self._refresh_connected()
        self._welcome(sock, claim.seat, token=token)
        self._put(Claimed(claim.seat, claim.lang))
        self._broadcast_lobby()

    def _welcome(self, sock: _Socket, seat: int, token: str | None) -> None:
        welcome: dict[str, Any] = {"t": "welcome", "seat": seat}
        if token is not None:
            welcome["token"] = token
        self._send(sock, dumps(welcome))
        with self._lock:
            latest = self._latest.get(seat)
        if latest is not None:
            self._send(sock, latest)

    def _on_act(self, sock: _Socket, seat: int, act: Act) -> None:
        moves = self._moves.setdefault(seat, OrderedDict())
        if act.move in moves:  # a resend: answer again if answered, else the answer is on its way
            answer = moves[act.move]
            if answer is not None:
                self._send(sock, answer)
            return
        moves[act.move] = None
        while len(moves) > MOVES_REMEMBERED:
            moves.popitem(last=False)
        self._put(ActionRequest(seat, act.move, act.v, act.a))

    # ---- desktop calls, carried out on the loop

    def _deliver(self, seat: int, text: str) -> None:
        for sock in self._seat_sockets(seat):
            self._send(sock, text)

    def _deliver_reply(self, seat: int, move: Any, text: str) -> None:
        moves = self._moves.get(seat)
        if isinstance(move, str) and moves is not None and move in moves:
            moves[move] = text
        self._deliver(seat, text)

    def _unseat_released(self, seat: int) -> None:
        with self._lock:
            current = self._bindings.digest_of(seat)
        self._moves.pop(seat, None)
        for sock in self._seat_sockets(seat):
            if sock.digest != current:  # not a device that claimed the seat again since
                self._send(sock, dumps({"t": "released", "msg": self._text(sock.lang, "released")}))
                sock.seat = None
        self._refresh_connected()
        self._broadcast_lobby()

    def _lobby_text(self, lang: str) -> str:
        with self._lock:
            seats = [
                {"seat": seat, "name": name, "free": not self._bindings.is_bound(seat)}
                for seat, name in sorted(self._names.items())
            ]
            labels = self._labels.get(lang) or self._labels.get("en") or {}
        return dumps({"t": "lobby", "seats": seats, "labels": labels})

    def _broadcast_lobby(self) -> None:
        texts: dict[str, str] = {}
        for sock in self._sockets:
            if sock.greeted and sock.seat is None:
                if sock.lang not in texts:
                    texts[sock.lang] = self._lobby_text(sock.lang)
                self._send(sock, texts[sock.lang])
