"""BLOODY SUMMER's opponent model: sampled hands fit what each opponent did this round (issue 17).

The sampler deals the unseen cards uniformly; the model redeals them so that a player who passed seldom
holds a play that beats the top, and one who played stronger than needed seldom holds the weaker play.
These tests fail when the model reads the round wrongly, when it is a no-op, or when it redraws
something the searching seat can see.
"""

from __future__ import annotations

import random

from tabletop.ai.heuristics import bloody_summer as heuristic
from tabletop.ai.heuristics import bloody_summer_model as model
from tabletop.ai.ismcts import ISMCTS, SearchConfig
from tabletop.engine import registry
from tabletop.games.bloody_summer.cards import ONE, count
from tabletop.games.bloody_summer.scenario import build_state
from tabletop.games.bloody_summer.state import BloodySummerState

GAME = registry.get_game("bloody_summer")


def _values(mask: int) -> list[int]:
    return [v for v in range(1, 14) if mask & ONE[v]]


def _spec_round() -> BloodySummerState:
    """BS-T08: A leads S(4), B S(9), C passes, D S(11), A passes, B S(12); D to act."""
    hands = [[1, 2, 3], [5, 6, 7, 8], [10, 10, 12], [2, 13]]
    return build_state(hands, marker=0, plays=[(0, "S(4)"), (1, "S(9)"), (3, "S(11)"), (1, "S(12)")],
                       passed=[2, 0], turn=3)


def test_evidence_reads_who_passed_on_what_and_who_skipped_weaker_plays() -> None:
    evidence = model.round_evidence(_spec_round(), 3)  # D searches: D's own plays say nothing to D
    found = sorted((seat, form, tuple(_values(mask)), factor) for seat, _, form, mask, factor in evidence)
    assert found == sorted([
        (2, "S", (10, 11, 12, 13), model.PASS_HOLDING),  # C passed on B's 9
        (0, "S", (12, 13), model.PASS_HOLDING),  # A passed on D's 11
        (1, "S", (5, 6, 7, 8), model.SKIP_WEAKER),  # B answered the 4 with a 9
    ])
    skip = next(e for e in evidence if e[0] == 1)
    assert skip[1] == ONE[9] + ONE[12]  # B held its 9 and 12 when it played the 9


def test_reversed_order_turns_the_evidence_around() -> None:
    state = build_state([[1, 2], [9, 9], [3, 4], [5, 6]], marker=0, plays=[(0, "S(12)"), (1, "S(5)")],
                        reversed_order=True, turn=2)
    evidence = model.round_evidence(state, 2)
    assert [(seat, tuple(_values(mask))) for seat, _, _, mask, _ in evidence] == [(1, (6, 7, 8, 9, 10, 11))]


def _share_holding(state: BloodySummerState, seat: int, opponent: int, values: range, modelled: bool,
                   draws: int = 600) -> float:
    """How often `opponent` holds one of `values` in worlds sampled for `seat`."""
    view = state.view(seat)
    rng = random.Random(11)
    holding = 0
    for _ in range(draws):
        world = GAME.sample_state(view, rng)
        if modelled:
            model.opponent_model(world, seat, rng)
            assert world.view(seat) == view  # only what the seat cannot see is redealt
            assert world.sizes == state.sizes and sum(world.hands) + world.aside == sum(state.hands) + state.aside
        holding += any(count(world.hands[opponent], v) for v in values)
    return holding / draws


def _late_round() -> BloodySummerState:
    """Late in a game: seat 0 led a 9 and seat 1 (four cards) passed; seat 2 to act."""
    hands = [[2, 3], [1, 2, 4, 5], [6, 7, 10], [3, 4, 11, 12]]
    return build_state(hands, marker=0, plays=[(0, "S(9)")], passed=[1], turn=2)


def test_a_pass_makes_beating_cards_unlikely() -> None:
    state = _late_round()
    uniform = _share_holding(state, 2, 1, range(10, 14), modelled=False)
    modelled = _share_holding(state, 2, 1, range(10, 14), modelled=True)
    assert uniform > 0.6
    assert modelled < uniform - 0.2


def test_a_round_without_passes_or_skips_is_left_as_sampled() -> None:
    state = build_state([[2, 3], [1, 2, 4, 5], [6, 7, 10], [3, 4, 11, 12]], marker=0, plays=[(0, "S(9)")], turn=1)
    view = state.view(1)
    world = GAME.sample_state(view, random.Random(3))
    before = world.hands[:]
    model.opponent_model(world, 1, random.Random(4))
    assert world.hands == before


def test_a_search_with_the_model_ignores_hidden_cards() -> None:
    """The model reads only the sampled world: redrawing what the seat cannot see leaves the choice alone."""
    state = _spec_round()
    twin = GAME.sample_state(state.view(3), random.Random(1))
    assert twin.hands != state.hands and twin.view(3) == state.view(3)
    choices = []
    for position in (state, twin):
        agent = ISMCTS(GAME, SearchConfig(iterations=300), rollout=heuristic.rollout,
                       opponent_model=model.opponent_model)
        choices.append(agent.choose(position.view(3), position.legal_actions(3), random.Random(9)))
        assert agent.last_stats is not None
        choices.append(agent.last_stats.root_visits)
    assert choices[0] == choices[2] and choices[1] == choices[3]
