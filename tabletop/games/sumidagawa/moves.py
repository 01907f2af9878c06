"""Legal-play generation from a table of every possible play, built once at import.

Every play (Bon multiset + Rin counts) that forms a combination is listed per
combination with its declared-number range. A hand is summarised as one bit mask
("at least k copies of card c" for k = 1..4), so testing whether the hand holds a
play is one AND. Patterns are sorted by their highest declared number, so the
scan of a combination stops at the first one that cannot reach the table.
"""

from __future__ import annotations

from itertools import combinations_with_replacement

from tabletop.games.sumidagawa.actions import Play
from tabletop.games.sumidagawa.cards import NUM_CODES, VALUES, code
from tabletop.games.sumidagawa.combos import COMBOS, declared_range

MAX_LEVEL = 4  # no play holds more than 4 copies of a card

# LEVEL_BITS[c][k]: bits meaning "at least 1..k copies of card c"
LEVEL_BITS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sum(1 << (level * NUM_CODES + c) for level in range(k)) for k in range(MAX_LEVEL + 1))
    for c in range(NUM_CODES)
)

# per combination: (need mask, rin_black, rin_red, hi, play), hi = 99 for Rin-only plays
Pattern = tuple[int, int, int, int, Play]
# every play of the table: play -> (combo, lo, hi, menzaifu); lo = hi = -1 for Rin-only
PLAY_INFO: dict[Play, tuple[int, int, int, bool]] = {}


def hand_mask(hand: list[int]) -> int:
    mask = 0
    for c in range(NUM_CODES):
        k = hand[c]
        if k:
            mask |= LEVEL_BITS[c][k if k < MAX_LEVEL else MAX_LEVEL]
    return mask


def _need(bon: tuple[int, ...]) -> int:
    mask = 0
    for c in set(bon):
        mask |= LEVEL_BITS[c][bon.count(c)]
    return mask


def _build() -> tuple[tuple[Pattern, ...], ...]:
    table: list[list[Pattern]] = [[] for _ in COMBOS]
    for combo in COMBOS:
        splits = [(combo.size, 0)] + ([(2, 1)] if combo.size == 3 else [])
        proper, other = combo.colour, 1 - combo.colour
        for n_proper, n_other in splits:
            for k_proper in range(n_proper + 1):
                for k_other in range(n_other + 1):
                    rin = {proper: n_proper - k_proper, other: n_other - k_other}
                    if rin[proper] > 2 or rin[other] > 2:
                        continue  # a player owns 2 Rin of each colour
                    for vp in combinations_with_replacement(VALUES, k_proper):
                        for vo in combinations_with_replacement(VALUES, k_other):
                            bon = tuple(sorted([code(proper, v) for v in vp] + [code(other, v) for v in vo]))
                            play = Play(bon, rin[0], rin[1])
                            info = declared_range(bon, rin[0], rin[1])
                            if info is None or play in PLAY_INFO:
                                continue
                            assert info[0] == combo.index
                            PLAY_INFO[play] = info
                            hi = 99 if info[1] < 0 else info[2]
                            table[combo.index].append((_need(bon), rin[0], rin[1], hi, play))
    for patterns in table:
        patterns.sort(key=lambda p: (-p[3], str(p[4])))
    return tuple(tuple(p) for p in table)


PATTERNS = _build()


def legal_plays(hand: list[int], up_black: int, up_red: int, used_combos: int, table: int | None) -> list[Play]:
    """Every play this hand and these `UP` Rin can make now (§8), without duplicates."""
    avail = ~hand_mask(hand)
    floor = -1 if table is None else table
    out: list[Play] = []
    append = out.append
    for combo in range(8):
        if used_combos >> combo & 1:
            continue
        for need, rb, rr, hi, play in PATTERNS[combo]:
            if hi < floor:
                break
            if not need & avail and rb <= up_black and rr <= up_red:
                append(play)
    return out
