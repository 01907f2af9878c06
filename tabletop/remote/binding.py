"""Who may use the phone table: the room code, the seat tokens, and the lockout for guessed codes.

- Room code: 8 characters over an unambiguous alphabet (40 bits), shown on the table and in the QR code.
  It lets a phone see the lobby and claim a free seat; it grants no bound seat.
- Seat token: `secrets.token_urlsafe(24)` (192 bits), given once to the device that claimed the seat and kept
  in its storage. Only its sha256 is kept here (and in a save); a token is checked by comparing digests with
  `hmac.compare_digest` against every bound seat, so the time taken tells nothing about any of them.
- Code lockout: wrong codes count per client address; too many in a minute lock that address out for a minute.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from collections import deque
from collections.abc import Callable

from tabletop.remote.protocol import CODE_FAILURE_WINDOW, CODE_FAILURES_MAX, CODE_LOCKOUT

ROOM_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
ROOM_CODE_LENGTH = 8
TOKEN_BYTES = 24  # 192 bits


def new_room_code() -> str:
    return "".join(secrets.choice(ROOM_ALPHABET) for _ in range(ROOM_CODE_LENGTH))


def is_room_code(text: str) -> bool:
    """The shape of a room code (not whether it is this table's)."""
    return len(text) == ROOM_CODE_LENGTH and all(ch in ROOM_ALPHABET for ch in text)


def normalise_room_code(typed: str) -> str:
    """What a person typed ("abcd-2345 ") as a code ("ABCD2345"); the shape is not checked."""
    return "".join(ch for ch in typed.upper() if ch not in " -\t")


def same_code(given: str, code: str) -> bool:
    return hmac.compare_digest(given.encode("utf-8", "replace"), code.encode("ascii"))


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def is_digest(text: object) -> bool:
    """A sha256 hex digest, as a save keeps a seat's token."""
    return isinstance(text, str) and len(text) == 64 and all(ch in "0123456789abcdef" for ch in text)


class SeatBindings:
    """seat -> sha256 of the token of the device that holds it. Not thread-safe: the server's loop owns it."""

    def __init__(self, saved: dict[int, str] | None = None) -> None:
        self._digests: dict[int, bytes] = {}
        for seat, digest in (saved or {}).items():
            if not is_digest(digest):
                raise ValueError(f"seat {seat}: a saved binding must be a sha256 hex digest")
            self._digests[int(seat)] = bytes.fromhex(digest)

    def bind(self, seat: int) -> str:
        """Binds `seat` to a new token and returns it (the only time the token exists here)."""
        token = secrets.token_urlsafe(TOKEN_BYTES)
        self._digests[seat] = hashlib.sha256(token.encode("utf-8")).digest()
        return token

    def release(self, seat: int) -> None:
        self._digests.pop(seat, None)

    def is_bound(self, seat: int) -> bool:
        return seat in self._digests

    def seat_of(self, token: str | None) -> int | None:
        """The seat `token` is bound to, or None. Every bound seat is compared, in constant time each."""
        if not token:
            return None
        digest = hashlib.sha256(token.encode("utf-8")).digest()
        found = None
        for seat, stored in self._digests.items():
            if hmac.compare_digest(stored, digest):
                found = seat
        return found

    def digest_of(self, seat: int) -> str | None:
        stored = self._digests.get(seat)
        return stored.hex() if stored is not None else None

    def holds(self, seat: int, token: str) -> bool:
        """True when `token` is `seat`'s token."""
        return self.seat_of(token) == seat

    def digests(self) -> dict[int, str]:
        return {seat: digest.hex() for seat, digest in sorted(self._digests.items())}


class CodeLockout:
    """Wrong room codes per client address: more than CODE_FAILURES_MAX in CODE_FAILURE_WINDOW seconds locks
    the address out for CODE_LOCKOUT seconds. Bounded: at most `max_clients` addresses are remembered."""

    def __init__(self, clock: Callable[[], float] = time.monotonic, max_clients: int = 1024) -> None:
        self._clock = clock
        self._max_clients = max_clients
        self._failures: dict[str, deque[float]] = {}
        self._locked_until: dict[str, float] = {}

    def locked(self, client: str) -> bool:
        until = self._locked_until.get(client)
        if until is None:
            return False
        if self._clock() < until:
            return True
        del self._locked_until[client]
        return False

    def failed(self, client: str) -> None:
        now = self._clock()
        window = self._failures.get(client)
        if window is None:
            if len(self._failures) >= self._max_clients:
                self._forget_oldest()
            window = self._failures[client] = deque(maxlen=CODE_FAILURES_MAX)
        while window and now - window[0] > CODE_FAILURE_WINDOW:
            window.popleft()
        window.append(now)
        if len(window) >= CODE_FAILURES_MAX:
            self._locked_until[client] = now + CODE_LOCKOUT
            window.clear()

    def _forget_oldest(self) -> None:
        oldest = min(self._failures, key=lambda c: self._failures[c][-1] if self._failures[c] else float("-inf"))
        del self._failures[oldest]
        if len(self._locked_until) >= self._max_clients:
            self._locked_until.pop(next(iter(self._locked_until)))
