"""Packed multisets of card values: a whole hand is one int, so cloning a state copies ints.

Value `v` (1–13) owns the 3-bit field at bit `3 * v`, holding its count (0–4; a deck
has four copies). Adding or removing cards is integer addition or subtraction and never
carries across fields while counts stay in 0–7. This is generic for any deck of small
values with few copies and could move to a shared helper.
"""

from __future__ import annotations

from collections.abc import Iterable

VALUES = range(1, 14)
COPIES = 4
FIELD = 7  # mask of one 3-bit count

ONE: tuple[int, ...] = tuple(1 << (3 * v) for v in range(16))  # one card of value v
FULL_DECK = sum(COPIES * ONE[v] for v in VALUES)


def count(packed: int, value: int) -> int:
    return (packed >> (3 * value)) & FIELD


def pack(values: Iterable[int]) -> int:
    return sum(map(ONE.__getitem__, values))


class _ChunkValues(dict[int, tuple[int, ...]]):
    """The values, ascending with repeats, in one 15-bit chunk (five count fields) of a packed
    multiset, keyed by the chunk; filled on first use (at most 5**5 chunks of real hands)."""

    def __init__(self, first_value: int) -> None:
        super().__init__()
        self.first_value = first_value

    def __missing__(self, chunk: int) -> tuple[int, ...]:
        found = self[chunk] = tuple(v for i, v in enumerate(range(self.first_value, self.first_value + 5))
                                    for _ in range((chunk >> (3 * i)) & FIELD))
        return found


_LOW, _MIDDLE, _HIGH = _ChunkValues(1), _ChunkValues(6), _ChunkValues(11)


def unpack(packed: int) -> list[int]:
    """The values in ascending order, with repeats: three table lookups (values 1–5, 6–10, 11–13)."""
    return [*_LOW[packed >> 3 & 0x7FFF], *_MIDDLE[packed >> 18 & 0x7FFF], *_HIGH[packed >> 33]]


_PLANE = sum(ONE[v] for v in VALUES)  # bit 0 of every count


def size(packed: int) -> int:
    """How many cards: the counts' three bit planes counted with `int.bit_count` (one C call each)."""
    return ((packed & _PLANE).bit_count() + 2 * (packed & _PLANE << 1).bit_count()
            + 4 * (packed & _PLANE << 2).bit_count())


def fields(values: Iterable[int]) -> int:
    """The mask of the count fields of `values`: `size(packed & fields(vs))` counts the cards valued in `vs`."""
    return sum(FIELD * ONE[v] for v in set(values))


def contains(packed: int, sub: int) -> bool:
    """Whether the multiset `sub` is inside `packed`."""
    return all(((packed >> (3 * v)) & FIELD) >= ((sub >> (3 * v)) & FIELD) for v in VALUES)
