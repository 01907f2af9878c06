"""Sumidagawa: every test vector of the spec (§17, ST-01 … ST-48), by id."""

from __future__ import annotations

import pytest

from tabletop.engine.core import IllegalAction
from tabletop.games.sumidagawa import GAME, readings
from tabletop.games.sumidagawa.actions import PASS, Discard, Play, TurnDown, parse_action
from tabletop.games.sumidagawa.cards import BLACK, DECK_COUNTS, RED, code, parse_card
from tabletop.games.sumidagawa.combos import BY_ID, COMBOS
from tabletop.games.sumidagawa.scripting import scripted_state
from tabletop.games.sumidagawa.state import FIRE_DISCARD, FIRE_RIN, SumidagawaState


def rd(text: str, table: int | None = None, used: tuple[str, ...] = ()) -> str | None:
    """The banner ('改札の7') a selection reads as, or None when it is not a legal play."""
    play = parse_action(text)
    assert isinstance(play, Play)
    mask = sum(1 << BY_ID[u].index for u in used)
    found = readings(play.bon, play.rin_black, play.rin_red, table, mask)
    assert len(found) <= 1
    return found[0].banner()["ja"] if found else None


def act(state: SumidagawaState, text: str) -> list:
    seat = state.to_act()[0]
    return state.apply(seat, GAME.parse_action(text))


def kinds(events: list) -> list[str]:
    return [e.kind for e in events]


def rin_of(state: SumidagawaState, seat: int) -> tuple[int, ...]:
    return tuple(state.rin[seat * 6:seat * 6 + 6])


def legal_texts(state: SumidagawaState) -> set[str]:
    return {str(a) for a in state.legal_actions(state.to_act()[0])}


# ---------------------------------------------------------------- deck and deal
def test_st01_deck_build():
    for v in range(1, 11):
        assert DECK_COUNTS[code(BLACK, v)] == (v + 1) // 2
        assert DECK_COUNTS[code(RED, v)] == v // 2
    assert sum(DECK_COUNTS[code(BLACK, v)] for v in range(1, 11)) == 30
    assert sum(DECK_COUNTS[code(RED, v)] for v in range(1, 11)) == 25
    assert DECK_COUNTS[code(RED, 1)] == 0


@pytest.mark.parametrize("players,size,hidden", [(3, 14, 13), (4, 13, 3)])
def test_st02_deal(players, size, hidden):
    state = GAME.new_state(players, {"games": 1}, 7)
    assert state.hand_size == [size] * players
    assert [sum(h) for h in state.hands] == [size] * players
    assert sum(state.remainder) == hidden
    assert all(rin_of(state, p) == (2, 2, 0, 0, 0, 0) for p in range(players))
    assert state.next_tile == 1 and state.tiles == [0] * players
    assert state.kagerou is False and state.jun_number == 1


# ---------------------------------------------------------------- declared numbers
@pytest.mark.parametrize("vector,text,table,expected", [
    ("ST-03", "R7+r+r", None, "改札の7"),
    ("ST-03", "R7+r+r", 7, "改札の7"),
    ("ST-04", "R4+R4+r", None, "改札の4"),
    ("ST-05", "B4+B5+b", None, "日本橋の3"),
    ("ST-05", "B4+B5+b", 3, "日本橋の3"),
    ("ST-06", "B4+B5+b", 4, "日本橋の4"),
    ("ST-07", "B4+B5+b", 5, None),
    ("ST-08", "r+r", 7, "金魚の7"),
    ("ST-09", "b+b", None, "下駄の1"),
    ("ST-10", "R7+B8+B9", None, "日本橋の6"),
    ("ST-11", "R7+R7+b", None, "改札の6"),
    ("ST-12", "R7+R8+B9", None, None),
    ("ST-13", "B1+B2+r", None, "日本橋の0"),
    ("ST-14", "b+b+r", 5, "日本橋の5"),
    ("ST-14", "b+b+r", None, "日本橋の1"),
    ("ST-16", "B8+B8", 8, "下駄の8"),
    ("ST-16", "B7+B7", 8, None),
    ("ST-17", "B4+R5+b", None, "日本橋の2"),
    ("ST-17", "B4+R5+b", 3, "日本橋の3"),
    ("ST-17", "B4+R5+b", 4, None),
    ("ST-18", "R10+r", None, "金魚の9"),
    ("ST-18", "R2+r", None, "金魚の1"),
    ("ST-18", "R3+r", 3, "金魚の3"),
    ("ST-18", "R3+r", 4, None),
    ("ST-19", "B7+B7+R7", None, None),
    ("ST-20", "R5+R5+B5", None, "改札の4"),
    ("ST-21", "B3+B3+b+b", None, "濁流の3"),
    ("ST-22", "R8+R10+r+r", None, "炎の華の7"),
    ("ST-23", "r", 0, "口紅の0"),
    ("ST-24", "r+r", 10, "金魚の10"),
    ("ST-25", "B10", None, "髪飾の10"),
    ("ST-25", "R2", None, "口紅の2"),
    ("ST-48", "B5+B6", None, None),
    ("ST-48", "B5+B6+b", None, "日本橋の4"),
    ("ST-48", "B5+B6+b", 5, "日本橋の5"),
])
def test_declared_number_vectors(vector, text, table, expected):
    assert rd(text, table) == expected, vector


