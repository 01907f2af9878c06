"""Cached drawing helpers: felt zones, shadows and panels drawn once per pixel size, then blitted.

Painter.alpha_rect and Painter.panel allocate a new layer on every call, which
adds up with dozens of cards a frame; these cache the surface per size instead.
Nothing here is specific to Ghost Bumpers, so other boards may use them.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from tabletop.ui import style
from tabletop.ui.painter import Painter


@lru_cache(maxsize=64)
def _zone_surface(w: int, h: int, fill: style.Color, edge: style.Color, width: int, radius: int,
                  inner: tuple[int, int, int, int] | None, inner_fill: style.Color) -> pygame.Surface:
    """An opaque rounded zone (corners in table felt), with an optional inner zone, drawn once per size."""
    surf = pygame.Surface((w, h))
    surf.fill(style.FELT)
    pygame.draw.rect(surf, fill, surf.get_rect(), border_radius=radius)
    if width:
        pygame.draw.rect(surf, edge, surf.get_rect(), width, border_radius=radius)
    if inner is not None:
        pygame.draw.rect(surf, inner_fill, inner, border_radius=max(1, radius * 8 // 10))
    return surf


def zone(p: Painter, r: pygame.FRect, fill: style.Color, edge: style.Color = style.FELT_DARK, width: float = 0,
         inner: pygame.FRect | None = None, inner_fill: style.Color = style.FELT_DARK) -> None:
    """Blit a cached felt zone (the board sits on plain felt, so the corners can be opaque)."""
    screen = p.vp.rect(r)
    box = None
    if inner is not None:
        ir = p.vp.rect(inner)
        box = (ir.x - screen.x, ir.y - screen.y, ir.w, ir.h)
    surf = _zone_surface(screen.w, screen.h, fill, edge, p.vp.px(width) if width else 0, p.vp.px(style.RADIUS), box,
                         inner_fill)
    p.surface.blit(surf, screen)


@lru_cache(maxsize=8)
def _panel_surface(w: int, h: int, radius: int) -> pygame.Surface:
    """The dark panel, drawn once per size (Painter.panel allocates a layer on every call). It lies on plain
    felt (the zones it covers are not drawn under it), so its corners are felt and it is opaque: a blit is a
    copy, not a blend of a panel the size of the board in every frame it is up."""
    surf = pygame.Surface((w, h))
    surf.fill(style.FELT)
    pygame.draw.rect(surf, style.PANEL_DARK, (0, 0, w, h), border_radius=radius)
    pygame.draw.rect(surf, style.PANEL_EDGE, (0, 0, w, h), 1, border_radius=radius)
    return surf


def panel(p: Painter, area: pygame.FRect) -> None:
    """A panel over the board's zones, on the table's felt (the zones under it are not drawn)."""
    screen = p.vp.rect(area)
    p.surface.blit(_panel_surface(screen.w, screen.h, p.vp.px(style.RADIUS)), screen.topleft)
