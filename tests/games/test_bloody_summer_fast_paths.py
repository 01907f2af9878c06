"""BLOODY SUMMER speed-work invariants (issue 18).

Legal moves come from mask tables filled by joining two half tables; they must equal the
plays of every value set in the mask, for every mask. The deal sums packed single cards; it
must equal packing the values the same shuffle gives. Frequent events are built once; they
must carry what a fresh event would. The turn passes on through a table, checks mark the
drawn cards through a per-danger-set table, and a new game's chance stream is hashed once;
each is compared with the plain rule. The seeded digests pin whole games on top of this.
"""

from __future__ import annotations

import random
import struct
from hashlib import shake_256

import pytest

from tabletop.engine import draws
from tabletop.engine.core import Chance, Event, IllegalAction
from tabletop.engine.draws import StreamDraws, event_key
from tabletop.games.bloody_summer import GAME, state
from tabletop.games.bloody_summer.actions import PASS, PLAYS, Play
from tabletop.games.bloody_summer.cards import ONE, pack
from tabletop.games.bloody_summer.rules import cards_of, combo_text
from tabletop.games.bloody_summer.view import CheckRecord


def test_every_value_mask_gives_the_plays_of_its_values() -> None:
    for form, table in state._BY_MASK.items():
        for bits in range(1 << 13):
            mask = sum(ONE[v] for v in range(1, 14) if bits >> (v - 1) & 1)
            expected = tuple(p for v, p in enumerate(PLAYS[form]) if p is not None and mask & ONE[v])
            assert table[mask] == expected, (form, bits)


def test_the_deal_is_the_packed_values_of_the_same_shuffle() -> None:
    for players in (3, 4):
        for seed in range(40):
            s = GAME.new_state(players, GAME.resolve_options({}), seed)
            values = [v for v in range(1, 14) for _ in range(4)]
            rng = Chance(seed, scheme=2).shuffle(values)
            assert s.hands == [pack(values[13 * i:13 * i + 13]) for i in range(players)]
            assert s.aside == pack(values[13 * players:])
            assert s.turn == s.marker == rng.randrange(players)


def test_options_given_in_full_or_in_part_deal_the_same_game() -> None:
    resolved = GAME.resolve_options({})
    assert GAME.new_state(3, resolved, 5).to_json() == GAME.new_state(3, {}, 5).to_json()
    other = GAME.new_state(3, {"empty_site": "A"}, 5)
    assert other.to_json()["empty_site"] == "A"


def test_shared_events_say_what_a_fresh_event_would() -> None:
    rng = random.Random(4)
    for seed in range(30):
        s = GAME.new_state(4, GAME.resolve_options({}), seed)
        while not s.is_over():
            seat = s.to_act()[0]
            legal = s.legal_actions(seat)
            action = legal[rng.randrange(len(legal))]
            lead = not s.plays
            events = s.apply_unchecked(seat, action)
            if isinstance(action, Play):
                assert events[0] == Event("play", {
                    "seat": seat, "form": action.form, "value": action.value,
                    "cards": list(cards_of(action.form, action.value)), "combo": combo_text(action.form, action.value),
                    "lead": lead, "left": s.sizes[seat]})
            else:
                assert events[0] == Event("pass", {"seat": seat})
            for event in events:
                if event.kind == "round":
                    assert event == Event("round", {"seat": s.marker, "round": s.round})
                elif event.kind in ("safe", "wounded", "escape", "survivor"):
                    assert set(event.data) == {"seat"}


def test_a_frequent_event_is_built_once() -> None:
    """The mechanism itself: the same pass or play by the same seat hands out the same Event object."""
    first, second = GAME.new_state(4, GAME.resolve_options({}), 1), GAME.new_state(4, GAME.resolve_options({}), 2)
    for s in (first, second):  # seat 0 leads a single 1 from the same two-card hand in both games
        s.turn = s.marker = 0
        s.hands[0] = ONE[1] + ONE[5]
        s.sizes[0] = 2
    a, b = first.apply_unchecked(0, PLAYS["S"][1]), second.apply_unchecked(0, PLAYS["S"][1])
    assert a[0] is b[0]
    assert first.apply_unchecked(1, PASS)[0] is second.apply_unchecked(1, PASS)[0]