def test_st10_st11_st20_menzaifu_flag():
    for text in ("R7+B8+B9", "R7+R7+b", "R5+R5+B5", "B1+B2+r"):
        play = parse_action(text)
        assert readings(play.bon, play.rin_black, play.rin_red)[0].menzaifu
    rin_only = readings((), 2, 1)[0]
    assert rin_only.rin_only and not rin_only.menzaifu  # ST-14: no −1 for Rin-only


def test_st15_combination_used_whatever_the_number():
    assert rd("B9+B9", 5, used=("geta",)) is None
    state = scripted_state(["B9 B9 B2", "R4 R5", "R6 R7"], turn=0, leader=2, table=5, used=("geta",))
    assert "B9+B9" not in legal_texts(state)
    with pytest.raises(IllegalAction) as info:
        state.apply(0, parse_action("B9+B9"))
    assert info.value.key == "sumidagawa.illegal.combo_used"


def test_st16_other_combination_equal_number_in_state():
    state = scripted_state(["B8 B8 B7 B7", "R4 R5", "R6 R7"], turn=0, leader=2, table=8, used=("kuchibeni",))
    legal = legal_texts(state)
    assert "B8+B8" in legal and "B7+B7" not in legal
    with pytest.raises(IllegalAction) as info:
        state.apply(0, parse_action("B7+B7"))
    assert info.value.key == "sumidagawa.illegal.too_low"
    events = state.apply(0, parse_action("B8+B8"))
    play = next(e for e in events if e.kind == "play")
    assert (play.data["combo"], play.data["declared"]) == ("geta", 8)


def test_st07_st12_st19_refusal_reasons():
    state = scripted_state(["B4 B5 R7 R8 B9 B7 R7", "R4 R5", "R6 R9"], turn=0, leader=2, table=5)
    for text, slug in (("B4+B5+b", "too_low"), ("R7+R8+B9", "bad_shape"), ("B7+B7+R7", "not_in_hand"),
                       ("B7+R7", "mixed_colours"), ("B4+B5+b+b+b", "bad_size")):
        before = state.to_json()
        with pytest.raises(IllegalAction) as info:
            state.apply(0, Play(tuple(sorted(parse_card(t) for t in text.split("+") if t not in "br")),
                                text.count("+b") + (text == "b"), text.count("+r")))
        assert info.value.key == f"sumidagawa.illegal.{slug}", text
        assert state.to_json() == before


