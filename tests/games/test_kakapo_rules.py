"""KAKAPO rules: every test vector of spec §12 (TV01–TV25) plus notation and options."""

from __future__ import annotations

import json
import random

import pytest

from tabletop.engine.core import ActionParseError, IllegalAction
from tabletop.games.kakapo import GAME, mission_for, pieces
from tabletop.games.kakapo.actions import Place, Reveal, Skill
from tabletop.games.kakapo.board import explain_placement
from tabletop.games.kakapo.state import OVER, PLACE, REVEAL
from tests.games.test_kakapo_fixtures import fake_bird, fixture, ids, mask, place_text, play, put, rules_with

A, B, C, D = 0, 1, 2, 3
S, O = 0, 1  # noqa: E741 - the spec names the Buddy seats S and O


def options_of(s) -> dict[str, list[str]]:
    return {str(o): ids(sel) for o, sel in s.skill_options()}


def test_tv01_empty_pile_is_purple():
    s = fixture(4, [["R5", "G1"], ["R7", "G2"], ["P2", "Y1"], ["R8", "B1"]])
    play(s, [(A, "play R5"), (B, "play R7"), (C, "play P2"), (D, "play R8")])
    assert (s.lead, s.history[-1].decision, s.placer) == (1, pieces.parse_card("P2"), C)
    assert ids(s.pile) == ["P2"]
    assert pieces.ids_of(s.discard) == ["R5", "R7", "R8"]
    play(s, [(C, place_text("P2", [(0, 0), (0, 1)]))])
    assert s.start == C and s.round == 2 and s.phase == REVEAL


def test_tv02_no_top_colour_card():
    s = fixture(4, [["R5"], ["R7"], ["Y8", "G1"], ["R3"]], pile=["G4"])
    play(s, [(A, "play R5"), (B, "play R7"), (C, "play Y8"), (D, "play R3")])
    assert pieces.card_id(s.history[-1].decision) == "R7" and s.placer == B


def test_tv03_top_colour_beats_lead():
    s = fixture(4, [["B2"], ["B6"], ["Y1"], ["Y3"]], pile=["Y4"])
    play(s, [(A, "play B2"), (B, "play B6"), (C, "play Y1"), (D, "play Y3")])
    assert pieces.card_id(s.history[-1].decision) == "Y3" and s.placer == D


def test_tv04_top_equals_lead_and_no_double_scan():
    s = fixture(4, [["B3"], ["B5"], ["B8"], ["G1"]], pile=["B6"])
    events = play(s, [(A, "play B3"), (B, "play B5"), (C, "play B8"), (D, "play G1")])
    decision = next(e for e in events if e.kind == "decision")
    assert decision.data["card"] == "B8" and decision.data["seat"] == C
    assert decision.data["options"] == ["skill none"]


def test_tv05_must_follow_binds_start_players_second_card():
    s = fixture(2, [["R1", "R5", "G2", "Y1"], ["R3", "Y7", "B4", "B5"]], pile=["Y2"])
    play(s, [(S, "play R5"), (O, "play R3")])
    assert s.legal_actions(S) == [Reveal(pieces.parse_card("R1"))]
    with pytest.raises(IllegalAction) as err:
        s.apply(S, GAME.parse_action("play G2"))
    assert err.value.key == "kakapo.illegal.must_follow" and "red" in err.value.reason
    play(s, [(S, "play R1")])
    assert len(s.legal_actions(O)) == 3  # void in red: any card
    play(s, [(O, "play Y7")])
    assert pieces.card_id(s.decision) == "Y7" and s.placer == O


def test_tv06_legal_sets():
    hand = ["R2", "R6", "Y4", "B1"]
    s = fixture(2, [hand, ["R1", "G1"]], start=O)
    assert sorted(ids(a.card for a in s.legal_actions(S))) == []  # not S's turn
    s = fixture(2, [["R1"], hand])  # lead R
    play(s, [(S, "play R1")])
    assert sorted(ids(a.card for a in s.legal_actions(O))) == ["R2", "R6"]
    s = fixture(2, [["G1"], hand])  # lead G
    play(s, [(S, "play G1")])
    assert sorted(ids(a.card for a in s.legal_actions(O))) == sorted(hand)
    s = fixture(2, [hand, ["G1"]])  # first reveal
    assert sorted(ids(a.card for a in s.legal_actions(S))) == sorted(hand)


