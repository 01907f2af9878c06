"""Ghost Bumpers: every test vector of docs/rules/ghost_bumpers.md (GB-Txx) and the design decisions."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tabletop.engine.core import ActionParseError, Event, IllegalAction
from tabletop.games.ghost_bumpers import GAME
from tabletop.games.ghost_bumpers.actions import Discard, Play, PlayZ, SetFear
from tabletop.games.ghost_bumpers.cards import composition, deck_score, strength
from tabletop.games.ghost_bumpers.scripted import scripted_state
from tabletop.games.ghost_bumpers.state import GhostBumpersState


def play(state: GhostBumpersState, seat: int, text: str) -> list[Event]:
    return state.apply(seat, GAME.parse_action(text))


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def only(events: list[Event], kind: str) -> Event:
    found = [e for e in events if e.kind == kind]
    assert len(found) == 1, kinds(events)
    return found[0]


def decks(state: GhostBumpersState) -> list[str | None]:
    return state.to_json()["char_decks"]


def round_points(events: list[Event]) -> list[int]:
    return [e.data["points"] for e in events if e.kind == "round_score"]


# ---------------------------------------------------------------- §1, §3.4


@pytest.mark.parametrize(("players", "size", "copies", "fives"), [(3, 40, 4, 7), (4, 49, 5, 8), (5, 58, 6, 9),
                                                                   (6, 67, 7, 10)])
def test_t01_composition_and_deal(players: int, size: int, copies: int, fives: int) -> None:
    """GB-T01: deck size and copies per player count; 13 cards left after the deal."""
    comp = composition(players)
    assert sum(comp) == size
    assert comp[0] == 1 and comp[5] == fives
    assert all(comp[v] == copies for v in (1, 2, 3, 4, 6, 7, 8, 9))
    state = GAME.new_state(players, {}, seed=7)
    assert len(state.deck) == 13
    assert state.sizes == [9] * players
    assert all(sum(h) == 9 for h in state.hands)


def test_t02_strength_set_versus_single() -> None:
    """GB-T02: three 8s lose to a single 4; a single 9 beats two 9s; two 1s beat a single 2."""
    assert strength(8, 3) == 38 < strength(4, 1) == 40
    assert strength(9, 1) == 90 > strength(9, 2) == 29
    assert strength(2, 1) == 20 < strength(1, 2) == 21
    assert strength(5, 9) == 95 and strength(0, 1, 10) == 100 and strength(0, 1, 0) == 0


# ---------------------------------------------------------------- §3.5 tricks


def test_t03_source_worked_trick() -> None:
    """GB-T03: Annie 1, Hedda 4, Emery two 5s, Lucas 4: Lucas wins the tie and owes 3 reveals."""
    state = scripted_state(4, ["111222333", "444666777", "556667778", "488889999"],
                           char_decks=["UUUUUUS", "UUUUUUS", "UUUUUUS", "UUUUSUU"], deck="123456", leader=0)
    play(state, 0, "1x1")
    play(state, 1, "1x4")
    events = play(state, 2, "2x5")
    assert only(events, "draw").data == {"seat": 2, "count": 1}
    assert state.sizes[2] == 8  # Emery drew right after her play
    events = play(state, 3, "1x4")
    won = only(events, "trick_won")
    assert won.data["winner_seat"] == 3 and won.data["reveals"] == 3 and won.data["strength"] == 40
    assert kinds(events).count("reveal") == 3
    assert decks(state)[3] == "USUU"
    assert state.sizes == [8, 8, 8, 8]
    assert state.turn == state.leader == 3


def test_t04_tie_between_multi_card_plays() -> None:
    """GB-T04: A two 7s, B a single 2, C two 7s: C wins and owes 1 reveal."""
    state = scripted_state(3, ["7712", "2345", "7713"], char_decks=["UUUUUUS"] * 3, deck="1111")
    play(state, 0, "2x7")
    play(state, 1, "1x2")
    events = play(state, 2, "2x7")
    assert only(events, "trick_won").data["winner_seat"] == 2
    assert only(events, "trick_won").data["reveals"] == 1
    assert decks(state)[2] == "UUUUUS"


def test_t05_z_declared_ten() -> None:
    """GB-T05: A 9, B Z as 10, C two 5s: B wins, no reveals, bottom card to the top, B leads."""
    state = scripted_state(3, ["912", "Z12", "5512"], char_decks=["UUUUUUS", "UUSUUUU", "UUUUUUS"], deck="33")
    play(state, 0, "1x9")
    play(state, 1, "Z10")
    events = play(state, 2, "2x5")
    won = only(events, "trick_won")
    assert won.data["winner_seat"] == 1 and won.data["reveals"] == 0 and won.data["strength"] == 100
    assert "reveal" not in kinds(events) and "rotate" in kinds(events)
    assert decks(state)[1] == "UUUSUUU" and state.char_sizes[1] == 7
    assert state.to_json()["discard"] == "559Z"
    assert state.turn == 1


def test_t06_z_declared_zero_turns_a_paranoia_deck() -> None:
    """GB-T06: A Z as 0, B 3, C 6: C wins, UUUS becomes SUUU; a later win is a plain scare."""
    state = scripted_state(3, ["Z1", "31", "69"], char_decks=["SUUUUUU", "UUUUUUS", "UUUS"])
    play(state, 0, "Z0")
    play(state, 1, "1x3")
    events = play(state, 2, "1x6")
    assert only(events, "trick_won").data["winner_seat"] == 2
    assert decks(state)[2] == "SUUU"
    play(state, 2, "1x9")
    play(state, 0, "1x1")
    events = play(state, 1, "1x1")
    assert "scared" in kinds(events) and "paranoia" not in kinds(events)
    assert only(events, "round_end").data["reason"] == "scare"
    assert round_points(events) == [12, 0, 0]


def test_t07_z_with_a_one_card_deck() -> None:
    """GB-T07: the winner's deck is S alone and the trick has Z: nothing happens, play goes on."""
    state = scripted_state(3, ["91", "Z1", "11"], char_decks=["S", "UUUUUUS", "UUUUUUS"])
    play(state, 0, "1x9")
    play(state, 1, "Z0")
    events = play(state, 2, "1x1")
    assert only(events, "trick_won").data["winner_seat"] == 0
    assert "rotate" not in kinds(events) and "round_end" not in kinds(events)
    assert decks(state)[0] == "S" and state.phase == 1 and state.turn == 0


