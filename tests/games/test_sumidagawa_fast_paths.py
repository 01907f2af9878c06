"""Sumidagawa speed-work invariants (issue 18).

The legal-play memos stay under their cap and still answer right (each segment memoises its
filtered plays; a long session or a deep search meets ever more (segment, filter) pairs, so the
memos together are capped and start again empty when they reach it), and a state rebuilt from
its view keeps playing exactly like the original (it rebuilds what the state keeps for speed).
"""

from __future__ import annotations

import random

import pytest

from tabletop.games.sumidagawa import GAME, SumidagawaState, moves
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


@pytest.mark.parametrize("seed", range(8))
def test_a_state_made_from_its_view_plays_on_exactly_like_it(seed):
    """`from_view` with the true hidden cards rebuilds what the state keeps for speed (segments,
    the seats holding used Rin), so both play the rest of the game alike."""
    rng = random.Random(seed)
    state = GAME.new_state(3 + seed % 2, {"games": 1}, seed)
    stop = rng.randrange(5, 60)
    # stop once past `stop` at a position where someone holds used Rin (they turn down at the Jun's end)
    while not state.is_over() and (stop > 0 or not any(rin[2] or rin[3] for rin in state.view(None).rin)):
        stop -= 1
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply_unchecked(seat, legal[rng.randrange(len(legal))])
    copy = SumidagawaState.from_view(state.view(None), [h[:] for h in state.hands], state.remainder[:], 1)
    while not state.is_over():
        seat = state.to_act()[0]
        assert copy.to_act() == (seat,)
        legal = state.legal_actions(seat)
        assert copy.legal_actions(seat) == legal
        action = legal[rng.randrange(len(legal))]
        assert [e.to_json() for e in copy.apply_unchecked(seat, action)] == \
               [e.to_json() for e in state.apply_unchecked(seat, action)]
        mine, theirs = state.to_json(), copy.to_json()
        mine.pop("chance"), theirs.pop("chance")
        assert theirs == mine
