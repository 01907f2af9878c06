"""The co-op rollout planner: overrules a bad heuristic, keeps a good one, stops when nothing differs."""

from __future__ import annotations

import random
from typing import Any

from tabletop.ai.ismcts import SearchConfig
from tabletop.ai.levels import make_agent
from tabletop.ai.profile import AIProfile
from tabletop.ai.rollout_planner import SETTLED_WORLDS, RolloutPlanner
from tabletop.engine.core import Action, Chance, Game, Result, State, View
from tabletop.engine.registry import get_game


class Push(Action):
    def __init__(self, amount: int) -> None:
        self.amount = amount

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Push) and other.amount == self.amount

    def __hash__(self) -> int:
        return hash(self.amount)

    def __str__(self) -> str:
        return f"push{self.amount}"


PUSHES = [Push(k) for k in range(6)]


class PushState(State):
    """Two seats push 0..5 in turn, then a die (1..6) is added; the team wins at `target` or more."""

    def __init__(self, target: int, chance: Chance) -> None:
        self.target = target
        self.chance = chance
        self.pushes: list[int] = []
        self.total: int | None = None

    def clone(self) -> PushState:
        twin = PushState(self.target, self.chance.clone())
        twin.pushes, twin.total = list(self.pushes), self.total
        return twin

    def is_over(self) -> bool:
        return self.total is not None

    def to_act(self) -> tuple[int, ...]:
        return () if self.total is not None else (len(self.pushes),)

    def legal_actions(self, seat: int) -> list[Action]:
        return list(PUSHES) if seat in self.to_act() else []

    def check(self, seat: int, action: Action) -> None:
        assert action in self.legal_actions(seat)

    def apply_unchecked(self, seat: int, action: Action) -> list:
        self.pushes.append(action.amount)  # type: ignore[attr-defined]
        if len(self.pushes) == 2:
            self.total = sum(self.pushes) + self.chance.rng().randint(1, 6)
        return []

    def view(self, seat: int | None) -> View:
        return View("push", seat, 2)

    def result(self) -> Result:
        won = self.total is not None and self.total >= self.target
        return Result(scores=(0.0, 0.0), ranks=(1, 1), winners=(0, 1) if won else (), coop_success=won)

    def public_action_text(self, seat: int, action: Action) -> str:
        return str(action)

    def to_json(self) -> dict[str, Any]:
        return {"pushes": self.pushes}


class PushGame(Game):
    id = "push"
    title = {"en": "Push", "ja": "プッシュ"}
    players = range(2, 3)
    cooperative = True

    def __init__(self, target: int) -> None:
        self.target = target

    def new_state(self, players: int, options: dict[str, Any], seed: int) -> PushState:
        return PushState(self.target, Chance(seed))

    def sample_state(self, view: View, rng: random.Random) -> PushState:
        return PushState(self.target, Chance(rng.getrandbits(62)))

    def parse_action(self, text: str) -> Action:
        return Push(int(text[4:]))


def timid(view: View, legal: list[Action], rng: random.Random) -> Action:
    return Push(0)


def bold(view: View, legal: list[Action], rng: random.Random) -> Action:
    return Push(5)


def _choose(target: int, heuristic, iterations: int = 600, seed: int = 3) -> tuple[Action, RolloutPlanner]:
    game = PushGame(target)
    planner = RolloutPlanner(game, SearchConfig(iterations=iterations), AIProfile(choose=heuristic), "normal")
    state = game.new_state(2, {}, 1)
    return planner.choose(state.view(0), state.legal_actions(0), random.Random(seed)), planner


def test_planner_overrules_a_heuristic_that_cannot_win() -> None:
    # The timid partner pushes 0, so only our push can reach 8: push 5 wins on 3..6 (4/6), push 0 never.
    move, planner = _choose(8, timid)
    assert move == Push(5)
    means = planner.last_stats.root_means
    assert means["push0"] == 0.0 and means["push5"] > means["push2"]


def test_planner_keeps_the_heuristic_when_it_is_best() -> None:
    move, _ = _choose(8, bold)
    assert move == Push(5)


