"""Ghost Bumpers speed-work invariants (issue 18).

Legal plays come from per-card tables joined in one list display; they must equal the rule
(§3.3: one to n cards of a value held, then the 0/10 card as 0 or 10) for every hand. Frequent
events are built once and handed out again, so they must carry exactly what a freshly built
event would; the seeded digests (test_seeded_play_digests) pin whole games on top of this.
"""

from __future__ import annotations

import random

from tabletop.engine.core import Event
from tabletop.games.ghost_bumpers import GAME
from tabletop.games.ghost_bumpers.actions import PLAYS, Z_PLAYS, Play, PlayZ, SetFear
from tabletop.games.ghost_bumpers.cards import KINDS, Z, strength_text
from tabletop.games.ghost_bumpers.scripted import scripted_state


def plays_by_rule(hand: list[int]) -> list[object]:
    out: list[object] = []
    for value in range(1, KINDS):
        out.extend(PLAYS[value][n - 1] for n in range(1, min(hand[value], len(PLAYS[value])) + 1))
    if hand[Z]:
        out.extend(Z_PLAYS)
    return out


def test_play_phase_legal_moves_are_every_count_of_every_value_held() -> None:
    rng = random.Random(18)
    hands = [[rng.randrange(4) if c else rng.randrange(2) for c in range(KINDS)] for _ in range(3000)]
    hands += [[0] * KINDS, [1] * KINDS, [0, 0, 0, 0, 0, 10, 0, 0, 0, 0], [2, 12, 0, 0, 0, 0, 0, 0, 0, 9]]
    for hand in hands:
        state = scripted_state(3, hands=["", "", ""], char_decks=["UUSUUUU"] * 3, leader=0)
        state.hands[0] = list(hand)
        assert state.legal_actions(0) == plays_by_rule(hand), hand
        assert state.legal_actions(0) is not state.legal_actions(0)  # a fresh list each time


def test_shared_events_say_what_a_fresh_event_would() -> None:
    state = GAME.new_state(4, GAME.resolve_options({}), 7)
    for seat in range(4):
        events = state.apply_unchecked(seat, SetFear(seat % 7))
        assert events[0] == Event("fear_set", {"seat": seat})
        assert events[1] == Event("fear_chosen", {"seat": seat, "position": seat % 7}, (seat,))
    rng = random.Random(3)
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        action = legal[rng.randrange(len(legal))]
        for event in state.apply_unchecked(seat, action):
            if event.kind == "play":
                assert isinstance(action, Play)
                st = event.data["strength"]
                assert event == Event("play", {"seat": seat, "value": action.value, "count": action.count,
                                               "strength": st, "power": strength_text(st)})
                assert st == (10 * action.value if action.count == 1 else 10 * action.count + action.value)
            elif event.kind == "play_z":
                assert isinstance(action, PlayZ)
                assert event == Event("play_z", {"seat": seat, "declared": action.declared})
            elif event.kind == "trick_won":
                assert event.data["power"] == strength_text(event.data["strength"])


def test_a_frequent_event_is_built_once() -> None:
    """The mechanism itself: the same play by the same seat hands out the same Event object."""
    first = scripted_state(3, hands=["9", "5", "3"], char_decks=["UUSUUUU"] * 3, leader=0)
    second = scripted_state(3, hands=["9", "4", "2"], char_decks=["UUSUUUU"] * 3, leader=0)
    assert first.apply_unchecked(0, PLAYS[9][0])[0] is second.apply_unchecked(0, PLAYS[9][0])[0]
