"""Cached layers: draw a panel once into its own surface and blit it while its inputs stay the same.

Generic (could serve any board): `LayerCache.draw(p, rect, key, fn)` calls `fn(painter)`
with a Painter whose virtual coordinates are the table's own, but whose target is a
surface covering only `rect`; the result is kept per (key, scale) until evicted.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable

import pygame

from tabletop import i18n
from tabletop.ui.painter import Painter
from tabletop.ui.viewport import Viewport


class LayerCache:
    def __init__(self, size: int = 48) -> None:
        self.size = size
        self.surfaces: OrderedDict[tuple, pygame.Surface] = OrderedDict()

    def draw(self, p: Painter, rect: pygame.FRect, key: Hashable, fn: Callable[[Painter], None]) -> None:
        screen = p.vp.rect(rect)
        full = (key, i18n.language(), p.vp.scale, p.vp.offset, tuple(rect))
        surf = self.surfaces.get(full)
        if surf is None:
            surf = pygame.Surface(screen.size, pygame.SRCALPHA)
            vp = Viewport((1, 1))
            vp.scale = p.vp.scale
            vp.offset = (p.vp.offset[0] - screen.x, p.vp.offset[1] - screen.y)
            fn(Painter(surf, vp))
            self.surfaces[full] = surf
            if len(self.surfaces) > self.size:
                self.surfaces.popitem(last=False)
        else:
            self.surfaces.move_to_end(full)
        p.surface.blit(surf, screen.topleft)
