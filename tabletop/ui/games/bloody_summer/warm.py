"""Card faces rendered ahead of need, in frames that landed no move (`tabletop.ui.ahead`).

A face's first render at a new size costs 1–3 ms at 1920x1080 (vector art, kanji band, indices). Left to
the frame a move lands in, a straight to the pile can cost three big faces and three small ones at once;
rendered here, in frames that only animate, every face a coming move may show is ready: each number at
the pile's two sizes, the last check's and the killer's show's (sizes follow the window and the text size).
"""

from __future__ import annotations

from collections.abc import Iterator

from tabletop import i18n
from tabletop.ui.ahead import FACE, Ahead
from tabletop.ui.cards import render_card
from tabletop.ui.games.bloody_summer import art
from tabletop.ui.painter import Painter

VALUES = range(1, 14)


class FaceWarmer(Ahead):
    def __init__(self) -> None:
        super().__init__()
        self.rendered = 0  # faces asked for (tests read it)

    def step_faces(self, p: Painter, wanted: list[tuple[frozenset[int], tuple[float, float]]]) -> None:
        """Render the next faces of the list: every number for each (danger numbers, size in virtual px) of
        `wanted`. Other wants, a new window, text size or language start the list again."""
        px = tuple(dict.fromkeys((danger, p.size_px(w, h)) for danger, (w, h) in wanted))
        self.step((px, p.text_scale, i18n.language()), lambda: self._faces(px))

    def _faces(self, px: tuple[tuple[frozenset[int], tuple[int, int]], ...]) -> Iterator[int]:
        for danger, size in px:
            for value in VALUES:
                render_card(art.card_face(value, danger), *size)
                self.rendered += 1
                yield FACE
