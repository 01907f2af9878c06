"""Haunted House catalogs: same keys in both languages, a log line for every event, every refusal, action, option."""

from __future__ import annotations

import random
import string
import tomllib
from pathlib import Path

import tabletop
from tabletop.games.haunted_house import GAME
from tabletop.games.haunted_house.state import _REASONS, EVENT_KINDS, ILLEGAL_SLUGS

I18N = Path(tabletop.__file__).parent / "i18n"


def catalog(lang: str) -> dict[str, str]:
    with open(I18N / lang / "haunted_house.toml", "rb") as handle:
        return tomllib.load(handle)


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def played_events():
    events = []
    for seed in range(40):
        state = GAME.new_state(1 + seed % 4, {"advanced": seed % 2 == 1}, seed)
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            events += state.apply(seat, legal[rng.randrange(len(legal))])
    return events


def test_same_keys_and_all_strings():
    en, ja = catalog("en"), catalog("ja")
    assert set(en) == set(ja)
    for key in en:
        assert isinstance(en[key], str) and isinstance(ja[key], str) and ja[key] != en[key], key
        assert fields(en[key]) == fields(ja[key]), key
        assert key.replace(".", "").replace("_", "").isalnum() and key.isascii(), key


def test_every_event_kind_has_a_log_line_with_known_fields():
    en = catalog("en")
    for kind in EVENT_KINDS:
        assert f"log.{kind}" in en, kind
    seen = set()
    for event in played_events():
        assert event.kind in EVENT_KINDS, event.kind
        seen.add(event.kind)
        data = {**event.data}
        assert fields(en[f"log.{event.kind}"]) <= set(data), event.kind
        en[f"log.{event.kind}"].format(**data)
    assert {"die_rolled", "moved", "ghost_placed", "fight_rolled", "turn_started"} <= seen


def test_every_refusal_action_and_option_has_text():
    en = catalog("en")
    for slug in (*_REASONS, *ILLEGAL_SLUGS):
        assert f"illegal.{slug}" in en, slug
    for key in ("action.roll", "action.stay", "say.move", "action.take", "action.leave", "action.give_up"):
        assert key in en  # the words of each action (tabletop/ui/words/haunted_house.py)
    for option in GAME.options:
        assert f"option.{option.key}" in en
