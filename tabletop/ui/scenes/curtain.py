"""The hot-seat curtain: hides the table before hidden information passes to another human."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from tabletop.i18n import t
from tabletop.ui import style
from tabletop.ui.painter import Painter
from tabletop.ui.scene import Scene

if TYPE_CHECKING:
    from tabletop.ui.app import App


class CurtainScene(Scene):
    """Opaque, so nothing private is drawn under it; dismissed by click, Space or Enter."""

    name = "curtain"
    opaque = True

    def __init__(self, app: App, who: str, seat: int, on_ready: Callable[[], None]) -> None:
        super().__init__(app)
        self.who = who
        self.seat = seat
        self.on_ready = on_ready

    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        ready = (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1) or (
            event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER))
        if ready:
            self.app.stack.pop()
            self.on_ready()
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return event
        return None if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN) else event

    def draw(self, p: Painter) -> None:
        p.rect((0, 0, 1280, 720), style.FELT_DARK)
        for i in range(0, 1280, 40):  # a quiet curtain pattern
            p.line((i, 0), (i + 360, 720), style.FELT, 2)
        hint = t("app.pass_hint", name=self.who)
        hint_h = len(p.wrap_lines(hint, 620, style.BODY)) * style.BODY * p.text_scale * 1.25
        p.panel((290, 210, 700, max(300, 194 + hint_h + 24)))  # grows with the text size: the hint keeps a margin
        color = style.SEAT_COLORS[self.seat % len(style.SEAT_COLORS)]
        p.circle((640, 262), 26, color)
        p.text(style.SEAT_GLYPHS[self.seat % 6], (640, 262), style.H2, style.INK, anchor="center", icon=True)
        p.text(t("app.curtain_title"), (640, 306), style.SMALL, style.TEXT_MUTED, anchor="midtop")
        p.text(t("app.pass_to", name=self.who), (640, 336), style.H1, style.TEXT_LIGHT, bold=True, anchor="midtop",
               max_width=640)
        p.wrapped(hint, (330, 404, 620, hint_h), style.BODY, style.TEXT_MUTED, align="center")
