"""Issue 38, findings 4 and 11: a heading or a button keeps clear of what is drawn next to it. The table
menu's heading (メニュー at 150 % Japanese) sits above its first button; the Settings Back button sits
outside the settings panel, not on its corner."""

from __future__ import annotations

import pygame
import pytest

from tabletop import i18n
from tabletop.engine.records import Seat
from tabletop.session import Session
from tabletop.ui.painter import Painter
from tabletop.ui.scenes.settings import SettingsScene
from tabletop.ui.scenes.table import TableScene
from tests.ui.conftest import run_until
from tests.ui.test_text_fit import _configure

SIZES = [(1280, 720), (1024, 600)]


def _spy(monkeypatch, name: str) -> list[tuple]:
    """Every call of Painter.<name> while the app draws: its arguments and what it returned."""
    calls: list[tuple] = []
    real = getattr(Painter, name)

    def spy(self, *args, **kwargs):
        result = real(self, *args, **kwargs)
        calls.append((args, kwargs, result))
        return result
    monkeypatch.setattr(Painter, name, spy)
    return calls


@pytest.mark.parametrize("size", SIZES)
def test_the_table_menu_heading_is_clear_of_its_first_button(app, monkeypatch, size):
    _configure(app, "ja", 1.5)
    app.resize(size)
    session = Session.new("bluffit", 3, [Seat("Aki", "human"), Seat("Ben", "easy"), Seat("Cy", "easy")], {}, 3)
    table = TableScene(app, session)
    app.stack.push(table)
    assert run_until(app, lambda: 0 in session.state.to_act(), 600)
    table.toggle_menu()
    texts = _spy(monkeypatch, "text")
    app.draw()
    heading = [r for (text, *_), kw, r in texts if text == i18n.t("app.menu") and kw.get("anchor") == "midtop"]
    assert len(heading) == 1, "the menu heading was not drawn"
    first = min((b for b in table.widgets if b.rect.x == 520), key=lambda b: b.rect.y)  # the menu's column
    assert heading[0].bottom <= first.rect.top, (heading[0], first.rect)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("language", "scale"), [("en", 1.0), ("ja", 1.5)])
def test_the_settings_back_button_is_off_the_panel(app, monkeypatch, language, scale, size):
    _configure(app, language, scale)
    app.resize(size)
    app.stack.push(SettingsScene(app))
    app.step(1 / 60)
    panels = _spy(monkeypatch, "panel")
    app.draw()
    assert panels, "the settings panel was not drawn"
    panel = pygame.FRect(panels[0][0][0])
    back = next(b for b in app.stack.top.widgets if b.label == i18n.t("app.back"))
    assert not back.rect.colliderect(panel.inflate(8, 8)), (back.rect, panel)  # its shadow and a gap included
