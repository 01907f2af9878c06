"""The phone protocol's shapes: limits, what a phone may send (checked against a schema) and what the
server hands the pygame thread (`Inbound` items on `PhoneServer.inbox`).

A phone message is a JSON object whose field "t" names its type; each type has exactly the fields listed in
`_SCHEMAS`, with those types and lengths. `parse_phone_message` turns the raw text into one of the frozen
dataclasses below or raises `Refused(code)`; nothing else about a message is trusted.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

LANGS = ("en", "ja")

# Limits (the contract's figures; the server and the tests read them from here).
HTTP_BODY_MAX = 1024  # bytes: no request of ours has a body
WS_MESSAGE_MAX = 2048  # bytes (UTF-8) of one phone message; larger ones are refused and dropped
WS_FRAME_HARD_MAX = 16 * 1024  # aiohttp closes the socket above this (no refusal: the frame is never read)
RATE_PER_SECOND = 10.0  # phone messages per second per socket, sustained
RATE_BURST = 20  # ... and in a burst
FLOOD_CLOSE_AFTER = 20  # dropped messages in a row (over the rate) before the socket is closed
SOCKETS_MAX = 16  # open WebSockets in total
SOCKETS_PER_SEAT = 2  # a third one for the same seat closes the oldest (a reload, a half-dead socket)
CODE_FAILURES_MAX = 20  # wrong room codes per client address within CODE_FAILURE_WINDOW ...
CODE_FAILURE_WINDOW = 60.0  # seconds
CODE_LOCKOUT = 60.0  # ... then every /r/ request from it gets 429 for this many seconds
MOVES_REMEMBERED = 64  # move ids remembered per seat (answered or pending) for exactly-once
OUTBOX_MAX = 64  # messages waiting to go to one socket; a phone that reads none of them is dropped
HEARTBEAT_SECONDS = 25.0  # WebSocket ping interval (aiohttp), so a sleeping phone's socket is found dead
ACTION_TEXT_MAX = 200
TOKEN_MAX = 64

MOVE_ID = re.compile(r"[A-Za-z0-9_-]{8,40}")
TOKEN_CHARS = re.compile(r"[A-Za-z0-9_-]{1,64}")

# Refusal codes the server sends; their texts (per language) come from the catalogs (topic "phone_server",
# keys "refused_<code>") or the desktop's own table.
REFUSAL_CODES = (
    "bad_json",  # not a JSON object
    "bad_message",  # unknown type, missing/extra field, wrong type or length
    "too_big",  # over WS_MESSAGE_MAX
    "rate",  # over the rate limit: the message was dropped
    "flood",  # the rate limit kept being exceeded: the socket closes
    "auth",  # no valid token for this socket's seat
    "hello_first",  # a claim or act before hello
    "seated",  # a claim from a socket that already holds a seat
    "no_seat",  # claim of a seat that is not a phone seat
    "seat_taken",  # claim of a seat bound to another device (until the host releases it)
    "busy",  # too many sockets open
)


class Refused(Exception):
    """A phone message the server will not accept; `code` is one of REFUSAL_CODES."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


# ---- phone -> server


@dataclass(frozen=True)
class Hello:
    lang: str
    token: str | None


@dataclass(frozen=True)
class Claim:
    seat: int
    lang: str


@dataclass(frozen=True)
class Act:
    token: str
    move: str
    v: int
    a: str


@dataclass(frozen=True)
class Lang:
    token: str
    lang: str


@dataclass(frozen=True)
class Ping:
    token: str


PhoneMessage = Hello | Claim | Act | Lang | Ping


def _lang(value: Any) -> bool:
    return value in LANGS


def _token(value: Any) -> bool:
    return isinstance(value, str) and TOKEN_CHARS.fullmatch(value) is not None


def _seat(value: Any) -> bool:
    return type(value) is int and 0 <= value < 16  # bool is an int subclass: refused by `type(...) is int`


def _version(value: Any) -> bool:
    return type(value) is int and 0 <= value < 2**53


def _move(value: Any) -> bool:
    return isinstance(value, str) and MOVE_ID.fullmatch(value) is not None


def _action(value: Any) -> bool:
    return isinstance(value, str) and 0 < len(value) <= ACTION_TEXT_MAX and value.isprintable()


# type -> (dataclass, {field: check}); the object must have exactly "t" and these fields.
_SCHEMAS: dict[str, tuple[type, dict[str, Any]]] = {
    "hello": (Hello, {"lang": _lang, "token": lambda v: v is None or _token(v)}),
    "claim": (Claim, {"seat": _seat, "lang": _lang}),
    "act": (Act, {"token": _token, "move": _move, "v": _version, "a": _action}),
    "lang": (Lang, {"token": _token, "lang": _lang}),
    "ping": (Ping, {"token": _token}),
}


def _no_constants(name: str) -> Any:
    raise ValueError(name)  # NaN / Infinity are not JSON


def parse_phone_message(text: str) -> PhoneMessage:
    """The message in `text` (already within WS_MESSAGE_MAX), or Refused("bad_json" / "bad_message")."""
    try:
        data = json.loads(text, parse_constant=_no_constants)
    except (ValueError, RecursionError):
        raise Refused("bad_json") from None
    if not isinstance(data, dict):
        raise Refused("bad_json")
    kind = data.get("t")
    schema = _SCHEMAS.get(kind) if isinstance(kind, str) else None
    if schema is None:
        raise Refused("bad_message")
    cls, fields = schema
    if set(data) != {"t", *fields}:
        raise Refused("bad_message")
    for name, check in fields.items():
        if not check(data[name]):
            raise Refused("bad_message")
    return cls(**{name: data[name] for name in fields})


# ---- server -> pygame thread (the `inbox`)


@dataclass(frozen=True)
class Claimed:
    """A new device bound `seat` (and is connected to it)."""

    seat: int
    lang: str


@dataclass(frozen=True)
class Connected:
    """A socket said hello with `seat`'s token (a reconnect, a reload or a second tab): publish in `lang`."""

    seat: int
    lang: str


@dataclass(frozen=True)
class Disconnected:
    """`seat` has no open socket left."""

    seat: int


@dataclass(frozen=True)
class ActionRequest:
    """`seat` asks to play `action_text`, having seen state `version`; answer with
    `server.reply(seat, {"t": "result", "move": move, "ok": ..., "msg": ...})`."""

    seat: int
    move: str
    version: int
    action_text: str


@dataclass(frozen=True)
class LanguageChanged:
    seat: int
    lang: str


Inbound = Claimed | Connected | Disconnected | ActionRequest | LanguageChanged
