"""The public rules a board shows (who would decide the round now, what each skill option gives, the reveal
order) answered from the View alone, and always as the engine decides them."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from tabletop.games.kakapo import GAME
from tabletop.games.kakapo.actions import Skill
from tabletop.games.kakapo.state import REVEAL, SKILL
from tabletop.games.kakapo.view import leading, reveal_order, skill_selection


def _games(players: int, mission: str, seeds: range):
    """Every move of random games: the state before it, the seat, the action and the state after it."""
    for seed in seeds:
        state = GAME.new_state(players, {"mission": mission}, seed)
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.to_act()[0]
            action = rng.choice(state.legal_actions(seat))
            before = state.clone()
            state.apply(seat, action)
            yield before, seat, action, state


@pytest.mark.parametrize(("players", "mission"), [(2, "buddy_12"), (3, "party_03"), (4, "party_08")])
def test_leading_is_the_card_the_engine_decides_on(players, mission):
    decided = 0
    for before, seat, action, after in _games(players, mission, range(6)):
        if before.phase != REVEAL:
            continue
        lead = before.lead if before.revealed else action.card >> 3  # the first reveal sets the lead colour
        shown = replace(before.view(None), revealed=(*before.revealed, (seat, action.card)), lead=lead)
        if after.phase == SKILL:  # the round's last reveal: the engine has decided
            assert leading(shown) == (after.placer, after.decision)
            decided += 1
        elif len(after.history) > len(before.history):  # decided, and "no skill" taken at once
            assert leading(shown) == (after.history[-1].placer, after.history[-1].decision)
            decided += 1
        else:
            assert leading(shown) is not None
    assert decided > 5


def test_leading_needs_a_reveal():
    state = GAME.new_state(2, {"mission": "buddy_12"}, 1)
    assert leading(state.view(None)) is None


@pytest.mark.parametrize(("players", "mission"), [(2, "buddy_12"), (3, "party_03")])
def test_skill_selection_is_what_the_engine_offers(players, mission):
    offered = 0
    for before, *_ in _games(players, mission, range(8)):
        if before.phase == SKILL:
            view = before.view(None)
            for skill, pieces in before.skill_options():
                assert isinstance(skill, Skill)
                assert skill_selection(view, skill) == pieces, skill
                offered += 1
    assert offered > 10


def test_reveal_order_is_the_engines():
    for players, mission in ((2, "buddy_12"), (3, "party_03"), (4, "party_08")):
        state = GAME.new_state(players, {"mission": mission}, 3)
        for start in range(players):
            state.start = start
            assert reveal_order(state.mode, start, players) == state.order()
    assert reveal_order("buddy", 1, 2) == (1, 0, 1, 0)
    assert reveal_order("party", 2, 4) == (2, 3, 0, 1)
