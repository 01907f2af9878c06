"""Chance scheme 2: one chance event's draws read from a SHAKE-256 stream of (seed, counter).

Scheme 1 (`random.Random(seed * 1_000_003 + counter)` per event) spends most of a
small event seeding the Mersenne Twister (about 4 µs, as long as the whole
BLOODY SUMMER check it serves). Here an event's randomness is the extendable
output of SHAKE-256 over `b"tabletop-chance-2:<seed>:<counter>"`, read as
little-endian 64-bit words, so it costs one hash call, is the same on every
platform and Python version, and keeps `Chance` two ints (cheap to clone).

The draws (a subset of `random.Random`'s interface: what games call):
- `shuffle(items)`: items sorted by one fresh word each (stable, so equal words, at
  odds of about n²/2⁶⁵, keep their order). Uniform up to that tie chance.
- `randrange(stop)` / `randrange(start, stop)`, `choice`: rejection sampling on words,
  exactly uniform.
- `random()`: the top 53 bits of a word, in [0, 1).
- `draw(items, k)`: k of the items as the top k of a shuffle would give them (the same
  distribution), by k steps of Fisher–Yates (one word each, plus rejections), so a check
  that draws 2 of 9 cards does not pay for ordering the other 7.

The stream is consumed in that order, so an event that shuffles and then draws a
start player reads the shuffle's words first. Changing any of this changes every
seeded game of scheme 2: add a scheme instead (see `Chance`).
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from hashlib import shake_256
from typing import Any, TypeVar

T = TypeVar("T")

_WORD_RANGE = 1 << 64
_FIRST_READ = 64  # bytes hashed beyond those asked for: eight more words cover a small event in one call
_WORDS = [struct.Struct(f"<{n}Q") for n in range(65)]  # "n little-endian words", built once


def event_key(seed: int, counter: int) -> bytes:
    """The bytes hashed for event `counter` of a game seeded `seed`."""
    return b"tabletop-chance-2:%d:%d" % (seed, counter)


class StreamDraws:
    """The draws of one chance event under scheme 2 (see the module docstring)."""

    __slots__ = ("_key", "_stream", "_at")

    def __init__(self, seed: int, counter: int) -> None:
        self._key = event_key(seed, counter)
        self._stream = b""
        self._at = 0  # bytes of the stream already used

    def _words(self, n: int) -> tuple[int, ...]:
        at, end = self._at, self._at + 8 * n
        if end > len(self._stream):
            # SHAKE's output for a longer length starts with the shorter one, so re-hashing
            # for more bytes (doubling, to stay linear) keeps every word already read.
            # _FIRST_READ spare bytes: a shuffle's words plus the draws after it (a start player) in one call.
            self._stream = shake_256(self._key).digest(max(end + _FIRST_READ, 2 * len(self._stream)))
        self._at = end
        words = _WORDS[n] if n < 65 else struct.Struct(f"<{n}Q")
        return words.unpack_from(self._stream, at)

    def _below(self, n: int) -> int:
        """Uniform in [0, n): words at or above the largest multiple of n are redrawn."""
        if n <= 0:
            raise ValueError("empty range")
        if n > _WORD_RANGE:
            raise ValueError("ranges beyond 2**64 are not drawn by scheme 2")
        limit = _WORD_RANGE - _WORD_RANGE % n
        while True:
            (word,) = self._words(1)
            if word < limit:
                return word % n

    def randrange(self, start: int, stop: int | None = None) -> int:
        if stop is None:
            return self._below(start)
        return start + self._below(stop - start)

    def choice(self, items: Sequence[T]) -> T:
        return items[self._below(len(items))]

    def random(self) -> float:
        (word,) = self._words(1)
        return (word >> 11) * (1.0 / (1 << 53))

    def draw(self, items: Sequence[T], k: int) -> list[T]:
        pool = list(items)
        n = len(pool)
        for i in range(min(k, n)):
            j = i + self._below(n - i)
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:k]

    def shuffle(self, items: list[Any]) -> None:
        n = len(items)
        keys = self._words(n)
        order = sorted(range(n), key=keys.__getitem__)
        items[:] = [items[i] for i in order]


def draw(seed: int, counter: int, items: Sequence[T], k: int) -> list[T]:
    """`StreamDraws(seed, counter).draw(items, k)`, the same k items, for an event that draws nothing else.

    It hashes the k words the draw needs (plus `_FIRST_READ` spare ones for rejections) in one call and
    reads them in order, instead of a `_below` and a `_words` call per step; a word rejected by `_below`
    is skipped exactly as there, and the stream is hashed longer in the (about 2**-60) case that the
    spare words run out. Chance events of BLOODY SUMMER's checks are mostly this one draw."""
    pool = list(items)
    n = len(pool)
    steps = k if k < n else n
    stream = shake_256(event_key(seed, counter)).digest(8 * steps + _FIRST_READ)
    count = len(stream) >> 3
    words = (_WORDS[count] if count < 65 else struct.Struct(f"<{count}Q")).unpack(stream)
    at = 0
    for i in range(steps):
        m = n - i
        limit = _WORD_RANGE - _WORD_RANGE % m
        while True:
            if at == len(words):  # SHAKE's longer output starts with the shorter one: the words read stay
                stream = shake_256(event_key(seed, counter)).digest(2 * len(stream))
                words = struct.unpack(f"<{len(stream) >> 3}Q", stream)
            word = words[at]
            at += 1
            if word < limit:
                break
        j = i + word % m
        pool[i], pool[j] = pool[j], pool[i]
    return pool[:k]
