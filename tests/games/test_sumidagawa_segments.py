"""Sumidagawa legal-play segments (issue 18): the fast generator against the plain table scan.

The state keeps each seat's segments and updates them card by card, and each segment
memoises its filtered plays; these tests drive the generator with arbitrary hands,
Rin, used combinations and table numbers (not only positions random play reaches).
"""

from __future__ import annotations

import random

import pytest

from tabletop.games.sumidagawa import moves
from tabletop.games.sumidagawa.cards import DECK_COUNTS, NUM_CODES, deck_list

# every play's place in table order: Rin-only, then same-number buckets by value, then runs by value
TABLE_ORDER = {play: i for i, play in enumerate(
    [p[4] for _c, p in moves._RIN_ONLY]
    + [p[4] for v in sorted(moves._SAME_BUCKETS) for _c, p in moves._SAME_BUCKETS[v]]
    + [p[4] for v in sorted(moves._RUN_BUCKETS) for _c, p in moves._RUN_BUCKETS[v]])}


def _random_hand(rng: random.Random) -> list[int]:
    hand = [0] * NUM_CODES
    for c in rng.sample(deck_list(), rng.randrange(0, 15)):
        hand[c] += 1
    return hand


@pytest.mark.parametrize("seed", range(6))
def test_segment_plays_equal_the_table_scan_in_table_order(seed):
    rng = random.Random(seed)
    for _ in range(400):
        hand = _random_hand(rng)
        up_black, up_red = rng.randrange(3), rng.randrange(3)
        used = rng.randrange(256) if rng.random() < 0.8 else 0
        table = None if rng.random() < 0.2 else rng.randrange(0, 11)
        fast = moves.segment_plays(moves.hand_segments(hand), up_black, up_red, used, table)
        slow = moves.legal_plays_slow(hand, up_black, up_red, used, table)
        assert sorted(fast, key=TABLE_ORDER.__getitem__) == fast, "not in table order"
        assert len(set(fast)) == len(fast) and set(fast) == set(slow), (hand, up_black, up_red, used, table)
        # asked again, the memoised answer is the same and a fresh list
        again = moves.segment_plays(moves.hand_segments(hand), up_black, up_red, used, table)
        assert again == fast and again is not fast


@pytest.mark.parametrize("seed", range(6))
def test_segments_follow_a_hand_card_by_card(seed):
    """`segments_after` gives what `hand_segments` of the smaller hand gives, down to the empty hand:
    the same-number segments (the very same objects), the presence mask (which picks the run
    segments) and the values held (which `segment_plays` visits)."""
    rng = random.Random(seed)
    for _ in range(60):
        hand = _random_hand(rng)
        segments = moves.hand_segments(hand)
        while any(hand):
            held = [c for c in range(NUM_CODES) for _ in range(hand[c])]
            gone = tuple(sorted(rng.sample(held, min(len(held), rng.randrange(1, 5)))))
            for c in gone:
                hand[c] -= 1
            before = segments
            segments = moves.segments_after(segments, hand, gone)
            fresh = moves.hand_segments(hand)
            same, present, values = segments
            assert (present, values) == fresh[1:]
            assert present == sum(1 << c for c in range(NUM_CODES) if hand[c])
            assert values == sum(1 << i for i in {c >> 1 for c in range(NUM_CODES) if hand[c]})
            assert all(a is b for a, b in zip(same, fresh[0], strict=True))
            assert before is not segments and before[0] is not same, "updated in place (clones share it)"


def test_deck_counts_fit_the_capped_segment_table():
    assert max(DECK_COUNTS) < len(moves._CAPPED)
