"""Work done ahead of need, a little in each frame with time to spare.

A first render (a card face at a new size, a big banner string) costs 0.1–3 ms; left to the frame a move
lands in, several of them make that frame the slowest of all. Boards list what a coming move may show as
a plan (an iterator doing one piece of work a step) and step it in frames that landed nothing new: pieces
until `BUDGET` of the frame's CPU time is spent (at least one), so a new table has its words and faces
ready within a few seconds of quiet frames, while such a frame stays far cheaper than a move's.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Iterator

BUDGET = 0.001  # seconds of a quiet frame spent on work ahead


class Ahead:
    def __init__(self) -> None:
        self.key: Hashable = None
        self.todo: Iterator[object] = iter(())

    def step(self, key: Hashable, plan: Callable[[], Iterator[object]]) -> int:
        """Do pieces of `plan()`'s work for up to `BUDGET` (at least one); returns how many were done (0 once
        all is done). Another key (the window, the text size, the language, what is wanted) starts the plan
        again: pieces already done come back from their caches at once."""
        if key != self.key:
            self.key, self.todo = key, plan()
        end = time.thread_time() + BUDGET
        done = 0
        for _ in self.todo:
            done += 1
            if time.thread_time() >= end:
                break
        return done