def test_t08_replacement_draw() -> None:
    """GB-T08: three 6s from 9 cards draws 2 at once (8 left); a single card draws nothing."""
    state = scripted_state(3, ["666123456", "111222333", "444777888"], char_decks=["UUUUUUS"] * 3, deck="99")
    events = play(state, 0, "3x6")
    assert state.sizes[0] == 8 and not state.deck
    assert only(events, "draw").data["count"] == 2
    drew = only(events, "drew")
    assert drew.visible_to == (0,) and drew.data["cards"] == "99"
    events = play(state, 1, "1x1")
    assert state.sizes[1] == 8 and "draw" not in kinds(events)


def test_t09_reshuffle_discard_pile() -> None:
    """GB-T09: deck 1 card, discard 8: draw 1, shuffle the 8 in, draw 1 more; table cards stay out."""
    state = scripted_state(3, ["888123", "111222", "333444"], char_decks=["UUUUUUS"] * 3,
                           deck="9", discard="11223344")
    events = play(state, 0, "3x8")
    assert kinds(events) == ["play", "reshuffle", "draw", "drew"]
    assert only(events, "reshuffle").data["count"] == 8
    assert len(state.deck) == 7 and sum(state.discard) == 0
    assert state.trick == [(0, 8, 3, 38)]
    drawn = Counter(state.to_json()["hands"][0]) - Counter("123")
    assert sum(drawn.values()) == 2
    assert drawn + Counter(state.to_json()["deck"]) == Counter("9" + "11223344")
    assert "8" not in state.to_json()["deck"]


