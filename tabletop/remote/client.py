"""A scripted phone: what the phone page does, without a browser (tests, `tabletop selftest`, benchmarks).

    async with PhoneClient(server.url) as phone:
        await phone.hello()                 # -> lobby
        await phone.claim(0)                # -> welcome (the token is kept in phone.token)
        state = await phone.until("state")  # the seat's payload
        move = await phone.act(state["moves"][0]["a"], state["v"])
        result = await phone.until("result")

`SyncPhone` offers the same calls, blocking, for code that has no event loop (it runs its own).
`answer_next_action` stands in for the desktop: it takes the next ActionRequest off a server's inbox and replies
with a judge's verdict (tests of who may act, benchmarks without a game).
"""

from __future__ import annotations

import asyncio
import json
import secrets
import time
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

import aiohttp

from tabletop.remote.protocol import ActionRequest

if TYPE_CHECKING:
    from tabletop.remote.server import PhoneServer

DEFAULT_TIMEOUT = 5.0


def new_move_id() -> str:
    return secrets.token_urlsafe(12)  # 16 characters of [A-Za-z0-9_-]


class PhoneClient:
    """One phone socket on the table at `url` (http://host:port/r/<CODE>/). `origin` defaults to the page's
    own origin, as a browser would send it; tests pass another to check the refusal."""

    def __init__(self, url: str, *, lang: str = "en", token: str | None = None, origin: str | None = None) -> None:
        parts = urlsplit(url)
        self.url = url
        self.ws_url = f"ws://{parts.netloc}{parts.path.rstrip('/')}/ws"
        self.origin = origin if origin is not None else f"http://{parts.netloc}"
        self.lang = lang
        self.token = token
        self.seat: int | None = None
        self.received: list[dict[str, Any]] = []  # every message, in order (also those `until` skipped)
        self._session: aiohttp.ClientSession | None = None
        self._ws: aiohttp.ClientWebSocketResponse | None = None

    async def __aenter__(self) -> PhoneClient:
        await self.connect()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def connect(self) -> None:
        self._session = aiohttp.ClientSession()
        try:
            self._ws = await self._session.ws_connect(self.ws_url, origin=self.origin, autoping=True)
        except BaseException:
            await self._session.close()
            raise

    async def close(self) -> None:
        if self._ws is not None:
            await self._ws.close()
        if self._session is not None:
            await self._session.close()

    @property
    def closed(self) -> bool:
        return self._ws is None or self._ws.closed

    async def send(self, message: dict[str, Any]) -> None:
        await self.send_raw(json.dumps(message, separators=(",", ":")))

    async def send_raw(self, text: str) -> None:
        assert self._ws is not None, "connect() first"
        await self._ws.send_str(text)

    async def next(self, timeout: float = DEFAULT_TIMEOUT) -> dict[str, Any] | None:
        """The next message, or None once the socket is closed. TimeoutError when none comes in time."""
        assert self._ws is not None, "connect() first"
        message = await self._ws.receive(timeout=timeout)
        if message.type != aiohttp.WSMsgType.TEXT:
            return None
        data = json.loads(message.data)
        self.received.append(data)
        self._note(data)
        return data

    async def until(self, kind: str, timeout: float = DEFAULT_TIMEOUT) -> dict[str, Any]:
        """Reads until a message of type `kind` (skipping others); TimeoutError / ConnectionError otherwise."""
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            left = deadline - asyncio.get_running_loop().time()
            if left <= 0:
                raise TimeoutError(f"no {kind!r} within {timeout} s")
            data = await self.next(left)
            if data is None:
                raise ConnectionError(f"closed before a {kind!r}")
            if data.get("t") == kind:
                return data

    def _note(self, data: dict[str, Any]) -> None:
        if data.get("t") == "welcome":
            self.seat = data["seat"]
            self.token = data.get("token", self.token)
        elif data.get("t") == "released":
            self.seat = None
            self.token = None

    async def hello(self, timeout: float = DEFAULT_TIMEOUT) -> dict[str, Any]:
        """Says hello with the kept token: the answer is "welcome" (the seat is back) or "lobby"."""
        await self.send({"t": "hello", "lang": self.lang, "token": self.token})
        while True:
            data = await self.next(timeout)
            if data is None:
                raise ConnectionError("closed before welcome or lobby")
            if data.get("t") in ("welcome", "lobby", "refused"):
                return data

    async def claim(self, seat: int, timeout: float = DEFAULT_TIMEOUT) -> dict[str, Any]:
        """Claims `seat`: the answer is "welcome" (token kept) or "refused"."""
        await self.send({"t": "claim", "seat": seat, "lang": self.lang})
        while True:
            data = await self.next(timeout)
            if data is None:
                raise ConnectionError("closed before welcome")
            if data.get("t") in ("welcome", "refused"):
                return data

    async def act(self, action: str, version: int, move: str | None = None) -> str:
        """Sends an action (with a fresh move id unless one is given, as a resend would) and returns the id."""
        move = move or new_move_id()
        await self.send({"t": "act", "token": self.token or "", "move": move, "v": version, "a": action})
        return move

    async def set_lang(self, lang: str) -> None:
        self.lang = lang
        await self.send({"t": "lang", "token": self.token or "", "lang": lang})

    async def ping(self) -> None:
        await self.send({"t": "ping", "token": self.token or ""})


class SyncPhone:
    """PhoneClient's calls, blocking, on a private event loop (for a thread with no loop of its own)."""

    def __init__(self, url: str, **options: Any) -> None:
        self._loop = asyncio.new_event_loop()
        self.phone = PhoneClient(url, **options)
        self._run(self.phone.connect())

    def _run(self, work: Coroutine[Any, Any, Any]) -> Any:
        return self._loop.run_until_complete(work)

    def __enter__(self) -> SyncPhone:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        if not self._loop.is_closed():
            self._run(self.phone.close())
            self._loop.close()

    @property
    def token(self) -> str | None:
        return self.phone.token

    def hello(self, timeout: float = DEFAULT_TIMEOUT) -> dict[str, Any]:
        return self._run(self.phone.hello(timeout))

    def claim(self, seat: int, timeout: float = DEFAULT_TIMEOUT) -> dict[str, Any]:
        return self._run(self.phone.claim(seat, timeout))

    def until(self, kind: str, timeout: float = DEFAULT_TIMEOUT) -> dict[str, Any]:
        return self._run(self.phone.until(kind, timeout))

    def next(self, timeout: float = DEFAULT_TIMEOUT) -> dict[str, Any] | None:
        return self._run(self.phone.next(timeout))

    def act(self, action: str, version: int, move: str | None = None) -> str:
        return self._run(self.phone.act(action, version, move))

    def send(self, message: dict[str, Any]) -> None:
        self._run(self.phone.send(message))

    def send_raw(self, text: str) -> None:
        self._run(self.phone.send_raw(text))


def answer_next_action(
    server: PhoneServer, judge: Callable[[ActionRequest], tuple[bool, str]], timeout: float = DEFAULT_TIMEOUT
) -> ActionRequest:
    """Takes items off `server.inbox` until an ActionRequest, replies `judge(request)` -> (ok, msg) to its seat as
    the desktop would, and returns the request. Other items are dropped. queue.Empty when none comes in time."""
    deadline = time.monotonic() + timeout
    while True:
        item = server.inbox.get(timeout=max(0.0, deadline - time.monotonic()))
        if isinstance(item, ActionRequest):
            ok, msg = judge(item)
            server.reply(item.seat, {"t": "result", "move": item.move, "ok": ok, "msg": msg})
            return item
