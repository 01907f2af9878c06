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


# Plays are grouped by the cards they can use: a same-number play only uses the two codes of
# its value; a run uses one copy each of codes in the 4 values from its lowest Bon up. The
# plays one bucket allows depend on a few small numbers, so they are memoised by those.
Candidate = tuple[int, int, Play]  # (combo, hi, play)
Candidates = list[Candidate]  # never mutated once built
_SAME_BUCKETS: dict[int, list[tuple[int, Pattern]]] = {v: [] for v in VALUES}
_RUN_BUCKETS: dict[int, list[tuple[int, Pattern]]] = {v: [] for v in VALUES}
_RIN_ONLY: list[tuple[int, Pattern]] = []
for _combo, _patterns in enumerate(PATTERNS):
    for _pattern in _patterns:
        _bon = _pattern[4].bon
        if not _bon:
            _RIN_ONLY.append((_combo, _pattern))
        elif COMBOS[_combo].shape == "same":
            _SAME_BUCKETS[(_bon[0] >> 1) + 1].append((_combo, _pattern))
        else:
            _RUN_BUCKETS[(_bon[0] >> 1) + 1].append((_combo, _pattern))
# Memo slots, indexed by small ints rather than tuple keys (this is the hottest loop of the game):
# the Rin part is `up_black * 3 + up_red` (a player owns at most 2 of each colour).
_RIN_KEYS = 9
_same_memo: list[Candidates | None] = [None] * (len(VALUES) * 5 * 5 * _RIN_KEYS)  # value, black, red counts
_run_memo: list[Candidates | None] = [None] * (len(VALUES) * 256 * _RIN_KEYS)  # value, 8-bit window
_rin_memo: list[Candidates | None] = [None] * _RIN_KEYS
# (value, its black code, its red code, index of its first same-number memo slot)
_VALUE_SLOTS = tuple((v, 2 * v - 2, 2 * v - 1, (v - 1) * 25 * _RIN_KEYS) for v in VALUES)


def _select(bucket: list[tuple[int, Pattern]], avail: int, up_black: int, up_red: int) -> Candidates:
    return [(combo, hi, play) for combo, (need, rb, rr, hi, play) in bucket
            if not need & ~avail and rb <= up_black and rr <= up_red]


def candidates(hand: list[int], up_black: int, up_red: int) -> Candidates:
    """Every (combo, hi, play) this hand and these `UP` Rin could make, whatever the Jun.

    Depends only on the hand and the Rin, so a state caches it per seat until either changes.
    """
    rin = up_black * 3 + up_red
    found = _rin_memo[rin]
    if found is None:
        found = _rin_memo[rin] = _select(_RIN_ONLY, 0, up_black, up_red)
    out = found[:]
    present = 0
    same_memo = _same_memo
    for v, black, red, base in _VALUE_SLOTS:
        cb, cr = hand[black], hand[red]
        if cb or cr:
            present |= (1 if cb else 0) << black | (1 if cr else 0) << red
            if cb > MAX_LEVEL:
                cb = MAX_LEVEL
            if cr > MAX_LEVEL:
                cr = MAX_LEVEL
            slot = base + (cb * 5 + cr) * _RIN_KEYS + rin
            found = same_memo[slot]
            if found is None:
                avail = LEVEL_BITS[black][cb] | LEVEL_BITS[red][cr]
                found = same_memo[slot] = _select(_SAME_BUCKETS[v], avail, up_black, up_red)
            out.extend(found)
    run_memo = _run_memo
    for v, black, _red, _base in _VALUE_SLOTS:
        window = present >> black & 0xFF
        if window & 3:
            slot = ((v - 1) * 256 + window) * _RIN_KEYS + rin
            found = run_memo[slot]
            if found is None:
                avail = 0
                for bit in range(8):
                    if window >> bit & 1:
                        avail |= LEVEL_BITS[black + bit][1]
                found = run_memo[slot] = _select(_RUN_BUCKETS[v], avail, up_black, up_red)
            out.extend(found)
    return out


def filter_plays(cands: Candidates, used_combos: int, table: int | None) -> list[Play]:
    """The candidates legal now: unused combination, able to reach the table number (§8)."""
    floor = -1 if table is None else table
    return [play for combo, hi, play in cands if hi >= floor and not used_combos >> combo & 1]


def legal_plays(hand: list[int], up_black: int, up_red: int, used_combos: int, table: int | None) -> list[Play]:
    """Every play this hand and these `UP` Rin can make now (§8), without duplicates."""
    return filter_plays(candidates(hand, up_black, up_red), used_combos, table)


def legal_plays_slow(hand: list[int], up_black: int, up_red: int, used_combos: int, table: int | None) -> list[Play]:
    """Reference scan of the whole table (tests compare it with `legal_plays`)."""
    avail = ~hand_mask(hand)
    floor = -1 if table is None else table
    return [play for combo, patterns in enumerate(PATTERNS) if not used_combos >> combo & 1
            for need, rb, rr, hi, play in patterns
            if hi >= floor and not need & avail and rb <= up_black and rr <= up_red]