# ---------------------------------------------------------------- full Jun and turn options
def test_st26_full_jun_walkthrough():
    state = scripted_state(["B3 B7 B8 B9 R2 B10", "R4 R5 B2 B4", "R6 R6 R9 B1 B3", "B6 B6 B5 R3"], leader=0)
    assert state.to_act() == (0,) and PASS not in state.legal_actions(0)
    steps = [("B3", 0, "kamikazari", 3), ("R4+R5", 1, "kingyo", 4), ("R6+R6+r", 2, "kaisatsu", 6)]
    for text, seat, combo, declared in steps:
        assert state.to_act() == (seat,)
        play = next(e for e in act(state, text) if e.kind == "play")
        assert (play.data["combo"], play.data["declared"]) == (combo, declared)
    assert rin_of(state, 2) == (2, 1, 0, 1, 0, 0)  # C's red Rin is USED
    assert state.to_act() == (3,) and PASS not in state.legal_actions(3)  # D must play
    act(state, "B6+B6")
    assert state.table == 6
    act(state, "B7+B8+B9")
    assert state.table == 7
    assert state.to_act() == (1,) and PASS in state.legal_actions(1)
    assert kinds(act(state, "pass")) == ["pass_optional"]
    assert state.locked == 1 << 1
    # C: 口紅の9. Only 濁流 and 炎の華 remain: D and A cannot make them, so their optional passes
    # are their only option and resolve automatically; B is locked. The pending set empties.
    events = act(state, "R9")
    assert kinds(events)[:5] == ["play", "pass_optional", "pass_optional", "pass_locked", "jun_end"]
    assert [e.data["seat"] for e in events[1:4]] == [3, 0, 1]
    assert rin_of(state, 2) == (2, 1, 0, 0, 0, 1)  # C's red Rin went DOWN, no revival this time
    assert state.leader == 2 and state.kagerou and state.to_act() == (2,)
    assert PASS not in state.legal_actions(2)  # Kagerō: C must open despite the DOWN Rin
    act(state, "B1")
    act(state, "R3")  # D
    act(state, "B10+b")  # A must play: 下駄の10
    events = act(state, "r+r")  # B: Rin-only 金魚 copies 10; C is then under forced pass
    assert kinds(events)[-1] == "pass_forced" and events[-1].data["seat"] == 2
    assert state.to_act() == (3,)
    act(state, "pass")  # D
    events = act(state, "pass")  # A; the Jun ends
    assert "revive" in kinds(events)
    assert rin_of(state, 2) == (2, 2, 0, 0, 0, 0)  # C's red Rin revived


def test_st27_must_play_with_rin():
    state = scripted_state(["B7", "R8", "R9", "B2 B5 R3 R6"], turn=3, leader=0, table=9,
                           used=("kamikazari", "kingyo", "nihonbashi"), played=(0, 1, 2))
    assert state.to_act() == (3,)
    assert legal_texts(state) == {"r", "b+b", "b+r+r"}
    assert {rd(t, 9, ("kamikazari", "kingyo", "nihonbashi")) for t in legal_texts(state)} == {
        "口紅の9", "下駄の9", "改札の9"}
    with pytest.raises(IllegalAction) as info:
        state.apply(3, PASS)
    assert info.value.key == "sumidagawa.illegal.must_play"


def test_st28_forced_pass_every_turn():
    state = scripted_state(["B3 B9 B9 B2", "R4 R5 R6", "B7 B8 R9"], rin=["UUUU", "UUUD", "UUUU"], leader=0)
    events = act(state, "B3")
    assert kinds(events) == ["play", "pass_forced"] and events[1].data["seat"] == 1
    assert state.to_act() == (2,)
    events = act(state, "R9")
    assert state.to_act() == (0,)
    events = act(state, "B9+B9")
    assert kinds(events)[1:2] == ["pass_forced"]  # again, without a must-play obligation


def test_st29_optional_pass_lock_cleared_next_jun():
    state = scripted_state(["B3 B4 B10", "R9 R9 R9 B2", "R7 R8"], leader=0, turn=2, table=4,
                           used=("kingyo",), played=(0, 1, 2), locked=(1,))
    events = act(state, "R7")  # C: 口紅の7; B holds R9 R9 R9 (a legal 改札の9) but is locked
    assert state.to_act() == (0,)
    events = act(state, "B10")
    assert kinds(events)[-1] == "pass_locked"
    state2 = scripted_state(["B3 B4 B10", "R9 R9 R9 B2", "R7 R8"], leader=0, turn=0, table=4,
                            used=("kingyo",), played=(0, 1, 2), locked=(1,))
    events = act(state2, "B4")  # 髪飾の4: B could answer with 改札の9 but is locked
    assert kinds(events) == ["play", "pass_locked"]
    events = act(state2, "pass")  # C ends the Jun; A made the last play and leads
    assert "jun_end" in kinds(events) and state2.locked == 0 and state2.leader == 0
    act(state2, "B3")
    assert state2.to_act() == (1,) and "R9+R9+R9" in legal_texts(state2)


