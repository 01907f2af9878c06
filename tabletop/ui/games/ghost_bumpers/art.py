"""Ghost Bumpers card art, drawn in code: one monster per value and the two character cards.

Every monster follows one rule that players can check at a glance: it has as many
eyes as its value (the 0/10 card has one open and one shut eye). Each value also
has its own body (slime, bat, tentacles, horns, sheet ghost, urchin, octopus,
spider, dragon) and colour. Motifs are registered in ui/cards.py's registry as
`gb_monster_<card>` and `gb_char_U` / `gb_char_S`; they draw at twice the size
and are smoothed down, and render_card caches the result per pixel size.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial

import pygame

from tabletop.games.ghost_bumpers.cards import FIVE, Z
from tabletop.i18n import t
from tabletop.ui import style
from tabletop.ui.cards import CardFace, motif

# Monster bodies (art colours, like bluffit's band colours): index = card code (0 = Z).
BODY: dict[int, style.Color] = {
    0: (70, 62, 86), 1: (120, 190, 100), 2: (150, 110, 200), 3: (70, 170, 170), 4: (235, 140, 60),
    5: (214, 224, 244), 6: (215, 85, 80), 7: (220, 110, 170), 8: (96, 96, 128), 9: (196, 150, 52),
}
FIVE_BAND = (70, 96, 160)
Z_BAND = (40, 36, 52)
WHITE = style.CARD_FACE
DARK = style.INK
CHAR_FACE = (255, 226, 196)
CHAR_HAIR = (92, 60, 40)
S_FACE = (238, 240, 250)
S_BAND = style.BAD
U_BAND = style.GOOD


def _shade(color: style.Color, k: float) -> style.Color:
    r, g, b = (max(0, min(255, int(c * k))) for c in color)
    return r, g, b


def _eye(s: pygame.Surface, x: float, y: float, r: float, look: float = 0.0) -> None:
    pygame.draw.circle(s, WHITE, (x, y), r)
    pygame.draw.circle(s, DARK, (x, y), r, max(1, int(r / 5)))
    pygame.draw.circle(s, DARK, (x + look * r * 0.3, y + r * 0.15), r * 0.5)
    pygame.draw.circle(s, WHITE, (x + look * r * 0.3 - r * 0.18, y - r * 0.05), max(1, r * 0.16))


def _eyes(s: pygame.Surface, n: int, cx: float, cy: float, w: float, r: float) -> None:
    """`n` eyes in up to three rows centred on (cx, cy), at most `w` wide."""
    rows = {1: [1], 2: [2], 3: [2, 1], 4: [2, 2], 5: [3, 2], 6: [3, 3], 7: [3, 4], 8: [4, 4], 9: [3, 3, 3]}[n]
    r = min(r, w / (max(rows) * 2.4))
    gap_y = r * 2.3
    y0 = cy - gap_y * (len(rows) - 1) / 2
    for i, count in enumerate(rows):
        step = r * 2.4
        x0 = cx - step * (count - 1) / 2
        for j in range(count):
            _eye(s, x0 + j * step, y0 + i * gap_y, r * (1.0 if count < 4 else 0.92), look=(j - (count - 1) / 2) * 0.3)


def _mouth(s: pygame.Surface, cx: float, y: float, w: float, teeth: int = 0, open_: bool = False) -> None:
    rect = pygame.Rect(0, 0, w, w * (0.55 if open_ else 0.32))
    rect.center = (int(cx), int(y))
    if open_:
        pygame.draw.ellipse(s, DARK, rect)
        pygame.draw.ellipse(s, style.BAD, rect.inflate(-w * 0.4, -rect.h * 0.5).move(0, rect.h * 0.18))
    else:
        pygame.draw.arc(s, DARK, rect.move(0, -rect.h // 2), math.pi * 1.05, math.pi * 1.95, max(2, int(w / 9)))
    for i in range(teeth):
        tx = rect.x + rect.w * (i + 0.5) / teeth
        top = rect.centery - (rect.h * 0.3 if open_ else rect.h * 0.05)
        pygame.draw.polygon(s, WHITE, [(tx - w / (teeth * 3), top), (tx + w / (teeth * 3), top), (tx, top + w * 0.14)])


def _outline(s: pygame.Surface, points: list[tuple[float, float]], fill: style.Color, width: int) -> None:
    pygame.draw.polygon(s, fill, points)
    pygame.draw.polygon(s, _shade(fill, 0.55), points, width)


def _slime(s: pygame.Surface, w: int, h: int, cx: float, lw: int, body: style.Color,
           edge: style.Color) -> None:
    """Slime: one eye, a drip."""
    pts = [(cx - w * 0.36, h * 0.72), (cx - w * 0.30, h * 0.42), (cx - w * 0.10, h * 0.26), (cx + w * 0.14, h * 0.27),
           (cx + w * 0.32, h * 0.42), (cx + w * 0.38, h * 0.72)]
    _outline(s, pts, body, lw)
    pygame.draw.ellipse(s, body, (cx - w * 0.38, h * 0.62, w * 0.76, h * 0.16))
    pygame.draw.circle(s, body, (cx + w * 0.2, h * 0.80), w * 0.05)
    _eyes(s, 1, cx, h * 0.45, w * 0.5, w * 0.14)
    _mouth(s, cx, h * 0.62, w * 0.22)


def _bat(s: pygame.Surface, w: int, h: int, cx: float, lw: int, body: style.Color,
         edge: style.Color) -> None:
    """Bat: wings and two eyes."""
    for side in (-1, 1):
        wing = [(cx + side * w * 0.12, h * 0.40), (cx + side * w * 0.46, h * 0.26), (cx + side * w * 0.42, h * 0.46),
                (cx + side * w * 0.47, h * 0.62), (cx + side * w * 0.30, h * 0.56), (cx + side * w * 0.14, h * 0.62)]
        _outline(s, wing, _shade(body, 0.8), lw)
        pygame.draw.polygon(s, body, [(cx + side * w * 0.06, h * 0.30), (cx + side * w * 0.18, h * 0.18),
                                      (cx + side * w * 0.18, h * 0.34)])
    pygame.draw.circle(s, body, (cx, h * 0.46), w * 0.2)
    pygame.draw.circle(s, edge, (cx, h * 0.46), w * 0.2, lw)
    _eyes(s, 2, cx, h * 0.42, w * 0.34, w * 0.075)
    _mouth(s, cx, h * 0.56, w * 0.16, teeth=2)


def _blob(s: pygame.Surface, w: int, h: int, cx: float, lw: int, body: style.Color,
          edge: style.Color) -> None:
    """Blob with three tentacles below."""
    for i in range(3):
        x = cx + (i - 1) * w * 0.2
        pygame.draw.line(s, edge, (x, h * 0.55), (x + (i - 1) * w * 0.08, h * 0.82), lw * 5)
        pygame.draw.line(s, body, (x, h * 0.55), (x + (i - 1) * w * 0.08, h * 0.82), lw * 3)
    pygame.draw.ellipse(s, body, (cx - w * 0.34, h * 0.20, w * 0.68, h * 0.44))
    pygame.draw.ellipse(s, edge, (cx - w * 0.34, h * 0.20, w * 0.68, h * 0.44), lw)
    _eyes(s, 3, cx, h * 0.37, w * 0.4, w * 0.08)
    _mouth(s, cx, h * 0.53, w * 0.2)


def _beast(s: pygame.Surface, w: int, h: int, cx: float, lw: int, body: style.Color,
           edge: style.Color) -> None:
    """Square beast with horns and legs."""
    for side in (-1, 1):
        pygame.draw.polygon(s, WHITE, [(cx + side * w * 0.22, h * 0.28), (cx + side * w * 0.36, h * 0.10),
                                       (cx + side * w * 0.30, h * 0.30)])
        pygame.draw.polygon(s, edge, [(cx + side * w * 0.22, h * 0.28), (cx + side * w * 0.36, h * 0.10),
                                      (cx + side * w * 0.30, h * 0.30)], lw)
    for i in range(4):
        x = cx - w * 0.27 + i * w * 0.18
        pygame.draw.rect(s, edge, (x - w * 0.04, h * 0.66, w * 0.08, h * 0.12), border_radius=lw * 2)
    rect = pygame.Rect(cx - w * 0.34, h * 0.24, w * 0.68, h * 0.46)
    pygame.draw.rect(s, body, rect, border_radius=int(w * 0.1))
    pygame.draw.rect(s, edge, rect, lw, border_radius=int(w * 0.1))
    _eyes(s, 4, cx, h * 0.38, w * 0.5, w * 0.075)
    _mouth(s, cx, h * 0.58, w * 0.3, teeth=4)


def _sheet_ghost(s: pygame.Surface, w: int, h: int, cx: float, lw: int, body: style.Color,
                 edge: style.Color) -> None:
    """The sheet ghost (the 5s make extra reveals)."""
    pts = [(cx - w * 0.34, h * 0.78)]
    for i in range(7):
        pts.append((cx - w * 0.34 + i * w * 0.68 / 6, h * (0.78 if i % 2 == 0 else 0.70)))
    pts += [(cx + w * 0.34, h * 0.40)]
    arc = [(cx + w * 0.34 * math.cos(a), h * 0.40 - w * 0.34 * math.sin(a))
           for a in [k * math.pi / 16 for k in range(17)]]
    pts += arc + [(cx - w * 0.34, h * 0.40)]
    pts = pts[:1] + pts[1:8] + pts[8:]
    pygame.draw.polygon(s, body, pts)
    pygame.draw.polygon(s, FIVE_BAND, pts, lw)
    _eyes(s, 5, cx, h * 0.36, w * 0.56, w * 0.075)
    _mouth(s, cx, h * 0.58, w * 0.2, open_=True)


def _urchin(s: pygame.Surface, w: int, h: int, cx: float, lw: int, body: style.Color,
            edge: style.Color) -> None:
    """Urchin with spikes."""
    n = 12
    pts = []
    for k in range(2 * n):
        a = k * math.pi / n
        r = w * (0.40 if k % 2 == 0 else 0.29)
        pts.append((cx + r * math.cos(a), h * 0.46 + r * math.sin(a)))
    _outline(s, pts, body, lw)
    _eyes(s, 6, cx, h * 0.42, w * 0.46, w * 0.07)
    _mouth(s, cx, h * 0.58, w * 0.22, teeth=3)


def _octopus(s: pygame.Surface, w: int, h: int, cx: float, lw: int, body: style.Color,
             edge: style.Color) -> None:
    """Octopus."""
    for i in range(7):
        a = math.pi * (0.1 + 0.8 * i / 6)
        x0, y0 = cx + w * 0.2 * math.cos(a), h * 0.54
        x1, y1 = cx + w * 0.42 * math.cos(a), h * 0.54 + h * 0.26 * math.sin(a)
        pygame.draw.line(s, edge, (x0, y0), (x1, y1), lw * 5)
        pygame.draw.line(s, body, (x0, y0), (x1, y1), lw * 3)
        pygame.draw.circle(s, body, (x1, y1), lw * 2)
    pygame.draw.ellipse(s, body, (cx - w * 0.32, h * 0.14, w * 0.64, h * 0.50))
    pygame.draw.ellipse(s, edge, (cx - w * 0.32, h * 0.14, w * 0.64, h * 0.50), lw)
    _eyes(s, 7, cx, h * 0.34, w * 0.52, w * 0.07)
    _mouth(s, cx, h * 0.55, w * 0.14)


def _spider(s: pygame.Surface, w: int, h: int, cx: float, lw: int, body: style.Color,
            edge: style.Color) -> None:
    """Spider (spiders really have eight eyes)."""
    for side in (-1, 1):
        for i in range(4):
            y = h * (0.38 + i * 0.08)
            knee = (cx + side * w * 0.38, y - h * 0.10)
            pygame.draw.line(s, edge, (cx, y), knee, lw * 2)
            pygame.draw.line(s, edge, knee, (cx + side * w * 0.46, y + h * 0.14), lw * 2)
    pygame.draw.circle(s, body, (cx, h * 0.50), w * 0.27)
    pygame.draw.circle(s, _shade(body, 0.6), (cx, h * 0.50), w * 0.27, lw)
    _eyes(s, 8, cx, h * 0.44, w * 0.46, w * 0.06)
    for side in (-1, 1):
        pygame.draw.polygon(s, WHITE, [(cx + side * w * 0.03, h * 0.62), (cx + side * w * 0.09, h * 0.62),
                                       (cx + side * w * 0.06, h * 0.70)])


def _dragon(s: pygame.Surface, w: int, h: int, cx: float, lw: int, body: style.Color,
            edge: style.Color) -> None:
    """Crowned dragon."""
    for side in (-1, 1):
        pygame.draw.polygon(s, _shade(body, 0.8), [(cx + side * w * 0.3, h * 0.40), (cx + side * w * 0.48, h * 0.22),
                                                   (cx + side * w * 0.44, h * 0.58)])
    rect = pygame.Rect(cx - w * 0.34, h * 0.22, w * 0.68, h * 0.56)
    pygame.draw.ellipse(s, body, rect)
    pygame.draw.ellipse(s, edge, rect, lw)
    crown = [(cx - w * 0.2, h * 0.22), (cx - w * 0.2, h * 0.08), (cx - w * 0.1, h * 0.16), (cx, h * 0.05),
             (cx + w * 0.1, h * 0.16), (cx + w * 0.2, h * 0.08), (cx + w * 0.2, h * 0.22)]
    _outline(s, crown, style.ACCENT, lw)
    _eyes(s, 9, cx, h * 0.40, w * 0.44, w * 0.06)
    _mouth(s, cx, h * 0.64, w * 0.34, teeth=5, open_=True)


def _moon(s: pygame.Surface, w: int, h: int, cx: float, lw: int, body: style.Color,
          edge: style.Color) -> None:
    """Z, the 0/10 card: a half-light, half-dark two-faced moon."""
    r = w * 0.31
    centre = (cx, h * 0.5)
    pygame.draw.circle(s, BODY[0], centre, r)
    pygame.draw.circle(s, style.CARD_FACE, centre, r, draw_top_left=True, draw_bottom_left=True)
    pygame.draw.circle(s, DARK, centre, r, lw)
    pygame.draw.line(s, DARK, (cx, h * 0.5 - r), (cx, h * 0.5 + r), lw)
    _eye(s, cx - r * 0.45, h * 0.44, w * 0.075)  # open eye on the light side: 10
    pygame.draw.arc(s, style.CARD_FACE, (cx + r * 0.25, h * 0.40, r * 0.45, r * 0.3), math.pi * 1.1,
                    math.pi * 1.9, lw * 2)  # shut eye on the dark side: 0
    pygame.draw.arc(s, DARK, (cx - r * 0.75, h * 0.52, r * 0.6, r * 0.35), math.pi * 1.1, math.pi * 1.9, lw * 2)
    pygame.draw.arc(s, style.CARD_FACE, (cx + r * 0.15, h * 0.58, r * 0.6, r * 0.3), 0.2, math.pi - 0.2, lw * 2)


# The monster on each card, by value (Z, the 0/10 card, is the moon).
_MONSTERS = {1: _slime, 2: _bat, 3: _blob, 4: _beast, FIVE: _sheet_ghost, 6: _urchin, 7: _octopus, 8: _spider,
             9: _dragon, Z: _moon}


def _monster(card: int, s: pygame.Surface) -> None:
    """Draw monster `card` filling surface `s` (already at twice the final size)."""
    w, h = s.get_size()
    cx = w / 2
    lw = max(2, w // 40)
    body = BODY[card]
    edge = _shade(body, 0.55)
    _MONSTERS[card](s, w, h, cx, lw, body, edge)




def _character(scared: bool, s: pygame.Surface) -> None:
    """A child on a ghost tour: calm (U, unafraid) or screaming (S, scared)."""
    w, h = s.get_size()
    cx, cy = w / 2, h * 0.46
    r = w * 0.32
    lw = max(2, w // 30)
    face = S_FACE if scared else CHAR_FACE
    if scared:  # hair standing on end
        for k in range(7):
            a = math.pi * (1.15 + 0.7 * k / 6)
            pygame.draw.line(s, CHAR_HAIR, (cx + r * 0.8 * math.cos(a), cy + r * 0.8 * math.sin(a)),
                             (cx + r * 1.35 * math.cos(a), cy + r * 1.35 * math.sin(a)), lw * 2)
    pygame.draw.circle(s, face, (cx, cy), r)
    if not scared:
        pygame.draw.circle(s, CHAR_HAIR, (cx, cy), r, draw_top_left=True, draw_top_right=True)
        pygame.draw.ellipse(s, face, (cx - r * 0.9, cy - r * 0.55, r * 1.8, r * 1.4))
    pygame.draw.circle(s, DARK, (cx, cy), r, lw)
    if scared:
        for side in (-1, 1):
            _eye(s, cx + side * r * 0.38, cy - r * 0.12, r * 0.24)
        pygame.draw.ellipse(s, DARK, (cx - r * 0.22, cy + r * 0.22, r * 0.44, r * 0.55))
        pygame.draw.polygon(s, style.INFO, [(cx + r * 0.95, cy - r * 0.5), (cx + r * 1.1, cy - r * 0.15),
                                            (cx + r * 0.8, cy - r * 0.15)])  # a sweat drop
    else:
        for side in (-1, 1):
            pygame.draw.arc(s, DARK, (cx + side * r * 0.38 - r * 0.18, cy - r * 0.2, r * 0.36, r * 0.3), 0.2,
                            math.pi - 0.2, lw)
        pygame.draw.arc(s, DARK, (cx - r * 0.35, cy + r * 0.05, r * 0.7, r * 0.5), math.pi * 1.1, math.pi * 1.9, lw)
        pygame.draw.circle(s, (240, 150, 140), (cx - r * 0.55, cy + r * 0.25), r * 0.12)
        pygame.draw.circle(s, (240, 150, 140), (cx + r * 0.55, cy + r * 0.25), r * 0.12)


def _supersampled(draw: Callable[[pygame.Surface], None], banded: bool
                  ) -> Callable[[pygame.Surface, pygame.Rect, style.Color], None]:
    """A motif that draws at twice the size, above the caption band if the card has one."""
    def paint(surf: pygame.Surface, inner: pygame.Rect, ink: style.Color) -> None:
        area = inner.copy()
        if banded:
            area.h = surf.get_height() - surf.get_height() // 4 - area.y + 2
        big = pygame.Surface((area.w * 2, area.h * 2), pygame.SRCALPHA)
        draw(big)
        surf.blit(pygame.transform.smoothscale(big, area.size), area.topleft)
    return paint


for _card in range(10):
    motif(f"gb_monster_{_card}")(_supersampled(partial(_monster, _card), _card in (Z, FIVE)))
motif("gb_char_U")(_supersampled(lambda s: _character(False, s), True))
motif("gb_char_S")(_supersampled(lambda s: _character(True, s), True))


def card_label(card: int) -> str:
    return "0/10" if card == Z else str(card)


def monster_face(card: int) -> CardFace:
    """The face of monster card `card` (0 = the 0/10 card). Captions are translated, so build per frame."""
    if card == Z:
        return CardFace("0/10", "", t("ghost_bumpers.card.z"), band=Z_BAND, motif="gb_monster_0")
    if card == FIVE:
        return CardFace("5", "", t("ghost_bumpers.card.five"), band=FIVE_BAND, motif="gb_monster_5")
    return CardFace(str(card), "", motif=f"gb_monster_{card}")


def character_face(scared: bool) -> CardFace:
    if scared:
        return CardFace(t("ghost_bumpers.card.scared_index"), "", t("ghost_bumpers.card.scared"), band=S_BAND,
                        motif="gb_char_S")
    return CardFace(t("ghost_bumpers.card.unafraid_index"), "", t("ghost_bumpers.card.unafraid"), band=U_BAND,
                    motif="gb_char_U")
