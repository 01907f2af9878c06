"""The phone server's thread and event loop, and its listening socket."""

from __future__ import annotations

import asyncio
import logging
import os
import socket
import threading
from collections.abc import Awaitable, Callable

from aiohttp import web

log = logging.getLogger(__name__)

STOP_SECONDS = 5.0  # stop() waits at most this long for the thread


def listen(host: str, port: int) -> socket.socket:
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


class ServerThread:
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