def tv07_state(used=()):
    s = fixture(2, [["G3", "G1", "P5"], ["G7", "G5", "P6"]], pile=["R2"], used=used)
    play(s, [(S, "play G3"), (O, "play G7"), (S, "play G1"), (O, "play G5")])
    return s


def test_tv07_double_scan_offered():
    s = tv07_state()
    assert pieces.card_id(s.decision) == "G7" and s.placer == O
    assert options_of(s) == {
        "skill none": ["G7"], "skill double": ["G7", "G1"],
        "skill wild P": ["P7"], "skill wild R": ["R7"], "skill wild Y": ["Y7"], "skill wild B": ["B7"],
        "skill up": ["G8"], "skill down": ["G6"]}
    play(s, [(O, "skill double")])
    assert s.counters == 4 and ids(s.pile) == ["R2", "G7"]
    assert pieces.ids_of(s.discard) == ["G1", "G3", "G5"]
    assert s.phase == PLACE and s.to_act() == (O,) and ids(s.selection) == ["G7", "G1"]
    play(s, [(O, place_text("G1", [(11, 11)]))])
    assert s.phase == PLACE and ids(s.selection) == ["G7"]
    play(s, [(O, place_text("G7", [(0, 0), (0, 1), (1, 1), (2, 1), (2, 2)]))])
    # TV25: the next round's top colour is the decision card's (G), not the low card's.
    assert s.phase == REVEAL and s.top_colour() == 3 and s.start == O


def test_tv08_double_scan_low_piece_used():
    s = tv07_state(used=["G1"])
    opts = options_of(s)
    assert "skill double" not in opts
    assert set(opts) == {"skill none", "skill wild P", "skill wild R", "skill wild Y", "skill wild B",
                         "skill up", "skill down"}


def test_tv09_double_scan_with_base_used():
    s = fixture(2, [["B2", "B4"], ["B6", "B7"]], used=["B7"], counters=1)
    play(s, [(S, "play B2"), (O, "play B6"), (S, "play B4"), (O, "play B7")])
    assert pieces.card_id(s.decision) == "B7"
    assert options_of(s) == {
        "skill none": [], "skill double": ["B2"], "skill wild P": ["P7"], "skill wild R": ["R7"],
        "skill wild Y": ["Y7"], "skill wild G": ["G7"], "skill up": ["B8"], "skill down": ["B6"]}


def test_tv10_party_has_only_double_scan():
    s = fixture(4, [["B2"], ["B5"], ["Y8"], ["B4"]], pile=["R1"])
    events = play(s, [(A, "play B2"), (B, "play B5"), (C, "play Y8"), (D, "play B4")])
    decision = next(e for e in events if e.kind == "decision")
    assert (decision.data["card"], decision.data["seat"], decision.data["options"]) == ("B5", B, ["skill none"])
    assert ids(s.selection) == ["B5"]


def test_tv11_party_double_scan():
    s = fixture(4, [["B2"], ["B5"], ["B8"], ["B4"]], pile=["R1"])
    play(s, [(A, "play B2"), (B, "play B5"), (C, "play B8"), (D, "play B4")])
    assert s.placer == C and options_of(s) == {"skill none": ["B8"], "skill double": ["B8", "B2"]}
    with pytest.raises(IllegalAction) as err:
        s.apply(C, Skill("wild", 1))
    assert err.value.key == "kakapo.illegal.buddy_only"


@pytest.mark.parametrize("card,shifts", [("R8", {"skill down": ["R7"]}), ("R1", {"skill up": ["R2"]}),
                                         ("R4", {"skill up": ["R5"], "skill down": ["R3"]})])
def test_tv12_shift_change_bounds(card, shifts):
    s = fixture(2, [[], []], counters=1)
    s.revealed = [(S, pieces.parse_card(card)), (O, pieces.parse_card("G1"))]
    s.lead = 1
    s.decision = pieces.parse_card(card)
    opts = options_of(s)
    assert {k: v for k, v in opts.items() if k in ("skill up", "skill down")} == shifts
    value = card[1]
    assert {k: v for k, v in opts.items() if k.startswith("skill wild")} == {
        f"skill wild {c}": [c + value] for c in "PYGB"}


