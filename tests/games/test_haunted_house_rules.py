"""Rules test vectors TV-04..TV-50 of docs/rules/haunted_house.md plus the module's own choices."""

from __future__ import annotations

import json

import pytest

from tabletop.engine.core import ActionParseError, IllegalAction
from tabletop.games.haunted_house import GAME, cards
from tabletop.games.haunted_house.actions import GIVE_UP, LEAVE, ROLL, STAY, TAKE, Move
from tabletop.games.haunted_house.state import HauntedHouseState
from tabletop.games.haunted_house.testing import place, rig

R = "ABCDEFGHIJKL"


def new(chars: int = 4, advanced: bool = False, players: int = 1) -> HauntedHouseState:
    return GAME.new_state(players, {"characters": chars, "advanced": advanced}, seed=7)


def dests(s: HauntedHouseState, ch: int, roll: int) -> set[str]:
    return {s.board.names[d] for d, _p in s.destinations(ch, roll)}


def roll(s: HauntedHouseState, value: int, card: str | None = "room:B") -> list:
    rig(s, white=[value], deck=[card] if value <= 5 and card else None)
    return s.apply(s.owners[s.turn], ROLL)


def act(s: HauntedHouseState, action) -> list:
    return s.apply(s.owners[s.turn], action)


def move(*path: str) -> Move:
    return Move(tuple(path))


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def ghosts(s, room: str) -> int:
    return s.ghosts[R.index(room)]


def spirit(s, room: str) -> bool:
    return bool(s.spirits >> R.index(room) & 1)


def no_jewels(s):
    s.jewels = [0] * 12
    return s


# ---- movement ----------------------------------------------------------------------------------

def test_tv04_from_out_roll_3():
    assert dests(new(), 0, 3) == {"OUT", "P1", "P2", "P3", "J", "L"}


def test_reachable_helper_for_ui():
    s = new()
    assert s.reachable(0, 4)["G"] == ("P1", "P2", "J", "G")
    assert s.reachable(0, 4)["OUT"] == ()
    assert s.board.pixel_centre(s.board.index["P1"]) == (480.0, 608.0)


def test_tv05_occupied_p1_passed_not_destination():
    s = place(new(), positions=["OUT", "P1", "OUT", "OUT"])
    assert dests(s, 0, 3) == {"OUT", "P2", "P3", "J", "L"}


def test_tv06_two_occupied_squares():
    s = place(new(), positions=["OUT", "P1", "P2", "OUT"])
    assert dests(s, 0, 2) == {"OUT"}
    assert dests(s, 0, 3) == {"OUT", "P3", "J", "L"}


def test_tv07_cannot_enter():
    s = place(new(), positions=["OUT", "P1", "OUT", "OUT"])
    assert dests(s, 0, 1) == {"OUT"}


def test_tv08_roll_4_through_rooms():
    assert dests(new(), 0, 4) == {"OUT", "P1", "P2", "P3", "P4", "P10", "J", "L", "G", "K"}


def test_tv09_from_room_f():
    s = place(new(), positions=["F", "OUT", "OUT", "OUT"])
    assert dests(s, 0, 2) == {"F", "E", "I", "H", "P5", "P11", "P12", "P13", "P17", "P18", "P19", "P22"}


def test_tv10_pass_occupied_corridor():
    s = place(new(), positions=["P16", "P15", "OUT", "OUT"])
    assert dests(s, 0, 2) == {"P16", "P12", "P13", "P14", "P17", "P18", "C", "G"}


def test_tv11_from_d():
    s = place(new(), positions=["D", "OUT", "OUT", "OUT"])
    assert dests(s, 0, 3) == {"D", "C", "B", "A", "P14", "P15", "P16", "P19"}


def test_tv12_carrier_cannot_pass_spirit_room():
    s = place(new(), positions=["J", "OUT", "OUT", "OUT"], carry=[1], spirits=["G"])
    assert dests(s, 0, 2) == {"J", "G", "L", "P1", "P2", "P3"}
    s.carry[0] = 0
    assert dests(s, 0, 2) == {"J", "G", "P13", "L", "P1", "P2", "P3"}


