"""Piece and card art for the haunted house, drawn in code and cached per pixel size.

Hunters are pawns in the figure's colour (red, yellow, blue, green) with their
number on top; ghosts are pale green sheets, evil spirits red horned sheets, jewels
faceted gems on a paper tile. Dice and the ghost-card motifs live here too.
Every function returns a cached SRCALPHA Surface; callers only blit.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame
from pygame.typing import ColorLike

from tabletop.ui import style
from tabletop.ui.cards import CardFace, Motif, motif
from tabletop.ui.text import font_at

# Piece colours of this game (the figures' colours come from the shared seat palette).
HUNTER_COLORS = (style.SEAT_COLORS[0], style.SEAT_COLORS[2], style.SEAT_COLORS[1], style.SEAT_COLORS[3])
GHOST_BODY = (196, 236, 196)
GHOST_EDGE = (70, 130, 80)
SPIRIT_BODY = style.BAD
SPIRIT_EDGE = (110, 30, 30)
GEM = (220, 70, 140)
GEM_LIGHT = (250, 170, 210)
GEM_DARK = (140, 30, 90)
DOOR_COLORS = {"blue": style.INFO, "green": style.GOOD}
# Each door colour also has its own pattern, on the doors, the padlocks and the lock cards, so the colours
# never carry the lock alone (under tritanopia this blue and green are close); the lock card's words name it.
DOOR_MARKS = {"blue": "stripes", "green": "dots"}
BLACK_DIE = (38, 38, 42)
CARD_RED = (178, 52, 48)


def _ghost_shape(surf: pygame.Surface, rect: pygame.Rect, body: style.Color, edge: style.Color,
                 horns: bool = False, eyes: bool = True) -> None:
    w, h = rect.size
    x, y = rect.topleft
    head_r = w * 0.40
    cx, cy = x + w / 2, y + h * 0.44
    width = max(1, round(w / 18))
    if horns:
        for side in (-1, 1):
            base = cx + side * head_r * 0.55
            tri = [(base - side * w * 0.12, cy - head_r * 0.62), (base + side * w * 0.10, cy - head_r * 0.80),
                   (base + side * w * 0.16, y + h * 0.02)]
            pygame.draw.polygon(surf, edge, tri)
    # body: a round head, straight sides, a wavy hem of three scallops
    points: list[tuple[float, float]] = []
    for i in range(0, 181, 10):
        a = math.radians(180 + i)
        points.append((cx + head_r * math.cos(a), cy + head_r * math.sin(a)))
    hem = y + h * 0.86
    points.append((cx + head_r, hem))
    scallops = 3
    step = 2 * head_r / scallops
    for k in range(scallops):
        right = cx + head_r - k * step
        for j in range(1, 7):
            t = j / 6
            px = right - step * t
            py = hem + math.sin(t * math.pi) * h * 0.09
            points.append((px, py))
    pygame.draw.polygon(surf, body, points)
    pygame.draw.polygon(surf, edge, points, width)
    if not eyes:
        return
    eye_w, eye_h = max(2, round(w * 0.13)), max(3, round(h * 0.18))
    for side in (-1, 1):
        ex = cx + side * head_r * 0.38
        eye = pygame.Rect(0, 0, eye_w, eye_h)
        eye.center = (round(ex), round(cy + h * 0.02))
        pygame.draw.ellipse(surf, style.INK, eye)
    if horns:  # a frown
        pygame.draw.arc(surf, style.INK, pygame.Rect(cx - w * 0.14, cy + h * 0.17, w * 0.28, h * 0.16),
                        0.3, math.pi - 0.3, max(1, width))


@lru_cache(maxsize=32)
def ghost(size: int) -> pygame.Surface:
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    _ghost_shape(surf, surf.get_rect(), GHOST_BODY, GHOST_EDGE)
    return surf


@lru_cache(maxsize=32)
def spirit(size: int) -> pygame.Surface:
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    _ghost_shape(surf, surf.get_rect(), SPIRIT_BODY, SPIRIT_EDGE, horns=True)
    return surf


FADE_STEPS = 12  # a fading piece takes one of these opacities, each rendered once


@lru_cache(maxsize=64)
def fading(kind: str, size: int, step: int) -> pygame.Surface:
    """A ghost or spirit at opacity `step` / FADE_STEPS (a removed one fading away as it floats off)."""
    surf = (ghost if kind == "ghost" else spirit)(size).copy()
    surf.fill((255, 255, 255, round(255 * step / FADE_STEPS)), special_flags=pygame.BLEND_RGBA_MULT)
    return surf


def _gem_points(rect: pygame.Rect) -> tuple[list[tuple[float, float]], list[tuple[float, float]]]:
    x, y, w, h = rect
    top = [(x + w * 0.25, y + h * 0.12), (x + w * 0.75, y + h * 0.12), (x + w, y + h * 0.38), (x, y + h * 0.38)]
    outline = [top[0], top[1], top[2], (x + w / 2, y + h * 0.95), top[3]]
    return top, outline


def draw_gem(surf: pygame.Surface, rect: pygame.Rect) -> None:
    top, outline = _gem_points(rect)
    pygame.draw.polygon(surf, GEM, outline)
    pygame.draw.polygon(surf, GEM_LIGHT, top)
    x, y, w, h = rect
    pygame.draw.polygon(surf, GEM_DARK, [(x + w / 2, y + h * 0.38), (x + w, y + h * 0.38), (x + w / 2, y + h * 0.95)])
    pygame.draw.polygon(surf, GEM_DARK, outline, max(1, round(w / 14)))


@lru_cache(maxsize=64)
def jewel_tile(size: int, label: str = "") -> pygame.Surface:
    """A jewel tile: paper square with a gem; `label` is its number (advanced) or "?" (number-down),
    printed beside the gem on a wider tile."""
    surf = pygame.Surface((round(size * 1.4) if label else size, size), pygame.SRCALPHA)
    rect = surf.get_rect()
    radius = max(2, size // 6)
    pygame.draw.rect(surf, style.CARD_FACE, rect, border_radius=radius)
    pygame.draw.rect(surf, style.CARD_EDGE, rect, max(1, size // 16), border_radius=radius)
    if label:
        gem = pygame.Rect(0, 0, round(size * 0.6), round(size * 0.6))
        gem.midleft = (round(size * 0.1), size // 2)
        draw_gem(surf, gem)
        text = font_at(max(7, round(size * 0.6)), bold=True).render(label, True, style.INK)
        surf.blit(text, text.get_rect(center=(round(size * 1.0), size // 2)))
    else:
        draw_gem(surf, rect.inflate(-round(size * 0.28), -round(size * 0.28)))
    return surf


@lru_cache(maxsize=8)
def dim(w: int, h: int) -> pygame.Surface:
    """A dark veil over a card that was drawn but ignored."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(surf, (*style.SHADOW, 130), surf.get_rect(), border_radius=max(3, w // 10))
    return surf


