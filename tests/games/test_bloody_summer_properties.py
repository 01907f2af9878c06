"""BLOODY SUMMER contract properties: random legal play, card conservation, replay, clones, determinisation."""

from __future__ import annotations

import json
import random
import tempfile
import tomllib
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.engine.core import State
from tabletop.games.bloody_summer import GAME
from tabletop.games.bloody_summer.cards import FULL_DECK, size
from tabletop.games.bloody_summer.rules import FORM_SIZE, packed_cards
from tabletop.games.bloody_summer.state import BloodySummerState
from tests.conformance import (
    check_clone_independent,
    check_illegal_refused,
    check_replay_and_records,
    check_sample_state_consistent,
    random_playout,
)

I18N = Path(__file__).resolve().parents[2] / "tabletop" / "i18n"
EN = tomllib.loads((I18N / "en" / "bloody_summer.toml").read_text(encoding="utf-8"))
JA = tomllib.loads((I18N / "ja" / "bloody_summer.toml").read_text(encoding="utf-8"))
OPTIONS = [{}, {"empty_site": "A"}, {"empty_site": "C"}]


def invariant(state: State) -> None:
    """Every card is in exactly one place, counts agree, dead players hold nothing, reversal is sticky."""
    assert isinstance(state, BloodySummerState)
    s = state
    assert sum(s.hands) + s.pile + s.discard + s.aside == FULL_DECK
    assert all(size(h) == n for h, n in zip(s.hands, s.sizes))
    assert size(s.aside) == (13 if s.n == 3 else 0)
    assert s.pile == sum(packed_cards(form, value) for _, form, value in s.plays)
    assert s.pile_n == sum(FORM_SIZE[form] for _, form, _ in s.plays)
    for seat in range(s.n):
        if not s.alive >> seat & 1:
            assert s.hands[seat] == 0
    if s.alive != (1 << s.n) - 1:
        assert s.reversed
    if s.is_over():
        assert s.winner is not None and s.alive >> s.winner & 1
        assert s.win_reason == ("escape" if s.sizes[s.winner] == 0 else "survivor")
    else:
        assert s.alive.bit_count() >= 2
        assert s.alive >> s.turn & 1 and not s.passed >> s.turn & 1
        assert s.alive >> s.marker & 1
        if s.plays:
            assert s.plays[0][0] == s.marker
            assert len({form for _, form, _ in s.plays}) == 1


@settings(max_examples=40, deadline=None)
@given(players=st.sampled_from([3, 4]), options=st.sampled_from(OPTIONS), seed=st.integers(0, 2**31),
       choice_seed=st.integers(0, 2**31))
def test_random_play_to_the_end_conserves_cards_and_replays(players: int, options: dict, seed: int,
                                                              choice_seed: int) -> None:
    final, actions = random_playout(GAME, players, options, seed, choice_seed, invariant)
    invariant(final)
    with tempfile.TemporaryDirectory() as tmp:
        check_replay_and_records(GAME, players, options, seed, actions, final, Path(tmp))


@settings(max_examples=25, deadline=None)
@given(players=st.sampled_from([3, 4]), seed=st.integers(0, 2**31))
def test_clones_views_and_determinisations_along_a_game(players: int, seed: int) -> None:
    rng = random.Random(seed)
    state = GAME.new_state(players, {}, seed)
    while not state.is_over():
        check_clone_independent(state, rng)
        check_illegal_refused(GAME, state)
        for seat in range(players):
            check_sample_state_consistent(GAME, state, seat, rng)
        spectator = GAME.sample_state(state.view(None), rng)
        assert spectator.view(None) == state.view(None)
        invariant(spectator)
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])


def test_sampled_worlds_are_playable_to_the_end() -> None:
    rng = random.Random(3)
    for players in (3, 4):
        state = GAME.new_state(players, {}, 11)
        for _ in range(15):
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])
            if state.is_over():
                break
        for seat in range(players):
            world = GAME.sample_state(state.view(seat), rng)
            invariant(world)
            while not world.is_over():
                actor = world.to_act()[0]
                legal = world.legal_actions(actor)
                world.apply(actor, legal[rng.randrange(len(legal))])
                invariant(world)


def test_every_event_kind_has_a_log_line_and_all_appear() -> None:
    seen: set[str] = set()
    reasons: set[str] = set()
    for g in range(60):
        players = 3 + g % 2
        state = GAME.new_state(players, {}, g)
        rng = random.Random(g)
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            for e in state.apply(seat, legal[rng.randrange(len(legal))]):
                seen.add(e.kind)
                assert e.visible_to is None  # everything in this game is public but the hands
                json.dumps(e.data)
                EN[f"log.{e.kind}"].format(**{k: ("P" if k.endswith("seat") else v) for k, v in e.data.items()})
                JA[f"log.{e.kind}"].format(**{k: ("P" if k.endswith("seat") else v) for k, v in e.data.items()})
                if e.kind == "check":
                    danger = set(state.danger[e.data["seat"]])
                    assert e.data["matched"] == [v in danger for v in e.data["drawn"]]
                    assert e.data["hit"] == any(e.data["matched"])
        reasons.add(state.win_reason or "")
    assert seen == {k.removeprefix("log.") for k in EN if k.startswith("log.")}
    assert reasons == {"escape", "survivor"}


def test_catalogs_have_the_same_keys_and_placeholders() -> None:
    import string

    assert set(EN) == set(JA)
    for key in EN:
        fields_en = {f for _, f, _, _ in string.Formatter().parse(EN[key]) if f}
        fields_ja = {f for _, f, _, _ in string.Formatter().parse(JA[key]) if f}
        assert fields_en == fields_ja, key
    assert "option.empty_site" in EN
    for kind in ("single", "pair", "straight", "pass"):
        assert f"action.{kind}" in EN


def test_random_games_are_fast_enough() -> None:
    """A loose floor (the real figure is far higher); guards against accidental slow paths."""
    import time

    start = time.perf_counter()
    actions = 0
    for g in range(100):
        state = GAME.new_state(4, {}, g)
        rng = random.Random(g)
        while not state.is_over():
            seat = state.turn
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])
            actions += 1
    assert actions / (time.perf_counter() - start) > 5_000
