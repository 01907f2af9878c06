"""The ladder for BLOODY SUMMER and Sumidagawa (issue 17), as slow arena checks
(`pytest -m slow tests/ai/test_ladder_bloody_summer_sumidagawa.py`): seat 0 at one level against three of the
level below wins clearly more than its fair quarter. Budgets are fixed iterations, hard = 4 x normal as in
the levels' caps, scaled down so a run takes minutes; Sumidagawa plays single games (option games=1), not
three-game sessions. bench/STRENGTH.md ("Issue 17, 2026-12-01 evening") has the figures, and what the same
runs gave with the search guard switched back on."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.arena import run_arena

FAIR = 0.25


def _lower_bound(game_id: str, agents: list[str], games: int, seed: int,
                 options: dict[str, Any] | None = None) -> float:
    summary = run_arena(game_id, 4, games, agents, seed=seed, options=options, jobs=2, progress=False)
    return summary["seats"][0]["win_share_ci95"][0]


@pytest.mark.slow
def test_bloody_summer_normal_beats_three_easy() -> None:
    """normal stops at 50 iterations (its profile's level_iterations); over 3,000 games it won 0.359
    (section "2026-12-03")."""
    assert _lower_bound("bloody_summer", ["normal:50", "easy", "easy", "easy"], 200, 202) > FAIR


@pytest.mark.slow
def test_bloody_summer_hard_beats_three_normal() -> None:
    """hard:800 against the normal level's 50 iterations: 0.394 pooled over 1,800 games (section "2026-12-03")."""
    assert _lower_bound("bloody_summer", ["hard:800", "normal:50", "normal:50", "normal:50"], 200, 203) > FAIR


@pytest.mark.slow
def test_sumidagawa_normal_beats_three_easy() -> None:
    assert _lower_bound("sumidagawa", ["normal:200", "easy", "easy", "easy"], 40, 101, {"games": "1"}) > FAIR


@pytest.mark.slow
def test_sumidagawa_hard_beats_three_normal() -> None:
    """Hard's root shortlist, unguarded (bench/STRENGTH.md, "Issue 17, 2026-12-02: Sumidagawa hard vs
    normal"): 0.575 [0.42, 0.72] on these deals; the guarded baseline gave 0.375 [0.24, 0.53]."""
    agents = ["hard:400", "normal:100", "normal:100", "normal:100"]
    assert _lower_bound("sumidagawa", agents, 40, 101, {"games": "1"}) > FAIR
