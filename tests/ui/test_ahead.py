"""Work ahead (tabletop.ui.ahead): a quiet frame does pieces of a plan until its budget is spent (at least
one), resumes where it stopped, and starts again for another key."""

from __future__ import annotations

import time

from tabletop.ui import ahead
from tabletop.ui.ahead import Ahead


def _busy(seconds: float) -> None:
    end = time.thread_time() + seconds
    while time.thread_time() < end:
        pass


def test_a_frame_does_pieces_until_its_budget_is_spent(monkeypatch) -> None:
    monkeypatch.setattr(ahead, "BUDGET", 0.002)
    done: list[int] = []

    def plan():
        for i in range(100):
            _busy(0.0005)
            done.append(i)
            yield

    work = Ahead()
    first = work.step("k", plan)
    assert 2 <= first <= 6 and len(done) == first  # several half-millisecond pieces, stopped near 2 ms
    second = work.step("k", plan)
    assert done == list(range(first + second))  # resumed, nothing done twice


def test_cheap_pieces_all_fit_and_a_finished_plan_does_nothing() -> None:
    work = Ahead()
    assert work.step("k", lambda: iter(range(50))) == 50
    assert work.step("k", lambda: iter(range(50))) == 0


def test_at_least_one_piece_even_past_the_budget(monkeypatch) -> None:
    monkeypatch.setattr(ahead, "BUDGET", 0.0)
    work = Ahead()
    assert work.step("k", lambda: iter(range(5))) == 1


def test_another_key_starts_the_plan_again() -> None:
    work = Ahead()
    work.step("a", lambda: iter(range(3)))
    assert work.step("b", lambda: iter(range(4))) == 4
