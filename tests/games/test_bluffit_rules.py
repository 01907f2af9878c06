"""BLUFFIT rules: every test vector of docs/rules/bluffit.md (BT-01 … BT-26)."""

from __future__ import annotations

import random

import pytest

from tabletop.engine.core import IllegalAction
from tabletop.games.bluffit import GAME
from tabletop.games.bluffit.actions import Bid, Challenge, Claim, parse_action
from tabletop.games.bluffit.cards import BOTH_LOSE, CHALLENGER, DEFENDER, card_text, parse_card, resolve
from tabletop.games.bluffit.scripting import play, scripted_state

A, B, C, D = 0, 1, 2, 3


def texts(cards) -> list[str]:
    return [card_text(c) for c in cards]


def bids(state, *cards: str) -> None:
    for seat, card in enumerate(cards):
        if card is not None:
            state.apply(seat, Bid(parse_card(card)))


def test_bt01_setup_four_players_no_specials():
    s = GAME.new_state(4, {}, seed=7)
    assert all(texts(h) == [str(v) for v in range(1, 11)] for h in s.hands)
    assert len(s.table) == 4 and len(s.set_aside) == 6
    assert sorted(s.table + s.set_aside) == list(range(1, 11))


def test_bt02_bt03_bt04_source_example_round():
    # David, Emma, Eric, Lucy = seats 0..3; David starts; table {10, 4, 2, 6}.
    s = scripted_state(4, ["10", "4", "2", "6"], start=0)
    bids(s, "5", "3", "8", "8")
    play(s, (0, "claim 10"), (1, "claim 6"))
    play(s, (2, "challenge 0"))
    assert texts(s.held[2]) == ["10"] and s.held[0] == []
    events = play(s, (3, "challenge 2"))
    # BT-03: Emma banks 6, Lucy banks 10; 4 and 2 removed; Lucy starts round 2.
    assert texts(s.piles[1]) == ["6"] and texts(s.piles[3]) == ["10"]
    assert texts(s.removed) == ["2", "4"]
    assert s.start == 3 and s.round == 2
    # BT-04: next scoring cards are the four strength cards.
    assert texts(s.table) == ["3", "5", "8", "8"]
    assert any(e.kind == "challenge_won" and e.data["seat"] == 3 for e in events)


def test_bt05_inference_from_emmas_view():
    s = scripted_state(4, ["10", "4", "2", "6"], start=0)
    bids(s, "5", "3", "8", "8")
    play(s, (0, "claim 10"), (1, "claim 6"), (2, "challenge 0"), (3, "challenge 2"))
    view = s.view(1)
    rng = random.Random(3)
    for _ in range(40):
        sampled = GAME.sample_state(view, rng)
        remaining = [set(texts(sampled.hands[p])) for p in range(4)]
        assert "5" not in remaining[0] and "8" not in remaining[2] and "8" not in remaining[3]


def test_bt06_defender_wins():
    s = scripted_state(3, ["9", "2", "5"], start=A)
    bids(s, "7", "4", "1")
    play(s, (A, "claim 9"), (B, "challenge 0"))
    assert texts(s.held[A]) == ["9"] and s.held[B] == []
    legal = {str(a) for a in s.legal_actions(C)}
    assert legal == {"claim 2", "claim 5", "challenge 0"}


def test_bt07_start_player_tie_goes_to_earliest():
    s = scripted_state(3, ["7", "7", "2"], start=A, round=2)
    bids(s, "1", "2", "3")
    play(s, (A, "claim 7"), (B, "claim 7"), (C, "claim 2"))
    assert s.start == A


def test_bt08_tie_after_challenge():
    s = scripted_state(3, ["7", "7", "2"], start=A, round=2)
    bids(s, "1", "2", "3")
    play(s, (A, "claim 7"), (B, "claim 7"), (C, "challenge 0"))
    assert texts(s.piles[B]) == ["7"] and texts(s.piles[C]) == ["7"]
    assert s.start == B


def test_bt09_two_player_toxic_pair():
    s = scripted_state(2, ["8", "3"], start=A, specials=["toxic_10"])
    bids(s, "T10", "T10")
    events = play(s, (A, "claim 8"), (B, "challenge 0"))
    assert any(e.kind == "both_lose" for e in events)
    assert s.piles == [[], []] and texts(s.removed) == ["3", "8"]
    assert s.start == A and texts(s.table) == ["T10", "T10"]