def test_tv13_buddy_skip_without_counters():
    s = fixture(2, [["Y2", "Y1", "P5"], ["Y5", "R3", "P6"]], used=["Y5"], counters=0)
    events = play(s, [(S, "play Y2"), (O, "play Y5"), (S, "play Y1"), (O, "play R3")])
    assert [e.kind for e in events][-2:] == ["skip", "round"]
    assert s.outcome is None and s.round == 2 and s.start == O and ids(s.pile) == ["Y5"]


def test_tv14_skip_with_counters_left():
    s = fixture(2, [["P8", "P2", "Y1"], ["R1", "R2", "Y2"]], counters=2,
                used=["P8", "P7", "R8", "Y8", "G8", "B8"])
    events = play(s, [(S, "play P8"), (O, "play R1"), (S, "play P2"), (O, "play R2")])
    decision = next(e for e in events if e.kind == "decision")
    assert decision.data["options"] == ["skill none"]
    assert "skip" in [e.kind for e in events] and s.counters == 2 and s.phase == REVEAL


TV15_TRIES = [("P1", [(4, 4)], "same_colour"), ("P1", [(5, 4)], None), ("R1", [(4, 4)], None),
              ("R2", [(3, 2), (3, 3)], "overlap_piece"), ("R2", [(11, 11), (11, 12)], "off_board_at"),
              ("P2", [(0, 2), (1, 2)], "same_colour"), ("P2", [(0, 3), (1, 3)], None)]


@pytest.mark.parametrize("piece,cells,key", TV15_TRIES)
def test_tv15_same_colour_adjacency(piece, cells, key):
    rules = rules_with([("M01", 9, 9, 0)])
    s = fixture(2, [[], []], rules=rules)
    put(s, "P4", [(2, 2), (3, 2), (4, 2), (4, 3)])
    placed = [(k, m) for k, _, _, _, m in s.placed]
    refusal = explain_placement(rules, pieces.parse_card(piece), cells, placed)
    assert (refusal.key if refusal else None) == key
    if key == "same_colour":
        assert "touches the purple piece P4 at" in refusal.reason
    if key is None or key != "off_board_at":  # through the State as well
        s.phase, s.placer, s.selection = PLACE, S, [pieces.parse_card(piece)]
        action = GAME.parse_action(place_text(piece, cells))
        assert (action in s.legal_actions(S)) == (key is None)
        if key is not None:
            with pytest.raises(IllegalAction) as err:
                s.apply(S, action)
            assert err.value.key == f"kakapo.illegal.{key}"


def test_tv16_frame_counts_as_wall():
    rules = rules_with([("M03", 0, 0, 0)])
    s = fixture(2, [[], []], rules=rules)
    s.phase, s.placer, s.selection = PLACE, S, [pieces.parse_card("P4")]
    events = play(s, [(S, place_text("P4", [(0, 2), (1, 0), (1, 1), (1, 2)]))])
    assert [e.kind for e in events] == ["place", "scanned", "won"]
    assert s.outcome == "won" and s.result().coop_success is True and s.result().scores == (1.0, 1.0)


def test_tv17_open_egg():
    rules = rules_with([("M01", 5, 5, 0)])
    s = fixture(2, [[], []], rules=rules)
    put(s, "P7", [(5, 4), (5, 6), (6, 4), (6, 5), (6, 6)])
    assert not rules.is_scanned(0, s.occupied, s.colour_cells)
    put(s, "R1", [(4, 5)])
    assert rules.is_scanned(0, s.occupied, s.colour_cells)


@pytest.mark.parametrize("north,scanned", [("Y1", True), ("P1", False)])
def test_tv18_coloured_edge(north, scanned):
    rules = rules_with([("M02", 5, 5, 0)])
    s = fixture(2, [[], []], rules=rules)
    for piece, cell in ((north, (4, 5)), ("R1", (5, 4)), ("G1", (5, 6)), ("B1", (6, 5))):
        put(s, piece, [cell])
    assert rules.is_scanned(0, s.occupied, s.colour_cells) is scanned
    assert rules.is_dead(0, s.occupied, s.colour_cells) is (not scanned)


