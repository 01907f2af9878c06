"""BLOODY SUMMER rules: every test vector of the spec (BS-T01 … BS-T24) and the design decisions."""

from __future__ import annotations

import tomllib
from collections import Counter
from pathlib import Path

import pytest

from tabletop.engine.core import ActionParseError, Event, IllegalAction
from tabletop.games.bloody_summer import GAME, build_state
from tabletop.games.bloody_summer.actions import PASS, Play
from tabletop.games.bloody_summer.rules import draw_count, hit_chance
from tabletop.games.bloody_summer.state import BloodySummerState

A, B, C, D = 0, 1, 2, 3
CATALOG = Path(__file__).resolve().parents[2] / "tabletop" / "i18n" / "en" / "bloody_summer.toml"
EN = tomllib.loads(CATALOG.read_text(encoding="utf-8"))
ALL = [v for v in range(1, 14) for _ in range(2)]  # two of every value: enough for any single or pair
FULL_RUN = list(range(1, 14))


def act(s: BloodySummerState, seat: int, text: str) -> list[Event]:
    return s.apply(seat, GAME.parse_action(text))


def legal(s: BloodySummerState, seat: int) -> list[str]:
    return [str(a) for a in s.legal_actions(seat)]


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def event(events: list[Event], kind: str) -> Event:
    found = [e for e in events if e.kind == kind]
    assert len(found) == 1, kinds(events)
    return found[0]


def refused(s: BloodySummerState, seat: int, text: str, slug: str) -> IllegalAction:
    """The action is refused with the given reason slug, the slug is in the catalog, the state is untouched."""
    before = s.to_json()
    with pytest.raises(IllegalAction) as info:
        act(s, seat, text)
    assert info.value.key == f"bloody_summer.illegal.{slug}", info.value.reason
    assert f"illegal.{slug}" in EN
    EN[f"illegal.{slug}"].format(**info.value.params)  # the catalog line fits the params
    assert s.to_json() == before
    return info.value


def seated(hand: list[int], at: int, players: int = 4) -> list[list[int]]:
    """`hand` at seat `at`; the other seats hold one low card each ([1], [2], [3])."""
    others = iter([[1], [2], [3]])
    return [list(hand) if seat == at else next(others) for seat in range(players)]


# ----- BS-T01 -------------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_t01_deal_four_players(seed: int) -> None:
    s = GAME.new_state(4, {}, seed)
    data = s.to_json()
    assert [len(h) for h in data["hands"]] == [13] * 4
    assert data["aside"] == []
    assert Counter(v for h in data["hands"] for v in h) == Counter({v: 4 for v in range(1, 14)})


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_t01_deal_three_players(seed: int) -> None:
    s = GAME.new_state(3, {}, seed)
    data = s.to_json()
    assert [len(h) for h in data["hands"]] == [13] * 3
    assert len(data["aside"]) == 13
    assert Counter(v for h in data["hands"] + [data["aside"]] for v in h) == Counter({v: 4 for v in range(1, 14)})
    assert data["sites"] == ["A", "B", "C"] and data["empty_site"] == "D"
    assert all(s.view(seat).hand_sizes == (13, 13, 13) for seat in range(3))


# ----- BS-T02 -------------------------------------------------------------------------------------
def test_t02_turn_order_four_players() -> None:
    s = build_state([FULL_RUN] * 4, marker=C)
    order = []
    for value in range(1, 6):
        order.append(s.turn)
        act(s, s.turn, f"S({value})")
    assert order == [C, D, A, B, C]


def test_t02_turn_order_three_players_skips_empty_site_and_passed() -> None:
    s = build_state([FULL_RUN] * 3, marker=C)  # seats A, B, C; D empty
    assert s.turn == C
    act(s, C, "S(1)")
    assert s.turn == A
    act(s, A, "S(2)")
    assert s.turn == B
    act(s, B, "pass")
    order = []
    for value in range(3, 7):
        order.append(s.turn)
        act(s, s.turn, f"S({value})")
    assert order == [C, A, C, A]


# ----- BS-T03 / T04 / T05 -------------------------------------------------------------------------
def test_t03_singles() -> None:
    s = build_state(seated(ALL, B), marker=A, plays=[(A, "S(7)")])
    assert legal(s, B) == [f"S({v})" for v in range(8, 14)] + ["pass"]
    refused(s, B, "S(7)", "not_higher")
    refused(s, B, "S(3)", "not_higher")
    refused(s, B, "P(9)", "need_single")


