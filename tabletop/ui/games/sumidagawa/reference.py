"""The combination reference (R): the eight 役 with kanji, reading, meaning, size, colour, shape and an example."""

from __future__ import annotations

import pygame

from tabletop.games.sumidagawa.cards import code
from tabletop.games.sumidagawa.combos import COMBOS, SAME, banner
from tabletop.i18n import t
from tabletop.ui import style
from tabletop.ui.games.sumidagawa import art
from tabletop.ui.games.sumidagawa.layout import REFERENCE
from tabletop.ui.games.sumidagawa.panels import card, pips, write
from tabletop.ui.painter import Painter

# an example per combination: (colour, value) of each card
EXAMPLES: tuple[tuple[tuple[int, int], ...], ...] = (
    ((0, 7),), ((1, 4),), ((0, 5), (0, 5)), ((1, 3), (1, 4)), ((0, 4), (0, 5), (0, 6)), ((1, 8), (1, 8), (1, 8)),
    ((0, 9), (0, 9), (0, 9), (0, 9)), ((1, 5), (1, 6), (1, 7), (1, 8)),
)


def draw_reference(p: Painter) -> None:
    r = REFERENCE
    p.alpha_rect(r.inflate(8, 8), style.SHADOW, 120, style.RADIUS)
    p.panel(r)
    write(p, t("sumidagawa.ref_title"), (r.x + 20, r.y + 14), style.H2, style.TEXT_LIGHT, bold=True)
    write(p, t("sumidagawa.ref_close"), (r.right - 20, r.y + 20), style.TINY, style.TEXT_MUTED, anchor="topright")
    cols = (r.x + 20, r.x + 150, r.x + 320, r.x + 400, r.x + 480, r.x + 640)
    heads = ("ref_col_name", "ref_col_reading", "ref_col_cards", "ref_col_colour", "ref_col_shape", "ref_col_example")
    y = r.y + 54
    for x, key in zip(cols, heads, strict=True):
        write(p, t(f"sumidagawa.{key}"), (x, y), style.TINY, style.TEXT_MUTED, bold=True)
    y += 22
    row_h = 50
    mw, mh = 26, 37
    for combo, example in zip(COMBOS, EXAMPLES, strict=True):
        band = pygame.FRect(r.x + 10, y, r.w - 20, row_h - 4)
        p.rect(band, style.FELT_DARK if combo.index % 2 == 0 else style.PANEL_DARK, 6)
        cy = band.centery
        write(p, combo.ja, (cols[0], cy), style.H2, style.TEXT_LIGHT, bold=True, anchor="midleft")
        write(p, combo.reading, (cols[1], cy - 9), style.SMALL, style.TEXT_LIGHT, anchor="midleft", max_width=170)
        write(p, t(f"sumidagawa.meaning.{combo.id}"), (cols[1], cy + 10), style.TINY, style.TEXT_MUTED,
               anchor="midleft", max_width=170)
        right = pips(p, cols[2], cy, combo.size, combo.colour, combo.shape != SAME and combo.size > 1)
        write(p, str(combo.size), (right + 8, cy), style.BODY, style.TEXT_LIGHT, bold=True, anchor="midleft")
        write(p, t("sumidagawa.colour_black" if combo.colour == 0 else "sumidagawa.colour_red"), (cols[3], cy),
               style.SMALL, style.TEXT_LIGHT, anchor="midleft", max_width=74)
        if combo.size == 1:
            shape = t("sumidagawa.shape_any")
        else:
            shape = t("sumidagawa.shape_same") if combo.shape == SAME else t("sumidagawa.shape_run")
        write(p, shape, (cols[4], cy), style.SMALL, style.TEXT_LIGHT, anchor="midleft", max_width=150)
        for i, (colour, value) in enumerate(example):
            card(p, art.bon(code(colour, value), *p.size_px(mw, mh)),
                 pygame.FRect(cols[5] + i * (mw + 3), cy - mh / 2, mw, mh))
        texts = banner(combo.index, min(v for _, v in example))
        write(p, f"= {texts['ja']}", (cols[5] + 4 * (mw + 3) + 8, cy - 9), style.SMALL, style.ACCENT, bold=True,
               anchor="midleft", max_width=r.right - cols[5] - 4 * (mw + 3) - 24)
        write(p, texts["en"], (cols[5] + 4 * (mw + 3) + 8, cy + 10), style.TINY, style.TEXT_MUTED, anchor="midleft",
               max_width=r.right - cols[5] - 4 * (mw + 3) - 24)
        y += row_h
    notes = t("sumidagawa.ref_notes")
    p.wrapped(notes, (r.x + 20, y + 8, r.w - 40, r.bottom - y - 12), style.TINY, style.TEXT_LIGHT, line_gap=1.35)
