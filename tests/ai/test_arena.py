"""Arena: the JSON summary's shape, tie splitting, reproducibility across jobs, records and the CLI mount."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from tabletop import arena
from tabletop.engine import registry
from tabletop.engine.core import Result
from tabletop.engine.records import load_record
from tests.ai.toy_game import GAME as TOY

REF = "tests.ai.toy_game:GAME"
SEAT_KEYS = {"agent", "mean_score", "win_share", "win_share_ci95", "decision_time_mean", "decision_time_p95"}
TOP_KEYS = {"game", "players", "games", "seed", "options", "agents", "seats", "coop_success_rate", "seconds",
            "games_per_second", "clock"}


def test_summary_shape() -> None:
    summary = arena.run_arena(REF, 3, 12, ["normal:20", "random", "easy"], seed=4, options={}, progress=False)
    json.dumps(summary)
    assert set(summary) == TOP_KEYS
    assert summary["game"] == "toy" and summary["players"] == 3 and summary["games"] == 12
    assert summary["agents"] == ["normal:20", "random", "easy"]
    assert summary["coop_success_rate"] is None
    assert len(summary["seats"]) == 3
    for seat in summary["seats"]:
        assert set(seat) == SEAT_KEYS
        lo, hi = seat["win_share_ci95"]
        assert 0.0 <= lo <= seat["win_share"] <= hi <= 1.0
        assert seat["decision_time_p95"] >= 0.0
    assert abs(sum(s["win_share"] for s in summary["seats"]) - 1.0) < 1e-9  # someone always wins; ties split


def test_ties_are_split_among_winners() -> None:
    result = Result.from_scores([3, 3, 1])
    outcome = arena.GameOutcome(0, 1, list(result.scores), [result.reward(s) for s in range(3)], None,
                                [[], [], []])
    solo = Result.from_scores([1, 5, 2])
    other = arena.GameOutcome(1, 2, list(solo.scores), [solo.reward(s) for s in range(3)], None, [[0.1], [], []])
    summary = arena.summarise(TOY, 3, {}, ["random"] * 3, 0, [outcome, other], 1.0)
    shares = [s["win_share"] for s in summary["seats"]]
    assert shares == [0.25, 0.75, 0.0]
    assert summary["seats"][0]["decision_time_p95"] == 0.1


def test_wilson_interval() -> None:
    lo, hi = arena.wilson(0.5, 100)
    assert 0.40 < lo < 0.41 and 0.59 < hi < 0.60
    assert arena.wilson(0.0, 10)[0] == 0.0 and arena.wilson(1.0, 10)[1] == 1.0


def test_reproducible_and_independent_of_jobs() -> None:
    args = (REF, 2, 6, ["normal:15", "random"])
    one = arena.run_arena(*args, seed=3, options={}, jobs=1, progress=False)
    two = arena.run_arena(*args, seed=3, options={}, jobs=2, progress=False)
    for summary in (one, two):
        for seat in summary["seats"]:
            seat.pop("decision_time_mean"), seat.pop("decision_time_p95")
        summary.pop("seconds"), summary.pop("games_per_second")
    assert one == two


def test_bad_arguments_are_value_errors() -> None:
    with pytest.raises(ValueError):
        arena.run_arena(REF, 3, 2, ["random", "random"], progress=False)  # 2 agents for 3 seats
    with pytest.raises(ValueError):
        arena.run_arena(REF, 2, 2, ["genius"], progress=False)
    with pytest.raises(ValueError):
        arena.run_arena(REF, 9, 2, ["random"], progress=False)
    with pytest.raises(ValueError):
        arena.parse_options(["novalue"])


def test_records_and_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    games = registry.available_games()
    if not games:
        pytest.skip("no registered game yet")
    game = games[0]
    players = max(game.players.start, 2) if 2 in game.players else game.players.start
    parser = argparse.ArgumentParser()
    arena.add_arguments(parser)
    args = parser.parse_args([game.id, "--players", str(players), "--games", "2", "--agents", "random",
                              "--seed", "5", "--records", str(tmp_path), "--quiet"])
    capsys.readouterr()  # loading the registry may have printed pygame's banner (a game's map loader imports it)
    assert arena.main(args) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["game"] == game.id and summary["games"] == 2
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 2
    replayed = load_record(files[0])
    assert replayed.state.is_over()
    assert [s.kind for s in replayed.record.seats] == ["random"] * players
    bad = parser.parse_args([game.id, "--option", "nonsense=1", "--quiet"])
    assert arena.main(bad) == 2