def test_t04_pairs() -> None:
    s = build_state(seated(ALL, B), marker=A, plays=[(A, "P(9)")])
    assert legal(s, B) == ["P(10)", "P(11)", "P(12)", "P(13)", "pass"]
    refused(s, B, "P(9)", "not_higher")
    refused(s, B, "S(13)", "need_pair")


def test_t05_straights_never_reuse_numbers() -> None:
    s = build_state(seated(FULL_RUN, B), marker=A, plays=[(A, "T(3)")])
    assert legal(s, B) == [f"T({x})" for x in range(6, 12)] + ["pass"]
    err = refused(s, B, "T(5)", "straight_not_above")
    assert err.params["limit"] == 6
    refused(s, B, "T(4)", "straight_not_above")
    with pytest.raises(ActionParseError):
        GAME.parse_action("T(12)")  # no straight starts above 11
    with pytest.raises(IllegalAction) as info:
        s.apply(B, Play("T", 12))
    assert info.value.key == "bloody_summer.illegal.no_such_combination"
    act(s, B, "T(6)")


def test_t05_top_straight_is_legal() -> None:
    s = build_state(seated(FULL_RUN, B), marker=A, plays=[(A, "T(3)")])
    act(s, B, "T(11)")
    assert s.plays[-1] == (B, "T", 11)


# ----- BS-T06 / T07 -------------------------------------------------------------------------------
def test_t06_reversed_singles() -> None:
    s = build_state(seated(ALL, B), marker=A, plays=[(A, "S(5)")], reversed_order=True)
    assert legal(s, B) == ["S(1)", "S(2)", "S(3)", "S(4)", "pass"]
    refused(s, B, "S(6)", "not_lower")
    s = build_state(seated(ALL, B), marker=A, plays=[(A, "S(13)")], reversed_order=True)
    assert legal(s, B) == [f"S({v})" for v in range(1, 13)] + ["pass"]
    s = build_state(seated(ALL, B), marker=A, plays=[(A, "S(1)")], reversed_order=True)
    assert legal(s, B) == ["pass"]


def test_t07_reversed_straights() -> None:
    s = build_state(seated(FULL_RUN, B), marker=A, plays=[(A, "T(7)")], reversed_order=True)
    assert legal(s, B) == ["T(1)", "T(2)", "T(3)", "T(4)", "pass"]
    refused(s, B, "T(5)", "straight_not_below")
    refused(s, B, "T(6)", "straight_not_below")
    act(s, B, "T(4)")
    s = build_state(seated(FULL_RUN, B), marker=A, plays=[(A, "T(7)")], reversed_order=True)
    act(s, B, "T(1)")


# ----- BS-T08 / T09 / T10 -------------------------------------------------------------------------
def test_t08_hard_pass_and_end_of_play_phase() -> None:
    s = build_state([[4, 1, 2], [9, 12, 1], [1, 2, 3], [11, 1, 2]], marker=A, draws=[(9,)])
    act(s, A, "S(4)")
    act(s, B, "S(9)")
    act(s, C, "pass")
    act(s, D, "S(11)")
    act(s, A, "pass")
    act(s, B, "S(12)")
    assert s.turn == D  # C is skipped: a pass is final
    refused(s, C, "S(13)", "already_passed")
    assert s.hit_chance(B) == pytest.approx(0.25)
    events = act(s, D, "pass")
    check = event(events, "check")
    assert check.data["seat"] == B
    assert check.data["pile"] == [4, 9, 11, 12]
    assert check.data["chance"] == pytest.approx(0.25)
    assert check.data["drawn"] == [9] and check.data["matched"] == [False]
    assert s.marker == B and s.turn == B and s.plays == []
    assert event(events, "round").data == {"seat": B, "round": 2}


def test_t09_everyone_passes_after_the_lead() -> None:
    s = build_state([[3, 5], [1], [1], [1]], marker=A)
    act(s, A, "S(3)")
    act(s, B, "pass")
    act(s, C, "pass")
    assert s.hit_chance(A) == 0.0
    events = act(s, D, "pass")
    check = event(events, "check")
    assert check.data["seat"] == A and check.data["drawn"] == [3] and not check.data["hit"]
    assert check.data["chance"] == 0.0
    assert "safe" in kinds(events)
    assert s.marker == A and s.turn == A and not s.wounded


