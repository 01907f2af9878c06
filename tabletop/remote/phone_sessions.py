"""The phone sockets on the server's loop: each phone's WebSocket session, from hello to close.

A session is checked message by message: size, rate (a token bucket per socket), schema (protocol.py),
then the seat token against the socket's own seat; only then is an `Inbound` item queued for the desktop.
Everything here runs on the server's loop; what the desktop shares with it is in SharedState, under its lock.
"""

from __future__ import annotations

import asyncio
import logging
import queue
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

from tabletop.remote.binding import token_digest
from tabletop.remote.protocol import (
    FLOOD_CLOSE_AFTER,
    HEARTBEAT_SECONDS,
    MOVES_REMEMBERED,
    OUTBOX_MAX,
    RATE_BURST,
    RATE_PER_SECOND,
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
from tabletop.remote.server_texts import ServerTexts, dumps, plain, text
from tabletop.remote.shared_state import SharedState

log = logging.getLogger(__name__)

CLOSE_SECONDS = 2.0  # a phone's close handshake may take this long before its socket is dropped


class _Close:
    """The outbox's last item: close the socket after what was queued before it."""


_CLOSE = _Close()


@dataclass(eq=False)
class PhoneSocket:
    ws: web.WebSocketResponse
    client: str
    lang: str
    bucket: TokenBucket
    outbox: asyncio.Queue[str | _Close] = field(default_factory=asyncio.Queue)
    finished: asyncio.Event = field(default_factory=asyncio.Event)
    greeted: bool = False  # said hello
    seat: int | None = None  # the seat this socket plays (after a valid hello or a claim)
    digest: str = ""  # sha256 of the token it authenticated with (a release unseats the old device only)
    dropped: int = 0  # messages dropped in a row by the rate limit
    closing: bool = False


class PhoneSessions:
    """Every open phone socket; `inbox` receives what the desktop must answer, and `wake()` follows each item."""

    def __init__(self, shared: SharedState, texts: ServerTexts, inbox: queue.Queue[Inbound],
                 wake: Callable[[], None], clock: Callable[[], float]) -> None:
        self._shared = shared
        self._texts = texts
        self._inbox = inbox
        self._wake = wake
        self._clock = clock
        self._sockets: set[PhoneSocket] = set()
        self._moves: dict[int, OrderedDict[str, str | None]] = {}  # seat -> move id -> answer (None: pending)
        self._stopping = False
        self.connected: frozenset[int] = frozenset()  # replaced whole, so the desktop reads it without a lock

    # ---- a socket's life

    async def serve(self, request: web.Request, host: str, client: str, lang: str) -> web.StreamResponse:
        if request.headers.get("Origin", "").lower() != f"http://{host}":
            return plain(self._texts, 403, "forbidden_origin", lang)
        ws = web.WebSocketResponse(
            heartbeat=HEARTBEAT_SECONDS, max_msg_size=WS_FRAME_HARD_MAX, compress=False, timeout=CLOSE_SECONDS
        )
        if not ws.can_prepare(request).ok:
            return plain(self._texts, 400, "method", lang)
        await ws.prepare(request)
        sock = PhoneSocket(ws=ws, client=client, lang=lang,
                           bucket=TokenBucket(RATE_PER_SECOND, RATE_BURST, self._clock))
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

    async def close_all(self) -> None:
        """Every phone gets "closed" and its socket closes; no new socket or message is taken after this."""
        self._stopping = True
        for sock in list(self._sockets):
            self._send(sock, dumps({"t": "closed", "msg": text(self._texts, sock.lang, "closed")}))
            self._close(sock)
        waits = [sock.finished.wait() for sock in self._sockets]
        if waits:
            try:
                await asyncio.wait_for(asyncio.gather(*waits), CLOSE_SECONDS)
            except TimeoutError:
                pass  # runner.cleanup() drops what is left

    async def _write(self, sock: PhoneSocket) -> None:
        """The only task that writes to `sock`, so messages go out whole and in order."""
        try:
            while True:
                item = await sock.outbox.get()
                if isinstance(item, _Close):
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

    def _send(self, sock: PhoneSocket, message: str) -> None:
        if sock.closing:
            return
        if sock.outbox.qsize() >= OUTBOX_MAX:  # the phone reads nothing: drop it, it comes back with hello
            self._close(sock)
            return
        sock.outbox.put_nowait(message)

    def _close(self, sock: PhoneSocket) -> None:
        if not sock.closing:
            sock.closing = True
            sock.outbox.put_nowait(_CLOSE)

    def _refuse(self, sock: PhoneSocket, code: str) -> None:
        words = text(self._texts, sock.lang, f"refused.{code}")
        self._send(sock, dumps({"t": "refused", "code": code, "msg": words}))

    def _put(self, item: Inbound) -> None:
        if self._stopping:
            return
        self._inbox.put(item)
        try:
            self._wake()
        except Exception:
            log.exception("phone server: wake() failed")

    def _seat_sockets(self, seat: int) -> list[PhoneSocket]:
        return [sock for sock in self._sockets if sock.seat == seat]

    def _refresh_connected(self) -> None:
        self.connected = frozenset(sock.seat for sock in self._sockets if sock.seat is not None)

    def _forget(self, sock: PhoneSocket) -> None:
        self._sockets.discard(sock)
        self._unseat(sock)

    def _unseat(self, sock: PhoneSocket) -> None:
        seat, sock.seat = sock.seat, None
        self._refresh_connected()
        if seat is not None and not self._seat_sockets(seat):
            self._put(Disconnected(seat))

    # ---- phone messages

    def _receive(self, sock: PhoneSocket, message: str) -> None:
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
            if len(message) > WS_MESSAGE_MAX or len(message.encode("utf-8")) > WS_MESSAGE_MAX:
                raise Refused("too_big")
            self._dispatch(sock, parse_phone_message(message))
        except Refused as refusal:
            self._refuse(sock, refusal.code)
            if refusal.code == "busy":
                self._close(sock)

    def _dispatch(self, sock: PhoneSocket, message: PhoneMessage) -> None:
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

    def _authenticated(self, sock: PhoneSocket, token: str) -> int:
        """The socket's seat, when `token` is that seat's token; otherwise Refused("auth")."""
        seat = sock.seat
        if seat is None:
            raise Refused("auth")
        with self._shared.lock:
            valid = self._shared.bindings.holds(seat, token)
        if not valid:
            raise Refused("auth")
        return seat

    def _on_hello(self, sock: PhoneSocket, hello: Hello) -> None:
        sock.greeted = True
        sock.lang = hello.lang
        with self._shared.lock:
            seat = self._shared.bindings.seat_of(hello.token)
            if seat is not None and seat not in self._shared.names:
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

    def _on_claim(self, sock: PhoneSocket, claim: Claim) -> None:
        if sock.seat is not None:
            raise Refused("seated")
        with self._shared.lock:
            if claim.seat not in self._shared.names:
                raise Refused("no_seat")
            if self._shared.bindings.is_bound(claim.seat):
                raise Refused("seat_taken")
            token = self._shared.bindings.bind(claim.seat)
        self._moves.pop(claim.seat, None)
        sock.lang = claim.lang
        sock.seat = claim.seat
        sock.digest = token_digest(token)
        self._refresh_connected()
        self._welcome(sock, claim.seat, token=token)
        self._put(Claimed(claim.seat, claim.lang))
        self.broadcast_lobby()

    def _welcome(self, sock: PhoneSocket, seat: int, token: str | None) -> None:
        welcome: dict[str, Any] = {"t": "welcome", "seat": seat}
        if token is not None:
            welcome["token"] = token
        self._send(sock, dumps(welcome))
        with self._shared.lock:
            latest = self._shared.latest.get(seat)
        if latest is not None:
            self._send(sock, latest)

    def _on_act(self, sock: PhoneSocket, seat: int, act: Act) -> None:
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

    # ---- the desktop's calls, carried out on the loop

    def deliver(self, seat: int, message: str) -> None:
        for sock in self._seat_sockets(seat):
            self._send(sock, message)

    def deliver_reply(self, seat: int, move: Any, message: str) -> None:
        moves = self._moves.get(seat)
        if isinstance(move, str) and moves is not None and move in moves:
            moves[move] = message
        self.deliver(seat, message)

    def unseat_released(self, seat: int) -> None:
        with self._shared.lock:
            current = self._shared.bindings.digest_of(seat)
        self._moves.pop(seat, None)
        for sock in self._seat_sockets(seat):
            if sock.digest != current:  # not a device that claimed the seat again since
                self._send(sock, dumps({"t": "released", "msg": text(self._texts, sock.lang, "released")}))
                sock.seat = None
        self._refresh_connected()
        self.broadcast_lobby()

    def _lobby_text(self, lang: str) -> str:
        shared = self._shared
        with shared.lock:
            seats = [
                {"seat": seat, "name": name, "free": not shared.bindings.is_bound(seat)}
                for seat, name in sorted(shared.names.items())
            ]
            labels = shared.labels.get(lang) or shared.labels.get("en") or {}
        return dumps({"t": "lobby", "seats": seats, "labels": labels})

    def broadcast_lobby(self) -> None:
        texts: dict[str, str] = {}
        for sock in self._sockets:
            if sock.greeted and sock.seat is None:
                if sock.lang not in texts:
                    texts[sock.lang] = self._lobby_text(sock.lang)
                self._send(sock, texts[sock.lang])
