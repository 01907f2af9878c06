"""Card faces rendered ahead of need, one per frame that landed no move.

A face's first render at a new size costs 1–3 ms at 1920x1080 (vector art, kanji band, indices). Left to
the frame a move lands in, a straight to the pile can cost three big faces and three small ones at once;
rendered here, in frames that only animate, every face a coming move may show is ready: each number at
the pile's two sizes, the last check's and the killer's show's (sizes follow the window and the text size).
"""

from __future__ import annotations

from collections.abc import Iterator

from tabletop import i18n
from tabletop.ui.cards import render_card
from tabletop.ui.games.bloody_summer import art
from tabletop.ui.painter import Painter

VALUES = range(1, 14)


class FaceWarmer:
    def __init__(self) -> None:
        self.key: tuple | None = None
        self.todo: Iterator[tuple[int, frozenset[int], tuple[int, int]]] = iter(())
        self.rendered = 0  # faces asked for (tests read it)

    def step(self, p: Painter, wanted: list[tuple[frozenset[int], tuple[float, float]]]) -> None:
        """Render the next face of the list: every number for each (danger numbers, size in virtual px) of
        `wanted`. Other wants, a new window, text size or language start the list again (faces already
        rendered come back from the cache at once)."""
        px = tuple(dict.fromkeys((danger, p.size_px(w, h)) for danger, (w, h) in wanted))
        key = (px, p.text_scale, i18n.language())
        if key != self.key:
            self.key = key
            self.todo = iter([(v, danger, size) for danger, size in px for v in VALUES])
        item = next(self.todo, None)
        if item is not None:
            value, danger, size = item
            render_card(art.card_face(value, danger), *size)
            self.rendered += 1
