"""A translucent shadow under a card or a zone, cached per size: boards lay many every frame, and
`Painter.alpha_rect` allocates a layer on every call."""

from __future__ import annotations

from functools import lru_cache

import pygame

from tabletop.ui import style
from tabletop.ui.painter import Painter


@lru_cache(maxsize=64)
def shade_surface(w: int, h: int, alpha: int, radius: int) -> pygame.Surface:
    """A w x h px rounded rect of the style's shadow at `alpha`."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(surf, (*style.SHADOW, alpha), surf.get_rect(), border_radius=radius)
    return surf


def shade(p: Painter, r: pygame.FRect | tuple[float, float, float, float], alpha: int, radius: float) -> None:
    """A shadow over virtual rect `r` (radius in virtual px)."""
    screen = p.vp.rect(r)
    p.surface.blit(shade_surface(screen.w, screen.h, alpha, p.vp.px(radius)), screen.topleft)
