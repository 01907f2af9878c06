"""Ghost Bumpers heuristic: beats random players, reads only the View, sensible single decisions."""

from __future__ import annotations

import random

from tabletop.ai.heuristics import ghost_bumpers as heuristic
from tabletop.ai.heuristics import load
from tabletop.games.ghost_bumpers import GAME
from tabletop.games.ghost_bumpers.actions import Play, PlayZ, SetFear
from tabletop.games.ghost_bumpers.cards import parse_cards
from tabletop.games.ghost_bumpers.scripted import scripted_state


def _arena(players: int, games: int, use_rollout: bool = False) -> tuple[float, float, float]:
    """Seat 0 heuristic, the others random; returns (win share of seat 0, its mean score, others' mean)."""
    wins = 0.0
    mine = others = 0.0
    for g in range(games):
        state = GAME.new_state(players, {}, 500 + g)
        rng = random.Random(g)
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            if seat == 0:
                action = (heuristic.rollout(state, seat, legal, rng) if use_rollout
                          else heuristic.choose(state.view(seat), legal, rng))
            else:
                action = legal[rng.randrange(len(legal))]
            state.apply(seat, action)
        result = state.result()
        wins += result.reward(0)
        mine += result.scores[0]
        others += sum(result.scores[1:]) / (players - 1)
    return wins / games, mine / games, others / games


def test_heuristic_beats_random_players() -> None:
    """100 seeded games (25 per player count): random would win about 1/N of them."""
    total = 0.0
    for players in (3, 4, 5, 6):
        share, mine, others = _arena(players, 25)
        assert share > 2.0 / players, (players, share)
        assert mine > 1.5 * others, (players, mine, others)
        total += share
    assert total / 4 > 0.7


def test_rollout_policy_beats_random_players() -> None:
    share, _, _ = _arena(4, 40, use_rollout=True)
    assert share > 0.6


def test_module_is_found_by_game_id() -> None:
    assert load("ghost_bumpers") is heuristic


def test_same_view_same_choice() -> None:
    """Fairness: states that look the same to a seat give the same choice under the same seed."""
    rng = random.Random(3)
    for seed in range(30):
        state = GAME.new_state(3 + seed % 4, {}, seed)
        for _ in range(rng.randrange(60)):
            if state.is_over():
                break
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])
        if state.is_over():
            continue
        seat = state.to_act()[0]
        view = state.view(seat)
        twin = GAME.sample_state(view, random.Random(seed))
        assert twin.view(seat) == view
        legal = state.legal_actions(seat)
        assert twin.legal_actions(seat) == legal
        first = heuristic.choose(view, legal, random.Random(seed))
        second = heuristic.choose(twin.view(seat), legal, random.Random(seed))
        assert first == second


def test_fear_bid_follows_hand_strength() -> None:
    rng = random.Random(0)
    weak = [heuristic.fear_position(parse_cards("111222334"), rng) for _ in range(20)]
    # Lone high cards are hard to lose; a triple of 9s is only 3.9 and ducks easily.
    strong = [heuristic.fear_position(parse_cards("456789Z55"), rng) for _ in range(20)]
    assert max(weak) <= 1
    assert min(strong) >= 2 and sum(strong) > sum(weak) + 20
    state = GAME.new_state(4, {}, 1)
    assert isinstance(heuristic.choose(state.view(0), state.legal_actions(0), rng), SetFear)


def test_ducks_when_no_safe_reveal_is_left() -> None:
    """S on top: winning means a scare, so the last player plays under the trick."""
    state = scripted_state(3, ["41", "31", "9821"], char_decks=["UUUUUUS", "UUUUUUS", "SUUUUUU"])
    state.apply(0, Play(4, 1))
    state.apply(1, Play(3, 1))
    for seed in range(10):
        action = heuristic.choose(state.view(2), state.legal_actions(2), random.Random(seed))
        assert action in (Play(2, 1), Play(1, 1)), action


def test_takes_a_safe_trick_that_uses_up_the_last_reveal() -> None:
    """One safe reveal left and a certain win owing exactly one: take it (the score doubles)."""
    state = scripted_state(3, ["41", "31", "9821"], char_decks=["UUUUUUS", "UUUUUUS", "USUUU"])
    state.apply(0, Play(4, 1))
    state.apply(1, Play(3, 1))
    action = heuristic.choose(state.view(2), state.legal_actions(2), random.Random(0))
    assert action in (Play(9, 1), Play(8, 1))


def test_goes_for_the_paranoia_finish() -> None:
    """S at the bottom of a 2-card deck and a sure win owing exactly 2: win it for 10 points."""
    state = scripted_state(3, ["51", "31", "981Z"], char_decks=["UUUUUUS", "UUUUUUS", "US"])
    state.apply(0, Play(5, 1))
    state.apply(1, Play(3, 1))
    action = heuristic.choose(state.view(2), state.legal_actions(2), random.Random(0))
    assert action in (Play(9, 1), Play(8, 1))
    assert action != PlayZ(10)


# -- search support: rollouts stop at the round's end, valued from the scores ------------------------------


def test_win_chances_follow_the_scores_and_sum_to_one() -> None:
    from tabletop.ai.score_value import win_chances

    chances = win_chances([20, 10, 10, 0], rounds_left=3, spread_per_round=heuristic.ROUND_SPREAD)
    assert abs(sum(chances) - 1.0) < 1e-9
    assert chances[0] > chances[1] == chances[2] > chances[3]
    # with more rounds to come a lead means less
    later = win_chances([20, 10, 10, 0], rounds_left=8, spread_per_round=heuristic.ROUND_SPREAD)
    assert later[0] < chances[0]


def test_search_rollouts_stop_at_the_end_of_the_round() -> None:
    """The level's ISMCTS evaluates at the next round's start instead of playing all eight rounds."""
    from tabletop.ai.ismcts import SearchConfig
    from tabletop.ai.levels import game_search

    state = GAME.new_state(4, GAME.resolve_options({}), 5)
    seat = state.to_act()[0]
    rounds_seen: list[int] = []
    search = game_search(GAME, SearchConfig(iterations=40))
    evaluate = search.evaluate
    assert evaluate is heuristic.evaluate and search.segment is heuristic.segment

    def spy(s, who):  # noqa: ANN001
        rounds_seen.append(s.round_no)
        return evaluate(s, who)

    search.evaluate = spy
    search.choose(state.view(seat), state.legal_actions(seat), random.Random(1))
    assert rounds_seen and set(rounds_seen) == {state.round_no + 1}