@pytest.mark.parametrize("value", [1, 4])
def test_tv13_entering_out_deposits_and_ends_move(value):
    s = place(new(), positions=["P1", "OUT", "OUT", "OUT"], carry=[1])
    roll(s, value)
    assert move("OUT") in s.legal_actions(0)
    assert all(len(m.path) == 1 for m in s.legal_actions(0) if "OUT" in m.path)
    events = act(s, move("OUT"))
    assert "jewel_deposited" in kinds(events)
    assert s.deposited == 1 and s.carry[0] == 0 and s.pos[0] == 0


def test_tv14_pass_room_with_ghosts_no_fight():
    s = place(new(), positions=["P5", "OUT", "OUT", "OUT"], ghosts={"I": 2, "F": 0})
    roll(s, 2, "room:A")
    events = act(s, move("I", "F"))
    assert s.board.names[s.pos[0]] == "F"
    assert "fight_rolled" not in kinds(events)
    assert ghosts(s, "I") == 2


# ---- ghost cards and evil spirits ---------------------------------------------------------------

def test_tv15_room_card_places_ghost():
    s = place(new(), ghosts={"D": 0})
    roll(s, 3, "room:D")
    assert ghosts(s, "D") == 1


def test_tv16_third_ghost_forms_evil_spirit():
    s = place(new(), ghosts={"C": 2})
    before = sum(s.ghosts)
    events = roll(s, 3, "room:C")
    assert ghosts(s, "C") == 0 and spirit(s, "C") and s.spirits.bit_count() == 1
    assert sum(s.ghosts) == before - 2  # two back to stock
    assert "spirit_formed" in kinds(events)


def test_tv17_redirect_to_next_room():
    s = place(new(), ghosts={"D": 0}, spirits=["C"])
    events = roll(s, 3, "room:C")
    assert ghosts(s, "D") == 1 and ghosts(s, "C") == 0
    assert events[kinds(events).index("ghost_redirected")].data == {"from_room": "C", "room": "D"}


def test_tv18_redirect_wraps_around():
    s = place(new(), ghosts={"B": 0}, spirits=["K", "L", "A"])
    roll(s, 3, "room:K")
    assert ghosts(s, "B") == 1


def test_tv19_redirect_then_formation():
    s = place(new(), ghosts={"A": 2}, spirits=["L"])
    roll(s, 3, "room:L")
    assert spirit(s, "A") and ghosts(s, "A") == 0


def test_tv20_sixth_spirit_loses_before_moving():
    s = place(new(), ghosts={"C": 2}, spirits=["A", "B", "D", "E", "G"])
    events = roll(s, 2, "room:C")
    assert s.is_over() and s.outcome == 2 and not s.result().coop_success
    assert kinds(events)[-1] == "game_lost_six_spirits"
    assert s.pos[0] == 0 and s.to_act() == ()


def test_tv21_redirected_sixth_spirit_loses():
    s = place(new(), ghosts={"F": 2}, spirits=["C", "D", "E", "G", "H"])
    roll(s, 3, "room:C")
    assert spirit(s, "F") and s.is_over() and s.outcome == 2


def test_tv22_basic_shuffle_card():
    s = new()
    s.discard = [cards.CODES["room:A"], cards.CODES["room:D"], cards.CODES["room:K"]]
    s.draw_pile = [c for c in cards.deck(False) if c not in s.discard and c != cards.SHUFFLE] + [cards.SHUFFLE]
    assert len(s.draw_pile) == 10
    before = list(s.ghosts)
    events = roll(s, 3, None)
    assert "card_shuffle" in kinds(events) and "ghost_placed" not in kinds(events)
    assert s.ghosts == before and len(s.draw_pile) == 13 and s.discard == []


def test_tv23_six_draws_no_card():
    s = new()
    pile, ghosts_before = list(s.draw_pile), list(s.ghosts)
    events = roll(s, 6)
    assert s.draw_pile == pile and s.ghosts == ghosts_before and s.discard == []
    assert kinds(events) == ["die_rolled"]


def test_tv24_deck_sizes():
    assert len(new().draw_pile) == 13 and len(new(advanced=True).draw_pile) == 19
    assert sorted(new().draw_pile) == list(range(13))


# ---- fighting ----------------------------------------------------------------------------------

def fight(s: HauntedHouseState, faces: list[str]) -> list:
    """The active character rolls 6, stays and (declining any jewel) fights with `faces`."""
    rig(s, black=[faces])
    events = roll(s, 6)
    events += act(s, STAY)
    if s.phase == 2:
        events += act(s, LEAVE)
    return events