def test_t10_deck_and_discard_both_empty() -> None:
    """GB-T10: 6 players, trick 1, P last with four 5s and 1 card in the deck: forced discards."""
    hands = ["123456789", "123456789", "123456789", "123456789", "123456789", "555512346"]
    state = scripted_state(6, hands, char_decks=["UUUUUUS"] * 6, deck="7")
    for seat in range(5):
        play(state, seat, "1x1")
    events = play(state, 5, "4x5")
    assert only(events, "forced_discard").data == {"drawer_seat": 5, "owed": 2}
    assert state.to_act() == (0, 1, 2, 3, 4, 5)
    assert state.sizes == [8, 8, 8, 8, 8, 6]
    assert not state.deck
    with pytest.raises(IllegalAction) as exc:
        play(state, 0, "1x2")
    assert exc.value.key == "ghost_bumpers.illegal.discard_first"
    for seat in range(5):
        assert state.public_action_text(seat, Discard(9)) == "discard ?"
        events = play(state, seat, "discard 9")
        assert kinds(events) == ["discard_chosen"]
        assert state.view(5).discard_state[seat] == 2 and state.view(5).own_discard == -1
    events = play(state, 5, "discard 6")
    assert kinds(events).count("discarded") == 6
    assert "reshuffle" in kinds(events) and only(events, "draw").data["count"] == 2
    assert len(state.deck) == 4
    assert state.sizes == [7] * 6  # 9 − 1 − 1
    assert "trick_won" in kinds(events)


def test_gb_d5a_empty_handed_drawer_discards_nothing_and_the_discards_become_the_deck() -> None:
    """GB-D5a: the drawer played their whole hand, so they discard nothing and draw one fewer (here
    none); the forced discards are still shuffled into a new monster deck. Last round, so the final
    state shows where the cards went."""
    state = scripted_state(3, ["12", "34", "55"], char_decks=["UUUUUUS"] * 3, round_no=6)
    play(state, 0, "1x1")
    play(state, 1, "1x3")
    events = play(state, 2, "2x5")
    assert only(events, "forced_discard").data == {"drawer_seat": 2, "owed": 0}
    assert state.to_act() == (0, 1)
    assert state.view(2).discard_state == (1, 1, 0)
    play(state, 0, "discard 2")
    events = play(state, 1, "discard 4")
    assert kinds(events)[:4] == ["discard_chosen", "discarded", "discarded", "reshuffle"]
    assert [e.data for e in events if e.kind == "discarded"] == [{"seat": 0, "card": "2"}, {"seat": 1, "card": "4"}]
    assert only(events, "reshuffle").data == {"count": 2}
    assert "draw" not in kinds(events)
    # Every hand is empty after the trick, so the round (the last) ends.
    assert only(events, "round_end").data["reason"] == "hands_empty"
    assert state.is_over()
    final = state.to_json()
    assert sorted(final["deck"]) == ["2", "4"] and final["discard"] == "1355"


def test_gb_d5a_empty_handed_drawer_draws_one_fewer_from_the_reshuffled_discards() -> None:
    """GB-D5a with a draw left: three 5s from a 3-card hand owe 2, the empty hand makes it 1."""
    state = scripted_state(3, ["129", "349", "555"], char_decks=["UUUUUUS"] * 3)
    play(state, 0, "1x1")
    play(state, 1, "1x3")
    events = play(state, 2, "3x5")
    assert only(events, "forced_discard").data == {"drawer_seat": 2, "owed": 1}
    play(state, 0, "discard 9")
    events = play(state, 1, "discard 9")
    assert kinds(events).index("reshuffle") < kinds(events).index("draw")
    assert only(events, "draw").data == {"seat": 2, "count": 1}
    assert state.sizes == [1, 1, 1] and len(state.deck) == 1 and state.hands[2][9] == 1
    assert not state.is_over() and state.round_no == 1