def test_t10_lead_is_mandatory_and_fixes_the_form() -> None:
    s = build_state([[6, 6, 1], [7, 8, 9], [1], [1]], marker=A)
    assert "pass" not in legal(s, A)
    refused(s, A, "pass", "must_lead")
    act(s, A, "P(6)")
    assert s.legal_actions(B) == [PASS]
    refused(s, B, "S(9)", "need_pair")


# ----- BS-T11 / T12 -------------------------------------------------------------------------------
def test_t11_draw_table() -> None:
    assert [draw_count(s) for s in (1, 4, 5, 8, 9, 12, 26)] == [1, 1, 2, 2, 3, 3, 3]
    assert all(draw_count(s) <= s for s in range(1, 40))


def test_t12_exact_wound_chance() -> None:
    assert hit_chance(5, 3) == pytest.approx(0.9)
    s = build_state(seated([13, 1], B), marker=A,
                    plays=[(A, "S(2)"), (B, "S(5)"), (C, "S(7)"), (D, "S(9)"), (A, "S(13)")])
    assert s.hit_chance(B) == pytest.approx(0.9)
    assert s.view(C).hit_chance(B) == pytest.approx(0.9)
    s = build_state([[1], [2], [10], [11]], marker=A, plays=[(A, "T(3)"), (B, "T(6)")])
    assert s.hit_chance(C) == pytest.approx(0.6)
    assert hit_chance(6, 2) == pytest.approx(0.6)


# ----- BS-T13 … T17: the killer --------------------------------------------------------------------
def lead_and_all_pass(s: BloodySummerState, seat: int, text: str) -> list[Event]:
    events = act(s, seat, text)
    while s.plays and s.turn != seat:
        events += act(s, s.turn, "pass")
    return events


@pytest.mark.parametrize("reversed_order", [False, True])
def test_t13_thirteen_always_wounds(reversed_order: bool) -> None:
    s = build_state([[13, 2], [1], [1], [1]], marker=A, reversed_order=reversed_order, draws=[(13,)])
    events = lead_and_all_pass(s, A, "S(13)")
    check = event(events, "check")
    assert check.data["drawn"] == [13] and check.data["matched"] == [True] and check.data["hit"]
    assert "wounded" in kinds(events)
    assert s.wounded == 1 << A and s.alive == 0b1111


def test_t14_at_most_one_hit_per_check() -> None:
    s = build_state(seated([11, 12, 13, 1], D), marker=A,
                    plays=[(A, "T(1)"), (B, "T(4)"), (C, "T(7)")], draws=[(4, 7, 13)])
    events = act(s, D, "T(11)")
    events += act(s, A, "pass") + act(s, B, "pass") + act(s, C, "pass")
    check = event(events, "check")
    assert check.data["seat"] == D and check.data["drawn"] == [4, 7, 13]
    assert check.data["matched"] == [True, True, True]
    assert kinds(events).count("wounded") == 1 and "killed" not in kinds(events)
    assert s.wounded == 1 << D and s.alive == 0b1111 and not s.reversed


def test_t15_killed() -> None:
    s = build_state([[1, 2], [5, 8, 8], [1, 2], [1, 2]], marker=B, wounded=[B], draws=[(5,)])
    events = lead_and_all_pass(s, B, "S(5)")
    assert kinds(events)[-5:] == ["check", "killed", "marker", "reversed", "round"]
    assert event(events, "killed").data["hand"] == [8, 8]
    assert s.to_json()["discard"].count(8) == 4  # B's hand is face up in the discard pile
    assert s.hands[B] == 0 and s.sizes[B] == 0 and not s.alive >> B & 1
    assert s.marker == C and s.turn == C and s.reversed
    view = s.view(A)
    assert view.alive == (True, False, True, True) and view.discard.count(8) == 4
    # the reversal applies from this next round: after C leads 2, only a 1 beats it
    act(s, C, "S(2)")
    assert legal(s, D) == ["S(1)", "pass"]
    refused(s, B, "pass", "dead")


def test_t16_marker_skips_dead_players() -> None:
    s = build_state([[1, 2], [5, 9], [], [1, 2]], marker=B, wounded=[B], dead=[C], draws=[(5,)])
    act(s, B, "S(5)")
    assert s.turn == D
    events = act(s, D, "pass") + act(s, A, "pass")
    assert "killed" in kinds(events)
    assert s.marker == D and s.turn == D