def test_bt10_toxic_pair_returns_card_for_later_player():
    s = scripted_state(3, ["6", "2", "9"], start=A, specials=["toxic_10"])
    bids(s, "T10", "T10", "1")
    play(s, (A, "claim 9"), (B, "challenge 0"))
    assert "claim 9" in {str(a) for a in s.legal_actions(C)}
    play(s, (C, "claim 9"))
    assert texts(s.piles[C]) == ["9"] and s.start == C
    assert texts(s.removed) == ["2", "6"]


@pytest.mark.parametrize("challenger,defender", [("T10", "10"), ("10", "T10")])
def test_bt11_toxic_against_normal_ten_is_a_tie(challenger, defender):
    assert resolve(parse_card(challenger), parse_card(defender)) == CHALLENGER


def test_bt12_combine_legal_claims():
    s = scripted_state(4, ["3", "3", "3", "8"], combine=True)
    bids(s, "1", "2", "3", "4")
    assert {str(a) for a in s.legal_actions(A)} == {"claim 3", "claim 3+3", "claim 3+3+3", "claim 8"}


def test_bt13_combine_totals_at_most_ten():
    s = scripted_state(3, ["6", "6", "1"], combine=True)
    bids(s, "1", "2", "3")
    assert "claim 6+6" not in {str(a) for a in s.legal_actions(A)}
    with pytest.raises(IllegalAction):
        s.apply(A, parse_action("claim 6+6"))
    s = scripted_state(3, ["5", "5", "2"], combine=True)
    bids(s, "1", "2", "3")
    assert "claim 5+5" in {str(a) for a in s.legal_actions(A)}
    s = scripted_state(6, ["2", "2", "2", "2", "2", "9"], combine=True)
    bids(s, "1", "2", "3", "4", "5", "6")
    legal = {str(a) for a in s.legal_actions(A)}
    assert all("claim " + "+".join(["2"] * k) in legal for k in range(1, 6))


def test_bt14_group_challenge_moves_whole_unit():
    s = scripted_state(3, ["3", "3", "3"], start=A, combine=True, round=2)
    bids(s, "4", "7", "7")
    play(s, (A, "claim 3+3+3"), (B, "challenge 0"))
    assert texts(s.held[B]) == ["3", "3", "3"]
    play(s, (C, "challenge 1"))
    assert texts(s.piles[C]) == ["3", "3", "3"] and s.start == C


def test_bt15_empty_table_forces_challenge():
    s = scripted_state(3, ["4", "4", "2"], start=A, combine=True)
    bids(s, "1", "2", "3")
    play(s, (A, "claim 4+4"), (B, "claim 2"))
    assert {str(a) for a in s.legal_actions(C)} == {"challenge 0", "challenge 1"}


def test_bt16_final_round():
    s = scripted_state(
        4, ["1", "5", "9", "10"], start=B, round=11,
        hands=[["10", "7", "3", "3", "2"], [], [], ["6", "4", "2", "1", "1"]],
        piles=[[], ["9"], [], []],
    )
    assert s.participants == [D, A] and s.start == D
    bids(s, "2", None, None, "4")
    play(s, (D, "claim 10"), (A, "challenge 3"))
    assert s.is_over()
    assert s.result().scores == (23, 9, 0, 20)
    assert s.result().winners == (A,)


def test_bt17_final_round_special_from_pile():
    s = scripted_state(4, ["8", "3"], start=D, round=11,
                       hands=[["10", "5"], [], [], ["O1", "7"]])
    bids(s, "10", None, None, "O1")
    play(s, (D, "claim 8"), (A, "challenge 3"))
    assert s.result().scores == (5, 0, 0, 15)  # D keeps 8 (+7 in hand); the O1 and A's 10 are lost


def test_bt18_tied_leaders_all_win():
    from tabletop.engine.core import Result

    assert Result.from_scores([31, 31, 20]).winners == (0, 1)


