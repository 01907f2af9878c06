"""History's heading and its tabs at large text (issue 38, finding 4): the heading's letters grow with the
text size; the tabs and the list move down under them instead of the two touching."""

from __future__ import annotations

import pytest

from tabletop.ui.scenes.history import HistoryScene
from tabletop.ui.text import font_at
from tests.ui.conftest import drawn_texts
from tests.ui.test_text_fit import _configure


def _heading_ink_bottom(app, scene: HistoryScene) -> float:
    """The lowest row the heading's letters paint, in virtual px."""
    line, size, bold, rect = drawn_texts(app, scene.draw)[0]  # the heading is drawn first
    px = app.viewport.px(size * app.painter.text_scale)
    ink = font_at(px, bold).render(line, True, (255, 255, 255)).get_bounding_rect(min_alpha=64)
    return rect.y + ink.bottom / app.viewport.scale


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize(("language", "scale"), [("ja", 1.5), ("en", 1.5), ("ja", 1.0)])
def test_history_heading_is_clear_of_the_tabs(app, language, scale, size):
    _configure(app, language, scale)
    app.resize(size)
    scene = HistoryScene(app)
    app.stack.push(scene)
    tabs = [w.rect for w in scene.widgets[:2]]
    bottom = _heading_ink_bottom(app, scene)
    assert all(tab.y - bottom >= 6 for tab in tabs), (bottom, tabs)
    assert scene.list.y >= tabs[0].bottom + 16  # the list under the tabs, as at 100 %