def test_st30_revival_order():
    state = scripted_state(["R5 B2", "B7 B8", "R7 R8"], rin=["UDUU", "UUDU", "UDUU"], leader=0, rin_last=(0,))
    assert state.kagerou and state.to_act() == (0,)
    events = act(state, "R5+r")
    play = events[0]
    assert (play.data["combo"], play.data["declared"]) == ("kingyo", 4)
    assert kinds(events)[1:3] == ["pass_forced", "pass_forced"]
    assert rin_of(state, 0) == (2, 1, 0, 0, 0, 1)  # bRin revived, rRin down
    assert state.leader == 0 and state.kagerou


def test_st31_handless_kagerou():
    state = scripted_state(["", "B2 B3", "R4 R5"], rin=["DUUU", "UUUU", "UUUU"], leader=0, rin_last=(0,),
                           tiles=(1, 0, 0))
    assert state.to_act() == (0,)
    assert legal_texts(state) == {"b", "r", "r+r", "b+r+r"}
    for text in legal_texts(state):
        trial = state.clone()
        play = act(trial, text)[0]
        assert play.data["declared"] == 1
    events = act(state, "r")
    assert events[0].data["combo"] == "kuchibeni"
    act(state, "B2")  # seat 1
    act(state, "R4+R5")  # seat 2
    assert state.to_act() == (1,)  # seat 0 passed automatically (DOWN Rin)
    assert state.pending >> 0 & 1 == 0


def test_st32_handless_kagerou_all_down():
    state = scripted_state(["", "B2 B3", "R4 R5"], rin=["DDDD", "UUUU", "UUUU"], leader=0, rin_last=(0,),
                           tiles=(1, 0, 0))
    assert state.to_act() == (1,) and state.leader_acted
    events = act(state, "B3")
    assert events[0].data["declared"] == 3  # the first play of the Jun


# ---------------------------------------------------------------- tiles, going out, privileges
def test_st33_immediate_agari():
    state = scripted_state(["B2 B3", "R2 R3", "B6 B6", "R7 R8"], leader=0, turn=2, table=5, played=(0, 1, 3))
    events = act(state, "B6+B6")
    assert kinds(events)[:3] == ["play", "tile", "out"]
    assert state.tiles[2] == 1 and state.out_order == [2]
    assert state.to_act() == (3,)
    act(state, "pass")
    act(state, "pass")
    act(state, "pass")
    assert state.leader == 3 and state.jun_number == 2


def test_st34_emptying_hand_with_rin():
    state = scripted_state(["B9 B8 B7 B2", "R9 R8 R7 R3", "R5"], leader=0, turn=2, table=4, played=(0, 1))
    events = act(state, "R5+r")
    assert (events[0].data["combo"], events[0].data["declared"]) == ("kingyo", 4)
    assert kinds(events)[1] == "tile" and "out" not in kinds(events)
    act(state, "B9")  # seat 0 makes the last play
    act(state, "pass")  # seat 1
    assert state.to_act() == (2,) and PASS in state.legal_actions(2)  # USED is not DOWN
    act(state, "pass")  # C: the Jun ends
    assert rin_of(state, 2) == (2, 1, 0, 0, 0, 1)
    assert state.leader == 0 and not state.kagerou
    act(state, "B8")
    events = act(state, "R9")  # seat 1 must play; C then passes automatically
    assert kinds(events)[-1] == "pass_forced"
    events = act(state, "pass")  # seat 0: the Jun ends, C revives and goes out
    assert "out" in kinds(events) and state.out_order == [2]


def test_st35_dakuryu_empties_hand():
    state = scripted_state(["B2 B3", "R2 R3", "R7 R8", "B9 B9 B9 B9"], leader=3)
    events = act(state, "B9+B9+B9+B9")
    assert kinds(events)[:4] == ["play", "tile", "out", "jun_end_dakuryu"]
    assert state.leader == 0 and state.jun_number == 2


