"""BLOODY SUMMER art drawn in code: card faces and motifs, icons, the night sky.

Every colour is derived from tabletop.ui.style names (`mix`), so the horror-camp mood
(night sky, moon, pines, blood) stays inside the product's palette.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from tabletop.games.bloody_summer.rules import KILLER_NUMBER, SITE_NUMBERS, SITES
from tabletop.i18n import t
from tabletop.ui import style
from tabletop.ui.cards import CardFace, motif, render_card
from tabletop.ui.painter import Painter


def mix(a: style.Color, b: style.Color, amount: float) -> style.Color:
    return (round(a[0] + (b[0] - a[0]) * amount), round(a[1] + (b[1] - a[1]) * amount),
            round(a[2] + (b[2] - a[2]) * amount))


BLOOD = style.CARD_BACK
BLOOD_BRIGHT = style.BAD
NIGHT_TOP = mix(style.FELT_DARK, style.INFO, 0.22)
NIGHT_LOW = mix(style.FELT_DARK, style.SHADOW, 0.35)
MOON = style.CARD_FACE
PINE = mix(style.FELT_DARK, style.SHADOW, 0.55)
TENT = mix(style.CARD_BACK, style.FELT_DARK, 0.45)
SEAT_FILL = mix(style.PANEL_DARK, style.FELT_DARK, 0.5)
DEAD_FILL = mix(style.PANEL_DARK, style.SHADOW, 0.45)
CARD_SHADOW = mix(style.FELT_DARK, style.SHADOW, 0.6)
SAFE_BAND = mix(style.PANEL_EDGE, style.FELT_DARK, 0.3)
CHIP_SAFE = mix(style.PANEL_DARK, style.FELT_DARK, 0.3)
REVERSED_FILL = mix(style.CARD_BACK, style.SHADOW, 0.2)
HIT_FILL = mix(style.CARD_BACK, style.PANEL_DARK, 0.5)


def risk_color(chance: float) -> style.Color:
    """The colour of a chance of being hurt: muted while small, the accent from 25 %, blood from 50 %."""
    if chance >= 0.5:
        return BLOOD_BRIGHT
    if chance >= 0.25:
        return style.ACCENT
    return style.TEXT_MUTED


SITE_OF = {v: i for i, numbers in enumerate(SITE_NUMBERS) for v in numbers}


# ----- cards -------------------------------------------------------------------------
@motif("bloody_summer.drip")
def _drip(surf: pygame.Surface, inner: pygame.Rect, ink: style.Color) -> None:
    """Blood running down from the top edge: this number can hurt the viewer."""
    w = inner.w
    top = inner.y - max(2, w // 14)
    pygame.draw.rect(surf, BLOOD, (inner.x - w // 14, top, inner.w + w // 7, max(2, w // 12)))
    for fx, length in ((0.22, 0.20), (0.47, 0.32), (0.74, 0.16), (0.9, 0.26)):
        x = inner.x + int(w * fx)
        bottom = top + int(inner.h * length)
        width = max(2, w // 14)
        pygame.draw.rect(surf, BLOOD, (x - width // 2, top, width, bottom - top))
        pygame.draw.circle(surf, BLOOD, (x, bottom), max(2, int(width * 0.8)))


def card_face(value: int, danger: frozenset[int]) -> CardFace:
    """A number card; its band names the site the number endangers (13: everyone)."""
    if value == KILLER_NUMBER:
        caption = t("bloody_summer.card_all")
    else:
        caption = t(f"bloody_summer.site.{SITES[SITE_OF[value]]}")
    hurts = value in danger
    ink = BLOOD if value == KILLER_NUMBER else style.INK
    return CardFace(str(value), str(value), caption, ink=ink, band=BLOOD if hurts else SAFE_BAND,
                    motif="bloody_summer.drip" if hurts else "")


def card(p: Painter, value: int, rect: pygame.FRect, danger: frozenset[int]) -> None:
    """A number card with its shadow, at `rect` (virtual px)."""
    p.rect(rect.move(2, 3), CARD_SHADOW, 6)
    p.blit(render_card(card_face(value, danger), *p.size_px(rect.w, rect.h)), rect.topleft)


# ----- icons (virtual coordinates) ---------------------------------------------------
def chip(p: Painter, center: tuple[float, float], value: int, hurts: bool, r: float = 11) -> None:
    """A danger-number chip: red where the number can hurt."""
    p.circle(center, r, BLOOD if hurts else CHIP_SAFE)
    p.circle(center, r, BLOOD_BRIGHT if hurts else style.PANEL_EDGE, width=1)
    p.text(str(value), center, style.TINY, style.CARD_FACE, bold=True, anchor="center", max_width=r * 2 - 1)


def drop(p: Painter, center: tuple[float, float], r: float, color: style.Color = BLOOD_BRIGHT) -> None:
    """A blood drop: the wound chip."""
    x, y = center
    p.circle((x, y + r * 0.35), r * 0.72, color)
    p.polygon([(x, y - r), (x - r * 0.66, y + r * 0.2), (x + r * 0.66, y + r * 0.2)], color)


def wound_chip(p: Painter, center: tuple[float, float], r: float) -> None:
    p.circle(center, r, BLOOD)
    p.circle(center, r, BLOOD_BRIGHT, width=1.5)
    drop(p, center, r * 0.62, style.CARD_FACE)


def skull(p: Painter, center: tuple[float, float], r: float, color: style.Color = style.TEXT_MUTED) -> None:
    x, y = center
    hole = style.PANEL_DARK
    p.circle((x, y - r * 0.15), r * 0.78, color)
    p.rect((x - r * 0.45, y + r * 0.25, r * 0.9, r * 0.55), color, r * 0.15)
    p.circle((x - r * 0.3, y - r * 0.15), r * 0.22, hole)
    p.circle((x + r * 0.3, y - r * 0.15), r * 0.22, hole)
    p.polygon([(x, y + r * 0.08), (x - r * 0.1, y + r * 0.3), (x + r * 0.1, y + r * 0.3)], hole)
    for dx in (-0.22, 0, 0.22):
        p.line((x + r * dx, y + r * 0.55), (x + r * dx, y + r * 0.8), hole, 1)


def knife(p: Painter, center: tuple[float, float], r: float) -> None:
    x, y = center
    p.polygon([(x - r * 0.2, y + r * 0.2), (x + r, y - r), (x + r * 0.05, y + r * 0.45)],
              mix(style.CARD_FACE, style.PANEL_EDGE, 0.3))
    p.polygon([(x - r * 0.2, y + r * 0.2), (x + r * 0.05, y + r * 0.45), (x - r * 0.55, y + r),
               (x - r * 0.8, y + r * 0.75)], mix(style.INK_SOFT, style.CARD_BACK, 0.5))
    p.circle((x + r * 0.45, y - r * 0.25), r * 0.12, BLOOD_BRIGHT)


def marker(p: Painter, center: tuple[float, float], r: float) -> None:
    """The start marker: an accent token with a star (glyph + colour)."""
    p.circle(center, r, style.ACCENT)
    p.circle(center, r, style.ACCENT_DARK, width=1.5)
    p.text("★", center, r * 1.3, style.INK, anchor="center", icon=True)  # a glyph sized to its token


def moon(p: Painter, center: tuple[float, float], r: float, sky: style.Color) -> None:
    x, y = center
    p.circle((x, y), r * 1.5, mix(sky, MOON, 0.08))
    p.circle((x, y), r, MOON)
    p.circle((x + r * 0.45, y - r * 0.2), r * 0.85, sky)


def pines(p: Painter, base_y: float, x0: float, x1: float, height: float) -> None:
    x = x0
    i = 0
    while x < x1:
        h = height * (0.7 + 0.3 * ((i * 37) % 10) / 10)
        half = h * 0.32
        for k in range(3):
            y = base_y - h * 0.28 * k
            hw = half * (1 - 0.25 * k)
            p.polygon([(x - hw, y), (x + hw, y), (x, y - h * 0.45)], PINE)
        x += half * 1.3
        i += 1


def tent(p: Painter, base: tuple[float, float], w: float) -> None:
    x, y = base
    p.polygon([(x - w / 2, y), (x + w / 2, y), (x, y - w * 0.7)], TENT)
    p.polygon([(x - w * 0.12, y), (x + w * 0.12, y), (x, y - w * 0.38)], mix(style.ACCENT_DARK, TENT, 0.5))


@lru_cache(maxsize=16)
def sky(w: int, h: int, radius: int) -> pygame.Surface:
    """The camp card's night gradient with rounded corners (cached per pixel size)."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    for y in range(h):
        pygame.draw.line(surf, mix(NIGHT_TOP, NIGHT_LOW, y / max(1, h - 1)), (0, y), (w, y))
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return surf