MATRIX_ROWS = {
    # challenger: results against 1 O1 2 3 4 5 R5 6 7 8 9 V9 10 T10 (spec §9.4)
    "1": "CCDDDDCDDDDCDD", "O1": "CCDDDDCDDDDCCC", "2": "CCCDDDCDDDDCDD", "3": "CCCCDDCDDDDCDD",
    "4": "CCCCCDCDDDDCDD", "5": "CCCCCCCDDDDCDD", "R5": "DDDDDCCCCCCDCC", "6": "CCCCCCDCDDDCDD",
    "7": "CCCCCCDCCDDCDD", "8": "CCCCCCDCCCDCDD", "9": "CCCCCCDCCCCCDD", "V9": "CCCCCCDCCCCCDD",
    "10": "CDCCCCDCCCCCCC", "T10": "CDCCCCDCCCCCCX",
}
COLUMNS = ["1", "O1", "2", "3", "4", "5", "R5", "6", "7", "8", "9", "V9", "10", "T10"]
CODE = {"C": CHALLENGER, "D": DEFENDER, "X": BOTH_LOSE}


@pytest.mark.parametrize("challenger", list(MATRIX_ROWS))
def test_bt19_to_bt22_full_comparison_matrix(challenger):
    """BT-19 (O1), BT-20 (R5), BT-21/22 (V9) and every other pair of §9.4."""
    for defender, expected in zip(COLUMNS, MATRIX_ROWS[challenger]):
        got = resolve(parse_card(challenger), parse_card(defender))
        assert got == CODE[expected], f"{challenger} vs {defender}"


def test_bt23_two_player_reveal_and_known_hands():
    s = scripted_state(2, ["6", "9"], start=A, round=4,
                       hands=[["6", "1", "2"], ["9", "1", "2"]])
    bids(s, "6", "9")
    events = play(s, (A, "claim 9"), (B, "claim 6"))
    reveal = [e for e in events if e.kind == "reveal"]
    assert [(e.data["seat"], e.data["card"]) for e in reveal] == [(0, "6"), (1, "9")]
    assert texts(s.table) == ["6", "9"]
    assert s.history[-1].public_known == ((A, 6), (B, 9))


def test_bt24_all_specials_starting_hand():
    options = {"optimistic_1": True, "reversed_5": True, "nervous_9": True, "toxic_10": True}
    s = GAME.new_state(3, options, seed=1)
    assert sorted(texts(s.hands[0])) == sorted(["O1", "2", "3", "4", "R5", "6", "7", "8", "V9", "T10"])
    assert all(c < 16 for c in s.table + s.set_aside)


def test_bt25_round_count():
    s = GAME.new_state(4, {}, seed=11)
    rng = random.Random(5)
    bids_made = [0] * 4
    while s.round < 11 and not s.is_over():
        seat = s.to_act()[0]
        action = rng.choice(s.legal_actions(seat))
        if isinstance(action, Bid):
            bids_made[seat] += 1
        s.apply(seat, action)
    assert bids_made == [10, 10, 10, 10]
    assert all(len(s.piles[p]) == 0 for p in s.participants)  # picked up as hands
    assert all(len(s.hands[p]) >= 2 for p in s.participants)


def test_bt26_invalid_actions():
    s = scripted_state(4, ["10", "4", "2", "6"], start=0)
    with pytest.raises(IllegalAction):
        s.apply(0, Claim((10,)))  # before bidding
    bids(s, "5", "3", "8", "8")
    with pytest.raises(IllegalAction) as info:
        s.apply(0, Challenge(1))
    assert info.value.key == "bluffit.illegal.start_must_claim"
    play(s, (0, "claim 10"), (1, "claim 6"), (2, "challenge 0"))
    with pytest.raises(IllegalAction) as info:
        s.apply(3, Challenge(0))  # David holds nothing now
    assert info.value.key == "bluffit.illegal.target_holds_nothing"
    with pytest.raises(IllegalAction):
        s.apply(3, Challenge(3))
    with pytest.raises(IllegalAction) as info:
        s.apply(3, Claim((2, 4)))
    assert info.value.key == "bluffit.illegal.one_card"
    before = s.to_json()
    with pytest.raises(IllegalAction):
        s.apply(1, Claim((2,)))  # out of turn
    assert s.to_json() == before


def test_notation_round_trips():
    for text in ["bid T10", "bid 7", "claim 3+3", "claim O1", "challenge 2"]:
        assert str(parse_action(text)) == text