@pytest.mark.parametrize("faces, left", [(["ghost"], 1), (["spirit"], 2), (["blank"], 2)])
def test_tv25_alone_one_die(faces, left):
    s = place(new(), positions=["I", "OUT", "OUT", "OUT"], ghosts={"I": 2})
    events = fight(s, faces)
    assert ghosts(s, "I") == left
    assert len(events[kinds(events).index("fight_rolled")].data["dice"]) == 1


@pytest.mark.parametrize("faces, left", [(["ghost", "ghost"], 0), (["ghost", "spirit"], 1), (["spirit", "blank"], 2)])
def test_tv26_two_in_room_two_dice(faces, left):
    s = place(new(), positions=["I", "I", "OUT", "OUT"], ghosts={"I": 2})
    fight(s, faces)
    assert ghosts(s, "I") == left


def test_tv27_extra_marks_wasted():
    s = place(new(), positions=["I", "I", "OUT", "OUT"], ghosts={"I": 1})
    events = fight(s, ["ghost", "ghost"])
    assert ghosts(s, "I") == 0
    assert events[kinds(events).index("ghosts_removed")].data["count"] == 1


def test_tv28_never_more_than_two_dice():
    s = place(new(), positions=["I", "I", "I", "OUT"], ghosts={"I": 2})
    events = fight(s, ["blank", "blank"])
    assert len(events[kinds(events).index("fight_rolled")].data["dice"]) == 2


@pytest.mark.parametrize("faces, removed", [(["blank", "spirit"], True), (["ghost", "ghost"], False)])
def test_tv29_spirit_needs_spirit_mark_and_two(faces, removed):
    s = place(new(), positions=["G", "G", "OUT", "OUT"], spirits=["G"])
    fight(s, faces)
    assert spirit(s, "G") is not removed
    assert s.spirits.bit_count() == (0 if removed else 1)


def test_tv30_alone_against_spirit_no_dice():
    s = place(new(), positions=["G", "OUT", "OUT", "OUT"], spirits=["G"])
    events = fight(s, [])
    s.script.black.clear()
    assert "fight_rolled" not in kinds(events) and spirit(s, "G")


def test_tv31_stay_and_fight():
    s = no_jewels(place(new(), positions=["F", "OUT", "OUT", "OUT"], ghosts={"F": 1}))
    rig(s, black=[["ghost"]])
    roll(s, 2, "room:A")
    events = act(s, STAY)
    assert len(events[kinds(events).index("fight_rolled")].data["dice"]) == 1 and ghosts(s, "F") == 0


# ---- jewels and trapping ------------------------------------------------------------------------

def test_tv32_take_then_fight():
    s = place(new(), positions=["P22", "OUT", "OUT", "OUT"], ghosts={"E": 1})
    rig(s, black=[["blank"]])
    roll(s, 1)
    act(s, move("E"))
    assert s.legal_actions(0) == [TAKE, LEAVE]
    events = act(s, TAKE)
    assert s.carry[0] == 4 and s.jewels[R.index("E")] == 0
    assert kinds(events)[:2] == ["jewel_taken", "fight_rolled"]
    assert len(events[1].data["dice"]) == 1


def test_tv33_carrier_not_offered_take():
    s = place(new(), positions=["P13", "OUT", "OUT", "OUT"], carry=[1])
    roll(s, 1)
    act(s, move("G"))
    assert s.phase == 0 and s.turn == 1 and s.jewels[R.index("G")] == 5


def tv34_state() -> HauntedHouseState:
    s = place(new(chars=2), positions=["G", "J"], carry=[5], ghosts={"G": 2})
    roll(s, 4, "room:G")
    return s


def test_tv34_trapped_carrier_only_stays():
    s = tv34_state()
    assert spirit(s, "G") and s.legal_actions(0) == [STAY]
    events = act(s, STAY)
    assert "fight_rolled" not in kinds(events) and not s.is_over()


def test_tv35_rescue_then_free():
    s = tv34_state()
    act(s, STAY)
    rig(s, black=[["spirit", "blank"]])
    roll(s, 1, "room:A")
    events = act(s, move("G"))
    assert "spirit_removed" in kinds(events) and not spirit(s, "G")
    roll(s, 2)
    assert len(s.legal_actions(0)) > 1


