"""Soak: AI-vs-AI games of every game, player count and option combination, every step checked.

Options with many choices (KAKAPO's mission, Sumidagawa's number of games, Ghost
Bumpers' target) are sampled (default, first, last and a few between); booleans
are taken in every combination. Seats are random and easy agents, now and then
one normal:50. After every action the game's own property-test invariant runs
(tests/games/test_<id>_prop*.py), and at random moments the conformance checks
(clone independence, determinisation consistency, refusal out of turn). Every
finished game is saved with records.save_record, loaded back with load_record,
and must give the same final state (to_json) and result.
"""

from __future__ import annotations

import importlib
import itertools
import json
import random
import tempfile
import traceback
from pathlib import Path
from typing import Any

import pytest

from tabletop.ai.levels import make_agent
from tabletop.engine import registry
from tabletop.engine.core import Game, Option
from tabletop.engine.records import Record, Seat, load_record, save_record
from tests.conformance import check_clone_independent, check_illegal_refused, check_sample_state_consistent
from tests.soak.budget import Budget, report

pytestmark = pytest.mark.slow

GAMES = [e.id for e in registry.CATALOG]
SHARE_PER_GAME = 0.45 / len(GAMES)
MAX_ACTIONS = 20_000


def invariant_for(game_id: str):
    """The game's property-test invariant (tests/games/test_<id>_prop*.py), or None."""
    folder = Path(__file__).resolve().parents[1] / "games"
    for path in sorted(folder.glob(f"test_{game_id}_prop*.py")):
        module = importlib.import_module(f"tests.games.{path.stem}")
        found = getattr(module, "invariant", None)
        if callable(found):
            return found
    return None


def sample_choices(option: Option) -> list[Any]:
    choices = list(option.choices)
    if len(choices) <= 4:
        return choices
    picks = {0, len(choices) - 1, choices.index(option.default) if option.default in choices else 0}
    picks |= {round(i * (len(choices) - 1) / 5) for i in range(1, 5)}
    return [choices[i] for i in sorted(picks)]


def configs(game: Game) -> list[tuple[int, dict[str, Any]]]:
    """(players, options) for every player count and option combination that the game accepts."""
    keys = [o.key for o in game.options]
    out = []
    for players in game.players:
        for values in itertools.product(*(sample_choices(o) for o in game.options)):
            options = dict(zip(keys, values))
            try:
                game.new_state(players, game.resolve_options(options), 0)
            except ValueError:
                continue  # a combination the rules refuse (e.g. a Buddy mission for 3 players)
            out.append((players, options))
    return out


def play_one(game: Game, players: int, options: dict[str, Any], seed: int, agents: list[str], invariant,
             rng: random.Random, folder: Path) -> int:
    state = game.new_state(players, game.resolve_options(options), seed)
    seat_agents = [make_agent(game, level) for level in agents]
    rngs = [random.Random(rng.getrandbits(32)) for _ in range(players)]
    actions: list[tuple[int, str]] = []
    check_at = {rng.randrange(60) for _ in range(3)}
    while not state.is_over():
        assert len(actions) < MAX_ACTIONS, "the game did not end"
        to_act = state.to_act()
        assert to_act, "nobody to act in a game that is not over"
        seat = to_act[rng.randrange(len(to_act))]
        legal = state.legal_actions(seat)
        assert legal, f"seat {seat} to act without a legal action"
        if len(actions) in check_at:
            check_clone_independent(state, rng)
            check_sample_state_consistent(game, state, seat, rng)
            check_illegal_refused(game, state)
        action = legal[0] if len(legal) == 1 else seat_agents[seat].choose(state.view(seat), legal, rngs[seat])
        assert action in legal, f"agent {agents[seat]} chose {action}, not legal"
        text = str(action)
        assert game.parse_action(text) == action, f"notation does not round-trip: {text}"
        state.apply(seat, action)
        actions.append((seat, text))
        if invariant is not None:
            invariant(state)
    result = state.result()
    assert len(result.scores) == players
    record = Record(game.id, players, seed, game.resolve_options(options),
                    [Seat(f"{a} {i + 1}", a.split(":")[0]) for i, a in enumerate(agents)], actions, game.version)
    path = folder / f"{game.id}-{seed}.json"
    save_record(path, record)
    loaded = load_record(path)
    assert loaded.record.to_json() == record.to_json(), "the record changed on the way through the file"
    assert json.dumps(loaded.state.to_json(), sort_keys=True) == json.dumps(state.to_json(), sort_keys=True), \
        "the record does not replay to the same final state"
    assert loaded.state.result() == result
    path.unlink()
    return len(actions)


@pytest.mark.parametrize("game_id", GAMES)
def test_soak_ai_games(game_id: str) -> None:
    if not registry.is_available(game_id):
        pytest.skip(f"{game_id} is not built")
    budget = Budget(SHARE_PER_GAME)
    game = registry.get_game(game_id)
    invariant = invariant_for(game_id)
    plan = configs(game)
    rng = random.Random()
    base_seed = rng.getrandbits(32)
    played: set[int] = set()
    games = total_actions = verified = 0
    failures: list[str] = []
    with tempfile.TemporaryDirectory(prefix="tabletop-soak-games-") as tmp:
        for index in itertools.count():
            if budget.over() or len(failures) >= 20:
                break
            slot = index % len(plan)
            players, options = plan[slot]
            seed = random.Random(base_seed * 1_000_003 + index).getrandbits(40)
            agents = [rng.choice(("random", "easy")) for _ in range(players)]
            if index % 10 == 9:
                agents[rng.randrange(players)] = "normal:50"
            try:
                total_actions += play_one(game, players, options, seed, agents, invariant, rng, Path(tmp))
                verified += 1
            except Exception as exc:  # noqa: BLE001 - every failure is collected, then reported
                tail = traceback.format_exception(exc)[-3:]
                failures.append(f"{players}p {options} seed {seed} agents {agents}: {''.join(tail).strip()}")
            games += 1
            played.add(slot)
    report("games", game=game_id, configs=len(played), configs_total=len(plan), games=games,
           actions=total_actions, records_verified=verified, failures=len(failures),
           notes="; ".join(failures[:3])[:2000] if failures else ("" if invariant else "no invariant found"))
    assert not failures, f"{len(failures)} failing {game_id} games, first: {failures[0]}"
