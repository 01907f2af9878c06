"""The reviews of a finished game, worked out in the background by an AI worker (tabletop/ai/review.py).

One request per decision: the results screen polls, each answer moves a seat's progress on, and the seats
are reviewed one after another in the order given. The screen stays usable at once: the searching happens
in the worker's process, and the record is replayed for a seat's decisions one decision per poll, so no
frame waits for a whole replay.
`close()` ends the worker, which drops a search under way at once (leaving the screen cancels the review).
"""

from __future__ import annotations

from collections.abc import Iterator

from tabletop.ai.review import Decision, MoveReview, Review, iter_decisions, review_level, review_seed, summarize
from tabletop.ai.worker import AIRequest, AIWorker
from tabletop.engine import registry
from tabletop.engine.records import Record


class ReviewRunner:
    def __init__(self, record: Record, seats: list[int], mode: str = "process", iterations: int | None = None) -> None:
        self.record = record
        self.seats = list(seats)
        self.mode = mode
        self.game = registry.get_game(record.game)
        self.level = review_level(record.game, iterations)
        self._totals = {seat: sum(1 for actor, _ in record.actions if actor == seat) for seat in self.seats}
        self._next: Iterator[Decision] | None = None  # the decisions of the seat under review, as they come
        self._moves: dict[int, list[MoveReview]] = {seat: [] for seat in self.seats}
        self.reviews: dict[int, Review] = {}
        self._worker: AIWorker | None = None
        self._asked: Decision | None = None
        self.closed = False

    @property
    def running(self) -> bool:
        return not self.closed and len(self.reviews) < len(self.seats)

    def progress(self, seat: int) -> tuple[int, int]:
        """(decisions reviewed, decisions in all) for `seat`; nothing is reviewed until its turn has come."""
        return len(self._moves.get(seat, [])), self._totals.get(seat, 0)

    def started(self, seat: int) -> bool:
        return bool(self._moves.get(seat)) or self._asked is not None and self._asked.seat == seat

    def review(self, seat: int) -> Review | None:
        return self.reviews.get(seat)

    def poll(self) -> bool:
        """Collect an answer and ask the next question; True when a seat's progress changed."""
        if not self.running:
            return False
        if self._worker is None:
            self._worker = AIWorker(mode=self.mode)
        changed = False
        if self._asked is not None:
            answer = self._worker.poll()
            if answer is None:
                return False
            self._moves[self._asked.seat].append(answer)
            self._asked = None
            changed = True
        seat = next(s for s in self.seats if s not in self.reviews)
        if self._next is None:
            self._next = iter_decisions(self.record, seat)
        decision = next(self._next, None)
        if decision is None:
            self._next = None
            self.reviews[seat] = summarize(self.game, seat, self._moves[seat])
            return True
        self._asked = decision
        self._worker.submit(AIRequest(self.record.game, self.level, decision.view, decision.legal,
                                      review_seed(self.record.seed, decision.index, seat), review=decision))
        return changed

    def close(self) -> None:
        self.closed = True
        self._asked = None
        if self._worker is not None:
            self._worker.abandon()
            self._worker = None
