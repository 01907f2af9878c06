"""Sumidagawa legal-play memos (issue 18): they stay under their cap and still answer right.

Each legal-play segment memoises its filtered plays; a long session or a deep search meets
ever more (segment, filter) pairs, so the memos together are capped and start again empty
when they reach the cap.
"""

from __future__ import annotations

import random

import pytest

from tabletop.games.sumidagawa import moves
from tabletop.games.sumidagawa.cards import NUM_CODES, deck_list


def _held_lists() -> int:
    """Filtered lists the memos hold now, counted in the segments themselves."""
    segments = [moves.RIN_ONLY, *(s for s in moves._same_segments if s), *(s for s in moves._run_segments if s)]
    return sum(len(seg) - 1 for seg in segments)  # every segment also keeps its ENTRIES


@pytest.fixture
def small_cap(monkeypatch):
    monkeypatch.setattr(moves, "MEMO_CAP", 300)
    moves.forget_memos()
    yield 300
    moves.forget_memos()


def test_memos_stay_under_their_cap_and_answer_as_the_table_scan(small_cap):
    rng = random.Random(5)
    biggest = 0
    for _ in range(600):
        hand = [0] * NUM_CODES
        for c in rng.sample(deck_list(), rng.randrange(1, 15)):
            hand[c] += 1
        up_black, up_red = rng.randrange(3), rng.randrange(3)
        used = rng.randrange(256)
        table = None if rng.random() < 0.2 else rng.randrange(0, 11)
        fast = moves.segment_plays(moves.hand_segments(hand), up_black, up_red, used, table)
        slow = moves.legal_plays_slow(hand, up_black, up_red, used, table)
        assert len(fast) == len(set(fast)) and set(fast) == set(slow)
        held = _held_lists()
        assert held <= small_cap and held == moves.memo_size()
        biggest = max(biggest, held)
    assert biggest > small_cap * 0.9, "the test never came near the cap"


def test_forgetting_keeps_the_segments_and_their_entries(small_cap):
    hand = [0] * NUM_CODES
    for c in (0, 1, 2, 5, 9, 9, 12, 18):
        hand[c] += 1
    segments = moves.hand_segments(hand)
    before = moves.segment_plays(segments, 1, 1, 0, 3)
    moves.forget_memos()
    assert moves.memo_size() == 0 == _held_lists()
    assert moves.hand_segments(hand)[0] == segments[0], "segments are kept (states share them)"
    assert moves.segment_plays(segments, 1, 1, 0, 3) == before
