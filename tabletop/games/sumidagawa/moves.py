"""Legal-play generation from a table of every possible play, built once at import.

Every play (Bon multiset + Rin counts) that forms a combination is listed per
combination with its declared-number range, sorted by its highest declared number;
that order is the order of every legal-play list. A hand's cards are summarised as
bit masks ("at least k copies of card c" for k = 1..4), so testing whether the hand
holds a play is one AND.

For speed the table is cut into buckets by the cards a play can use, a
hand is read as its buckets ("segments", kept per seat and updated card by card),
and each segment memoises its plays that pass a Jun's filter (Rin up, table number,
combinations used). `legal_plays_slow` is the plain scan the tests compare against.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import cast

from tabletop.engine.core import Action
from tabletop.games.sumidagawa.actions import Play
from tabletop.games.sumidagawa.cards import DECK_COUNTS, NUM_CODES, VALUES, code
from tabletop.games.sumidagawa.combos import COMBOS, RUN, SAME, declared_range

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
# its value; a run uses one copy each of codes in the 4 values from its lowest Bon up. A hand is
# read as a list of such buckets ("segments"), and the plays legal now are the concatenation of
# each segment's plays that pass the Jun's filter, in table order. Each segment memoises its
# filtered plays by one int key, so in steady state a legal-move list costs one dict hit and
# one extend per segment (this is the hottest loop of the game).
_SAME_BUCKETS: dict[int, list[tuple[int, Pattern]]] = {v: [] for v in VALUES}
_RUN_BUCKETS: dict[int, list[tuple[int, Pattern]]] = {v: [] for v in VALUES}
_RIN_ONLY: list[tuple[int, Pattern]] = []
for _combo, _patterns in enumerate(PATTERNS):
    for _pattern in _patterns:
        _bon = _pattern[4].bon
        if not _bon:
            _RIN_ONLY.append((_combo, _pattern))
        elif COMBOS[_combo].shape == SAME:  # singles count as same-number
            _SAME_BUCKETS[(_bon[0] >> 1) + 1].append((_combo, _pattern))
        else:
            _RUN_BUCKETS[(_bon[0] >> 1) + 1].append((_combo, _pattern))
# What the filter below relies on: a play of either bucket of value v never reads above v (its
# lowest Bon), so it is dead once the table passes v; a same-number play reads v, or v - 1 as
# Menzaifu, so the table number only matters to it when it equals v.
assert all(_p[3] <= _v for _b in (_SAME_BUCKETS, _RUN_BUCKETS) for _v in VALUES for _c, _p in _b[_v])
assert all(_p[3] in (_v - 1, _v) for _v in VALUES for _c, _p in _SAME_BUCKETS[_v])

# The lowest number a run from each value can read: v - 1 (Menzaifu) up to 8, then 7 (a run ends at 10).
_RUN_LOWEST_HI = {v: min(p[3] for _c, p in _RUN_BUCKETS[v]) for v in VALUES}
# by table number + 1: the index (value - 1) of the first run bucket that the table cannot cut
_RUNS_UNCUT_FROM = tuple(next((v - 1 for v in VALUES if all(_RUN_LOWEST_HI[u] >= floor for u in VALUES if u >= v)),
                              len(VALUES)) for floor in range(-1, max(VALUES) + 1))

# The key of a segment's memo packs only what its filter looks at, so a segment meets few keys:
# the used-combination mask narrowed to the bucket's combinations (bit i = combination
# `group[i]`), the Rin up as `up_black * 3 + up_red` (a player owns at most 2 of each colour),
# and the table number: for runs and Rin-only plays table + 1 (0 = no play yet); for same-number
# plays one bit, "the table equals v" (segments below the table are skipped, see above).
SAME_GROUP = tuple(c.index for c in COMBOS if c.shape == SAME)
RUN_GROUP = tuple(c.index for c in COMBOS if c.shape == RUN)
RIN_ONLY_GROUP = tuple(sorted({combo for combo, _ in _RIN_ONLY}))


def _narrowing(group: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sum(1 << i for i, combo in enumerate(group) if used >> combo & 1) for used in range(1 << len(COMBOS)))


_SAME_BITS, _RUN_BITS, _RIN_ONLY_BITS = len(SAME_GROUP), len(RUN_GROUP), len(RIN_ONLY_GROUP)
_NARROW_SAME = _narrowing(SAME_GROUP)
_NARROW_RUN = _narrowing(RUN_GROUP)
_NARROW_RIN_ONLY = _narrowing(RIN_ONLY_GROUP)
ENTRIES = -1  # a segment keeps its unfiltered entries under this key (memo keys are >= 0)
Segment = dict[int, tuple[Play, ...]]  # filter key -> plays; ENTRIES -> `SegmentEntries`
# (group size, v, entries): what a segment keeps under ENTRIES, in the memo's own dict so that a
# memo hit is one plain dict look-up; an entry is (bit in the group, hi, rin_black, rin_red, play)
SegmentEntries = tuple[int, int, tuple[tuple[int, int, int, int, Play], ...]]
NO_SEGMENT: Segment = {}  # in a hand's segments: nothing of that value (never looked up)


def _segment(bucket: list[tuple[int, Pattern]], avail: int, group: tuple[int, ...], same_value: int = 0) -> Segment:
    """A segment with an empty memo: the bucket's plays whose Bon the hand (`avail`, see `hand_mask`)
    holds, as (bit in the group, hi, rin_black, rin_red, play) in table order. `same_value` is v for
    a same-number bucket (whose key has the one-bit table part), else 0."""
    entries = tuple((group.index(combo), hi, rb, rr, play) for combo, (need, rb, rr, hi, play) in bucket
                    if not need & ~avail)
    kept: SegmentEntries = (len(group), same_value, entries)
    return {ENTRIES: cast("tuple[Play, ...]", kept)}


# The memos together hold at most MEMO_CAP filtered lists (~100 bytes each with their key): a long
# session or a deep search meets ever more (segment, filter) pairs, so on reaching the cap every
# memo starts again empty. Random play fills ~60,000 in its first ten seconds, then slowly.
MEMO_CAP = 100_000
_memo_size = 0  # filtered lists now held


def memo_size() -> int:
    return _memo_size


def forget_memos() -> None:
    """Empty every segment's memo (its entries stay). Key by key rather than `clear()`, so a search
    thread reading a segment meanwhile meets at worst a missing key (which `_fill` makes again)."""
    global _memo_size
    _memo_size = 0
    _ANSWERS.clear()
    for seg in (RIN_ONLY, *_same_segments, *_run_segments):
        if seg is not None:
            for key in [key for key in seg if key != ENTRIES]:
                seg.pop(key, None)


# The distinct answers the memos hold, by the identities of their plays: random play fills ~6
# memo entries per distinct answer, and sharing one tuple among them keeps the memos small
# enough to stay in the processor's caches (measured: a long run's memos slowed play by ~25 %).
_ANSWERS: dict[tuple[int, ...], tuple[Play, ...]] = {}


def _fill(seg: Segment, key: int) -> tuple[Play, ...]:
    """The plays of a segment that pass the filter `key`, stored in its memo (as a tuple shared by
    every memo entry with the same plays)."""
    global _memo_size
    if _memo_size >= MEMO_CAP:
        forget_memos()
    _memo_size += 1
    bits, same_value, entries = cast(SegmentEntries, seg[ENTRIES])
    used, rest = key & ((1 << bits) - 1), key >> bits
    if same_value:
        floor, rin = (same_value if rest & 1 else -1), rest >> 1
    else:
        floor, rin = (rest & 0xF) - 1, rest >> 4
    up_black, up_red = divmod(rin, 3)
    found = tuple([play for bit, hi, rb, rr, play in entries
                   if hi >= floor and not used >> bit & 1 and rb <= up_black and rr <= up_red])
    found = seg[key] = _ANSWERS.setdefault(tuple(map(id, found)), found)
    return found


RIN_ONLY = _segment(_RIN_ONLY, 0, RIN_ONLY_GROUP)
# Segments by hand content, made on first use: same-number by (value, black count, red count),
# counts capped at 4 (no play holds more); runs by (lowest value, 8-bit presence window).
_same_segments: list[Segment | None] = [None] * (len(VALUES) * 25)
_run_segments: list[Segment | None] = [None] * (len(VALUES) * 256)
# A hand's segments: its same-number segments indexed by value - 1 (NO_SEGMENT: nothing of that
# value), its presence mask (bit c: holds card c), which picks its run segments (a run bucket's
# segment is `_run_segments[i << 8 | present >> 2 * i & 0xFF]`, looked up as a legal-play list
# needs it: keeping them too cost more per play than looking them up), and its values (bit
# value - 1: holds a card of that value; `segment_plays` visits only those). The list is
# replaced, never changed in place, so states and their clones may share it.
HandSegments = tuple[list[Segment], int, int]
_CAPPED = tuple(min(k, MAX_LEVEL) for k in range(max(DECK_COUNTS) + 1))  # a count capped at MAX_LEVEL
_VALUE_INDEXES = range(len(VALUES))  # value - 1, the index of a value's segments
# _CAPPED_PAIR[black][red]: a same-number segment's place among its value's 25, `capped black * 5 + capped red`
_CAPPED_PAIR = tuple(tuple(_CAPPED[b] * 5 + _CAPPED[r] for r in range(len(_CAPPED))) for b in range(len(_CAPPED)))


def _same_segment(hand: list[int], v: int) -> Segment:
    black, red = 2 * v - 2, 2 * v - 1
    cb, cr = hand[black], hand[red]
    if not (cb or cr):
        return NO_SEGMENT
    cb, cr = _CAPPED[cb], _CAPPED[cr]
    slot = (v - 1) * 25 + cb * 5 + cr
    seg = _same_segments[slot]
    if seg is None:
        seg = _same_segments[slot] = _segment(_SAME_BUCKETS[v], LEVEL_BITS[black][cb] | LEVEL_BITS[red][cr],
                                              SAME_GROUP, v)
    return seg


def _run_segment(present: int, v: int) -> Segment:
    black = 2 * v - 2
    window = present >> black & 0xFF  # values v .. v + 3, both colours
    if not window & 3:
        return NO_SEGMENT
    slot = (v - 1) * 256 + window
    seg = _run_segments[slot]
    if seg is None:
        avail = 0
        for bit in range(8):
            if window >> bit & 1:
                avail |= LEVEL_BITS[black + bit][1]
        seg = _run_segments[slot] = _segment(_RUN_BUCKETS[v], avail, RUN_GROUP)
    return seg


def hand_segments(hand: list[int]) -> HandSegments:
    """The segments of a hand. Depends only on the hand (not the Rin), so a state keeps it per
    seat and, when the hand loses cards, updates it with `segments_after`."""
    same: list[Segment] = []
    present = values = 0
    # (`_same_segment` inlined for its memo hit: every deal makes 3 or 4 of these)
    for i, black, red in zip(_VALUE_INDEXES, hand[0::2], hand[1::2]):
        if black or red:
            same.append(_same_segments[i * 25 + _CAPPED_PAIR[black][red]] or _same_segment(hand, i + 1))
            values |= 1 << i
            present |= ((1 if black else 0) | (2 if red else 0)) << (i + i)
        else:
            same.append(NO_SEGMENT)
    return same, present, values


def segments_after(segments: HandSegments, hand: list[int], cards: tuple[int, ...]) -> HandSegments:
    """`segments` of a hand that has just lost `cards` (now `hand`): only their values' segments change."""
    same, present, values = segments
    same = same[:]
    for c in cards:
        i, black = c >> 1, c & ~1  # the card's value - 1 and the black code of that value
        cb, cr = hand[black], hand[black + 1]
        if cb or cr:
            # `_same_segment` inlined for its memo hit (a segment is never empty, so never falsy)
            same[i] = _same_segments[i * 25 + _CAPPED_PAIR[cb][cr]] or _same_segment(hand, i + 1)
            if not hand[c]:
                present &= ~(1 << c)
        else:
            same[i] = NO_SEGMENT
            present &= ~(1 << c)
            values &= ~(1 << i)
    return same, present, values