def test_st36_fire_flower_discard_choice():
    state = scripted_state(["R3 R4 R5 R6 B2 R2 B8", "B4 B5", "R7 R8"], leader=0)
    act(state, "R3+R4+R5+R6")
    assert state.phase == FIRE_DISCARD and state.to_act() == (0,)
    assert set(state.legal_actions(0)) == {Discard(code(BLACK, 2)), Discard(code(RED, 2))}
    events = act(state, "discard R2")
    assert events[0].kind == "discard" and events[0].data["card"] == "R2"
    assert state.hand_size[0] == 2 and state.hands[0][code(BLACK, 2)] == 1
    assert state.played_cards[code(RED, 2)] == 1 and state.to_act() == (1,)


def test_st36_fire_flower_single_lowest_is_automatic():
    state = scripted_state(["R3 R4 R5 R6 B2 B8", "B4 B5", "R7 R8"], leader=0)
    events = act(state, "R3+R4+R5+R6")
    assert kinds(events)[:2] == ["play", "discard"] and events[1].data["card"] == "B2"


def test_st37_fire_flower_leaves_one_card():
    state = scripted_state(["R3 R4 R5 R6 B9", "B4 B5", "R7 R8"], leader=0)
    events = act(state, "R3+R4+R5+R6")
    assert "discard" not in kinds(events) and state.hand_size[0] == 1


def test_st38_fire_flower_empties_hand():
    state = scripted_state(["R6 R7 R8 R9", "B7 B5", "R4 R8"], leader=0)
    events = act(state, "R6+R7+R8+R9")
    assert events[0].data["declared"] == 6
    assert state.phase == FIRE_RIN and state.tiles[0] == 0  # privilege before the tile (SD-10)
    assert set(state.legal_actions(0)) == {TurnDown(BLACK), TurnDown(RED)}
    events = act(state, "down b")
    assert kinds(events)[:2] == ["rin_down", "tile"] and "out" not in kinds(events)
    assert rin_of(state, 0) == (1, 2, 0, 0, 1, 0)
    act(state, "B7")
    events = act(state, "R8")  # seat 0 is under forced pass now
    assert kinds(events)[-1] == "pass_forced"
    events = act(state, "pass")  # seat 1: the Jun ends
    assert "out" in kinds(events) and state.out_order == [0]  # revived (SD-11) and out


def test_st39_overtaking():
    state = scripted_state(["", "", "B5 B6 B7", "R6 R7 R8"], rin=["DUUU", "UUDU", "UUUU", "UUUU"], leader=2,
                           tiles=(1, 2, 0, 0))
    act(state, "B5")
    events = act(state, "R6")  # A and B pass automatically
    assert kinds(events)[1:3] == ["pass_forced", "pass_forced"]
    events = act(state, "pass")  # C ends the Jun
    outs = [e.data for e in events if e.kind == "out"]
    assert [(o["seat"], o["place"]) for o in outs] == [(1, 1), (0, 2)]


def test_st40_three_players_simultaneous_last():
    state = scripted_state(["", "", ""], rin=["UUUU", "DUUU", "UUDU"], leader=1, tiles=(1, 2, 3), out=(0,),
                           games=2)
    # the construction already resolved the empty Jun: C overtook B, and the game ended
    assert state.game_points == [(3, 1, 2)] and state.scores == [3, 1, 2]
    assert state.loser == 1 and state.game_index == 1 and state.leader == 1


def test_st41_four_player_scoring_and_next_leader():
    state = scripted_state(["B5", "", "R3 R4", ""], leader=0, tiles=(0, 1, 0, 2), out=(1, 3), games=2)
    events = act(state, "B5")
    points = {e.data["seat"]: e.data["points"] for e in events if e.kind == "points"}
    assert points == {1: 4, 3: 3, 0: 2, 2: 1}
    start = next(e for e in events if e.kind == "game_start")
    assert start.data["leader_seat"] == 2 and state.leader == 2 and state.game_index == 1


def test_st42_empty_jun():
    state = scripted_state(["B2 B3", "R2 R3", "B4 B5"], rin=["DUUU", "UUDU", "UDUU"], leader=1)
    assert state.jun_number == 2 and state.leader == 1 and state.to_act() == (1,)
    assert all(rin_of(state, p)[:2] == (2, 2) for p in range(3))
    assert not state.kagerou


