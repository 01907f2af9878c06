"""Sumidagawa: contract and property tests (random play, replay, records, clones, views, i18n)."""

from __future__ import annotations

import ast
import random
import re
import string
import tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.engine.core import ActionParseError, IllegalAction
from tabletop.engine.registry import get_game
from tabletop.games.sumidagawa import GAME, SumidagawaState
from tabletop.games.sumidagawa.actions import PASS, Discard, Play, Revive, TurnDown, parse_action
from tabletop.games.sumidagawa.cards import DECK_COUNTS, NUM_CODES
from tabletop.games.sumidagawa.combos import COMBOS
from tabletop.games.sumidagawa.moves import PLAY_INFO, legal_plays_slow
from tabletop.games.sumidagawa.state import TURN
from tests.conformance import (
    check_clone_independent,
    check_illegal_refused,
    check_replay_and_records,
    check_sample_state_consistent,
    random_playout,
)

I18N = Path(__file__).resolve().parents[2] / "tabletop" / "i18n"


def invariant(state: SumidagawaState) -> None:
    """Every Bon and Rin accounted for; tiles, out order and Jun bookkeeping consistent."""
    n = state.n
    for c in range(NUM_CODES):
        total = sum(h[c] for h in state.hands) + state.remainder[c] + state.played_cards[c]
        assert total == DECK_COUNTS[c], f"card {c} not conserved"
        assert min(h[c] for h in state.hands) >= 0
    assert state.hand_size == [sum(h) for h in state.hands]
    for p in range(n):
        r = state.rin[p * 6:p * 6 + 6]
        assert min(r) >= 0 and r[0] + r[2] + r[4] == 2 and r[1] + r[3] + r[5] == 2
        if not state.active >> p & 1:
            assert p in state.out_order and r[:2] == [2, 2]
    assert len(set(state.out_order)) == len(state.out_order)
    tiles = [t for t in state.tiles if t]
    assert sorted(tiles) == list(range(1, len(tiles) + 1)) and state.next_tile == len(tiles) + 1
    for p in state.out_order:
        assert state.tiles[p] and state.hand_size[p] == 0
    if not state.is_over():
        assert bin(state.active).count("1") >= 2
        assert state.active >> state.to_act()[0] & 1
        plays = [h for h in state.history[state.jun_start:] if h[0] == "play"]
        assert len(plays) <= 8 and len({h[5] for h in plays}) == len(plays)  # each combination once per Jun
        declared = [h[6] for h in plays]
        assert declared == sorted(declared), "the declared number went down within a Jun"
        assert state.table == (declared[-1] if declared else None)


@settings(max_examples=30, deadline=None)
@given(players=st.sampled_from([3, 4]), games=st.sampled_from([1, 2]), seed=st.integers(0, 2**31),
       choice_seed=st.integers(0, 2**31))
def test_random_playout_keeps_everything_accounted(players, games, seed, choice_seed):
    state, actions = random_playout(GAME, players, {"games": games}, seed, choice_seed, invariant)
    assert state.game_index == games and len(state.game_points) == games
    assert sum(state.scores) == games * sum(range(1, players + 1))  # no game aborted in random play


@pytest.mark.parametrize("players,seed", [(3, 1), (4, 2), (4, 3)])
def test_replay_and_records(players, seed, tmp_path):
    state, actions = random_playout(GAME, players, {"games": 2}, seed, seed + 100)
    check_replay_and_records(GAME, players, {"games": 2}, seed, actions, state, tmp_path)


@settings(max_examples=25, deadline=None)
@given(players=st.sampled_from([3, 4]), seed=st.integers(0, 2**31), steps=st.integers(0, 120))
def test_clone_sample_and_refusal_mid_game(players, seed, steps):
    state = GAME.new_state(players, {"games": 2}, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over():
            break
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
    check_clone_independent(state, rng)
    check_illegal_refused(GAME, state)
    for seat in range(players):
        check_sample_state_consistent(GAME, state, seat, rng)
    spectator = GAME.sample_state(state.view(None), rng)
    assert spectator.view(None) == state.view(None)
    if not state.is_over():
        invariant(GAME.sample_state(state.view(state.to_act()[0]), rng))


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31), players=st.sampled_from([3, 4]))
def test_legal_plays_match_reference_scan(seed, players):
    """The bucketed generator equals a scan of the whole play table, without duplicates."""
    state = GAME.new_state(players, {"games": 1}, seed)
    rng = random.Random(seed)
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        assert len(set(legal)) == len(legal)
        if state.phase == TURN:
            r = seat * 6
            ref = legal_plays_slow(state.hands[seat], state.rin[r], state.rin[r + 1], state.used_combos, state.table)
            assert set(a for a in legal if isinstance(a, Play)) == set(ref)
        state.apply(seat, legal[rng.randrange(len(legal))])


def test_must_play_is_never_stuck():
    """SD-17: a player who must play always has a play (the defensive pass never happens)."""
    for seed in range(40):
        state = GAME.new_state(3 + seed % 2, {"games": 1}, seed)
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.to_act()[0]
            if state.phase == TURN:
                assert state._options(seat)[0] is None
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])


def test_action_notation_round_trips_and_refuses_junk():
    for play in PLAY_INFO:
        assert parse_action(str(play)) == play
    for action in (PASS, Discard(3), TurnDown(0), TurnDown(1), Revive(0), Revive(1)):
        assert parse_action(str(action)) == action
    assert parse_action("b+B7+B8") == parse_action("B7+B8+b")  # any order, one canonical action
    for junk in ("", "pas", "B0", "R11", "X3", "B7 B8", "B7+", "discard", "discard Q2", "down x", "revive",
                 "B1+B2+B3+B4+B5", "b+b+b+b+b"):
        with pytest.raises(ActionParseError):
            parse_action(junk)


