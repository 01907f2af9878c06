"""KAKAPO's skill counters stay clear of the decision pile's colour label at every text size: where a row
of five no longer fits (larger text), one counter and a count ("5/5") stand for them."""

from __future__ import annotations

import pygame
import pytest

from tabletop import i18n
from tabletop.engine.records import Seat
from tabletop.session import Session
from tabletop.ui.games.kakapo.board import colour_label
from tabletop.ui.painter import Painter
from tabletop.ui.scenes.table import TableScene


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("scale", [1.0, 1.25, 1.5])
def test_the_counters_never_run_into_the_pile_colour(app, monkeypatch, language, scale) -> None:
    i18n.set_language(language)
    app.settings.ui_scale = app.painter.text_scale = scale
    table = TableScene(app, Session.new("kakapo", 2, [Seat("P", "human"), Seat("A", "easy")], {}, 3))  # buddy: 5
    monkeypatch.setattr(table, "_think", lambda: None)
    app.stack.push(table)
    for _ in range(60):
        app.step(1 / 60)
    circles: list[pygame.FRect] = []
    texts: dict[str, pygame.FRect] = {}
    circle, text = Painter.circle, Painter.text

    def spy_circle(self, centre, radius, color, width=0):
        circles.append(pygame.FRect(centre[0] - radius, centre[1] - radius, 2 * radius, 2 * radius))
        return circle(self, centre, radius, color, width)

    def spy_text(self, s, *args, **kwargs):
        texts[s] = text(self, s, *args, **kwargs)
        return texts[s]

    monkeypatch.setattr(Painter, "circle", spy_circle)
    monkeypatch.setattr(Painter, "text", spy_text)
    table.board.layers.entries.clear()  # the info panel is a layer: paint it again, with the spies
    app.draw()
    view = table.session.state.view(0)
    label = texts[colour_label(view.top_colour)]
    counters = [c for c in circles if abs(c.w - 18) < 0.5 and abs(c.centery - label.centery) < 40]
    assert counters, "no skill counter drawn"
    assert not [c for c in counters if c.colliderect(label)], (counters, label)
    assert len(counters) == 5 or "5/5" in texts  # a row of five, or one and the count