def test_planner_keeps_the_proposal_when_the_advantage_is_noise() -> None:
    # Target 3: push 0 with partner 5 always wins, so no candidate can beat the proposal.
    move, planner = _choose(3, lambda v, legal, rng: Push(0) if v.seat == 0 else Push(5))
    assert move == Push(0)
    # Every candidate gave the proposal's result in every world: the search stopped early.
    assert planner.last_stats.iterations == SETTLED_WORLDS * len(PUSHES)


def test_planner_is_deterministic_under_seed_and_iterations() -> None:
    first = _choose(9, timid, iterations=120, seed=11)[1].last_stats
    second = _choose(9, timid, iterations=120, seed=11)[1].last_stats
    assert first.root_means == second.root_means and first.iterations == second.iterations == 120


def test_cooperative_games_get_the_planner_at_search_levels() -> None:
    for game_id in ("kakapo", "haunted_house"):
        assert isinstance(make_agent(get_game(game_id), "normal:30"), RolloutPlanner)
        assert isinstance(make_agent(get_game(game_id), "hard"), RolloutPlanner)
    assert not isinstance(make_agent(get_game("bluffit"), "normal"), RolloutPlanner)


def test_a_shaped_value_tells_moves_apart_when_every_rollout_fails() -> None:
    """Target 20 cannot be reached (at most 5 + 0 + 6): with only the result every move is worth 0 and the
    timid proposal stays; a shaped value (how close the total got) makes the planner push hardest. The stats
    still report the team's real success chance (0), which the hint shows."""
    def closeness(state: PushState, seat: int) -> float:
        return 1.0 if state.result().coop_success else 0.5 * (state.total or 0) / 20

    game = PushGame(20)
    state = game.new_state(2, {}, 1)
    plain = RolloutPlanner(game, SearchConfig(iterations=600), AIProfile(choose=timid), "normal")
    shaped = RolloutPlanner(game, SearchConfig(iterations=600), AIProfile(choose=timid, value=closeness),
                            "normal")
    assert plain.choose(state.view(0), state.legal_actions(0), random.Random(3)) == Push(0)
    assert shaped.choose(state.view(0), state.legal_actions(0), random.Random(3)) == Push(5)
    assert set(shaped.last_stats.root_means.values()) == {0.0}


def test_haunted_house_shaped_value_puts_success_above_any_failure() -> None:
    from tabletop.ai.heuristics import haunted_house as heuristic

    game = get_game("haunted_house")
    rng = random.Random(2)
    values = []
    for seed in range(6):
        state = game.new_state(4, game.resolve_options({}), seed)
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            state.apply_unchecked(seat, heuristic.choose(state.view(seat), legal, rng))
        values.append((heuristic.shaped_value(state, 0), state.result().coop_success, state.deposited))
    for value, won, _ in values:
        assert value == 1.0 if won else 0.0 <= value <= heuristic.SHAPED_SHARE
    failed = sorted((d, v) for v, won, d in values if not won)
    assert all(a[1] <= b[1] for a, b in zip(failed, failed[1:], strict=False))  # more jewels out, more value


def test_a_game_may_play_out_with_its_state_level_rollout() -> None:
    """With `plan_with_rollout` the playouts follow the module's `rollout(state, seat, legal, rng)` (KAKAPO's:
    as strong as `choose`, a third of the cost), not `choose` on each seat's view."""
    def bold_on_state(state: PushState, seat: int, legal: list[Action], rng: random.Random) -> Action:
        return Push(5)

    game = PushGame(8)
    state = game.new_state(2, {}, 1)
    means = {}
    for fast in (False, True):
        profile = AIProfile(choose=timid, rollout=bold_on_state, plan_with_rollout=fast)
        planner = RolloutPlanner(game, SearchConfig(iterations=600), profile, "normal")
        planner.choose(state.view(0), state.legal_actions(0), random.Random(3))
        means[fast] = planner.last_stats.root_means["push0"]
    assert means[False] == 0.0  # the timid partner pushes 0: push 0 can never reach 8
    assert means[True] > 0.5  # the bold playout partner pushes 5: 0 + 5 + a die of 3..6 reaches 8


def test_kakapo_plans_with_its_rollout() -> None:
    from tabletop.ai.heuristics import kakapo

    planner = make_agent(get_game("kakapo"), "normal")
    assert isinstance(planner, RolloutPlanner) and planner._playout is kakapo.rollout
    assert make_agent(get_game("haunted_house"), "normal")._playout is None  # not measured there: choose
