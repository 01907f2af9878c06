"""BLUFFIT's ladder (issue 17), as slow arena checks (`pytest -m slow tests/ai/test_ladder_bluffit.py`): normal,
which searches worlds where opponents bid the way their bids make likely, beats three easy seats clearly more
than its fair quarter, and hard (four times normal's iterations) beats three normal seats likewise. Budgets and
seeds are the ones bench/STRENGTH.md reports."""

from __future__ import annotations

import pytest

from tabletop.arena import run_arena

FAIR = 0.25


def _lower_bound(agents: list[str], games: int, seed: int) -> float:
    summary = run_arena("bluffit", 4, games, agents, seed=seed, jobs=2, progress=False)
    return summary["seats"][0]["win_share_ci95"][0]


@pytest.mark.slow
def test_bluffit_normal_beats_three_easy() -> None:
    assert _lower_bound(["normal:250", "easy", "easy", "easy"], 40, 51) > FAIR


@pytest.mark.slow
def test_bluffit_hard_beats_three_normal() -> None:
    assert _lower_bound(["hard:400", "normal:100", "normal:100", "normal:100"], 40, 61) > FAIR
