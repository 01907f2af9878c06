"""Work ahead (tabletop.ui.ahead): a quiet frame does pieces of a plan up to its budget of weight (one card
face or eight strings; at least one piece), resumes where it stopped, and starts again for another key.
Counted, not timed: the same frames do the same work on any machine."""

from __future__ import annotations

from tabletop.ui.ahead import BUDGET, FACE, WORD, Ahead


def _plan(weights: list[int], done: list[int]):
    for i, weight in enumerate(weights):
        done.append(i)
        yield weight


def test_a_frame_does_one_face_or_eight_words() -> None:
    assert (FACE, WORD, BUDGET) == (8, 1, 8)
    done: list[int] = []
    work = Ahead()
    plan = [FACE, FACE] + [WORD] * 20
    assert work.step("k", lambda: _plan(plan, done)) == 1  # a face
    assert work.step("k", lambda: _plan(plan, done)) == 1  # the next face
    assert work.step("k", lambda: _plan(plan, done)) == 8  # eight words
    assert done == list(range(10))  # resumed each time, nothing done twice


def test_a_finished_plan_does_nothing_and_another_key_starts_again() -> None:
    work = Ahead()
    assert work.step("a", lambda: iter([WORD] * 3)) == 3
    assert work.step("a", lambda: iter([WORD] * 3)) == 0
    assert work.step("b", lambda: iter([WORD] * 4)) == 4
