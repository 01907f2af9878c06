"""Rules at hand (F1): the game's summary in the player's language, scrollable."""

from __future__ import annotations

import pygame

from tabletop import i18n
from tabletop.engine import registry
from tabletop.i18n import t
from tabletop.ui import style
from tabletop.ui.painter import Painter
from tabletop.ui.scene import Scene
from tabletop.ui.widgets import Button


class RulesScene(Scene):
    name = "rules"
    opaque = False

    def __init__(self, app, game_id: str) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.scroll = 0

    def layout(self) -> None:
        self.widgets = [Button(pygame.FRect(1000, 636, 200, 44), t("app.close"), self.app.stack.pop,
                               hotkey=pygame.K_ESCAPE)]

    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            self.app.stack.pop()
            return None
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, self.scroll - event.y)
            return None
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
            self.scroll += 1 if event.key == pygame.K_DOWN else 8
            return None
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_PAGEUP):
            self.scroll = max(0, self.scroll - (1 if event.key == pygame.K_UP else 8))
            return None
        super().handle(event)
        return None  # modal

    def draw(self, p: Painter) -> None:
        p.alpha_rect((0, 0, 1280, 720), style.SHADOW, 170)
        p.panel((60, 40, 1160, 650), dark=False)
        title = registry.entry(self.game_id).title[i18n.language()]
        p.text(t("app.rules_title", game=title), (90, 60), style.H1, style.INK, bold=True, max_width=1100)
        key = f"{self.game_id}.rules_summary"
        text = t(key) if i18n.has(key) else t("app.rules_missing")
        lines: list[str] = []
        for paragraph in text.split("\n"):
            lines += p.wrap_lines(paragraph, 1090, style.BODY) + [""]
        step = style.BODY * 1.5
        visible = int(500 // step)
        self.scroll = min(self.scroll, max(0, len(lines) - visible))
        for i, line in enumerate(lines[self.scroll:self.scroll + visible]):
            p.text(line, (95, 120 + i * step), style.BODY, style.INK)
        self.draw_widgets(p)