def test_t17_reversal_from_three_wounded_four_players() -> None:
    s = build_state([[1, 2], [1, 2], [1, 2], [4, 5]], marker=D, wounded=[A, C], draws=[(4,)])
    events = lead_and_all_pass(s, D, "S(4)")
    assert "wounded" in kinds(events) and "reversed" in kinds(events)
    assert s.reversed


def test_t17_two_wounded_no_reversal() -> None:
    s = build_state([[1, 2], [1, 2], [1, 2], [4, 5]], marker=D, wounded=[A], draws=[(4,)])
    events = lead_and_all_pass(s, D, "S(4)")
    assert "wounded" in kinds(events) and "reversed" not in kinds(events)
    assert not s.reversed


# ----- BS-T18 / T19: danger sets ------------------------------------------------------------------
def test_t18_three_player_game() -> None:
    s = build_state([[9, 1], [6, 1], [7, 1]], marker=B, draws=[(7,)])
    assert s.danger[A] == (1, 4, 7, 8, 10, 11, 13)
    act(s, B, "S(6)")
    act(s, C, "S(7)")
    act(s, A, "S(9)")
    act(s, B, "pass")
    assert s.hit_chance(A) == pytest.approx(1 / 3)
    events = act(s, C, "pass")
    check = event(events, "check")
    assert check.data["seat"] == A and check.data["drawn"] == [7] and check.data["matched"] == [True]
    assert s.wounded == 1 << A and not s.reversed


def test_t18_three_players_two_wounded_reverse() -> None:
    s = build_state([[9, 1], [6, 1], [7, 1]], marker=B, wounded=[B], draws=[(7,)])
    for seat, text in [(B, "S(6)"), (C, "S(7)"), (A, "S(9)"), (B, "pass"), (C, "pass")]:
        events = act(s, seat, text)
    assert "reversed" in kinds(events) and s.reversed


def test_t18_empty_site_option() -> None:
    s = GAME.new_state(3, {"empty_site": "B"}, 5)
    assert s.to_json()["sites"] == ["A", "C", "D"]
    assert s.danger[0] == (1, 2, 5, 8, 11, 12, 13)


def test_t19_dead_players_site_is_harmless() -> None:
    s = build_state([[4, 1], [1, 2], [1, 2], []], marker=A, dead=[D], draws=[(4,)])
    events = lead_and_all_pass(s, A, "S(4)")
    check = event(events, "check")
    assert check.data["drawn"] == [4] and check.data["matched"] == [False] and not check.data["hit"]
    assert not s.wounded


# ----- BS-T20 … T22: victory ----------------------------------------------------------------------
def test_t20_immediate_escape() -> None:
    s = build_state([[9], [1, 2], [1, 2], [8, 1]], marker=D, plays=[(D, "S(8)")])
    assert s.turn == A
    events = act(s, A, "S(9)")
    assert kinds(events) == ["play", "escape"]
    assert s.is_over() and s.winner == A and s.win_reason == "escape"
    assert s.to_act() == () and s.legal_actions(B) == []
    assert s.result().winners == (A,) and s.result().ranks == (1, 2, 2, 2)
    refused(s, B, "pass", "game_over")


def test_t21_escape_on_the_lead() -> None:
    s = build_state([[6, 6], [1, 2], [1, 2], [1, 2]], marker=A)
    events = act(s, A, "P(6)")
    assert kinds(events) == ["play", "escape"] and s.winner == A


def test_t22_last_survivor() -> None:
    s = build_state([[1, 2], [], [9, 1], []], marker=C, wounded=[C], dead=[B, D], draws=[(9,)])
    events = lead_and_all_pass(s, C, "S(9)")
    assert kinds(events)[-4:] == ["killed", "marker", "reversed", "survivor"]
    assert s.is_over() and s.winner == A and s.win_reason == "survivor"
    assert event(events, "survivor").data == {"seat": A}
    assert s.result().winners == (A,)


# ----- BS-T23 / T24: enumeration ------------------------------------------------------------------
HAND_T23 = [2, 3, 4, 4, 5, 9, 13]


def test_t23_lead_enumeration() -> None:
    s = build_state(seated(HAND_T23, A), marker=A)
    assert sorted(legal(s, A)) == sorted(["S(2)", "S(3)", "S(4)", "S(5)", "S(9)", "S(13)", "P(4)", "T(2)", "T(3)"])