def test_forced_discard_exemption_for_last_card_of_a_player_yet_to_play() -> None:
    """GB-D5 exemption: a seat yet to play holding one card keeps it (scripted, unequal hands)."""
    state = scripted_state(3, ["55", "1", "2"], char_decks=["UUUUUUS"] * 3)
    events = play(state, 0, "2x5")
    assert "forced_discard" not in kinds(events)
    assert state.turn == 1 and state.sizes == [0, 1, 1]


def test_t11_scare_with_reveals_still_owed() -> None:
    """GB-T11: owes 3 with deck USUUU: U, then S; the third reveal is dropped; scare end."""
    state = scripted_state(3, ["55", "1", "9"], char_decks=["UUSUUUU", "SUUUUUU", "USUUU"], deck="2")
    play(state, 0, "2x5")
    play(state, 1, "1x1")
    events = play(state, 2, "1x9")
    assert kinds(events).count("reveal") == 1
    assert only(events, "scared").data == {"seat": 2, "dropped": 1}
    assert only(events, "round_end").data["reason"] == "scare"
    assert round_points(events) == [4, 12, 0]
    assert state.scores == [4, 12, 0]
    assert state.round_no == 2 and state.phase == 0


def test_t12_source_scoring_example() -> None:
    """GB-T12: Lucas scares; Emery UUUSUU 2, Hedda SUUU 6, Annie UUS 0, Lucas 0."""
    state = scripted_state(4, ["1", "1", "1", "9"], char_decks=["UUS", "SUUU", "UUUSUU", "SUU"])
    for seat in range(3):
        play(state, seat, "1x1")
    events = play(state, 3, "1x9")
    assert round_points(events) == [0, 6, 2, 0]
    decks_at_end = [e.data["deck"] for e in events if e.kind == "round_score"]
    assert decks_at_end == ["UUS", "SUUU", "UUUSUU", None]


def test_t13_maximum_score() -> None:
    """GB-T13: p = 0 and no trick won: SUUUUUU scores 12, at a hands-empty end too."""
    assert deck_score(7, 0) == 12
    state = scripted_state(3, ["1", "9", "2"], char_decks=["SUUUUUU", "UUUUUSU", "UUUUUUS"])
    play(state, 0, "1x1")
    play(state, 1, "1x9")
    events = play(state, 2, "1x2")
    assert only(events, "round_end").data["reason"] == "hands_empty"
    assert round_points(events) == [12, 1, 0]


def test_t14_simple_paranoia_success() -> None:
    """GB-T14: deck S, one reveal owed: Annie 10, all others 0 (even SUUU)."""
    state = scripted_state(3, ["9", "1", "2"], char_decks=["S", "SUUU", "UUSUUUU"])
    play(state, 0, "1x9")
    play(state, 1, "1x1")
    events = play(state, 2, "1x2")
    assert "paranoia" in kinds(events)
    assert only(events, "round_end").data["reason"] == "paranoia"
    assert round_points(events) == [10, 0, 0]
    assert all(e.data["deck"] is None for e in events if e.kind == "round_score")  # GB-D10


def test_t15_paranoia_success_with_several_reveals() -> None:
    """GB-T15: deck UUS, owes 3 (two 5s): U, U, S with nothing left: success."""
    state = scripted_state(3, ["9", "55", "2"], char_decks=["UUS", "SUUU", "UUUUUUS"], deck="1")
    play(state, 0, "1x9")
    play(state, 1, "2x5")
    events = play(state, 2, "1x2")
    assert kinds(events).count("reveal") == 2 and "paranoia" in kinds(events)
    assert round_points(events) == [10, 0, 0]