def test_tv36_take_in_spirit_room_traps_no_dice():
    s = place(new(), positions=["P22", "OUT", "OUT", "OUT"], spirits=["E"])
    roll(s, 1)
    act(s, move("E"))
    assert s.phase == 2
    events = act(s, TAKE)
    assert s.trapped(0) and "fight_rolled" not in kinds(events) and not s.is_over()


# ---- winning and losing -------------------------------------------------------------------------

def endgame(s: HauntedHouseState) -> HauntedHouseState:
    s.jewels = [0] * 12
    s.carry = [0] * len(s.pos)
    s.carry[0] = 8
    s.deposited, s.deposited_mask = 7, sum(1 << k for k in range(1, 8))
    return s


def test_tv37_last_jewel_out_wins():
    s = endgame(place(new(), positions=["P1", "OUT", "OUT", "OUT"]))
    roll(s, 6)
    events = act(s, move("OUT"))
    assert s.is_over() and s.result().coop_success is True and kinds(events)[-1] == "game_won"
    assert "fight_rolled" not in kinds(events)


def test_tv38_card_loss_beats_win():
    s = endgame(place(new(), positions=["P1", "OUT", "OUT", "OUT"], ghosts={"C": 2},
                      spirits=["A", "B", "D", "E", "G"]))
    roll(s, 1, "room:C")
    assert s.is_over() and s.outcome == 2 and s.pos[0] == s.board.index["P1"]


def test_tv39_all_out_needs_everyone_outside():
    s = place(new(), positions=["OUT", "OUT", "OUT", "P3"])
    s.jewels, s.deposited, s.deposited_mask = [0] * 12, 8, 0x1FE
    for _ in range(3):
        roll(s, 6)
        act(s, STAY)
        assert not s.is_over()
    roll(s, 6)
    act(s, move("P2", "P1", "OUT"))
    assert s.is_over() and s.result().coop_success


def test_tv40_two_lone_trapped_carriers_hopeless():
    s = place(new(chars=2), positions=["G", "P22"], carry=[5, 4], spirits=["G", "E"])
    s.turn = 1
    events = roll(s, 1, "room:B")
    assert not s.is_over()
    events = act(s, move("E"))
    assert s.is_over() and s.outcome == 3 and kinds(events)[-1] == "game_lost_hopeless"


# ---- advanced -----------------------------------------------------------------------------------

def test_tv41_draw2_ignores_shuffle():
    s = new(advanced=True)
    rig(s, white=[3], deck=["draw2", "shuffle", "room:F", "room:G"])
    f, g = ghosts(s, "F"), ghosts(s, "G")
    events = act(s, ROLL)
    assert ghosts(s, "F") == f + 1 and ghosts(s, "G") == g + 1
    assert "card_ignored" in kinds(events) and not any("unlocked" in k for k in kinds(events))
    assert len(s.draw_pile) == 19 and s.discard == []


def test_tv42_draw3_lock_counts_draw2_ignored():
    s = new(advanced=True)
    rig(s, white=[3], deck=["draw3", "lock:blue", "draw2", "room:A", "room:B"])
    a, b = ghosts(s, "A"), ghosts(s, "B")
    events = act(s, ROLL)
    assert s.lock == cards.LOCK_BLUE and "blue_doors_locked" in kinds(events)
    assert ghosts(s, "A") == a + 1 and ghosts(s, "B") == b + 1
    assert len(s.draw_pile) == 18 and s.discard == []


def locked(colour: str) -> HauntedHouseState:
    s = new(advanced=True)
    code = cards.CODES[f"lock:{colour}"]
    s.draw_pile.remove(code)
    s.lock = code
    return s


def test_tv43_other_colour_switches_lock():
    s = locked("blue")
    events = roll(s, 3, "lock:green")
    assert s.lock == cards.LOCK_GREEN and s.discard == [cards.LOCK_BLUE]
    assert {"blue_doors_unlocked", "green_doors_locked"} <= set(kinds(events))


def test_tv44_same_colour_stays_locked():
    s = locked("blue")
    roll(s, 3, "lock:blue")
    assert s.lock == cards.LOCK_BLUE and s.discard == [cards.LOCK_BLUE]
    assert s.draw_pile.count(cards.LOCK_BLUE) == 0


