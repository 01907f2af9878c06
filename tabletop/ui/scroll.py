"""A vertical scrollbar for lists and long text (rules, game log, history): wheel, keys, click and drag.

`Scroller` keeps an offset in rows (0 = top) within `total` rows of which `visible`
fit. It draws a track with a thumb (the thumb is also outlined, so its position does
not depend on colour) and takes mouse events in virtual coordinates: a click on the
track jumps there, a drag on the thumb follows the mouse.
"""

from __future__ import annotations

import pygame

from tabletop.ui import style
from tabletop.ui.painter import Painter

WIDTH = 10


class Scroller:
    def __init__(self) -> None:
        self.offset = 0
        self.total = 0
        self.visible = 1
        self.track: pygame.FRect | None = None
        self._drag: float | None = None  # grab point inside the thumb, in virtual px

    @property
    def max_offset(self) -> int:
        return max(0, self.total - self.visible)

    def set_size(self, total: int, visible: int) -> None:
        self.total, self.visible = max(0, total), max(1, visible)
        self.offset = max(0, min(self.offset, self.max_offset))

    def scroll(self, rows: int) -> None:
        self.offset = max(0, min(self.max_offset, self.offset + rows))

    def to_end(self) -> None:
        self.offset = self.max_offset

    def thumb(self) -> pygame.FRect | None:
        if self.track is None or self.total <= self.visible:
            return None
        t = self.track
        h = max(24.0, t.h * self.visible / self.total)
        y = t.y + (t.h - h) * (self.offset / self.max_offset if self.max_offset else 0)
        return pygame.FRect(t.x, y, t.w, h)

    def draw(self, p: Painter, track: pygame.FRect, dark: bool = True) -> None:
        """Draw at `track` (remembered for hit tests); nothing when everything fits."""
        self.track = pygame.FRect(track)
        thumb = self.thumb()
        if thumb is None:
            return
        p.rect(track, style.FELT_DARK if dark else style.CARD_EDGE, WIDTH / 2)
        p.rect(thumb, style.TEXT_MUTED if dark else style.INK_SOFT, WIDTH / 2)
        p.rect(thumb, style.TEXT_LIGHT if dark else style.INK, WIDTH / 2, width=1)

    def handle_mouse(self, event: pygame.event.Event, pos: pygame.Vector2) -> bool:
        """Clicks and drags on the track; True when consumed."""
        thumb = self.thumb()
        if thumb is None or self.track is None:
            self._drag = None
            return False
        hit = self.track.inflate(8, 0)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and hit.collidepoint(pos):
            if thumb.collidepoint(pos.x, pos.y):
                self._drag = pos.y - thumb.y
            else:
                self._drag = thumb.h / 2
                self._follow(pos.y)
            return True
        if event.type == pygame.MOUSEMOTION and self._drag is not None:
            if not event.buttons[0]:
                self._drag = None
                return False
            self._follow(pos.y)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._drag is not None:
            self._drag = None
            return True
        return False

    def _follow(self, y: float) -> None:
        thumb = self.thumb()
        if thumb is None or self.track is None or self._drag is None:
            return
        room = self.track.h - thumb.h
        if room <= 0:
            return
        fraction = (y - self._drag - self.track.y) / room
        self.offset = max(0, min(self.max_offset, round(fraction * self.max_offset)))
