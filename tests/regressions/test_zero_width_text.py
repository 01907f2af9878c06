"""Regression from the soak's UI monkey: typing a zero-width space (U+200B) into a name field crashed.

SDL_ttf refuses to render text whose glyphs have no width ("Text has zero width"), so Painter.text
raised from the setup screen's TextField (and would from the table's seat names). It now draws nothing.
"""

from __future__ import annotations

import pygame

from tabletop.engine.records import Seat


def test_a_zero_width_name_is_drawn_as_nothing(app) -> None:
    from tabletop.session import Session
    from tabletop.ui.scenes.setup import SetupScene
    from tabletop.ui.scenes.table import TableScene
    from tabletop.ui.widgets import TextField

    setup = SetupScene(app, "haunted_house")
    app.stack.push(setup)
    app.step(1 / 60)
    field = next(w for w in setup.widgets if isinstance(w, TextField))
    pos = app.viewport.point(field.rect.centerx, field.rect.centery)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    for _ in range(30):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="\b",
                                             scancode=0))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="\u200b"))
    app.step(1 / 60)
    app.step(1 / 60)
    rect = app.painter.text("\u200b\u200b", (10, 10))
    assert rect.w == 0
    session = Session.new("bluffit", 2, [Seat("\u200b", "human"), Seat("\u200b", "random")], {}, 1)
    app.stack.reset(TableScene(app, session))
    app.step(1 / 60)
