"""The ladder (issue 17), as slow arena checks (`pytest -m slow tests/ai/test_ladder.py`): one seat of a level
against three of the level below wins clearly more than its fair quarter. Budgets are fixed iterations in
the ratio of the levels' time caps, scaled down so a run takes minutes (bench/STRENGTH.md has the figures)."""

from __future__ import annotations

import pytest

from tabletop.arena import run_arena

FAIR = 0.25


def _lower_bound(game_id: str, agents: list[str], games: int, seed: int) -> float:
    summary = run_arena(game_id, 4, games, agents, seed=seed, jobs=2, progress=False)
    return summary["seats"][0]["win_share_ci95"][0]


@pytest.mark.slow
def test_ghost_bumpers_normal_beats_three_easy() -> None:
    assert _lower_bound("ghost_bumpers", ["normal:250", "easy", "easy", "easy"], 40, 11) > FAIR


@pytest.mark.slow
def test_ghost_bumpers_hard_beats_three_normal() -> None:
    assert _lower_bound("ghost_bumpers", ["hard:1000", "normal:250", "normal:250", "normal:250"], 40, 21) > FAIR