def test_t23_follow_enumeration() -> None:
    s = build_state(seated(HAND_T23, D), marker=C, plays=[(C, "S(4)")])
    assert legal(s, D) == ["S(5)", "S(9)", "S(13)", "pass"]
    s = build_state(seated(HAND_T23, D), marker=C, plays=[(C, "T(1)")])
    assert legal(s, D) == ["pass"]
    s = build_state(seated(HAND_T23, D), marker=C, plays=[(C, "S(4)")], reversed_order=True)
    assert legal(s, D) == ["S(2)", "S(3)", "pass"]


def test_t24_no_wrap_around() -> None:
    s = build_state(seated([12, 13, 1], A), marker=A)
    assert not any(a.startswith("T") for a in legal(s, A))
    s = build_state(seated([11, 12, 13], A), marker=A)
    assert "T(11)" in legal(s, A)


# ----- design decisions and contract details ------------------------------------------------------
def test_bs_d8_pass_allowed_with_a_legal_play() -> None:
    s = build_state([[3, 4], [13, 12], [1, 2], [1, 2]], marker=A)
    act(s, A, "S(3)")
    assert "S(13)" in legal(s, B)
    act(s, B, "pass")
    assert s.passed >> B & 1


def test_not_held_and_out_of_turn_are_refused() -> None:
    s = build_state([[3, 4], [13, 12], [1, 2], [1, 2]], marker=A)
    refused(s, A, "S(9)", "not_held")
    refused(s, A, "P(3)", "not_held")
    refused(s, B, "S(13)", "not_your_turn")


def test_notation_round_trips_and_refuses_junk() -> None:
    for form, top in (("S", 13), ("P", 13), ("T", 11)):
        for v in range(1, top + 1):
            assert GAME.parse_action(f"{form}({v})") == Play(form, v)
            assert str(Play(form, v)) == f"{form}({v})"
    assert GAME.parse_action("pass") is PASS
    for junk in ("", "S(0)", "S(14)", "S(07)", "s(7)", "Q(3)", "S7", "T(12)", "Pass", " pass", "S( 7)"):
        with pytest.raises(ActionParseError):
            GAME.parse_action(junk)


def test_first_start_player_comes_from_the_seed() -> None:
    markers = {GAME.new_state(4, {}, seed).marker for seed in range(40)}
    assert markers == {0, 1, 2, 3}
    assert GAME.new_state(4, {}, 7).to_json() == GAME.new_state(4, {}, 7).to_json()


def test_views_hide_other_hands_and_show_public_table() -> None:
    s = build_state([[3, 4], [13, 12], [1, 2], [1, 2]], marker=A)
    act(s, A, "S(3)")
    view = s.view(B)
    assert view.hand == (12, 13) and view.hand_sizes == (1, 2, 2, 2)
    assert view.plays == ((A, "S", 3),) and view.form == "S"
    assert s.view(None).hand == ()
    assert s.view(A) != s.view(B)


def test_check_event_is_json_and_log_lines_format() -> None:
    import json

    s = build_state([[13, 2], [1], [1], [1]], marker=A, draws=[(13,)])
    events = lead_and_all_pass(s, A, "S(13)")
    for e in events:
        json.dumps(e.to_json())
        line = EN[f"log.{e.kind}"]
        line.format(**{k: ("Aki" if k.endswith("seat") else v) for k, v in e.data.items()})


def test_draw_depends_on_pile_contents_not_play_order() -> None:
    """The check pile is shuffled from its sorted contents: same cards and seed, same draw."""
    drawn = []
    for marker, script in ((A, [(A, "S(2)"), (B, "S(5)")]), (D, [(D, "S(2)"), (A, "S(5)")])):
        s = build_state([[2, 5, 9, 9], [2, 5, 9, 9], [2, 5, 10], [2, 5, 10]], marker=marker, seed=42)
        for seat, text in script:
            act(s, seat, text)
        events: list[Event] = []
        while s.plays:
            events += act(s, s.turn, "pass")
        drawn.append(event(events, "check").data["drawn"])
    assert drawn[0] == drawn[1]


def test_killed_player_keeps_the_wound_chip() -> None:
    s = build_state([[1, 2], [5, 8], [1, 2], [1, 2]], marker=B, wounded=[B], draws=[(5,)])
    lead_and_all_pass(s, B, "S(5)")
    view = s.view(A)
    assert view.wounded[B] and not view.alive[B]
