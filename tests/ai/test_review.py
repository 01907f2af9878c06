"""The review of a finished game (tabletop/ai/review.py): planted blunders are marked first, a hard player's
own game shows nothing above noise, hidden cards change nothing, and the review is the same every time.

The searches run at a reduced fixed budget (LEVEL): the mechanism is the one the app runs at the review's
per-game budget (bench/review_bench.py measures that one)."""

from __future__ import annotations

import random

import pytest

from tabletop.ai.levels import make_agent
from tabletop.ai.review import (
    CLOSE,
    MARKED,
    Decision,
    MoveReview,
    Review,
    decisions,
    review_decision,
    review_level,
    review_record,
    review_seed,
    summarize,
)
from tabletop.ai.worker import AIRequest, AIWorker
from tabletop.engine import registry
from tabletop.engine.records import Record, Seat, replay
from tests.ai.review_blunders import FIRST_SEEDS, PICKERS, planted_game
from tests.ai.test_fairness import _twin_with_other_secrets

ITERATIONS = 300
LEVEL = f"hard:{ITERATIONS}"


def _played(game_id: str, players: int, seed: int, levels: list[str], options: dict | None = None) -> Record:
    """A seeded game, each seat playing its level (every agent with its own seeded stream)."""
    game = registry.get_game(game_id)
    resolved = game.resolve_options(options or {})
    state = game.new_state(players, resolved, seed)
    agents = [make_agent(game, level) for level in levels]
    rng = random.Random(seed * 7919)
    record = Record(game_id, players, seed, resolved, [Seat(f"P{i}", lv) for i, lv in enumerate(levels)], [],
                    game.version)
    while not state.is_over():
        seat = state.to_act()[0]
        action = agents[seat].choose(state.view(seat), state.legal_actions(seat), rng)
        state.apply(seat, action)
        record.actions.append((seat, str(action)))
    return record


@pytest.mark.parametrize("game_id", sorted(PICKERS))
def test_a_planted_blunder_is_marked_first(game_id: str) -> None:
    """A strong player's game with one plain blunder (tests/ai/review_blunders.py): the review puts it first."""
    seed = FIRST_SEEDS[game_id]
    record, index = planted_game(game_id, LEVEL, seeds=range(seed, seed + 1))
    review = review_record(record, 0, ITERATIONS)
    assert review.marked, review.to_json()
    first = review.marked[0]
    assert (first.index, first.played) == (index, record.actions[index][1]), review.to_json()
    assert first.suggested != first.played and first.cost > first.noise


@pytest.mark.parametrize("game_id,players", [("bloody_summer", 4), ("kakapo", 2)])
def test_the_hard_levels_own_game_shows_nothing_above_noise(game_id: str, players: int) -> None:
    """The hard level against itself (its own seeds, not the review's): every move is within the search's
    spread of the review's own choice, so nothing is marked. One competitive game (the search's visits give
    the spread) and one co-op game (the planner's paired test does)."""
    record = _played(game_id, players, 3, [LEVEL] * players)
    review = review_record(record, 0, ITERATIONS)
    assert review.choices  # the seat had real decisions to review
    assert review.marked == (), review.to_json()


@pytest.mark.parametrize("game_id", sorted(PICKERS))
def test_the_review_ignores_what_the_seat_could_not_see(game_id: str) -> None:
    """Every reviewed decision searched again from a world with the hidden cards redrawn: the same review."""
    game = registry.get_game(game_id)
    players = max(game.players.start, min(3, game.players.stop - 1))
    record = _played(game_id, players, 5, ["easy"] * players)
    seat = 0
    real = [d for d in decisions(record, seat) if len(d.legal) > 1][:3]
    assert real
    twins = []
    for decision in real:
        state = replay(record, upto=decision.index).state
        twin = _twin_with_other_secrets(game, state, seat)
        legal = tuple(str(a) for a in twin.legal_actions(seat))
        twins.append(Decision(decision.index, seat, twin.view(seat), legal, decision.played))
    level = "hard:120"
    first = [review_decision(game, d, review_seed(record.seed, d.index, seat), level) for d in real]
    second = [review_decision(game, d, review_seed(record.seed, d.index, seat), level) for d in twins]
    assert first == second
    assert summarize(game, seat, first) == summarize(game, seat, second)


def test_the_same_record_always_gives_the_same_review() -> None:
    record = _played("bloody_summer", 4, 2, ["easy"] * 4)
    assert review_record(record, 1, 200) == review_record(record, 1, 200)
    seeds = {review_seed(record.seed, d.index, 1) for d in decisions(record, 1)}
    assert len(seeds) == len(decisions(record, 1))  # each decision searches with its own seed


def test_forced_moves_are_not_searched_or_marked() -> None:
    game = registry.get_game("bloody_summer")
    state = game.new_state(4, game.resolve_options({}), 1)
    seat = state.to_act()[0]
    only = str(state.legal_actions(seat)[0])
    forced = review_decision(game, Decision(0, seat, state.view(seat), (only,), only), 1, LEVEL)
    assert forced.forced and forced.cost == 0 and not forced.above_noise
    assert summarize(game, seat, [forced]).choices == ()


def _move(index: int, played: float, best: float, noise: float = 0.05) -> MoveReview:
    return MoveReview(index, 0, f"m{index}", f"b{index}" if played < best else f"m{index}", played, best, noise)


def test_the_summary_counts_close_moves_and_marks_the_costliest_above_noise() -> None:
    game = registry.get_game("bluffit")
    moves = [_move(0, 0.50, 0.50), _move(1, 0.49, 0.50), _move(2, 0.20, 0.60), _move(3, 0.30, 0.40),
             _move(4, 0.10, 0.45, noise=0.5), _move(5, 0.0, 0.3), _move(6, 0.1, 0.3), _move(7, 0.44, 0.50)]
    review = summarize(game, 0, reversed(moves))
    assert [m.index for m in review.moves] == list(range(8))
    assert review.close == sum(1 for m in moves if m.cost <= CLOSE) == 2
    assert review.largest is not None and review.largest.index == 2  # the largest swing, noisy or not
    assert [m.index for m in review.marked] == [2, 5, 6][:MARKED]  # move 4 costs more than 6 but is within its noise
    data = review.to_json()
    assert data["decisions"] == 8 and data["within_2_points"] == 2
    assert [m["index"] for m in data["marked"]] == [2, 5, 6]
    assert {"index", "played", "suggested", "played_chance", "suggested_chance", "cost", "reason"} <= set(
        data["marked"][0])


def test_the_worker_answers_a_review_request_as_the_review_does() -> None:
    record = _played("ghost_bumpers", 3, 4, ["easy"] * 3)
    game = registry.get_game("ghost_bumpers")
    decision = next(d for d in decisions(record, 0) if len(d.legal) > 1)
    seed = review_seed(record.seed, decision.index, 0)
    expected = review_decision(game, decision, seed, "hard:150")
    for mode in ("sync", "process"):
        with AIWorker(mode=mode) as worker:
            worker.submit(AIRequest("ghost_bumpers", "hard:150", decision.view, decision.legal, seed, review=decision))
            assert worker.wait(timeout=60) == expected, mode


def test_the_review_budget_is_a_fixed_hard_level_per_game() -> None:
    for game in registry.available_games():
        level = review_level(game.id)
        assert level.startswith("hard:") and int(level.split(":")[1]) >= 300
    assert review_level("bluffit", 50) == "hard:50"
    assert isinstance(Review, type)
