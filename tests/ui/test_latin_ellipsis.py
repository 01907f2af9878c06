"""Issue 38, finding 11: the coach wrote "···" for an ellipsis. The bundled font's "…" is the Japanese one,
three dots centred on the line; after Latin text the painter draws three baseline dots instead, while
Japanese text keeps its centred ellipsis."""

from __future__ import annotations

import pygame

from tabletop import i18n
from tabletop.ui import style
from tabletop.ui.text import typeset


def _pixels(app, text: str) -> bytes:
    return pygame.image.tobytes(app.painter._render(text, style.BODY, style.TEXT_LIGHT, False), "RGBA")


def test_an_ellipsis_after_latin_text_sits_on_the_baseline(app):
    coach = i18n.t("tutorial.watch", lang="en")
    assert coach.endswith("…")  # the coach's line as the catalog writes it
    assert _pixels(app, coach) == _pixels(app, coach[:-1] + "...")
    assert app.painter.measure(coach, style.BODY) == app.painter.measure(coach[:-1] + "...", style.BODY)
    assert _pixels(app, "Maximil…") == _pixels(app, "Maximil...")  # a name shortened by the shared rule


def test_japanese_text_keeps_its_centred_ellipsis(app):
    thinking = i18n.t("app.hint_thinking", lang="ja")
    assert thinking.endswith("…") and typeset(thinking) == thinking
    assert _pixels(app, thinking) != _pixels(app, thinking[:-1] + "...")
    assert typeset("寿限無…") == "寿限無…"