def test_tv45_shuffle_unlocks():
    s = locked("green")
    events = roll(s, 3, "shuffle")
    assert s.lock == -1 and len(s.draw_pile) == 19 and s.discard == []
    assert "green_doors_unlocked" in kinds(events)


def test_tv46_locked_doors_block():
    s = place(locked("green"), positions=["L", "OUT", "OUT", "OUT"])
    assert dests(s, 0, 2) == {"L", "K", "P9"}
    s = locked("blue")
    assert dests(s, 0, 3) == {"OUT", "P1", "P2", "P3", "L"}


def advanced_deposited_two() -> HauntedHouseState:
    s = new(advanced=True)
    s.jewels = [0] * 12
    s.jewels[0], s.jewels[2], s.jewels[3], s.jewels[4], s.jewels[6], s.jewels[8] = 3, 4, 5, 6, 7, 8
    s.deposited, s.deposited_mask = 2, 0b110
    return s


def test_tv47_out_of_order_carrier_cannot_exit():
    s = place(advanced_deposited_two(), positions=["P1", "OUT", "OUT", "OUT"], carry=[5])
    assert dests(s, 0, 3) == {"P1", "P2", "P3", "P4", "P10", "J", "L", "G", "K"}
    roll(s, 3)
    with pytest.raises(IllegalAction) as err:
        act(s, move("OUT"))
    assert err.value.key == "haunted_house.illegal.wrong_jewel_order"


def test_tv48_next_jewel_may_exit():
    s = place(advanced_deposited_two(), positions=["P1", "OUT", "OUT", "OUT"], carry=[3])
    roll(s, 1)
    assert move("OUT") in s.legal_actions(0)
    events = act(s, move("OUT"))
    assert s.deposited == 3 and s.next_required() == 4
    assert events[kinds(events).index("jewel_deposited")].data["number"] == 3


def test_tv49_jewels_revealed_along_path():
    s = new(advanced=True)
    roll(s, 4)
    events = act(s, move("P1", "P2", "J", "G"))
    revealed = [e.data["room"] for e in events if e.kind == "jewel_revealed"]
    assert revealed == ["J", "G"]
    v = s.view(0)
    assert v.room_jewels[R.index("J")] > 0 and v.room_jewels[R.index("G")] > 0
    assert v.room_jewels[R.index("A")] == -1
    act(s, LEAVE)
    assert s.view(None).room_jewels[R.index("G")] > 0  # stays face up


def test_tv50_all_carry_wrong_numbers_hopeless():
    s = advanced_deposited_two()
    s.jewels = [0] * 12
    s.jewels[R.index("J")] = 8
    s.revealed = 1 << 8
    place(s, positions=["OUT", "OUT", "OUT", "J"], carry=[5, 6, 7])
    s.jewels[R.index("A")], s.jewels[R.index("C")] = 3, 4
    s.turn = 3
    roll(s, 6)
    act(s, STAY)
    events = act(s, TAKE)
    assert s.is_over() and s.outcome == 3 and kinds(events)[-1] == "game_lost_hopeless"


# ---- the module's own choices and contract details ----------------------------------------------

@pytest.mark.parametrize("text", ["roll", "stay", "move P1", "move P1-P2-J", "take", "leave", "give_up"])
def test_notation_round_trip(text):
    assert str(GAME.parse_action(text)) == text


@pytest.mark.parametrize("junk", ["", "move", "move ", "move P0", "move Q", "move P1--P2", "Roll", "take jewel", "M"])
def test_junk_refused(junk):
    with pytest.raises(ActionParseError):
        GAME.parse_action(junk)


@pytest.mark.parametrize("setup, path, slug", [
    ({"positions": ["P1", "P2", "OUT", "OUT"]}, ("P2",), "corridor_occupied"),
    ({}, ("P1", "P2", "P3", "P4"), "too_far"),
    ({}, ("P2",), "not_adjacent"),
    ({"positions": ["P2", "OUT", "OUT", "OUT"]}, ("P1", "P2"), "revisit"),
    ({"positions": ["P13", "OUT", "OUT", "OUT"], "carry": [1], "spirits": ["G"]}, ("G", "J"), "spirit_blocks"),
    ({"positions": ["G", "OUT", "OUT", "OUT"], "carry": [1], "spirits": ["G"]}, ("J",), "trapped"),
    ({"positions": ["P2", "OUT", "OUT", "OUT"]}, ("P1", "OUT", "P1"), "through_out"),
    ({"positions": ["P2", "OUT", "OUT", "OUT"]}, ("ZZ",), "unknown_space"),
])
def test_illegal_paths_teach_the_rule(setup, path, slug):
    s = place(new(), **setup)
    roll(s, 3)
    before = json.dumps(s.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction) as err:
        act(s, Move(path))
    assert err.value.key == f"haunted_house.illegal.{slug}", err.value.reason
    assert json.dumps(s.to_json(), sort_keys=True) == before