def test_st43_all_eight_combinations_played():
    used = tuple(c.id for c in COMBOS if c.id != "hono_no_hana")
    state = scripted_state(["R3 R4 R5 R6 B8 B9", "B2 B3", "R7 R8"], leader=1, turn=0, table=3, used=used,
                           played=(0, 1, 2))
    events = act(state, "R3+R4+R5+R6")
    assert kinds(events)[:5] == ["play", "discard", "pass_optional", "pass_optional", "jun_end"]
    assert state.leader == 0 and state.used_combos == 0


def test_st44_kagerou_by_fallback():
    state = scripted_state(["B7", "B2 B3 B4", "R2 R3 R4"], rin=["UUUU", "UUXU", "UUUU"], leader=2, turn=0,
                           table=5, played=(1, 2))
    events = act(state, "B7")
    assert "out" in kinds(events)
    act(state, "pass")  # P
    act(state, "pass")  # R: the Jun ends; Q is out, so P (next clockwise) leads
    assert state.leader == 1 and state.kagerou and state.to_act() == (1,)
    assert PASS not in state.legal_actions(1)


def test_st45_waiting_player_same_jun():
    state = scripted_state(["", "B2 B3", "R2 R3"], rin=["UUXU", "UUUU", "UUUU"], leader=1, turn=0, table=6,
                           used=("kingyo",), played=(0, 1, 2), tiles=(1, 0, 0))
    assert state.to_act() == (0,)
    assert legal_texts(state) >= {"b", "pass"}
    assert rd("b", 6, ("kingyo",)) == "髪飾の6"


def test_st46_leader_down_next_player_first_play():
    state = scripted_state(["B2 B3", "B4 B5", "R2 R3"], rin=["DUUU", "UUUU", "UUUU"], leader=0)
    assert state.to_act() == (1,)
    events = act(state, "b")
    assert (events[0].data["combo"], events[0].data["declared"]) == ("kamikazari", 1)


def test_st47_rin_cannot_be_reused():
    state = scripted_state(["B2 B3 B9", "B4 B5", "R2 R3"], rin=["UXUU", "UUUU", "UUUU"], leader=1, turn=0,
                           table=2, played=(0, 1, 2))
    plays = [a for a in state.legal_actions(0) if isinstance(a, Play)]
    assert plays and max(a.rin_black for a in plays) == 1
    with pytest.raises(IllegalAction) as info:
        state.apply(0, parse_action("B9+b+b"))
    assert info.value.key == "sumidagawa.illegal.rin_not_up"


def test_st21_dakuryu_ends_jun_and_leads_with_kagerou():
    state = scripted_state(["B3 B3 B5 R2", "R4 R5", "R6 R7", "B8 B9"], leader=0)
    events = act(state, "B3+B3+b+b")
    assert (events[0].data["combo"], events[0].data["declared"]) == ("dakuryu", 3)
    assert kinds(events)[1] == "jun_end_dakuryu"  # at once: nobody else acted
    assert state.leader == 0 and state.kagerou and state.to_act() == (0,)
    assert rin_of(state, 0) == (0, 2, 0, 0, 2, 0)
    assert PASS not in state.legal_actions(0)


def test_st21_dakuryu_with_empty_hand_next_player_leads():
    """§10.1 / SD-05: the 濁流 player has no hand left (waiting, Rin used): the next active player leads."""
    state = scripted_state(["B3 B3", "R4 R5", "R6 R7", "B8 B9"], leader=0)
    events = act(state, "B3+B3+b+b")
    assert "tile" in kinds(events) and "out" not in kinds(events)
    assert state.leader == 1 and not state.kagerou and state.tiles[0] == 1


def test_sd29_game_aborted_after_too_many_juns():
    from tabletop.games.sumidagawa.state import MAX_JUNS
    state = scripted_state(["B2 B3", "R2 R3", "B4 B5"], rin=["UUUU", "DUUU", "DUUU"], leader=0)
    state.jun_number = MAX_JUNS
    events = act(state, "B2")
    assert "game_aborted" in kinds(events)
    assert state.is_over() and state.game_points == [(0, 0, 0)] and state.scores == [0, 0, 0]
