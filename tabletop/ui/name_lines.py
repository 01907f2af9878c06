"""Players' names in a wrapped text with a fixed number of lines (a table's note cell, the replay's final
scores): the names give way by the painter's one shared rule (`Painter.shorten_names`) until it fits."""

from __future__ import annotations

from tabletop.ui.painter import Painter


def fit_names_to_lines(p: Painter, text: str, width: float, size: float, lines: int, bold: bool = False,
                       names: frozenset[str] | None = None) -> str:
    """`text`, or `text` with its longest names cut to "…" where it wraps to more than `lines` lines of
    `width` at `size` (the text still too long with every name cut: as short as the rule makes it)."""
    whole, room = text, width * lines
    while len(p.wrap_lines(text, width, size, bold)) > lines and room > width / 2:
        text = p.shorten_names(whole, room, bold, names)  # from the whole text: cut names are no longer found
        room *= 0.9
    return text
