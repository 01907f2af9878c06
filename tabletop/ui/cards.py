"""Card art drawn in code and cached per pixel size, so it stays sharp at any window size.

A `CardFace` describes a card (corner index, a big centre mark, a caption, colours
and an optional motif); `render_card` turns it into a Surface once per size.
Every game's cards share this layout: paper face, rounded corners, corner
indices top-left and bottom-right, the centre mark, and a caption band.

Corner indices are text a player reads: they grow with the text-size setting (`set_index_scale`, which
the painter calls when the setting changes), as far as the card's corner has room for them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import pygame

from tabletop.ui import style
from tabletop.ui.text import font_at

Motif = Callable[[pygame.Surface, pygame.Rect, style.Color], None]


@dataclass(frozen=True)
class CardFace:
    corner: str
    centre: str
    caption: str = ""
    ink: style.Color = style.INK
    face: style.Color = style.CARD_FACE
    band: style.Color | None = None  # caption band colour (specials, suits)
    motif: str = ""  # name of a registered motif drawn behind the centre mark


MOTIFS: dict[str, Motif] = {}
MOTIF_MIN_PX = 6  # a motif is drawn only where the card's inner area is at least this wide and tall
INDEX_MAX_H = 0.2  # of the card's height: a grown index stays in its corner, clear of the centre mark
INDEX_MAX_W = 0.5  # of the card's width: a two-digit index ("10") never reaches the other half
_index_scale = 1.0


def set_index_scale(scale: float) -> None:
    """The text-size setting (1.0, 1.25, 1.5) that corner indices are drawn at from now on."""
    global _index_scale
    _index_scale = scale


def index_size(corner: str, w: int, h: int, scale: float) -> int:
    """The corner index's font size in px: h/7 times the text scale, kept inside the corner (at most
    INDEX_MAX_H of the height tall, INDEX_MAX_W of the width wide) but never smaller than at 100 %."""
    base = max(8, h // 7)
    size = max(base, min(round(h / 7 * scale), int(h * INDEX_MAX_H)))
    while size > base and font_at(size, bold=True).size(corner)[0] > w * INDEX_MAX_W:
        size -= 1
    return size


def motif(name: str) -> Callable[[Motif], Motif]:
    def register(fn: Motif) -> Motif:
        MOTIFS[name] = fn
        return fn
    return register


def render_card(face: CardFace, w: int, h: int) -> pygame.Surface:
    """The card at w×h px, its indices at the current text size."""
    return _render_card(face, w, h, _index_scale)


@lru_cache(maxsize=512)
def _render_card(face: CardFace, w: int, h: int, index_scale: float) -> pygame.Surface:
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(3, w // 10)
    rect = surf.get_rect()
    pygame.draw.rect(surf, face.face, rect, border_radius=radius)
    inner = rect.inflate(-max(4, w // 12), -max(4, w // 12))
    if face.band is not None:
        band = pygame.Rect(rect.x, rect.bottom - h // 4, w, h // 4)
        pygame.draw.rect(surf, face.band, band, border_bottom_left_radius=radius, border_bottom_right_radius=radius)
    if face.motif in MOTIFS and min(inner.size) >= MOTIF_MIN_PX:  # a sliver of a card (a tiny window) has no art
        MOTIFS[face.motif](surf, inner, face.ink)
    pygame.draw.rect(surf, style.CARD_EDGE, rect, max(1, w // 60), border_radius=radius)
    corner_font = font_at(index_size(face.corner, w, h, index_scale), bold=True)
    label = corner_font.render(face.corner, True, face.ink)
    surf.blit(label, (inner.x + 1, inner.y - 1))
    if face.band is None:  # a banded card shows its caption there instead of the second index
        flipped = pygame.transform.rotate(label, 180)
        surf.blit(flipped, flipped.get_rect(bottomright=(inner.right - 1, inner.bottom)))
    scale = 0.42 if len(face.centre) <= 1 else 0.36 if len(face.centre) == 2 else 0.24
    if face.band is not None:
        scale *= 0.8  # leave room for the caption band
    centre_font = font_at(max(10, int(h * scale)), bold=True)
    mark = centre_font.render(face.centre, True, face.ink)
    centre_y = rect.centery - (h // 10 if face.band else 0)
    surf.blit(mark, mark.get_rect(center=(rect.centerx, centre_y)))
    if face.caption:
        cap_font = font_at(max(7, h // 11), bold=face.band is not None)
        ink = style.CARD_FACE if face.band is not None else style.INK_SOFT
        cap = cap_font.render(face.caption, True, ink)
        if cap.get_width() > w - 6:
            cap = pygame.transform.smoothscale(cap, (max(1, w - 6), cap.get_height()))
        y = rect.bottom - h // 8 if face.band is not None else rect.bottom - h // 6
        surf.blit(cap, cap.get_rect(center=(rect.centerx, y)))
    return surf


@lru_cache(maxsize=64)
def render_back(w: int, h: int, color: style.Color = style.CARD_BACK) -> pygame.Surface:
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(3, w // 10)
    rect = surf.get_rect()
    pygame.draw.rect(surf, color, rect, border_radius=radius)
    inner = rect.inflate(-w // 6, -w // 6)
    pattern = tuple(min(255, c + 30) for c in color)
    step = max(4, w // 8)
    for x in range(inner.left - inner.height, inner.right, step):
        pygame.draw.line(surf, pattern, (x, inner.bottom), (x + inner.height, inner.top), max(1, w // 40))
    pygame.draw.rect(surf, color, rect.inflate(-w // 12, -w // 12), max(2, w // 30), border_radius=radius)
    pygame.draw.rect(surf, pattern, inner, max(1, w // 50), border_radius=radius // 2)
    pygame.draw.rect(surf, style.CARD_EDGE, rect, max(1, w // 60), border_radius=radius)
    return surf