# _VALUES_IN[mask]: the value indexes (value - 1) of a 10-bit mask of values, in order
_VALUES_IN = tuple(tuple(i for i in _VALUE_INDEXES if mask >> i & 1) for mask in range(1 << len(VALUES)))
_ALL_VALUES = (1 << len(VALUES)) - 1


def _values_from(i: int) -> int:
    """The mask of value indexes >= i."""
    return _ALL_VALUES & ~((1 << i) - 1) if i > 0 else _ALL_VALUES


# A filter (used combinations, Rin up, table number) gives `segment_plays` its memo keys and the
# values to visit, in two parts kept apart so both stay small. Buckets of a value below the table
# are dead (their plays read at most their value), so the scans start at the table's value; its
# same-number bucket gets the "exact" bit. Runs from value v never read below _RUN_LOWEST_HI[v],
# so from `_RUNS_UNCUT_FROM` on the table number cannot cut them and their key leaves it out, as
# for an opening play.
# By table number + 1: (value index of the table (-1: none, or 0), mask of the same-number values
# above it, masks of the run values it cuts and cannot cut, its part of the Rin-only key and of a
# cut run key).
_BY_FLOOR = tuple((floor - 1 if floor >= 1 else -1, _values_from(floor),
                   _values_from(floor - 1) & ~_values_from(_RUNS_UNCUT_FROM[floor + 1]),
                   _values_from(floor - 1) & _values_from(_RUNS_UNCUT_FROM[floor + 1]),
                   (floor + 1) << _RIN_ONLY_BITS, (floor + 1) << _RUN_BITS)
                  for floor in range(-1, max(VALUES) + 1))
