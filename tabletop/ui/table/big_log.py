"""The whole game log, large (L): the side column's lines at body size over the table, scrollable."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from tabletop.i18n import t
from tabletop.ui import style
from tabletop.ui.painter import Painter
from tabletop.ui.table.log_view import LogLines, LogView

BIG_LOG = pygame.FRect(140, 60, 1000, 600)
SCROLL_KEYS = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -12, pygame.K_PAGEDOWN: 12,
               pygame.K_HOME: -10**6, pygame.K_END: 10**6}
MOUSE_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP)


class BigLog:
    def __init__(self, lines: LogLines) -> None:
        self.open = False
        self.log = LogView(lines, style.BODY, 1.4, 10, limit=None)

    def toggle(self) -> None:
        self.open = not self.open
        self.log.scroller.offset = 10**9  # open at the latest line

    def draw(self, p: Painter, viewer: int | None) -> None:
        p.alpha_rect((0, 0, 1280, 720), style.SHADOW, 150)
        p.panel(BIG_LOG)
        p.text(t("app.game_log"), (BIG_LOG.x + 24, BIG_LOG.y + 16), style.H2, style.TEXT_LIGHT, bold=True)
        p.text(t("app.log_close_hint"), (BIG_LOG.right - 24, BIG_LOG.y + 22), style.SMALL, style.TEXT_MUTED,
               anchor="topright")
        page = self.log.page(p, viewer, pygame.FRect(BIG_LOG.x + 24, BIG_LOG.y + 64, BIG_LOG.w - 48, BIG_LOG.h - 84))
        if not page.total:
            p.text(t("app.log_empty"), page.area.center, style.BODY, style.TEXT_MUTED, anchor="center")
        self.log.paint(p, page)

    def handle(self, event: pygame.event.Event, pointer: Callable[[tuple[float, float]], pygame.Vector2]) -> bool:
        """While open it takes the wheel, scroll keys and Esc / L; nothing else reaches the table under it."""
        if event.type == pygame.KEYDOWN:
            return self._key(event.key)
        if event.type == pygame.MOUSEWHEEL:
            self.log.scroller.scroll(-3 * event.y)
            return True
        if event.type in MOUSE_EVENTS:
            pos = pointer(event.pos)
            if self.log.scroller.handle_mouse(event, pos):
                return True
            if event.type == pygame.MOUSEBUTTONDOWN:
                if event.button == 1 and not BIG_LOG.collidepoint(pos):
                    self.open = False
                return True
        return False

    def _key(self, key: int) -> bool:
        if key in (pygame.K_ESCAPE, pygame.K_l):
            self.open = False
            return True
        if key in SCROLL_KEYS:
            self.log.scroller.scroll(SCROLL_KEYS[key])
            return True
        return key not in (pygame.K_F1, pygame.K_F11)
