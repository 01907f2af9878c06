"""Ghost Bumpers catalogs: same keys in both languages, a log line for every event, every refusal."""

from __future__ import annotations

import json
import random
import re
import string
import tomllib
from pathlib import Path

import pytest

import tabletop
from tabletop.engine.core import Event, IllegalAction
from tabletop.games.ghost_bumpers import GAME
from tabletop.games.ghost_bumpers.actions import Discard, Play, PlayZ, SetFear
from tabletop.games.ghost_bumpers.scripted import scripted_state
from tests.games.test_ghost_bumpers_props import _rigged_six_player_state

I18N = Path(tabletop.__file__).parent / "i18n"
STATE_SOURCE = Path(tabletop.__file__).parent / "games" / "ghost_bumpers" / "state.py"


def catalog(lang: str) -> dict[str, str]:
    with open(I18N / lang / "ghost_bumpers.toml", "rb") as handle:
        return tomllib.load(handle)


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def _all_events() -> list[Event]:
    events: list[Event] = []
    for seed in range(30):
        state = GAME.new_state(3 + seed % 4, {"mode": "target", "target": 15} if seed % 5 == 0 else {}, seed)
        rng = random.Random(seed)
        while not state.is_over():
            seat = rng.choice(state.to_act())
            legal = state.legal_actions(seat)
            events.extend(state.apply(seat, legal[rng.randrange(len(legal))]))
    for seed in range(10):  # forced discards and their events
        state = _rigged_six_player_state(seed)
        rng = random.Random(seed)
        while state.round_no == 1:
            seat = rng.choice(state.to_act())
            legal = state.legal_actions(seat)
            action = max(legal, key=lambda a: a.count if isinstance(a, Play) else 0)
            events.extend(state.apply(seat, action))
    return events


EVENTS = _all_events()


def test_same_keys_in_both_languages() -> None:
    en, ja = catalog("en"), catalog("ja")
    assert set(en) == set(ja)
    for key in en:
        assert re.fullmatch(r"[a-z0-9_]+(\.[a-z0-9_]+)*", key), key
        assert _fields(en[key]) == _fields(ja[key]), key
    assert all(re.search(r"[ぁ-んァ-ン一-龯]", v) for v in ja.values())


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_event_has_a_log_line_that_formats(lang: str) -> None:
    lines = catalog(lang)
    seen = {e.kind for e in EVENTS}
    assert {"play", "play_z", "trick_won", "reveal", "scared", "rotate", "round_score", "forced_discard",
            "discarded", "reshuffle", "paranoia", "game_won"} <= seen
    for event in EVENTS:
        json.dumps(event.data)
        template = lines[f"log.{event.kind}"]
        assert _fields(template) <= set(event.data), (event.kind, template)
        template.format(**event.data)
    kinds_in_code = set(re.findall(r'Event\("([a-z_]+)"', STATE_SOURCE.read_text(encoding="utf-8")))
    assert {k.removeprefix("log.") for k in lines if k.startswith("log.")} == kinds_in_code


def test_every_refusal_key_is_in_the_catalog() -> None:
    source = STATE_SOURCE.read_text(encoding="utf-8")
    raised = set(re.findall(r'_illegal\(\s*f?"[^"]*",\s*"([a-z_]+)"', source))
    assert len(raised) >= 10, raised
    for lang in ("en", "ja"):
        lines = catalog(lang)
        for slug in raised:
            assert f"illegal.{slug}" in lines, (lang, slug)
        assert {k.removeprefix("illegal.") for k in lines if k.startswith("illegal.")} == raised


def test_refusal_params_fit_their_catalog_lines() -> None:
    state = scripted_state(3, ["881Z", "1111", "2222"], char_decks=["UUUUUUS"] * 3)
    fear = GAME.new_state(3, {}, 0)
    fear.apply(0, SetFear(1))
    cases = [(state, 1, Play(1, 1)), (state, 0, Play(8, 3)), (state, 0, PlayZ(5)), (state, 0, SetFear(1)),
             (state, 9, Play(1, 1)), (state, 0, Discard(8)), (fear, 0, SetFear(2)), (fear, 1, Play(1, 1)),
             (state, 0, Play(0, 1))]
    for lang in ("en", "ja"):
        lines = catalog(lang)
        for st, seat, action in cases:
            with pytest.raises(IllegalAction) as exc:
                st.check(seat, action)
            key = exc.value.key.removeprefix("ghost_bumpers.")
            lines[key].format(**exc.value.params)


def test_action_and_option_labels() -> None:
    for lang in ("en", "ja"):
        lines = catalog(lang)
        for key in ("say.fear", "say.play.one", "say.play.other", "action.z0", "action.z10", "say.discard"):
            assert key in lines  # the words of each action (tabletop/ui/words/ghost_bumpers.py)
        for option in GAME.options:
            assert f"option.{option.key}" in lines
            assert option.label["en"] and option.label["ja"]
