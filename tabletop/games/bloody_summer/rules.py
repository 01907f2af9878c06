"""BLOODY SUMMER rule tables and pure rule functions (spec §1.1, §3).

The site numbers (BS-D1) and the draw table (BS-D2) are designed values kept as
configuration constants: swap them here if the printed ones are ever found.
"""

from __future__ import annotations

from functools import cache
from math import comb

from tabletop.games.bloody_summer.cards import ONE

SITES = ("A", "B", "C", "D")
SITE_NUMBERS: tuple[tuple[int, ...], ...] = ((1, 8, 11), (2, 5, 12), (3, 6, 9), (4, 7, 10))
KILLER_NUMBER = 13  # on no site: it endangers everyone
DEFAULT_EMPTY_SITE = 3  # BS-D17: SITE D stays empty with 3 players

# (largest pile size, cards drawn), then 3 for bigger piles (BS-D2).
DRAW_TABLE: tuple[tuple[int, int], ...] = ((4, 1), (8, 2))
DRAW_MAX = 3

# Living wounded players that trigger the reversal, by starting player count (§3.3, BS-D12).
REVERSAL_WOUNDED = {3: 2, 4: 3}

SINGLE, PAIR, STRAIGHT = "S", "P", "T"
FORMS = (SINGLE, PAIR, STRAIGHT)
FORM_SIZE = {SINGLE: 1, PAIR: 2, STRAIGHT: 3}
FORM_NAMES = {SINGLE: "single", PAIR: "pair", STRAIGHT: "straight"}
MAX_VALUE = {SINGLE: 13, PAIR: 13, STRAIGHT: 11}  # no wrap-around: T(11) = 11-12-13 is the top


def draw_count(pile_size: int) -> int:
    """DRAW(s) of BS-D2, never more than the pile holds."""
    for largest, k in DRAW_TABLE:
        if pile_size <= largest:
            return min(k, pile_size)
    return min(DRAW_MAX, pile_size)


def danger_values(area: int, empty_area: int | None) -> tuple[int, ...]:
    """DANGER of a player at `area`: its site numbers, 13, and the empty site's numbers (3 players)."""
    values = set(SITE_NUMBERS[area]) | {KILLER_NUMBER}
    if empty_area is not None:
        values |= set(SITE_NUMBERS[empty_area])
    return tuple(sorted(values))


def value_mask(values: tuple[int, ...] | list[int]) -> int:
    """A bit per value (bit v), for fast membership tests."""
    mask = 0
    for v in values:
        mask |= 1 << v
    return mask


def cards_of(form: str, value: int) -> tuple[int, ...]:
    if form == SINGLE:
        return (value,)
    if form == PAIR:
        return (value, value)
    return (value, value + 1, value + 2)


def packed_cards(form: str, value: int) -> int:
    if form == SINGLE:
        return ONE[value]
    if form == PAIR:
        return 2 * ONE[value]
    return ONE[value] + ONE[value + 1] + ONE[value + 2]


def beats(form: str, value: int, top_value: int, reversed_order: bool) -> bool:
    """Whether a play of `form` at `value` beats the top play at `top_value` (§3.1 table)."""
    if form == STRAIGHT:
        return value + 2 < top_value if reversed_order else value > top_value + 2
    return value < top_value if reversed_order else value > top_value


def beating_values(form: str, top_value: int, reversed_order: bool) -> range:
    """The values of `form` that beat `top_value`, ascending."""
    if form == STRAIGHT:
        return range(1, top_value - 2) if reversed_order else range(top_value + 3, 12)
    return range(1, top_value) if reversed_order else range(top_value + 1, 14)


def rank(value: int, reversed_order: bool) -> int:
    """Strength of a value: 13 strongest normally, 1 strongest when reversed."""
    return 14 - value if reversed_order else value


@cache  # a pure function of two small ints, asked at every check
def hit_chance(pile_size: int, dangerous: int) -> float:
    """P(hit) = 1 - C(s-d, k) / C(s, k) for a pile of s cards of which d are dangerous (§3.2)."""
    if pile_size <= 0 or dangerous <= 0:
        return 0.0
    k = draw_count(pile_size)
    safe = pile_size - dangerous
    if safe < k:
        return 1.0
    return 1.0 - comb(safe, k) / comb(pile_size, k)


_COMBO_TEXT = {(form, v): "-".join(str(c) for c in cards_of(form, v))
               for form in FORMS for v in range(1, MAX_VALUE[form] + 1)}


def combo_text(form: str, value: int) -> str:
    """Cards of a play for people: "7", "6-6", "3-4-5"."""
    return _COMBO_TEXT.get((form, value)) or "-".join(str(v) for v in cards_of(form, value))