UsedRin = tuple[int, int, int, int]


def _by_used_rin(used_combos: int, rin: int) -> UsedRin:
    """(Rin-only key without the table, same-number key at the table's value and above it, run key
    without the table) for these used combinations and Rin up (`rin` = up_black * 3 + up_red)."""
    exact = _NARROW_SAME[used_combos] | (rin << 1 | 1) << _SAME_BITS
    keys = _BY_USED_RIN[used_combos << 4 | rin] = (
        _NARROW_RIN_ONLY[used_combos] | rin << (4 + _RIN_ONLY_BITS), exact, exact & ~(1 << _SAME_BITS),
        _NARROW_RUN[used_combos] | rin << (_RUN_BITS + 4))
    return keys


# by used_combos << 4 | rin, made on first use
_BY_USED_RIN: list[UsedRin | None] = [None] * (len(_NARROW_SAME) << 4)


def segment_plays(segments: HandSegments, up_black: int, up_red: int, used_combos: int,
                  table: int | None) -> list[Action]:
    """Every play the hand of `segments` and these `UP` Rin can make now (§8), in table order."""
    return plays_now(segments, up_black * 3 + up_red, used_combos, -1 if table is None else table)


def plays_now(segments: HandSegments, rin: int, used_combos: int, floor: int) -> list[Action]:
    """`segment_plays` as the state keeps its facts: the Rin up as `up_black * 3 + up_red`
    (`rin.UP_KEY`), the table number as `floor`, -1 before the Jun's first play. A fresh list
    of actions, so that the state may add its Pass."""
    same, present, values = segments
    at, same_from, cut_values, uncut_values, rin_only_floor, run_floor = _BY_FLOOR[floor + 1]
    rin_only, exact, key_same, uncut = _BY_USED_RIN[used_combos << 4 | rin] or _by_used_rin(used_combos, rin)
    key = rin_only | rin_only_floor
    cut = uncut | run_floor
    out: list[Action]
    try:
        out = list(RIN_ONLY[key])
    except KeyError:
        out = list(_fill(RIN_ONLY, key))
    # only the values the hand holds are visited (a segment per value held, none for the others)
    if at >= 0 and values >> at & 1:
        seg = same[at]
        try:
            out += seg[exact]
        except KeyError:
            out += _fill(seg, exact)
    for i in _VALUES_IN[values & same_from]:
        seg = same[i]
        try:
            out += seg[key_same]
        except KeyError:
            out += _fill(seg, key_same)
    # (`_run_segment` inlined for its memo hit, as below: a segment is never empty, so never falsy)
    for run_key, run_values in ((cut, cut_values), (uncut, uncut_values)):
        for i in _VALUES_IN[values & run_values]:
            seg = _run_segments[i << 8 | present >> (i + i) & 0xFF] or _run_segment(present, i + 1)
            try:
                out += seg[run_key]
            except KeyError:
                out += _fill(seg, run_key)
    return out


def legal_plays(hand: list[int], up_black: int, up_red: int, used_combos: int, table: int | None) -> list[Action]:
    """Every play this hand and these `UP` Rin can make now (§8), without duplicates."""
    return segment_plays(hand_segments(hand), up_black, up_red, used_combos, table)


def legal_plays_slow(hand: list[int], up_black: int, up_red: int, used_combos: int, table: int | None) -> list[Play]:
    """Reference scan of the whole table (tests compare it with `legal_plays`)."""
    avail = ~hand_mask(hand)
    floor = -1 if table is None else table
    return [play for combo, patterns in enumerate(PATTERNS) if not used_combos >> combo & 1
            for need, rb, rr, hi, play in patterns
            if hi >= floor and not need & avail and rb <= up_black and rr <= up_red]