def test_t16_paranoia_failure_too_many_reveals() -> None:
    """GB-T16: deck US, owes 3: U, then S with 1 still owed: a normal scare end."""
    state = scripted_state(3, ["9", "55", "2"], char_decks=["US", "SUUU", "UUSUUUU"], deck="1")
    play(state, 0, "1x9")
    play(state, 1, "2x5")
    events = play(state, 2, "1x2")
    assert "paranoia" not in kinds(events)
    assert only(events, "scared").data["dropped"] == 1
    assert round_points(events) == [0, 6, 4]


def test_t17_s_reaches_the_bottom_through_z() -> None:
    """GB-T17: Bob p = 5 wins a Z trick (UUUUUSU -> UUUUUUS), reveals down to US, then a paranoia finish."""
    state = scripted_state(3, ["Z11111", "999999", "155555"], char_decks=["SUUUUUU", "UUUUUSU", "SUUUUUU"],
                           deck="222")
    play(state, 0, "Z0")
    play(state, 1, "1x9")
    play(state, 2, "1x1")
    assert decks(state)[1] == "UUUUUUS"
    play(state, 1, "1x9")
    play(state, 2, "4x5")
    events = play(state, 0, "1x1")
    assert only(events, "trick_won").data == {"winner_seat": 1, "strength": 90, "power": "9", "reveals": 5}
    assert decks(state)[1] == "US"
    play(state, 1, "1x9")
    play(state, 2, "1x5")
    events = play(state, 0, "1x1")
    assert "paranoia" in kinds(events)
    assert round_points(events) == [0, 10, 0]


def test_t18_hands_empty_end() -> None:
    """GB-T18: final decks A UUSU, B SUU, C UUUUUS after a last trick with Z: A 1, B 4, C 0."""
    state = scripted_state(3, ["Z", "1", "2"], char_decks=["USUU", "SUU", "UUUUUS"])
    play(state, 0, "Z10")
    play(state, 1, "1x1")
    events = play(state, 2, "1x2")
    assert [e.data["deck"] for e in events if e.kind == "round_score"] == ["UUSU", "SUU", "UUUUUS"]
    assert only(events, "round_end").data["reason"] == "hands_empty"
    assert round_points(events) == [1, 4, 0]


def test_t19_scare_in_the_last_trick() -> None:
    """GB-T19 / GB-D11: S revealed in the trick that empties the hands is a scare end."""
    state = scripted_state(3, ["9", "1", "2"], char_decks=["SUU", "UUSUUUU", "SUUUUUU"])
    play(state, 0, "1x9")
    play(state, 1, "1x1")
    events = play(state, 2, "1x2")
    assert only(events, "round_end").data["reason"] == "scare"
    assert round_points(events) == [0, 4, 12]


def test_t20_fives_from_several_players() -> None:
    """GB-T20: A 5, B three 5s, C 6: C wins, F = 4, owes 5; B draws 2."""
    state = scripted_state(3, ["5123", "5551", "6123"], char_decks=["UUUUUUS"] * 3, deck="1122")
    play(state, 0, "1x5")
    events = play(state, 1, "3x5")
    assert only(events, "draw").data["count"] == 2
    events = play(state, 2, "1x6")
    assert only(events, "trick_won").data["reveals"] == 5
    assert decks(state)[2] == "US"


def test_t21_enumerating_legal_plays() -> None:
    """GB-T21: hand {1,3,3,3,5,7,7,9,Z} has exactly 10 legal plays."""
    state = scripted_state(3, ["13335779Z", "1", "1"], char_decks=["UUUUUUS"] * 3)
    legal = state.legal_actions(0)
    expected = [Play(1, 1), Play(3, 1), Play(3, 2), Play(3, 3), Play(5, 1), Play(7, 1), Play(7, 2), Play(9, 1),
                PlayZ(0), PlayZ(10)]
    assert legal == expected
    assert state.legal_actions(1) == []