def _plain_next_open(s: state.BloodySummerState, seat: int) -> int:
    """The next living seat clockwise that has not passed, by walking round the table."""
    for step in range(1, s.n + 1):
        i = (seat + step) % s.n
        if s.alive >> i & 1 and not s.passed >> i & 1:
            return i
    raise AssertionError("no seat left to act")


def test_the_turn_passes_to_the_next_open_seat_as_the_plain_walk_says() -> None:
    """apply_unchecked looks the next seat up in `_NEXT_IN_MASK` instead of calling `_next_open`."""
    rng = random.Random(8)
    for players in (3, 4):
        for seed in range(40):
            s = GAME.new_state(players, GAME.resolve_options({}), seed)
            while not s.is_over():
                seat = s.to_act()[0]
                legal = s.legal_actions(seat)
                events = s.apply_unchecked(seat, legal[rng.randrange(len(legal))])
                if not s.is_over() and not any(e.kind == "check" for e in events):
                    assert s.turn == _plain_next_open(s, seat) == s._next_open(seat)


def test_a_checks_matched_flags_are_the_danger_set() -> None:
    for mask, flags in state._DANGER_FLAGS.items():
        assert flags == tuple(v in [u for u in range(14) if mask >> u & 1] for v in range(14))
    rng = random.Random(2)
    for seed in range(60):
        s = GAME.new_state(3, GAME.resolve_options({}), seed)
        while not s.is_over():
            seat = s.to_act()[0]
            legal = s.legal_actions(seat)
            for e in s.apply_unchecked(seat, legal[rng.randrange(len(legal))]):
                if e.kind == "check":
                    danger = s.danger[e.data["seat"]]
                    assert e.data["matched"] == [v in danger for v in e.data["drawn"]]
                    assert e.data["hit"] == any(v in danger for v in e.data["drawn"])
                    record = s.last_check  # built by tuple.__new__: the same as the named tuple's constructor
                    assert type(record) is CheckRecord
                    assert record == CheckRecord(e.data["seat"], tuple(e.data["pile"]), tuple(e.data["drawn"]),
                                                 tuple(e.data["matched"]), record.outcome)


def test_a_new_game_hashes_its_chance_stream_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The shuffle's hash reads spare words, so the start player after it needs no second hash."""
    calls = []

    def counting(data: bytes):
        calls.append(data)
        return shake_256(data)

    monkeypatch.setattr(draws, "shake_256", counting)
    GAME.new_state(3, GAME.resolve_options({}), 11)
    assert len(calls) == 1


def test_stream_words_are_one_long_hash_however_they_are_read() -> None:
    """Reading a shuffle's words and then a few more equals slicing one long SHAKE-256 output."""
    for seed, counter in ((0, 1), (7, 3), (2024, 1)):
        d = StreamDraws(seed, counter)
        shuffled = d._words(52) + d._words(3) + d._words(20)
        long = shake_256(event_key(seed, counter)).digest(75 * 8)
        assert shuffled == struct.unpack("<75Q", long)


def test_legal_moves_are_exactly_the_actions_the_rules_accept() -> None:
    """The mask look-ups of `legal_actions` against `check`, which spells the rule out card by card."""
    every = [PASS, *(p for plays in PLAYS.values() for p in plays if p is not None)]
    rng = random.Random(5)
    for players in (3, 4):
        for seed in range(25):
            s = GAME.new_state(players, GAME.resolve_options({}), seed)
            while not s.is_over():
                seat = s.to_act()[0]
                legal = s.legal_actions(seat)
                accepted = []
                for action in every:
                    try:
                        s.check(seat, action)
                    except IllegalAction:
                        continue
                    accepted.append(action)
                assert sorted(map(str, legal)) == sorted(map(str, accepted))
                s.apply_unchecked(seat, legal[rng.randrange(len(legal))])
