"""Words formatted once per move, not once per frame.

The table asks a board for its status line and every seat's line in every frame it draws; formatting them
(catalog look-ups, `str.format`, plural forms) each time costs a few hundredths of a millisecond apiece, and
they change only when a move does. `Said` keeps each string under the facts it was made from, per language.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from tabletop import i18n


class Said:
    def __init__(self, size: int = 64) -> None:
        self.size = size  # a handful of lines per move: starting again empty now and then keeps it small
        self._words: dict[tuple, str] = {}

    def __call__(self, key: Hashable, words: Callable[[], str]) -> str:
        """`words()`, formatted only the first time these facts (`key`, which must name everything `words`
        reads) meet the current language."""
        full = (i18n.language(), key)
        text = self._words.get(full)
        if text is None:
            if len(self._words) >= self.size:
                self._words.clear()
            text = self._words[full] = words()
        return text