def _seed_with_start(players: int, start: int) -> int:
    return next(seed for seed in range(1000) if GAME.new_state(players, {}, seed).start_seat == start)


@pytest.mark.parametrize(("players", "rounds"), [(3, 6), (4, 8), (5, 5), (6, 6)])
def test_t22_length_and_start_card_rotation(players: int, rounds: int) -> None:
    """GB-T22: rounds per player count; the start card passes left and its holder leads trick 1."""
    seed = _seed_with_start(players, 2)
    state = GAME.new_state(players, {}, seed)
    rng = random.Random(seed)
    leaders = [state.start_seat]
    round_starts = 1
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        for event in state.apply(seat, legal[rng.randrange(len(legal))]):
            if event.kind == "tricks_begin":
                assert event.data["leader_seat"] == leaders[-1]
            if event.kind == "round_start":
                round_starts += 1
                leaders.append(event.data["start_seat"])
    assert round_starts == rounds == state.round_no
    assert leaders == [(2 + r) % players for r in range(rounds)]
    if players == 4:
        assert leaders == [2, 3, 0, 1, 2, 3, 0, 1]


def _zero_point_round(players: int, scores: list[int], round_no: int = 3) -> tuple[GhostBumpersState, list[Event]]:
    """A target-score game where one round adds nothing to `scores` (seat 0 scares, the rest score 0)."""
    state = scripted_state(players, ["9"] + ["1"] * (players - 1), char_decks=["SU"] + ["UUUUUUS"] * (players - 1),
                           scores=scores, mode="target", target=25, round_no=round_no)
    events: list[Event] = []
    for seat in range(players):
        events = play(state, seat, "1x9" if seat == 0 else "1x1")
    return state, events


def test_t23_target_score_variant() -> None:
    """GB-T23: target 25: [22, 27, 25, 10] ends (seat 1 wins), [26, 26, 3] is shared, [24, 20, 18] goes on."""
    state, events = _zero_point_round(4, [22, 27, 25, 10])
    assert state.is_over() and state.result().winners == (1,)
    assert [e.data["seat"] for e in events if e.kind == "game_won"] == [1]
    state, _ = _zero_point_round(3, [26, 26, 3])
    assert state.is_over() and state.result().winners == (0, 1)
    state, _ = _zero_point_round(3, [24, 20, 18])
    assert not state.is_over() and state.round_no == 4 and state.phase == 0


def test_target_game_stops_after_fifty_rounds() -> None:
    """GB-D13: a target-score game ends after round 50 whatever the totals."""
    state, _ = _zero_point_round(3, [1, 2, 3], round_no=50)
    assert state.is_over() and state.result().winners == (2,)


def test_t24_leader_loses_ties() -> None:
    """GB-T24: A (leader) 8, B 8, C 1: B wins."""
    state = scripted_state(3, ["81", "81", "11"], char_decks=["UUUUUUS"] * 3)
    play(state, 0, "1x8")
    play(state, 1, "1x8")
    events = play(state, 2, "1x1")
    assert only(events, "trick_won").data["winner_seat"] == 1


# ---------------------------------------------------------------- phases, notation, refusals


def test_fear_phase_is_simultaneous_and_secret() -> None:
    state = GAME.new_state(4, {}, seed=3)
    assert state.to_act() == (0, 1, 2, 3)
    assert state.legal_actions(2) == [SetFear(p) for p in range(7)]
    events = play(state, 2, "fear 6")
    assert state.public_action_text(2, SetFear(6)) == "fear ?"
    assert [e.visible_to for e in events] == [None, (2,)]
    assert state.view(0).fear_done == (False, False, True, False)
    assert state.view(0).own_scared == -1 and state.view(2).own_scared == 6
    assert state.to_act() == (0, 1, 3)
    with pytest.raises(IllegalAction) as exc:
        play(state, 2, "fear 1")
    assert exc.value.key == "ghost_bumpers.illegal.fear_already_set"
    for seat in (0, 1):
        play(state, seat, "fear 2")
    events = play(state, 3, "fear 0")
    assert only(events, "tricks_begin").data == {"leader_seat": state.start_seat}
    assert state.to_act() == (state.start_seat,)
    assert decks(state) == ["UUSUUUU", "UUSUUUU", "UUUUUUS", "SUUUUUU"]