def test_tv19_one_piece_cannot_serve_two_adjacent_coloured_edges():
    rules = rules_with([("M07", 5, 5, 0)])
    s = fixture(2, [[], []], rules=rules)
    put(s, "G1", [(4, 5)])
    placed = [(k, m) for k, _, _, _, m in s.placed]
    assert explain_placement(rules, pieces.parse_card("G2"), [(4, 6), (4, 7)], placed).key == "same_colour"
    assert not rules.is_dead(0, s.occupied, s.colour_cells)  # only a search sees it
    target = 1 << (4 * 12 + 6)
    for k in range(24, 32):  # every green piece
        assert not any(p.mask & target for p in rules.legal_placements(k, s.occupied, s.colour_cells))


FREE_2X2 = {(0, 0), (0, 1), (1, 0), (1, 1)}


@pytest.mark.parametrize("piece,fits", [("P8", False), ("R4", True), ("P4", False), ("P3", True)])
def test_tv20_unplaceable_piece(piece, fits):
    blocker = fake_bird((r, c) for r in range(12) for c in range(12) if (r, c) not in FREE_2X2)
    rules = rules_with([blocker])
    k = pieces.parse_card(piece)
    assert rules.can_place(k, 0, [0] * 5) is fits
    s = fixture(2, [[piece, "Y1"], ["Y2", "Y3"]], rules=rules, counters=0)
    events = play(s, [(S, f"play {piece}"), (O, "play Y2"), (S, "play Y1"), (O, "play Y3")])
    if fits:
        assert s.phase == PLACE and s.outcome is None
    else:
        assert s.outcome == "failed_unplaceable" and s.phase == OVER and s.result().coop_success is False
        assert events[-1].kind == "failed_unplaceable" and events[-1].data["piece"] == piece


def test_tv21_win_beats_unplaceable():
    blocker = fake_bird((r, c) for r in range(12) for c in range(12) if (r, c) not in FREE_2X2)
    # Egg in the corner (0, 0): targets (0, 1) and (1, 0); everything else but (1, 1) is blocked.
    rules = rules_with([("M01", 0, 0, 0), fake_bird(set(blocker.cells))], required=1)
    s = fixture(2, [[], []], rules=rules)
    s.phase, s.placer, s.selection = PLACE, O, [pieces.parse_card("P3"), pieces.parse_card("P8")]
    assert {str(a).split()[1] for a in s.legal_actions(O)} == {"P3"}
    events = play(s, [(O, place_text("P3", [(0, 1), (1, 0), (1, 1)]))])
    assert s.outcome == "won" and events[-1].kind == "won" and events[-1].data["unused"] == "P8"
    assert not s.used >> pieces.parse_card("P8") & 1


def test_tv21_without_clear_the_unplaceable_second_piece_loses():
    blocker = fake_bird((r, c) for r in range(12) for c in range(12) if (r, c) not in FREE_2X2)
    walled = fake_bird(set(blocker.cells), {(0, 2, "W"): "G"})  # needs green at (0, 1): never scanned here
    rules = rules_with([("M01", 0, 0, 0), walled], required=2)
    s = fixture(2, [[], []], rules=rules)
    s.phase, s.placer, s.selection = PLACE, O, [pieces.parse_card("P3"), pieces.parse_card("P8")]
    play(s, [(O, place_text("P3", [(0, 1), (1, 0), (1, 1)]))])
    assert s.outcome == "failed_unplaceable"


@pytest.mark.parametrize("players,last", [(2, 8), (4, 10)])
def test_tv22_rounds_run_out(players, last):
    hands = [["G1", "G3"], ["G2", "G4"]] if players == 2 else [["G1"], ["G2"], ["G3"], ["G4"]]
    s = fixture(players, hands, round=last, counters=0)
    moves = [(S, "play G1"), (O, "play G2"), (S, "play G3"), (O, "play G4")] if players == 2 else \
        [(i, f"play G{i + 1}") for i in range(4)]
    play(s, moves)
    events = play(s, [(s.placer, place_text("G4", [(0, 8), (1, 8), (2, 8), (2, 9)]))])
    assert s.outcome == "failed_rounds" and events[-1].kind == "failed_rounds"
    assert s.result().coop_success is False


