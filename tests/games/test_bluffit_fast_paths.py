"""BLUFFIT speed-work invariants (issue 18).

Each shortcut is compared with the plain rule it replaces: the table of challenge
outcomes with `resolve`, the value table with `value`, the memoised claim lists with
`claim_groups`, legal moves with a plain listing, the shared events with the events a
fresh build makes from the position before the move, and the remembered option set-up
with resolving the options. The digests at the end pin whole games with every special
card and the combine variant on (the seeded-digest test covers the basic game only);
they were recorded on the code before the speed work.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from tabletop.engine.core import Event
from tabletop.games.bluffit import GAME
from tabletop.games.bluffit import events as ev
from tabletop.games.bluffit.actions import CHALLENGES, Bid, Challenge, Claim, claim
from tabletop.games.bluffit.cards import BOTH_LOSE, CARD_TEXTS, CHALLENGER, RESOLVED, VALUE_OF, resolve, value
from tabletop.games.bluffit.state import FINAL_ROUND, BluffitState, _combined_claims, _single_claims, claim_groups
from tests.games.test_seeded_play_digests import state_digest

ALL_ON = {"combine": True, "optimistic_1": True, "reversed_5": True, "nervous_9": True, "toxic_10": True}
OPTION_SETS = ({}, {"combine": True}, {k: v for k, v in ALL_ON.items() if k != "combine"}, ALL_ON)


def random_games(options: dict[str, Any], players: int, games: int, seed: int = 0):
    """(state before, seat, action, events) for every move of `games` random games."""
    rng = random.Random(seed)
    for game_seed in range(games):
        s = GAME.new_state(players, options, game_seed)
        while not s.is_over():
            waiting = s.to_act()
            seat = waiting[rng.randrange(len(waiting))]
            legal = s.legal_actions(seat)
            action = legal[rng.randrange(len(legal))]
            before = s.clone()
            yield before, seat, action, s.apply_unchecked(seat, action)


def test_the_outcome_table_is_resolve_for_every_pair_of_cards() -> None:
    assert set(RESOLVED) == {(c, d) for c in CARD_TEXTS for d in CARD_TEXTS}
    for (c, d), outcome in RESOLVED.items():
        assert outcome == resolve(c, d), (CARD_TEXTS[c], CARD_TEXTS[d])


def test_the_value_table_is_value() -> None:
    assert all(VALUE_OF[code] == value(code) for code in CARD_TEXTS)


@pytest.mark.parametrize("options", OPTION_SETS)
def test_legal_moves_are_the_plain_listing(options: dict[str, Any]) -> None:
    """Memoised bid and claim lists plus the inline challenge targets equal the rule spelled out."""
    for players in (2, 3, 6):
        for before, _, _, _ in random_games(options, players, 4):
            for seat in range(players):
                if before.phase == "bid" and seat in before.participants and before.strength[seat] is None:
                    plain: list = [Bid(c) for c in sorted(set(before.hands[seat]))]
                elif before.phase == "bluff" and seat == before.participants[before.turn]:
                    plain = [Claim(g) for g in before.claim_groups()]
                    if seat != before.start:
                        plain += [Challenge(q) for q in before.participants if q != seat and before.held[q]]
                else:
                    plain = []
                assert before.legal_actions(seat) == plain


def test_memoised_claim_lists_are_the_claim_groups() -> None:
    rng = random.Random(3)
    for _ in range(300):
        table = tuple(sorted(rng.choice([1, 2, 3, 5, 10, *CARD_TEXTS]) for _ in range(rng.randrange(0, 7))))
        assert [a.cards for a in _single_claims(table)] == claim_groups(table, False)
        assert [a.cards for a in _combined_claims(table)] == claim_groups(table, True)


def _next_start(before: BluffitState, held: list[list[int]]) -> int:
    """BD-08/09: the acquirer of the highest single card, ties to the earliest in turn order."""
    holders = [p for p in before.participants if held[p]]
    if not holders:
        return before.start
    return max(holders, key=lambda p: (max(value(c) for c in held[p]), -before.participants.index(p)))


def _fresh_events(before: BluffitState, seat: int, action: Any) -> list[Event]:
    """The events of `action`, built from scratch from the position before it (the scoring event's
    banked cards and next start player are worked out here from the rules, not taken from the state)."""
    texts = lambda cards: [CARD_TEXTS[c] for c in cards]  # noqa: E731
    strength = list(before.strength)
    if isinstance(action, Bid):
        strength[seat] = action.card
        out = [Event("bid", {"seat": seat})]
        if all(strength[p] is not None for p in before.participants):
            out.append(Event("bluff_start", {"seat": before.start, "round": before.round}))
        return out
    held = [list(h) for h in before.held]
    table = list(before.table)
    if isinstance(action, Claim):
        for c in action.cards:
            table.remove(c)
        held[seat] = list(action.cards)
        out = [Event("claim", {"seat": seat, "cards": texts(action.cards)})]
    else:
        target = action.target
        unit = held[target]
        outcome = resolve(strength[seat], strength[target])
        out = [Event("challenge", {"seat": seat, "target_seat": target, "cards": texts(unit)}),
               Event("compare", {"seat": seat, "target_seat": target, "card": CARD_TEXTS[strength[seat]],
                                 "target_card": CARD_TEXTS[strength[target]]}, visible_to=(seat, target))]
        kind = {CHALLENGER: "challenge_won", BOTH_LOSE: "both_lose"}.get(outcome, "challenge_lost")
        out.append(Event(kind, {"seat": seat, "target_seat": target, "cards": texts(unit)}))
        if outcome == CHALLENGER:
            held[seat], held[target] = unit, []
        elif outcome == BOTH_LOSE:
            table = sorted(table + unit)
            held[target] = []
    if before.turn + 1 < len(before.participants):
        return out
    banked = {str(p): texts(held[p]) for p in before.participants if held[p]}
    out.append(Event("round_scored", {"round": before.round, "banked": banked, "removed": texts(sorted(table)),
                                      "next_start_seat": _next_start(before, held)}))
    if before.n == 2 and before.round < FINAL_ROUND:
        out += [Event("reveal", {"seat": p, "card": CARD_TEXTS[strength[p]]}) for p in before.participants]
    return out


@pytest.mark.parametrize("options", OPTION_SETS)
def test_shared_events_say_what_a_fresh_event_would(options: dict[str, Any]) -> None:
    for players in (2, 4, 6):
        for before, seat, action, events in random_games(options, players, 6, seed=players):
            fresh = _fresh_events(before, seat, action)
            assert events[:len(fresh)] == fresh, (players, before.round, str(action))
            assert {e.kind for e in events[len(fresh):]} <= {"final_round", "game_over"}


def test_a_frequent_event_is_built_once() -> None:
    """The mechanism itself: the same bid, claim or challenge hands out the same Event object."""
    firsts: dict[tuple[str, int, str], Event] = {}
    shared = 0
    for _, seat, _action, events in random_games(ALL_ON, 4, 4):
        for event in events:
            if event.kind in ("bid", "claim", "challenge", "compare", "challenge_won", "challenge_lost"):
                key = (event.kind, seat, json.dumps(event.to_json(), sort_keys=True))
                if key in firsts:
                    assert firsts[key] is event, key
                    shared += 1
                firsts.setdefault(key, event)
    assert shared > 100
    assert ev.CLAIM[0, (3,)] is ev.CLAIM[0, (3,)]
    assert claim((3,)) is claim((3,))


def test_options_given_in_full_in_part_or_as_text_set_up_the_same_game() -> None:
    resolved = GAME.resolve_options(ALL_ON)
    expected = GAME.new_state(3, resolved, 5).to_json()
    assert GAME.new_state(3, dict(ALL_ON), 5).to_json() == expected
    assert GAME.new_state(3, {k: "on" for k in ALL_ON}, 5).to_json() == expected
    assert GAME.new_state(3, {}, 5).to_json() == GAME.new_state(3, GAME.resolve_options({}), 5).to_json()
    assert GAME.new_state(3, {"toxic_10": True}, 5).specials != GAME.new_state(3, {}, 5).specials
    with pytest.raises(ValueError):
        GAME.new_state(3, {"no_such_option": True}, 5)


def test_challenges_stay_legal_targets_after_the_shortcuts() -> None:
    """A shared Challenge object per seat: legal_actions hands out those, never new ones."""
    for before, seat, _, _ in random_games({}, 5, 3):
        for action in before.legal_actions(seat):
            if isinstance(action, Challenge):
                assert action is CHALLENGES[action.target]


# (players, seed) -> sha256 prefix of a random game with every option on, recorded before the speed work.
ALL_OPTIONS_DIGESTS = {
    (2, 0): "98f28a989e4ab237",
    (2, 3): "69420e1476bc17c4",
    (4, 0): "5d445f928cb6f009",
    (4, 3): "7be7b9f51b58e835",
    (6, 0): "6f7b16efc26b9405",
    (6, 3): "5445b9c4c7e743a1",
}


def _digest(players: int, seed: int, options: dict[str, Any]) -> str:
    return state_digest(GAME.new_state(players, options, seed), players, seed, any_waiting=True)


@pytest.mark.parametrize(("players", "seed"), sorted(ALL_OPTIONS_DIGESTS))
def test_games_with_every_option_play_out_as_before_the_speed_work(players: int, seed: int) -> None:
    assert _digest(players, seed, ALL_ON) == ALL_OPTIONS_DIGESTS[(players, seed)]
