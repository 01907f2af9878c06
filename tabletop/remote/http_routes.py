"""The phone server's HTTP side: which request gets which page, file, image or socket, and the headers on all.

Every request passes the Host check; everything but the join page lives under /r/<code>/, behind the room
code and its lockout; a path is only ever a key into the in-memory page table (see server.py's security model).
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable

from aiohttp import web

from tabletop.remote.binding import CodeLockout, is_room_code, normalise_room_code, same_code
from tabletop.remote.server_texts import ServerTexts, http_lang, plain
from tabletop.remote.shared_state import SharedState
from tabletop.remote.static import StaticFiles

IMAGE_FILE = re.compile(r"([a-z0-9_]{1,64})\.png")
JOIN_PAGE = "join.html"
JOIN_PREFIX = "join"  # page files named join* (join.js, join.css) are the join page's, served at "/" too

# The WebSocket's handler: (request, its Host, the client's address, the request's language) -> response.
SocketHandler = Callable[[web.Request, str, str, str], Awaitable[web.StreamResponse]]


class HttpRoutes:
    def __init__(self, shared: SharedState, texts: ServerTexts, room_code: str, lockout: CodeLockout,
                 files: StaticFiles, hosts: frozenset[str], websocket: SocketHandler) -> None:
        self._shared = shared
        self._texts = texts
        self._room_code = room_code
        self._lockout = lockout
        self._files = files
        self._hosts = hosts
        self._websocket = websocket

    def _plain(self, status: int, key: str, lang: str) -> web.Response:
        return plain(self._texts, status, key, lang)

    async def secure_headers(self, request: web.Request, response: web.StreamResponse) -> None:
        host = request.headers.get("Host", "").lower()
        socket_source = f" ws://{host}" if host in self._hosts else ""
        response.headers["Content-Security-Policy"] = (
            f"default-src 'self'; img-src 'self'; connect-src 'self'{socket_source}; "
            "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
        )
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "no-referrer"
        response.headers["Cache-Control"] = "no-store"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        lang = http_lang(request)
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
        if not same_code(parts[2], self._room_code):
            self._lockout.failed(client)
            return self._plain(404, "not_found", lang)
        if len(parts) == 3:
            raise web.HTTPFound(f"/r/{self._room_code}/")
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
        with self._shared.lock:
            png = self._shared.images.get(match.group(1)) if match else None
        if png is None:
            return self._plain(404, "not_found", lang)
        return web.Response(body=png, headers={"Content-Type": "image/png"})