def test_tv23_start_player():
    seen = {"p8": 0, "random": 0}
    starts_random = set()
    for seed in range(60):
        s = GAME.new_state(2, {}, seed)
        holder = next((i for i in range(2) if s.hands[i] >> 7 & 1), None)
        if holder is None:
            assert s.start_reason == "random" and s.p8_holder == -1
            starts_random.add(s.start)
            assert GAME.new_state(2, {}, seed).start == s.start  # seeded
        else:
            assert s.start == holder and s.start_reason == "p8"
        seen[s.start_reason] += 1
    assert seen["p8"] and seen["random"] and starts_random == {0, 1}
    for seed in range(10):
        for n in (3, 4):
            s = GAME.new_state(n, {}, seed)
            assert s.hands[s.start] >> 7 & 1 and s.start_reason == "p8"


def test_tv24_three_player_party():
    rng = random.Random(4)
    finished = 0
    for seed in range(30):
        s = GAME.new_state(3, {}, seed)
        assert s.removed == 1 and s.view(0).removed_public == (0,)
        assert [h.bit_count() for h in s.hands] == [13, 13, 13]
        while not s.is_over():
            seat = s.to_act()[0]
            legal = s.legal_actions(seat)
            s.apply(seat, legal[rng.randrange(len(legal))])
            assert not s.used & 1  # piece P1 never selected
            assert not any(0 in h.selection for h in s.history)
        if s.outcome == "failed_rounds":
            finished += 1
            assert s.round == 10 and [h.bit_count() for h in s.hands] == [3, 3, 3]
    assert finished


def test_mission_option():
    assert mission_for(2, "auto") == "buddy_01" and mission_for(4, "auto") == "party_01"
    assert GAME.new_state(3, {"mission": "party_05"}, 1).rules.mission.title == "One of Two"
    with pytest.raises(ValueError, match="Buddy mission for 2 players"):
        GAME.new_state(3, {"mission": "buddy_02"}, 1)
    with pytest.raises(ValueError, match="party_01"):
        GAME.new_state(2, {"mission": "party_01"}, 1)
    with pytest.raises(ValueError):
        GAME.new_state(5, {}, 1)


def test_notation_round_trips_and_rejects_junk():
    for a in (Reveal(15), Skill("none"), Skill("double"), Skill("wild", 4), Skill("up"), Skill("down"),
              Place(pieces.parse_card("G7"), 1, 4, 7)):
        assert GAME.parse_action(str(a)) == a
    assert str(Place(pieces.parse_card("Y6"), 5, 4, 7)) == "place Y6 r90f H5"
    for junk in ("", "play", "play Q1", "play G9", "skill wild", "skill wild X", "skill sideways",
                 "place O4 r90 A1", "place R4 r0 L12", "place G7 r45 A1", "place G7 r0 M1", "place G7 r0 A0",
                 "place G7 r0 A13", "place G7 r0f"):
        with pytest.raises(ActionParseError):
            GAME.parse_action(junk)


def test_refused_actions_teach_and_change_nothing():
    s = fixture(2, [["R1", "G2"], ["R3"]])
    before = json.dumps(s.to_json(), sort_keys=True)
    cases = [(O, "play R3", "not_your_turn"), (S, "play Y1", "not_in_hand"), (S, "skill none", "reveal_now")]
    for seat, text, key in cases:
        with pytest.raises(IllegalAction) as err:
            s.apply(seat, GAME.parse_action(text))
        assert err.value.key == f"kakapo.illegal.{key}"
    assert json.dumps(s.to_json(), sort_keys=True) == before


def test_skill_phase_waits_for_the_placer_and_public_options():
    s = tv07_state()
    v = s.view(S)
    assert v.phase == "skill" and v.to_act == (O,) and "skill double" in v.options
    with pytest.raises(IllegalAction) as err:
        s.apply(O, GAME.parse_action("place G7 r0 A1"))
    assert err.value.key == "kakapo.illegal.skill_now"


def test_hands_are_hidden_in_views():
    s = GAME.new_state(2, {}, 3)
    assert s.view(0).hand == tuple(k for k in range(40) if s.hands[0] >> k & 1)
    assert s.view(None).hand == () and s.view(1).removed_hidden == 8
    assert mask(ids(s.view(1).hand)) == s.hands[1]