@lru_cache(maxsize=32)
def gem(size: int) -> pygame.Surface:
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    draw_gem(surf, surf.get_rect())
    return surf


@lru_cache(maxsize=64)
def hunter(size: int, ch: int, active: bool = False) -> pygame.Surface:
    """A pawn seen from above: a disc in the figure's colour with its number (1-4)."""
    pad = max(2, size // 8)
    surf = pygame.Surface((size + 2 * pad, size + 2 * pad), pygame.SRCALPHA)
    c = (size + 2 * pad) // 2
    r = size // 2
    pygame.draw.circle(surf, (*style.SHADOW, 90), (c + max(1, size // 14), c + max(1, size // 10)), r)
    pygame.draw.circle(surf, HUNTER_COLORS[ch % 4], (c, c), r)
    pygame.draw.circle(surf, style.INK, (c, c), r, max(1, size // 12))
    highlight = tuple(min(255, v + 50) for v in HUNTER_COLORS[ch % 4])
    pygame.draw.circle(surf, highlight, (c - r // 3, c - r // 3), max(1, r // 4))
    label = font_at(max(8, round(size * 0.6)), bold=True).render(str(ch + 1), True, style.INK)
    surf.blit(label, label.get_rect(center=(c, c + max(0, size // 20))))
    return surf


@lru_cache(maxsize=32)
def seat_badge(size: int, seat: int) -> pygame.Surface:
    """The controller's seat disc (colour and glyph, as everywhere in the app)."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size // 2
    pygame.draw.circle(surf, style.INK, (c, c), c)
    pygame.draw.circle(surf, style.SEAT_COLORS[seat % 6], (c, c), c - max(1, size // 10))
    glyph = font_at(max(6, round(size * 0.62)), bold=True).render(style.SEAT_GLYPHS[seat % 6], True, style.INK)
    surf.blit(glyph, glyph.get_rect(center=(c, c)))
    return surf


def draw_door_mark(surf: pygame.Surface, rect: pygame.Rect, colour: str, ink: ColorLike, step: int) -> None:
    """The door colour's pattern over `rect`: diagonal stripes (blue) or a grid of dots (green), `step` px apart."""
    clip = surf.get_clip()
    surf.set_clip(rect.clip(clip) if clip else rect)
    if DOOR_MARKS[colour] == "stripes":
        width = max(1, round(step * 0.32))
        for x in range(rect.x - rect.h, rect.right + rect.h, step):
            pygame.draw.line(surf, ink, (x, rect.bottom), (x + rect.h, rect.y), width)
    else:
        radius = max(1, round(step * 0.25))
        cols, rows = max(1, rect.w // step), max(1, rect.h // step)
        x0 = rect.x + (rect.w - (cols - 1) * step) / 2
        y0 = rect.y + (rect.h - (rows - 1) * step) / 2
        for i in range(cols):
            for j in range(rows):
                pygame.draw.circle(surf, ink, (round(x0 + i * step), round(y0 + j * step)), radius)
    surf.set_clip(clip)


@lru_cache(maxsize=64)
def door_mark(w: int, h: int, colour: str) -> pygame.Surface:
    """A door's pattern (paper on the door's own colour) to lay over a coloured door of w x h px."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    step = max(4, round(min(w, h) * 0.62))
    draw_door_mark(surf, surf.get_rect(), colour, (*style.CARD_FACE, 215), step)
    return surf


def draw_padlock(surf: pygame.Surface, rect: pygame.Rect, body: style.Color, ink: style.Color = style.INK,
                 mark: str = "") -> None:
    """A padlock; `mark` (a door colour) patterns its body like the doors it locks."""
    x, y, w, h = rect
    width = max(1, round(w / 8))
    shackle = pygame.Rect(round(x + w * 0.22), round(y), round(w * 0.56), round(h * 0.6))
    pygame.draw.ellipse(surf, ink, shackle, width)
    box = pygame.Rect(round(x), round(y + h * 0.4), round(w), round(h * 0.6))
    pygame.draw.rect(surf, body, box, border_radius=max(1, round(w / 7)))
    pygame.draw.rect(surf, ink, box, max(1, round(w / 12)), border_radius=max(1, round(w / 7)))
    if mark:  # the pattern takes the keyhole's place: at icon size the two would blur into one blot
        draw_door_mark(surf, box.inflate(-max(2, w // 5), -max(2, w // 5)), mark, ink, max(3, round(w * 0.24)))
        return
    hole = pygame.Rect(0, 0, max(2, round(w * 0.16)), max(3, round(h * 0.22)))
    hole.center = box.center
    pygame.draw.rect(surf, ink, hole, border_radius=max(1, hole.w // 2))


@lru_cache(maxsize=16)
def padlock(size: int, colour: str) -> pygame.Surface:
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.circle(surf, style.CARD_FACE, (size // 2, size // 2), size // 2)
    pygame.draw.circle(surf, style.INK, (size // 2, size // 2), size // 2, max(1, size // 14))
    inner = surf.get_rect().inflate(-round(size * 0.44), -round(size * 0.38))
    draw_padlock(surf, inner, DOOR_COLORS[colour], mark=colour)
    return surf


# ----- dice ---------------------------------------------------------------------------------------
_PIPS = {1: [(0.5, 0.5)], 2: [(0.27, 0.27), (0.73, 0.73)], 3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
         4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
         5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
         6: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)]}


@lru_cache(maxsize=32)
def white_die(size: int, value: int) -> pygame.Surface:
    """The movement die; faces 1-5 also carry the ghost symbol (a card is drawn), 6 does not."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    rect = surf.get_rect()
    radius = max(3, size // 6)
    pygame.draw.rect(surf, style.CARD_FACE, rect, border_radius=radius)
    pygame.draw.rect(surf, style.CARD_EDGE, rect, max(1, size // 24), border_radius=radius)
    r = max(2, round(size * 0.085))
    for fx, fy in _PIPS.get(value, []):
        pygame.draw.circle(surf, style.INK, (round(fx * size), round(fy * size)), r)
    if 1 <= value <= 5:
        g = ghost(max(8, round(size * 0.3)))
        surf.blit(g, g.get_rect(topright=(size - max(1, size // 16), max(1, size // 16))))
    return surf


@lru_cache(maxsize=16)
def black_die(size: int, face: str) -> pygame.Surface:
    """A fight die: ghost mark, evil-spirit mark or blank."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    rect = surf.get_rect()
    radius = max(3, size // 6)
    pygame.draw.rect(surf, BLACK_DIE, rect, border_radius=radius)
    pygame.draw.rect(surf, style.PANEL_EDGE, rect, max(1, size // 24), border_radius=radius)
    mark = round(size * 0.7)
    if face == "ghost":
        surf.blit(ghost(mark), ghost(mark).get_rect(center=rect.center))
    elif face == "spirit":
        surf.blit(spirit(mark), spirit(mark).get_rect(center=rect.center))
    return surf


# ----- ghost cards --------------------------------------------------------------------------------
@motif("haunted_ghost")
def _ghost_motif(surf: pygame.Surface, rect: pygame.Rect, ink: style.Color) -> None:
    size = round(min(rect.w, rect.h) * 0.9)
    layer = pygame.Surface((size, size), pygame.SRCALPHA)
    _ghost_shape(layer, layer.get_rect(), (222, 242, 222), (190, 222, 194), eyes=False)
    surf.blit(layer, layer.get_rect(center=(rect.centerx, rect.centery - rect.h // 12)))


def _lock_motif(colour: str) -> Motif:
    def draw(surf: pygame.Surface, rect: pygame.Rect, ink: style.Color) -> None:
        w = round(rect.w * 0.5)
        box = pygame.Rect(0, 0, w, round(w * 1.15))
        box.center = (rect.centerx, rect.centery - rect.h // 8)
        draw_padlock(surf, box, DOOR_COLORS[colour], ink, mark=colour)
    return draw


motif("haunted_lock_blue")(_lock_motif("blue"))
motif("haunted_lock_green")(_lock_motif("green"))


def card_face(name: str, caption: str) -> CardFace:
    """The CardFace of a ghost card by its engine name (room:A .. lock:green)."""
    if name.startswith("room:"):
        letter = name[5:]
        return CardFace(letter, letter, caption, motif="haunted_ghost", band=GHOST_EDGE)
    if name == "shuffle":
        return CardFace("⇄", "⇄", caption, band=style.PANEL_EDGE)
    if name in ("draw2", "draw3"):
        n = "+" + name[-1]
        return CardFace(n, n, caption, ink=style.CARD_FACE, face=CARD_RED, band=style.CARD_BACK)
    colour = name.split(":")[1]
    return CardFace("", "", caption, band=DOOR_COLORS[colour], motif=f"haunted_lock_{colour}")
