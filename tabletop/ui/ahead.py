"""Work done ahead of need, one piece a frame with time to spare.

A first render (a card face at a new size, a big banner string) costs 0.1–3 ms; left to the frame a move
lands in, several of them make that frame the slowest of all. Boards list what a coming move may show as
a plan (an iterator, one piece of work a step) and step it in frames that landed nothing new.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator


class Ahead:
    def __init__(self) -> None:
        self.key: Hashable = None
        self.todo: Iterator[object] = iter(())

    def step(self, key: Hashable, plan: Callable[[], Iterator[object]]) -> object | None:
        """Do the next piece of `plan()`'s work and return it (None once all is done). Another key (the
        window, the text size, the language, what is wanted) starts the plan again: pieces already done come
        back from their caches at once."""
        if key != self.key:
            self.key, self.todo = key, plan()
        return next(self.todo, None)
