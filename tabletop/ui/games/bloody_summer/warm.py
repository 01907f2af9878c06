"""Card faces rendered ahead of need, one per frame that landed no move.

A face's first render at a new size costs 1–3 ms at 1920x1080 (vector art, kanji band, indices). Left to
the frame a move lands in, a straight to the pile can cost three big faces and three small ones at once;
rendered here, in frames that only animate, every face a coming move may show is ready: each number at
the pile's two sizes, the last check's and the killer's show's (sizes follow the window and the text size).
"""

from __future__ import annotations

from tabletop import i18n
from tabletop.ui.ahead import Ahead
from tabletop.ui.cards import render_card
from tabletop.ui.games.bloody_summer import art
from tabletop.ui.painter import Painter

VALUES = range(1, 14)


class FaceWarmer(Ahead):
    def __init__(self) -> None:
        super().__init__()
        self.rendered = 0  # faces asked for (tests read it)

    def step_faces(self, p: Painter, wanted: list[tuple[frozenset[int], tuple[float, float]]]) -> None:
        """Render the next face of the list: every number for each (danger numbers, size in virtual px) of
        `wanted`. Other wants, a new window, text size or language start the list again."""
        px = tuple(dict.fromkeys((danger, p.size_px(w, h)) for danger, (w, h) in wanted))
        item = self.step((px, p.text_scale, i18n.language()),
                         lambda: iter([(v, danger, size) for danger, size in px for v in VALUES]))
        if item is not None:
            value, danger, size = item  # type: ignore[misc]
            render_card(art.card_face(value, danger), *size)
            self.rendered += 1
