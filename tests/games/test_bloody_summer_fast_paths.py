"""BLOODY SUMMER speed-work invariants (issue 18).

Legal moves come from mask tables filled by joining two half tables; they must equal the
plays of every value set in the mask, for every mask. The deal sums packed single cards; it
must equal packing the values the same shuffle gives. Frequent events are built once; they
must carry what a fresh event would. The seeded digests pin whole games on top of this.
"""

from __future__ import annotations

import random

from tabletop.engine.core import Chance, Event
from tabletop.games.bloody_summer import GAME, state
from tabletop.games.bloody_summer.actions import PASS, PLAYS, Play
from tabletop.games.bloody_summer.cards import ONE, pack
from tabletop.games.bloody_summer.rules import cards_of, combo_text


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