def test_locked_door_refused():
    s = locked("blue")
    roll(s, 3)
    with pytest.raises(IllegalAction) as err:
        act(s, move("P1", "P2", "J"))
    assert err.value.key == "haunted_house.illegal.door_locked_blue" and "blue" in err.value.reason


def test_explicit_non_canonical_path_accepted():
    s = new(advanced=True)
    roll(s, 5)
    canonical = [m for m in s.legal_actions(0) if m.path and m.path[-1] == "K"][0]
    assert canonical.path == ("P1", "P2", "L", "K")
    act(s, move("P1", "P2", "P3", "P4"))  # a different destination, still fine
    assert s.board.names[s.pos[0]] == "P4"


def test_phase_errors_and_out_of_turn():
    s = new(chars=4, players=2)
    assert s.owners == (0, 1, 0, 1)  # interleaved (HH-D12)
    with pytest.raises(IllegalAction) as err:
        s.apply(1, ROLL)
    assert err.value.key == "haunted_house.illegal.not_your_turn"
    with pytest.raises(IllegalAction) as err:
        s.apply(0, STAY)
    assert err.value.key == "haunted_house.illegal.phase_roll"
    assert s.legal_actions(1) == [] and s.legal_actions(0) == [ROLL]


def test_give_up_any_phase_not_listed():
    s = new()
    roll(s, 3)
    assert GIVE_UP not in s.legal_actions(0)
    events = s.apply(0, GIVE_UP)
    assert s.is_over() and s.outcome == 4 and kinds(events) == ["game_lost_gave_up"]
    with pytest.raises(IllegalAction):
        s.apply(0, ROLL)


def test_trapped_character_still_rolls_and_draws():
    """HH-D07: a trapped hunter rolls, resolves a ghost card, and may only stay."""
    s = place(new(), positions=["G", "OUT", "OUT", "OUT"], carry=[5], spirits=["G"])
    events = roll(s, 3, "room:D")
    assert "card_room" in kinds(events) and s.legal_actions(0) == [STAY]


def test_take_after_zero_step_move():
    """HH-D05: staying in a room lets you take its jewel."""
    s = place(new(), positions=["A", "OUT", "OUT", "OUT"])
    roll(s, 6)
    act(s, STAY)
    assert s.legal_actions(0) == [TAKE, LEAVE]


def test_characters_option():
    assert len(GAME.new_state(1, {}, 1).pos) == 4
    assert len(GAME.new_state(2, {}, 1).pos) == 4
    assert len(GAME.new_state(3, {}, 1).pos) == 3
    assert GAME.new_state(3, {"characters": 4}, 1).owners == (0, 1, 2, 0)
    with pytest.raises(ValueError):
        GAME.new_state(4, {"characters": 2}, 1)
    with pytest.raises(ValueError):
        GAME.new_state(5, {}, 1)


def test_view_hides_draw_order_and_numbers():
    a = GAME.new_state(2, {"advanced": True}, 1)
    b = GAME.new_state(2, {"advanced": True}, 2)
    assert a.to_json()["draw_pile"] != b.to_json()["draw_pile"]
    b.draw_pile = sorted(b.draw_pile)
    b.jewels = list(a.jewels) if a.jewels != b.jewels else b.jewels
    a.chance = b.chance
    assert a.view(0).draw_pile == b.view(0).draw_pile
    assert all(k in (0, -1) for k in a.view(0).room_jewels)
    assert GAME.new_state(2, {}, 1).view(None).room_jewels.count(-1) == 8


def test_events_are_json():
    s = GAME.new_state(2, {"advanced": True}, 3)
    import random
    rng = random.Random(3)
    while not s.is_over():
        seat = s.to_act()[0]
        legal = s.legal_actions(seat)
        for e in s.apply(seat, legal[rng.randrange(len(legal))]):
            json.dumps(e.data)
            assert e.visible_to is None
