"""Work done ahead of need, a little in each frame with time to spare.

A first render (a card face at a new size, a big banner string) costs 0.1–3 ms; left to the frame a move
lands in, several of them make that frame the slowest of all. Boards list what a coming move may show as
a plan (an iterator doing one piece of work a step and yielding its weight: `FACE` for a card face,
`WORD` for a string) and step it in frames that landed nothing new, pieces up to `BUDGET` a frame: one
card face or eight strings. Counted, not timed, so what a board has rendered after a given run of frames
is the same on every machine (a hot-seat table's two worlds in the privacy test, too).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator

FACE = 8  # a card face's first render: ~0.5-3 ms
WORD = 1  # a string's: ~0.1-0.3 ms
BUDGET = 8  # weight a quiet frame may do


class Ahead:
    def __init__(self) -> None:
        self.key: Hashable = None
        self.todo: Iterator[int] = iter(())

    def step(self, key: Hashable, plan: Callable[[], Iterator[int]]) -> int:
        """Do pieces of `plan()`'s work up to `BUDGET` of weight (at least one); returns how many were done
        (0 once all is done). Another key (the window, the text size, the language, what is wanted) starts
        the plan again: pieces already done come back from their caches at once."""
        if key != self.key:
            self.key, self.todo = key, plan()
        done = weight = 0
        for piece in self.todo:
            done += 1
            weight += piece
            if weight >= BUDGET:
                break
        return done
