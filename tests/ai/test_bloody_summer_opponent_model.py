"""BLOODY SUMMER's opponent model: sampled hands fit what each opponent did all game (issue 17).

The sampler deals the unseen cards uniformly; the model moves them so that a player who passed seldom
holds a play that beat the top, and one who played stronger than needed seldom holds the weaker play,
in this round and in every finished one (the view's public history). These tests fail when the model
reads a round wrongly, when it forgets earlier rounds or the cards played since, when it is a no-op, or
when it redraws something the searching seat can see.
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


def _read(evidence: dict[int, list[model.Evidence]]) -> list[tuple[int, str, tuple[int, ...], float]]:
    return sorted((seat, form, tuple(_values(mask)), factor)
                  for seat, items in evidence.items() for _, form, mask, factor in items)


def test_evidence_reads_who_passed_on_what_and_who_skipped_weaker_plays() -> None:
    evidence = model.game_evidence(_spec_round(), 3)  # D searches: D's own plays say nothing to D
    assert _read(evidence) == sorted([
        (2, "S", (10, 11, 12, 13), model.PASS_HOLDING),  # C passed on B's 9
        (0, "S", (12, 13), model.PASS_HOLDING),  # A passed on D's 11
        (1, "S", (5, 6, 7, 8), model.SKIP_WEAKER),  # B answered the 4 with a 9
    ])
    assert evidence[1][0][0] == ONE[9] + ONE[12]  # B held its 9 and 12 when it played the 9


def test_reversed_order_turns_the_evidence_around() -> None:
    state = build_state([[1, 2], [9, 9], [3, 4], [5, 6]], marker=0, plays=[(0, "S(12)"), (1, "S(5)")],
                        reversed_order=True, turn=2)
    assert _read(model.game_evidence(state, 2)) == [(1, "S", (6, 7, 8, 9, 10, 11), model.SKIP_WEAKER)]


def test_finished_rounds_stay_evidence_with_the_cards_played_since() -> None:
    """Round 1: A leads S(4), B S(9), C passes, D S(11), A and B pass: D is checked and leads round 2
    with S(2), which A answers with S(6). Hands never grow, so C's pass on the 9 still says C seldom held
    a 10 or better, and B's 9 still says B seldom held 5-8; A passed on D's 11 holding the 6 played since.
    (The killer draws D's danger number 4.)"""
    state = build_state([[1, 4, 6, 8], [5, 9, 9], [3, 10, 12], [2, 5, 11, 13]], marker=0, draws=[(4,)])
    for seat, text in [(0, "S(4)"), (1, "S(9)"), (2, "pass"), (3, "S(11)"), (0, "pass"), (1, "pass")]:
        state.apply(seat, GAME.parse_action(text))
    assert state.round == 2 and state.marker == 3 and not state.plays
    assert state.history == ((0b1111, False, ((0, "S", 4), (1, "S", 9), (3, "S", 11))),)
    state.apply(3, GAME.parse_action("S(2)"))
    state.apply(0, GAME.parse_action("S(6)"))
    evidence = model.game_evidence(state, 1)  # B to act, searching
    assert _read(evidence) == sorted([
        (2, "S", (10, 11, 12, 13), model.PASS_HOLDING),  # C on B's 9, round 1
        (0, "S", (12, 13), model.PASS_HOLDING),  # A on D's 11, round 1
        (3, "S", (10,), model.SKIP_WEAKER),  # D answered B's 9 with an 11, round 1
        (0, "S", (3, 4, 5), model.SKIP_WEAKER),  # A answered D's 2 with a 6, round 2
    ])
    a_on_11 = next(item for item in evidence[0] if item[3] == model.PASS_HOLDING)
    assert a_on_11[0] == ONE[6]  # A then held the 6 it played in round 2
    b = model.game_evidence(state, 2)[1]  # what C reads of B: a pass on the 11, the 9 played over the 4
    assert _read({1: b}) == [(1, "S", (5, 6, 7, 8), model.SKIP_WEAKER), (1, "S", (12, 13), model.PASS_HOLDING)]
    assert [extra for extra, *_ in b] == [0, ONE[9]]


def test_the_history_is_public_and_reaches_the_sampled_worlds() -> None:
    state = build_state([[1, 6], [5, 9], [3, 10], [2, 11]], marker=0, draws=[(9,)])
    for seat, text in [(0, "S(6)"), (1, "S(9)"), (2, "pass"), (3, "pass"), (0, "pass")]:
        state.apply(seat, GAME.parse_action(text))
    views = [state.view(seat) for seat in (None, 0, 1, 2, 3)]
    assert all(view.history == state.history != () for view in views)
    world = GAME.sample_state(state.view(2), random.Random(5))
    assert world.history == state.history and world.clone().history == state.history


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
