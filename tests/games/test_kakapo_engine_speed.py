"""KAKAPO engine shortcuts of the second speed pass (issue 18) give exactly what the plain code gives."""

from __future__ import annotations

import dataclasses
import random

from tabletop.engine.core import Chance, Event
from tabletop.games.kakapo import events as ev
from tabletop.games.kakapo import state as kakapo_state
from tabletop.games.kakapo.content import mission_rules
from tabletop.games.kakapo.state import KakapoState


def test_fast_event_equals_the_dataclass_constructor():
    data = {"seat": 1, "piece": "G7", "at": "E5", "orientation": "r90f", "cells": "E5 F5 E6"}
    fast, plain = ev.event("place", data), Event("place", data)
    assert type(fast) is Event
    assert fast == plain and repr(fast) == repr(plain) and fast.to_json() == plain.to_json()
    assert dataclasses.asdict(fast) == dataclasses.asdict(plain) and fast.visible_to is None


def plain_deal(players: int, mission: str, seed: int) -> KakapoState:
    """The deal with hands built card by card, as before the table lookup."""
    s = KakapoState.blank(mission_rules(mission), players)
    s.chance = Chance(seed)
    deck = list(range(40))
    if s.mode == "party" and players == 3:
        deck.remove(kakapo_state.P1)
        s.removed = 1 << kakapo_state.P1
    s.chance.shuffle(deck)
    if s.mode == "buddy":
        for k in deck[:8]:
            s.removed |= 1 << k
        deck = deck[8:]
    per = len(deck) // players
    for i in range(players):
        for k in deck[i * per:(i + 1) * per]:
            s.hands[i] |= 1 << k
    return s


def test_deal_builds_the_same_hands_and_removed_cards():
    rng = random.Random(2)
    for _ in range(300):
        players = rng.choice((2, 3, 4))
        mission = "buddy_01" if players == 2 else "party_01"
        seed = rng.randrange(10**9)
        fast, plain = KakapoState.deal(mission_rules(mission), players, seed), plain_deal(players, mission, seed)
        assert fast.hands == plain.hands and fast.removed == plain.removed
        assert fast.chance.counter == plain.chance.counter
