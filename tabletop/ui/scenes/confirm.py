"""A yes/no question over the screen that asked it: deleting or replacing a saved game.

An overlay (the scene below stays visible, dimmed) that takes every event until it is
answered: Enter or the primary button confirms, Esc or Cancel closes it. It pops itself
before calling `on_confirm`, so the answer may push or replace scenes freely.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from tabletop.i18n import t
from tabletop.ui import style
from tabletop.ui.painter import Painter
from tabletop.ui.scene import Scene
from tabletop.ui.widgets import Button

if TYPE_CHECKING:
    from tabletop.ui.app import App

PANEL = pygame.FRect(300, 220, 680, 280)  # the smallest panel; it grows (centred) to hold the whole body
BODY_TOP = 78  # the body's top inside the panel, under the title
BUTTONS_H = 92  # the buttons' band at the panel's foot


class ConfirmScene(Scene):
    name = "confirm"
    opaque = False

    def __init__(self, app: App, title: str, body: str, confirm_label: str, on_confirm: Callable[[], None],
                 danger: bool = False) -> None:
        super().__init__(app)
        self.title = title
        self.body = body
        self.confirm_label = confirm_label
        self.on_confirm = on_confirm
        self.danger = danger  # the answer destroys something: Cancel has the keyboard focus first

    def panel(self) -> pygame.FRect:
        """The panel, tall enough for every line of the body at the current text size: a warning is
        never cut before the decision it asks for."""
        p = self.app.painter
        lines = len(p.wrap_lines(self.body, PANEL.w - 64, style.BODY))
        body_h = lines * style.BODY * p.scale_now * 1.25
        h = min(700.0, max(PANEL.h, BODY_TOP + body_h + 8 + BUTTONS_H))
        return pygame.FRect(PANEL.x, 360 - h / 2, PANEL.w, h)

    def layout(self) -> None:
        panel = self.panel()
        y = panel.bottom - 72
        self.widgets = [
            Button(pygame.FRect(panel.x + 32, y, 220, 48), t("app.cancel"), self.cancel, hotkey=pygame.K_ESCAPE),
            Button(pygame.FRect(panel.right - 292, y, 260, 48), self.confirm_label, self.confirm, primary=True,
                   hotkey=None if self.danger else pygame.K_RETURN),
        ]
        self.focus = 0 if self.danger else 1

    def cancel(self) -> None:
        self.app.stack.pop()

    def confirm(self) -> None:
        self.app.stack.pop()
        self.on_confirm()

    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        super().handle(event)
        return None  # modal: nothing reaches the screen underneath

    def draw(self, p: Painter) -> None:
        panel = self.panel()
        p.alpha_rect((0, 0, 1280, 720), style.SHADOW, 150)
        p.panel(panel)
        p.rect(panel, style.BAD if self.danger else style.ACCENT, style.RADIUS, width=2)
        p.text(self.title, (panel.x + 32, panel.y + 28), style.H2, style.TEXT_LIGHT, bold=True,
               max_width=panel.w - 64)
        p.wrapped(self.body, (panel.x + 32, panel.y + BODY_TOP, panel.w - 64, panel.h - BODY_TOP - BUTTONS_H),
                  style.BODY, style.TEXT_MUTED)
        self.draw_widgets(p)