def test_refusals_teach_the_rule_and_change_nothing() -> None:
    state = scripted_state(3, ["881Z", "1111", "2222"], char_decks=["UUUUUUS"] * 3)
    before = state.to_json()
    cases = [
        (1, "1x1", "not_your_turn"),
        (0, "3x8", "not_enough"),
        (0, "1x9", "not_enough"),
        (0, "fear 2", "play_cards"),
        (0, "discard 8", "play_cards"),
        (7, "1x1", "no_such_seat"),
    ]
    for seat, text, slug in cases:
        with pytest.raises(IllegalAction) as exc:
            play(state, seat, text)
        assert exc.value.key == f"ghost_bumpers.illegal.{slug}"
        assert exc.value.reason
    with pytest.raises(IllegalAction) as exc:
        state.apply(0, PlayZ(5))
    assert exc.value.key == "ghost_bumpers.illegal.bad_declared"
    assert state.to_json() == before
    fear = GAME.new_state(3, {}, seed=1)
    with pytest.raises(IllegalAction) as exc:
        fear.apply(0, Play(1, 1))
    assert exc.value.key == "ghost_bumpers.illegal.place_fear_first"


def test_notation_round_trip_and_junk() -> None:
    for text in ("fear 0", "fear 6", "1x4", "3x8", "10x5", "Z0", "Z10", "discard 5", "discard Z"):
        assert str(GAME.parse_action(text)) == text
    for junk in ("", "fear 7", "fear -1", "0x5", "2x0", "2xZ", "Z5", "discard 0", "discard 10", "x", "3x08",
                 "play 3", "fear 03"):
        with pytest.raises(ActionParseError):
            GAME.parse_action(junk)


def test_z_is_never_combined() -> None:
    """GB-D1: only PlayZ uses the Z card, always alone."""
    state = scripted_state(3, ["Z5", "1", "1"], char_decks=["UUUUUUS"] * 3)
    assert state.legal_actions(0) == [Play(5, 1), PlayZ(0), PlayZ(10)]


def test_next_round_is_dealt_at_once_with_start_card_passed_left() -> None:
    state = GAME.new_state(3, {}, seed=11)
    first = state.start_seat
    rng = random.Random(0)
    while state.round_no == 1:
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        events = state.apply(seat, legal[rng.randrange(len(legal))])
    assert kinds(events)[-4:] == ["round_start", "dealt", "dealt", "dealt"]
    assert [e.visible_to for e in events if e.kind == "dealt"] == [(0,), (1,), (2,)]
    assert state.start_seat == (first + 1) % 3
    assert state.sizes == [9, 9, 9] and len(state.deck) == 13 and sum(state.discard) == 0
    assert state.phase == 0 and state.to_act() == (0, 1, 2)


def test_views_hide_other_hands_and_scared_cards() -> None:
    state = scripted_state(3, ["99", "11", "22"], char_decks=["UUUUUUS", "SUUUUUU", "UUSUUUU"])
    mine = state.view(0)
    assert mine.hand[9] == 2 and mine.own_scared == 6
    assert state.view(None).hand == (0,) * 10 and state.view(None).own_scared == -1
    swapped = scripted_state(3, ["99", "22", "11"], char_decks=["UUUUUUS", "UUSUUUU", "SUUUUUU"])
    assert swapped.view(0) == mine
    assert swapped.view(1) != state.view(1)
