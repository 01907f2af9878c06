"""KAKAPO's end of a round (issue 18: engine speed) gives what the plain rules give.

The engine finds the decision card from the revealed cards as a mask and lists the skill
options from per-card tables; these tests replay random games and check every round's
end against the rules written out plainly (spec §6.1 and §6.6), so a wrong table entry
or bit trick is named here, not only by a changed digest.
"""

from __future__ import annotations

import random

import pytest

from tabletop.games.kakapo import GAME
from tabletop.games.kakapo.actions import DOUBLE, DOWN, NO_SKILL, UP, WILD, Reveal, Skill, notation
from tabletop.games.kakapo.missions import MISSION_IDS
from tabletop.games.kakapo.state import KakapoState


def plain_decision(revealed: list[tuple[int, int]], lead: int, top: int) -> tuple[int, int]:
    """Spec §6.1: (card, seat) of the highest card of the top colour, else of the lead colour."""
    k, p = max([(k, p) for p, k in revealed if k >> 3 == top] or [(k, p) for p, k in revealed if k >> 3 == lead])
    return k, p


def plain_options(mode: str, counters: int, used: int, revealed: list[tuple[int, int]],
                  d: int) -> list[tuple[Skill, tuple[int, ...]]]:
    """Spec §6.6: "no skill" always; the others only with a counter left and an unused piece to give."""
    base = () if used >> d & 1 else (d,)
    opts: list[tuple[Skill, tuple[int, ...]]] = [(NO_SKILL, base)]
    if counters == 0:
        return opts
    cards = [k for _, k in revealed]
    if len({k >> 3 for k in cards}) == 1 and not used >> min(cards) & 1:
        opts.append((DOUBLE, base + (min(cards),)))
    if mode == "buddy":
        value = d & 7
        for c in range(5):
            if c != d >> 3 and not used >> (8 * c + value) & 1:
                opts.append((WILD[c], (8 * c + value,)))
        if value < 7 and not used >> (d + 1) & 1:
            opts.append((UP, (d + 1,)))
        if value > 0 and not used >> (d - 1) & 1:
            opts.append((DOWN, (d - 1,)))
    return opts


def _round_ends(players: int, mission: str, seed: int):
    """(state before the round's last reveal, the revealing seat, its card, state after) of one random game."""
    rng = random.Random(seed)
    state = GAME.new_state(players, {"mission": mission}, seed)
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        action = legal[rng.randrange(len(legal))]
        before = state.clone()
        state.apply_unchecked(seat, action)
        if isinstance(action, Reveal) and len(before.revealed) == before.per_round - 1:
            yield before, seat, action.card, state


@pytest.mark.parametrize("players, missions", [(2, [m for m in MISSION_IDS if m.startswith("buddy")]),
                                               (3, [m for m in MISSION_IDS if m.startswith("party")]),
                                               (4, [m for m in MISSION_IDS if m.startswith("party")])])
def test_each_round_ends_with_the_plain_decision_options_and_discard(players: int, missions: list[str]) -> None:
    seen_skills = set()
    rounds = 0
    for i, mission in enumerate(missions):
        for seed in range(6):
            for before, seat, card, after in _round_ends(players, mission, 1000 * i + seed):
                revealed = [*before.revealed, (seat, card)]
                lead = before.lead if before.revealed else card >> 3
                k, p = plain_decision(revealed, lead, before.top_colour())
                expected = plain_options(before.mode, before.counters, before.used, revealed, k)
                record = after.history[-1] if after.phase != "skill" else None
                if record is None:  # the placer chooses: the options offered are the plain ones
                    assert (after.decision, after.placer) == (k, p)
                    assert after.options == expected
                    seen_skills.update(o.kind for o, _ in expected)
                else:  # only "no skill": taken at once, its round recorded
                    assert len(expected) == 1
                    assert (record.decision, record.placer, record.skill) == (k, p, "skill none")
                    assert record.selection == expected[0][1]
                    assert after.discard == before.discard | sum(1 << c for _, c in revealed if c != k)
                    assert after.pile == [*before.pile, k]
                rounds += 1
    assert rounds > 100
    assert "double" in seen_skills and (players > 2 or {"wild", "up", "down"} <= seen_skills)


def test_skill_options_from_a_state_equal_the_plain_ones() -> None:
    """`skill_options()` (the sampler rebuilds a skill phase with it) agrees with `_decide`'s options."""
    checked = 0
    for *_, after in _round_ends(2, "buddy_03", 7):
        if after.phase == "skill":
            assert after.skill_options() == after.options
            checked += 1
    assert checked


def test_notation_is_the_text_of_any_skill() -> None:
    for skill in (NO_SKILL, DOUBLE, UP, DOWN, *WILD, Skill("wild", 3), Skill("up"), Skill("none")):
        assert notation(skill) == str(skill)


def test_resolved_options_start_the_same_game_as_unresolved_ones() -> None:
    for players, given in ((2, {}), (2, {"mission": "BUDDY_04"}), (3, {"mission": "party_07"}), (4, {})):
        resolved = GAME.resolve_options(given)
        a, b = GAME.new_state(players, given, 99), GAME.new_state(players, resolved, 99)
        assert isinstance(a, KakapoState) and a.to_json() == b.to_json()
    with pytest.raises(ValueError):
        GAME.new_state(2, {"mission": "auto", "colour": "red"}, 1)
    with pytest.raises(ValueError):
        GAME.new_state(2, {"mission": "party_01"}, 1)
