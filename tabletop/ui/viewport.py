"""One virtual layout (1280x720) mapped onto any window: the only place coordinates are converted.

Scenes lay out and hit-test in virtual pixels; the viewport scales to the window
(letterboxed, keeping 16:9) and converts mouse positions back. Drawing happens at
the window's real resolution, so text and cards stay sharp when the window grows.
"""

from __future__ import annotations

import pygame

VIRTUAL_W, VIRTUAL_H = 1280, 720
MIN_SCALE = 0.25  # the smallest drawing scale: 320x180 window pixels for the virtual screen


class Viewport:
    def __init__(self, window_size: tuple[int, int]) -> None:
        self.resize(window_size)

    def resize(self, window_size: tuple[int, int]) -> None:
        w, h = max(1, window_size[0]), max(1, window_size[1])
        self.window = (w, h)
        # Below MIN_SCALE the picture is cropped (centred) instead of shrunk further: card art and
        # motifs need a few pixels to exist, and a window that small shows nothing readable anyway.
        self.scale = max(MIN_SCALE, min(w / VIRTUAL_W, h / VIRTUAL_H))
        self.offset = ((w - VIRTUAL_W * self.scale) / 2, (h - VIRTUAL_H * self.scale) / 2)

    def px(self, value: float) -> int:
        """A virtual length in window pixels (at least 1)."""
        return max(1, round(value * self.scale))

    def point(self, x: float, y: float) -> tuple[int, int]:
        return (round(self.offset[0] + x * self.scale), round(self.offset[1] + y * self.scale))

    def rect(self, r: pygame.FRect | pygame.Rect | tuple[float, float, float, float]) -> pygame.Rect:
        x, y, w, h = r
        x0, y0 = self.point(x, y)
        x1, y1 = self.point(x + w, y + h)
        return pygame.Rect(x0, y0, max(1, x1 - x0), max(1, y1 - y0))

    def to_virtual(self, pos: tuple[float, float]) -> pygame.Vector2:
        return pygame.Vector2((pos[0] - self.offset[0]) / self.scale, (pos[1] - self.offset[1]) / self.scale)
