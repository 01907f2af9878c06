"""Sumidagawa card art, drawn in code and cached per pixel size.

Bon are paper cards with the number in sumi black or beni red. Black Bon carry
the river (seigaiha waves under a moon), red Bon a summer firework; the small
mark under the corner index repeats it (a wave / a star), so the colours never
rely on hue alone. Rin are the wild cards: a lacquer face (black or red) with a
paper lantern and the kanji 凛; a red Rin carries the red star in the same corner
and a black one no mark. Face-down Rin are the shared card back with a colour
tag in words, because the state and colour of every Rin is public. A
combination's pips mark their red cards with a paper dot.

The pigments below are card art (like bluffit's special bands), not UI colours:
the UI around the cards uses only `tabletop.ui.style`.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from tabletop.games.sumidagawa.cards import BLACK, colour_of, value_of
from tabletop.ui import style
from tabletop.ui.cards import CardFace, motif, render_back, render_card
from tabletop.ui.text import font_at

SUMI = (30, 30, 38)          # black ink
BENI = (190, 36, 44)         # red ink (vermilion)
WAVE = (196, 212, 226)       # pale river blue on paper
WAVE_LINE = (120, 156, 190)
MOON = (236, 214, 150)
SPARK = (240, 178, 120)      # pale firework colours on paper
SPARK_2 = (236, 150, 170)
RIN_FACE = {BLACK: (36, 38, 52), 1: (158, 30, 38)}
RIN_INK = {BLACK: (226, 190, 104), 1: (252, 236, 214)}
LANTERN = {BLACK: (70, 60, 58), 1: (200, 70, 56)}
LANTERN_LINE = {BLACK: (120, 98, 70), 1: (236, 150, 110)}
PIGMENT = {BLACK: SUMI, 1: BENI}  # the colour of a combination's card pips

CARD = (84, 120)        # style.CARD_W x CARD_H: the hand
RIVER_CARD = (56, 80)   # played cards in the river (the small standard size)
RIVER_SMALL = (38, 54)  # ... when a long Jun needs two rows
MINI = (24, 34)         # Rin in front of opponents, reference examples


# ----- motifs ---------------------------------------------------------------------------------
def mark_rect(w: int, h: int) -> pygame.Rect:
    """Where a card of w x h px has its colour mark (under the corner index): a wave, a star or nothing."""
    size = max(3, h // 22)
    inset = max(4, w // 12) // 2  # the card's inner area (ui/cards.py)
    x = inset + max(2, h // 40) + size
    y = inset + h // 7 + size + max(1, h // 60)
    rect = pygame.Rect(0, 0, 4 * size + 2, 3 * size + 2)
    rect.center = (x, y)
    return rect


def _corner_mark(surf: pygame.Surface, inner: pygame.Rect, wave: bool, colour: style.Color = BENI) -> None:
    h = surf.get_height()
    size = max(3, h // 22)
    x = inner.x + max(2, h // 40) + size
    y = inner.y + h // 7 + size + max(1, h // 60)
    if wave:
        for dx in (-size, size):
            pygame.draw.arc(surf, WAVE_LINE, (x + dx - size, y - size, 2 * size, 2 * size), 0, math.pi,
                            max(1, size // 2))
    else:
        _star(surf, (x, y), size * 1.3, colour)


def _star(surf: pygame.Surface, centre: tuple[float, float], r: float, colour: style.Color) -> None:
    pts = []
    for i in range(10):
        a = -math.pi / 2 + i * math.pi / 5
        rr = r if i % 2 == 0 else r * 0.45
        pts.append((centre[0] + rr * math.cos(a), centre[1] + rr * math.sin(a)))
    pygame.draw.polygon(surf, colour, pts)


@motif("sumida_river")
def _river(surf: pygame.Surface, inner: pygame.Rect, ink: style.Color) -> None:
    """Seigaiha waves along the bottom and a moon: the Sumida at night."""
    w, h = inner.size
    r = max(4, w // 7)
    width = max(1, w // 45)
    top = inner.bottom - int(h * 0.34)
    row = 0
    y = inner.bottom
    while y > top:
        offset = 0 if row % 2 == 0 else r
        for x in range(inner.x - r + offset, inner.right + r, 2 * r):
            for k, colour in ((r, WAVE), (int(r * 0.7), WAVE_LINE), (int(r * 0.4), WAVE)):
                pygame.draw.circle(surf, colour, (x, y), k, width if colour is WAVE_LINE else 0,
                                   draw_top_left=True, draw_top_right=True)
        y -= r // 2 + r // 3
        row += 1
    moon = (inner.right - w // 5, inner.y + h // 5)
    pygame.draw.circle(surf, MOON, moon, max(3, w // 9))
    pygame.draw.circle(surf, style.CARD_FACE, (moon[0] + max(2, w // 22), moon[1] - max(1, w // 40)), max(3, w // 10))
    _corner_mark(surf, inner, wave=True)


@motif("sumida_fireworks")
def _fireworks(surf: pygame.Surface, inner: pygame.Rect, ink: style.Color) -> None:
    """A hanabi burst above the number, with a smaller one below."""
    w, h = inner.size
    width = max(1, w // 40)
    for (cx, cy, r, colour) in ((inner.centerx + w // 8, inner.y + h * 0.3, w * 0.36, SPARK),
                                (inner.x + w * 0.3, inner.bottom - h * 0.2, w * 0.2, SPARK_2)):
        rays = 16
        for i in range(rays):
            a = i * 2 * math.pi / rays
            x0, y0 = cx + r * 0.3 * math.cos(a), cy + r * 0.3 * math.sin(a)
            x1, y1 = cx + r * math.cos(a), cy + r * math.sin(a)
            pygame.draw.line(surf, colour, (x0, y0), (x1, y1), width)
            pygame.draw.circle(surf, colour, (x1, y1), max(1, width + 1))
    _corner_mark(surf, inner, wave=False)


def _lantern(surf: pygame.Surface, inner: pygame.Rect, colour: int) -> None:
    w, h = inner.size
    body = pygame.Rect(0, 0, int(w * 0.72), int(h * 0.62))
    body.center = (inner.centerx, inner.centery + h // 30)
    cap_h = max(2, h // 20)
    cap = pygame.Rect(0, 0, int(body.w * 0.5), cap_h)
    pygame.draw.line(surf, LANTERN_LINE[colour], (inner.centerx, inner.y + h // 30), (inner.centerx, body.y), 1)
    pygame.draw.ellipse(surf, LANTERN[colour], body)
    for k in range(1, 6):
        y = body.y + body.h * k / 6
        half = body.w / 2 * math.sqrt(max(0.0, 1 - ((y - body.centery) / (body.h / 2)) ** 2))
        pygame.draw.line(surf, LANTERN_LINE[colour], (body.centerx - half, y), (body.centerx + half, y),
                         max(1, w // 60))
    for y in (body.y - cap_h // 2, body.bottom - cap_h // 2):
        cap.center = (body.centerx, y + cap_h // 2)
        pygame.draw.rect(surf, RIN_INK[colour], cap, border_radius=max(1, cap_h // 3))


@motif("sumida_rin_black")
def _rin_black(surf: pygame.Surface, inner: pygame.Rect, ink: style.Color) -> None:
    _lantern(surf, inner, BLACK)


@motif("sumida_rin_red")
def _rin_red(surf: pygame.Surface, inner: pygame.Rect, ink: style.Color) -> None:
    _lantern(surf, inner, 1)
    _corner_mark(surf, inner, wave=False, colour=RIN_INK[1])  # the red Bon's star: red never rests on hue alone


# ----- faces ----------------------------------------------------------------------------------
def bon_face(card: int) -> CardFace:
    v = str(value_of(card))
    if colour_of(card) == BLACK:
        return CardFace(v, v, ink=SUMI, motif="sumida_river")
    return CardFace(v, v, ink=BENI, motif="sumida_fireworks")


def rin_face(colour: int, small: bool = False) -> CardFace:
    return CardFace("" if small else "凛", "凛", ink=RIN_INK[colour], face=RIN_FACE[colour],
                    motif="sumida_rin_black" if colour == BLACK else "sumida_rin_red")


def bon(card: int, w: int, h: int) -> pygame.Surface:
    return render_card(bon_face(card), w, h)


def rin(colour: int, w: int, h: int) -> pygame.Surface:
    return render_card(rin_face(colour, small=h < 60), w, h)


@lru_cache(maxsize=64)
def rin_down(colour: int, w: int, h: int, tag: str) -> pygame.Surface:
    """A face-down Rin: the shared back with a round tag in the Rin's colour (its state is public)."""
    surf = render_back(w, h).copy()
    r = max(5, w // 4)
    centre = (w // 2, h // 2)
    pygame.draw.circle(surf, RIN_FACE[colour], centre, r)
    pygame.draw.circle(surf, RIN_INK[colour], centre, r, max(1, r // 6))
    label = font_at(max(7, int(r * 1.1)), bold=True).render(tag, True, RIN_INK[colour])
    surf.blit(label, label.get_rect(center=centre))
    return surf


@lru_cache(maxsize=128)
def dimmed(surface: pygame.Surface, alpha: int = 140) -> pygame.Surface:
    """A faded copy (used Rin: still face up, but spent for this Jun)."""
    out = surface.copy()
    out.fill((255, 255, 255, alpha), special_flags=pygame.BLEND_RGBA_MULT)
    return out


@lru_cache(maxsize=64)
def shadow(w: int, h: int, radius: int, alpha: int = 60) -> pygame.Surface:
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(surf, (*style.SHADOW, alpha), surf.get_rect(), border_radius=radius)
    return surf


@lru_cache(maxsize=8)
def river_bed(w: int, h: int) -> pygame.Surface:
    """Faint seigaiha waves for the bottom of the river zone (felt colours only)."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    r = max(8, h // 3)
    width = max(1, r // 10)
    row = 0
    y = h + r // 2
    while y > r // 2:
        offset = 0 if row % 2 == 0 else r
        for x in range(-r + offset, w + r, 2 * r):
            for k in (r, int(r * 0.66), int(r * 0.33)):
                pygame.draw.circle(surf, (*style.FELT_LINE, 70), (x, y), k, width, draw_top_left=True,
                                   draw_top_right=True)
        y -= r // 2 + r // 4
        row += 1
    return surf


@lru_cache(maxsize=64)
def pips(w: int, h: int, scale: float, size: int, colour: int, run: bool) -> pygame.Surface:
    """A combination's size and colour as little cards (a run climbs like a staircase), at this scale."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    pw, ph, step = 9 * scale, 13 * scale, 6 * scale
    for i in range(size):
        dy = (size - 1 - i) * 3 * scale if run else (size - 1) * 1.5 * scale
        r = pygame.Rect(round(i * step), round(dy), round(pw), round(ph))
        pygame.draw.rect(surf, style.CARD_FACE, r, border_radius=max(1, round(2 * scale)))
        pygame.draw.rect(surf, PIGMENT[colour], r.inflate(-max(2, round(3 * scale)), -max(2, round(3 * scale))),
                         border_radius=1)
        if colour != BLACK:  # a red pip carries a paper dot, as red cards carry their star
            pygame.draw.circle(surf, style.CARD_FACE, r.center, max(1, round(1.3 * scale)))
    return surf
