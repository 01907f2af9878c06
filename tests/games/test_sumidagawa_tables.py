"""Sumidagawa speed tables (issue 18) against the plain rules they stand for.

- A seat's Rin as one code (`rin.py`): every table entry against the six counters moved by hand.
- Runs of automatic passes (`passes.auto_passes`): random sessions with them play exactly like the
  same sessions passing one seat at a time through `_choices` (the §9.1 table).
- Memoised legal-play answers: entries with the same plays share one tuple; forgetting the memos
  forgets the shared answers too.
"""

from __future__ import annotations

import random

import pytest

from tabletop.games.sumidagawa import GAME, SumidagawaState, moves
from tabletop.games.sumidagawa import rin as rins
from tabletop.games.sumidagawa.cards import BLACK, NUM_CODES, RED, deck_list
from tabletop.games.sumidagawa.scripting import scripted_state

UP, USED, DOWN = 0, 2, 4  # offsets of the six counters (+ colour)


def _moved(counts: tuple[int, ...], colour: int, k: int, source: int, target: int) -> list[int] | None:
    out = list(counts)
    out[source + colour] -= k
    out[target + colour] += k
    return out if min(out) >= 0 else None


def _every_rin_state() -> list[tuple[int, ...]]:
    """Each colour's two Rin split over UP / USED / DOWN: 6 x 6 states."""
    splits = [(u, x, 2 - u - x) for u in range(3) for x in range(3 - u)]
    return [(ub, ur, xb, xr, db, dr) for ub, xb, db in splits for ur, xr, dr in splits]


def test_rin_codes_cover_every_state_once():
    states = _every_rin_state()
    assert len(states) == len(rins.CODES) == 36
    assert sorted(rins.code(s) for s in states) == list(rins.CODES)
    assert all(rins.COUNTS[rins.code(s)] == s for s in states)
    assert rins.COUNTS[rins.ALL_UP] == (2, 2, 0, 0, 0, 0)
    with pytest.raises(KeyError):
        rins.code((2, 1, 0, 0, 0, 0))  # a red Rin missing


@pytest.mark.parametrize("state", _every_rin_state())
def test_rin_tables_move_the_counters_as_the_rules_say(state):
    c = rins.code(state)
    up_b, up_r, used_b, used_r, down_b, down_r = state
    assert rins.UP_KEY[c] == up_b * 3 + up_r
    assert rins.HAS_DOWN[c] == bool(down_b or down_r)
    assert rins.USED[c] == used_b + used_r
    for rb in range(3):
        for rr in range(3):
            black = _moved(state, BLACK, rb, UP, USED)
            both = black and _moved(tuple(black), RED, rr, UP, USED)
            after = rins.AFTER_PLAY[c][rb * 3 + rr]
            assert after == (rins.code(both) if both else -1), (state, rb, rr)
    for colour in (BLACK, RED):
        revived = _moved(state, colour, 1, DOWN, UP)
        assert rins.AFTER_REVIVE[c][colour] == (rins.code(revived) if revived else -1)
        turned = _moved(state, colour, 1, UP, DOWN)
        assert rins.AFTER_TURN_DOWN[c][colour] == (rins.code(turned) if turned else -1)
    flipped = _moved(tuple(_moved(state, BLACK, used_b, USED, DOWN)), RED, used_r, USED, DOWN)
    assert rins.COUNTS[rins.AFTER_FLIP[c]] == tuple(flipped)
    # §11.1: one colour down revives by itself; both down is the seat's choice (-1), as is none
    expected = -1 if down_b and down_r else BLACK if down_b else RED if down_r else -1
    assert rins.AUTO_REVIVAL[c] == expected


def _one_pass_at_a_time(state: SumidagawaState, p: int) -> None:
    """The automatic turn of `p` as §9.1 reads, without the memoised run."""
    kind = state._choices(p)
    assert isinstance(kind, str), "an automatic run reached a seat with a decision"
    state._pass(p, kind)


@pytest.mark.parametrize("players", [3, 4])
def test_runs_of_automatic_passes_play_like_passing_one_seat_at_a_time(players, monkeypatch):
    rng = random.Random(players)
    for seed in range(6):
        fast = GAME.new_state(players, {"games": 2}, seed)
        with monkeypatch.context() as patch:
            patch.setattr(SumidagawaState, "_auto_passes", _one_pass_at_a_time)
            plain = GAME.new_state(players, {"games": 2}, seed)
        while not fast.is_over():
            seat = fast.to_act()[0]
            legal = fast.legal_actions(seat)
            assert plain.legal_actions(seat) == legal
            action = legal[rng.randrange(len(legal))]
            mine = fast.apply_unchecked(seat, action)
            with monkeypatch.context() as patch:
                patch.setattr(SumidagawaState, "_auto_passes", _one_pass_at_a_time)
                theirs = plain.apply_unchecked(seat, action)
            assert [e.to_json() for e in mine] == [e.to_json() for e in theirs]
            assert fast.to_json() == plain.to_json()
            assert fast.view(None) == plain.view(None)


def test_memo_entries_with_the_same_plays_share_one_answer():
    moves.forget_memos()
    rng = random.Random(3)
    for _ in range(300):
        hand = [0] * NUM_CODES
        for c in rng.sample(deck_list(), rng.randrange(1, 15)):
            hand[c] += 1
        moves.segment_plays(moves.hand_segments(hand), rng.randrange(3), rng.randrange(3), rng.randrange(256),
                            None if rng.random() < 0.3 else rng.randrange(11))
    answers: dict[tuple, tuple] = {}
    entries = 0
    for seg in (moves.RIN_ONLY, *(s for s in moves._same_segments if s), *(s for s in moves._run_segments if s)):
        for key, plays in seg.items():
            if key != moves.ENTRIES:
                entries += 1
                assert answers.setdefault(plays, plays) is plays, "an equal answer kept twice"
    assert entries > 2 * len(answers), "the test met too few repeated answers to check sharing"
    moves.forget_memos()
    assert not moves._ANSWERS, "forgotten memos keep their answers alive"


def test_table_number_reads_none_before_the_first_play_of_a_jun():
    state = GAME.new_state(3, {"games": 1}, 2)
    assert state.table is None and state.floor == -1
    seat = state.to_act()[0]
    opening = [a for a in state.legal_actions(seat) if getattr(a, "bon", None)]
    state.apply_unchecked(seat, opening[0])
    assert state.table == state.floor >= 0


def test_a_locked_seat_with_a_face_down_rin_passes_forced_as_choices_says():
    """Unreachable in play (a locked seat plays no more, so it turns no Rin down), but the run
    follows `_choices`: a face-down Rin comes first."""
    state = scripted_state(["B3 B4", "B9 R9", "R6 R7"], rin=["UUUU", "UUUD", "UUUU"], leader=0,
                           played=[0, 1], locked=[1], table=2, turn=0)
    assert state._choices(1) == "forced"
    seat = state.to_act()[0]
    play = next(a for a in state.legal_actions(seat) if getattr(a, "bon", None))
    kinds = [e.kind for e in state.apply_unchecked(seat, play) if e.data.get("seat") == 1]
    assert kinds[:1] == ["pass_forced"]