def test_registry_and_options():
    assert get_game("sumidagawa") is GAME
    assert GAME.resolve_options({})["games"] == 3
    state = GAME.new_state(3, {}, 5)
    assert state.games_target == 3
    with pytest.raises(ValueError):
        GAME.new_state(5, {}, 1)


def test_view_hides_hands_and_remainder():
    state = GAME.new_state(4, {"games": 1}, 11)
    view = state.view(0)
    assert view.hand == tuple(state.hands[0])
    assert all(not hasattr(view, name) for name in ("hands", "remainder"))
    assert state.view(None).hand == ()
    other = state.clone()
    other.hands[1], other.hands[2] = other.hands[2], other.hands[1]
    assert other.view(0) == view  # other players' cards are not in the view


def test_events_are_json_and_private_deal():
    import json
    state = GAME.new_state(3, {"games": 2}, 3)
    rng = random.Random(3)
    seen = set()
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        for event in state.apply(seat, legal[rng.randrange(len(legal))]):
            json.dumps(event.to_json())
            seen.add(event.kind)
            if event.kind == "deal":
                assert event.visible_to == (event.data["seat"],)
            else:
                assert event.visible_to is None
    assert {"deal", "play", "jun_end", "tile", "out", "points", "game_end", "session_winner"} <= seen


def test_illegal_action_leaves_state_unchanged_and_teaches():
    state = GAME.new_state(4, {"games": 1}, 8)
    seat = state.to_act()[0]
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        state.apply(seat, PASS)  # the first player of a Jun must play
    assert info.value.key == "sumidagawa.illegal.must_play"
    with pytest.raises(IllegalAction) as info:
        state.apply(seat, Revive(0))
    assert info.value.key == "sumidagawa.illegal.wrong_move"
    assert state.to_json() == before


# ---------------------------------------------------------------- i18n
def _catalog(lang: str) -> dict[str, str]:
    with open(I18N / lang / "sumidagawa.toml", "rb") as handle:
        return tomllib.load(handle)


def test_i18n_catalogs_have_the_same_keys_and_cover_events_and_reasons():
    en, ja = _catalog("en"), _catalog("ja")
    assert set(en) == set(ja)
    for key in en:
        assert re.fullmatch(r"[a-z_]+(\.[a-z_]+)*", key), key
    package = Path(__file__).resolve().parents[2] / "tabletop" / "games" / "sumidagawa"
    source = "\n".join((package / name).read_text() for name in ("state.py", "reasons.py"))
    kinds = {k for k in re.findall(r'Event\("([a-z_]+)"', source) if not k.endswith("_")}
    kinds |= {"pass_optional", "pass_forced", "pass_locked"}
    slugs = {call.args[1].value for call in ast.walk(ast.parse(source))
             if isinstance(call, ast.Call) and getattr(call.func, "id", "") == "illegal"
             and isinstance(call.args[1], ast.Constant)}
    assert len(slugs) >= 15
    for kind in kinds:
        assert f"log.{kind}" in en, kind
    for slug in slugs | {"generic", "not_your_turn", "game_over", "must_play", "kagerou_must_play"}:
        assert f"illegal.{slug}" in en, slug
    for key in ("say.play", "action.pass", "btn_discard", "btn_down", "btn_revive"):
        assert key in en  # the words of each action (tabletop/ui/words/sumidagawa.py)
    for option in GAME.options:
        assert f"option.{option.key}" in en
    for combo in COMBOS:
        assert f"combo.{combo.id}" in en


def test_i18n_log_lines_format_with_event_data():
    en, ja = _catalog("en"), _catalog("ja")
    state = GAME.new_state(4, {"games": 2}, 21)
    rng = random.Random(21)
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        for event in state.apply(seat, legal[rng.randrange(len(legal))]):
            for catalog in (en, ja):
                template = catalog[f"log.{event.kind}"]
                names = {f for _, f, _, _ in string.Formatter().parse(template) if f}
                assert names <= set(event.data), (event.kind, names - set(event.data))
                template.format(**event.data)


def test_i18n_illegal_reasons_format_with_params():
    en, ja = _catalog("en"), _catalog("ja")
    cases = []
    state = GAME.new_state(3, {"games": 1}, 4)
    seat = state.to_act()[0]
    for action in (PASS, Revive(0), Play((0, 0, 0, 0, 0), 0, 0), Play((19,), 2, 0)):
        try:
            state.apply(seat, action)
        except IllegalAction as exc:
            cases.append(exc)
    try:
        state.apply((seat + 1) % 3, PASS)
    except IllegalAction as exc:
        cases.append(exc)
    assert len(cases) == 5
    for exc in cases:
        slug = exc.key.removeprefix("sumidagawa.")
        for catalog in (en, ja):
            catalog[slug].format(**exc.params)


@pytest.mark.parametrize("players,seed", [(3, 5), (4, 6)])
def test_every_view_says_who_is_to_act_as_the_state_does(players, seed):
    """The board reads whose move it is from the view, never working it out from the phase itself."""
    state = GAME.new_state(players, {"games": 2}, seed)
    rng = random.Random(seed)
    phases = set()
    while not state.is_over():
        phases.add(state.phase)
        for seat in (None, *range(players)):
            assert state.view(seat).to_act == state.to_act()
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
    assert state.view(None).to_act == ()
    assert len(phases) >= 2  # turns and at least one of the fire or revive phases were met
