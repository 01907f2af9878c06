"""BLOODY SUMMER side panels: strength order, the killer's draw table, the last check, the cards out of play.

Each panel is a fixed box. What is in it flows down from its title, each line under the one before however
tall the text-size setting makes it, and where the larger text would not fit the panel gives up room it
can spare (the order's word moves beside its number; the spectators' note is left out), so nothing
overlaps at 125 % or 150 %. Each function reads only its arguments: the board caches them as layers.
"""

from __future__ import annotations

from collections import Counter
from functools import partial
from typing import NamedTuple

import pygame

from tabletop.games.bloody_summer.rules import DRAW_TABLE
from tabletop.games.bloody_summer.view import BloodySummerView
from tabletop.i18n import t
from tabletop.ui import style
from tabletop.ui.games.bloody_summer import art
from tabletop.ui.games.bloody_summer import layout as L
from tabletop.ui.layer_cache import LayerCache
from tabletop.ui.painter import Painter

LINE = 1.46  # a line of text is about this many times its size tall (the bundled font's line box)
WRAP_GAP = 1.25  # Painter.wrapped's line step


def line_h(p: Painter, size: float) -> float:
    """The height of a line of text of `size` as drawn (with the text-size setting)."""
    return size * p.text_scale * LINE


def _title(p: Painter, r: pygame.FRect, title: str, color: style.Color = style.TEXT_MUTED,
           right: float = 12) -> float:
    """The panel's small title; returns the top for what comes under it."""
    rect = p.text(title, (r.x + 12, r.y + 8), style.TINY, color, max_width=r.w - 12 - right)
    return p.under(rect, r.y + 24)


def order(p: Painter, view: BloodySummerView) -> None:
    """Strength order: normal, or a red "reversed" panel. The big number sits over its word, or beside it
    when the text is too large for both lines and the note."""
    r = L.ORDER_BOX
    reversed_ = view.reversed
    if reversed_:
        p.rect(r, art.REVERSED_FILL, style.RADIUS)
        p.rect(r, art.BLOOD_BRIGHT, style.RADIUS, width=3)
    else:
        p.rect(r, style.FELT_DARK, style.RADIUS)
    ink = style.CARD_FACE if reversed_ else style.TEXT_LIGHT
    muted = style.CARD_FACE if reversed_ else style.TEXT_MUTED
    strongest = "1 ▲" if reversed_ else "13 ▲"
    word = t("bloody_summer.order.reversed" if reversed_ else "bloody_summer.order.normal")
    note = t("bloody_summer.order.reversed_note" if reversed_ else "bloody_summer.order.normal_note")
    note_w = r.w - 24
    note_h = len(p.wrap_lines(note, note_w, style.SMALL)) * style.SMALL * p.text_scale * WRAP_GAP
    top = p.under(p.text(t("bloody_summer.order.title"), (r.x + 12, r.y + 8), style.TINY, muted,
                         max_width=r.w - 24 - (30 if reversed_ else 0)), r.y + 24)
    number_y = max(r.y + 48, top + line_h(p, style.H1) / 2)
    word_y = max(r.y + 96, number_y + line_h(p, style.H1) * 0.3 + line_h(p, style.H2) / 2)
    note_y = max(r.y + 116, word_y + line_h(p, style.H2) * 0.3)
    stacked = note_y + note_h <= r.bottom - 4
    if stacked:
        number = p.text(strongest, (r.x + 14, number_y), style.H1, ink, bold=True, anchor="midleft")
        if reversed_:
            p.text("⇅", (r.right - 14, number_y - 2), style.TITLE, art.BLOOD_BRIGHT, bold=True, anchor="midright",
                   icon=True)
        p.text(word, (r.x + 14, word_y), style.H2, ink, bold=True, anchor="midleft", max_width=r.w - 24)
    else:  # the word beside the number; the reversed arrows move up to the title line
        if reversed_:
            p.text("⇅", (r.right - 12, r.y + 6), style.H2, art.BLOOD_BRIGHT, bold=True, anchor="topright",
                   icon=True)
        # The number is an emblem already larger than any text: it keeps its size, the word gets the room ...
        number_y = top + line_h(p, style.H2) / 2
        # ... unless the word would be smaller than at 100 % beside it: then the emblem gives it room.
        spare = r.w - 36 - p.measure(word, style.H2, True)
        number_size = max(style.H2, min(style.H1, style.H1 * spare / p.measure(strongest, style.H1, True)))
        number = p.text(strongest, (r.x + 14, number_y), number_size, ink, bold=True, anchor="midleft", icon=True)
        room = r.right - 12 - number.right - 10
        # Squeezed beside the number, the word is still as large as at 100 % (H2) where that fits.
        word_size = style.H2 if p.measure(word, style.H2 * p.text_scale, True) <= room else style.H2 / p.text_scale
        p.text(word, (number.right + 10, number_y), word_size, ink, bold=True, anchor="midleft", max_width=room)
        note_y = number_y + line_h(p, style.H2) * 0.4
    p.wrapped(note, (r.x + 14, note_y, note_w, r.bottom - note_y - 2), style.SMALL, muted)


def draw_table(p: Painter, view: BloodySummerView, alive_viewer: bool, danger: frozenset[int]) -> None:
    """How many cards the killer draws for the pile's size (the current row marked), then the viewer's
    danger numbers (or, for spectators and the dead, what the red chips mean, where it fits)."""
    r = L.DRAW_BOX
    p.rect(r, style.FELT_DARK, style.RADIUS)
    y = max(r.y + 32, _title(p, r, t("bloody_summer.draws.title")) + 4)
    size = len(view.pile())
    rows = []
    low = 1
    for largest, k in DRAW_TABLE:
        rows.append((t("bloody_summer.draws.range", low=low, high=largest), k, low <= size <= largest))
        low = largest + 1
    rows.append((t("bloody_summer.draws.more", low=low), 3, size >= low))
    step = max(25.0, style.SMALL * p.text_scale * 1.2)
    for label, k, current in rows:
        row = pygame.FRect(r.x + 8, y, r.w - 16, step - 3)
        if current:
            p.rect(row, art.HIT_FILL, 6)
            p.rect(row, art.BLOOD_BRIGHT, 6, width=2)
        count = p.text(t("bloody_summer.draws.count", count=k), (row.right - 8, row.centery), style.SMALL,
                       style.TEXT_LIGHT, bold=current, anchor="midright")
        p.text(label, (row.x + 8, row.centery), style.SMALL, style.TEXT_LIGHT, anchor="midleft",
               max_width=count.x - 8 - row.x - 8)
        y += step
    if not alive_viewer:
        note = t("bloody_summer.draws.note")
        box = (r.x + 12, y + 6, r.w - 24, r.bottom - y - 8)
        lines = len(p.wrap_lines(note, box[2], style.TINY))
        if lines * style.TINY * p.text_scale * WRAP_GAP <= box[3]:  # help text: left out where it cannot fit
            p.wrapped(note, box, style.TINY, style.TEXT_MUTED)
        return
    yours = p.text(t("bloody_summer.draws.yours"), (r.x + 12, y + (6 if p.text_scale <= 1 else 2)), style.TINY,
                   style.TEXT_MUTED, max_width=r.w - 24)
    values = sorted(danger)
    radius = min(11.0, (r.bottom - 3 - p.under(yours, y + 24)) / 2)
    chip_y = r.bottom - 3 - radius if p.text_scale > 1 else y + 38
    step_x = min(26.0, (r.w - 24) / max(1, len(values)))
    for i, v in enumerate(values):
        art.chip(p, (r.x + 23 + i * step_x, chip_y), v, True, r=min(radius, step_x / 2 - 1))


class LastRows(NamedTuple):
    """The last check's lines: the name, the cards drawn, the outcome (lines placed by their full height)."""
    name_y: float
    cards_y: float
    card: tuple[float, float]
    outcome_y: float

    @classmethod
    def of(cls, p: Painter) -> LastRows:
        r = L.LAST_BOX
        top = max(r.y + 24, r.y + 8 + line_h(p, style.TINY) * 0.8)  # under the title
        name_y = max(r.y + 42, top + line_h(p, style.BODY) / 2)
        cards_y = max(r.y + 62, name_y + line_h(p, style.BODY) * 0.3 + 7)  # a hit card's halo (3 px) clears it
        outcome_y = r.bottom - max(22.0, line_h(p, style.BODY) * 0.5 + 2)
        h = min(57.0, outcome_y - line_h(p, style.BODY) * 0.35 - 6 - cards_y)
        return cls(name_y, cards_y, (h * 40 / 57, h), outcome_y)


def last_check(p: Painter, view: BloodySummerView, names: list[str], showing: bool,
               danger: frozenset[int]) -> None:
    """The last killer's check: whose, the cards drawn (hits marked) and the outcome; "coming" while the
    check's show runs (the panel must not tell its end first)."""
    r = L.LAST_BOX
    p.rect(r, style.FELT_DARK, style.RADIUS)
    top = _title(p, r, t("bloody_summer.last.title"))
    lc = view.last_check
    if lc is None:
        y = max(r.y + 34, top + 2)
        p.wrapped_fit(t("bloody_summer.last.none"), (r.x + 12, y, r.w - 24, r.bottom - 8 - y),
                      (style.SMALL, style.TINY), style.TEXT_MUTED)
        return
    rows = LastRows.of(p)
    p.seat_disc((r.x + 22, rows.name_y), 10, lc.seat)
    p.text(names[lc.seat], (r.x + 38, rows.name_y), style.BODY, style.TEXT_LIGHT, bold=True, anchor="midleft",
           max_width=r.w - 50)
    below, outcome_y, (w, h) = rows.cards_y, rows.outcome_y, rows.card
    if showing:
        p.text(t("bloody_summer.last.coming"), (r.x + 12, max(r.y + 84, below + 8)), style.SMALL,
               art.BLOOD_BRIGHT, max_width=r.w - 24)
        return
    for i, (v, hit) in enumerate(zip(lc.drawn, lc.matched, strict=True)):
        rect = pygame.FRect(r.x + 14 + i * (w + 16), below, w, h)
        if hit:
            p.rect(rect.inflate(6, 6), art.BLOOD_BRIGHT, 6)
        art.card(p, v, rect, danger)
        if hit:
            p.text("×", (rect.right, rect.y + 2), style.H2, art.BLOOD_BRIGHT, bold=True, anchor="center", icon=True)
    color = style.GOOD if lc.outcome == "safe" else art.BLOOD_BRIGHT
    p.text(t(f"bloody_summer.last.{lc.outcome}"), (r.x + 12, outcome_y), style.BODY, color, bold=True,
           anchor="midleft", max_width=r.w - 24)


def _discard_cell(p: Painter, cell: pygame.FRect, value: int, seen: int, hurts: bool) -> None:
    p.rect(cell, style.PANEL_DARK, 5)
    p.text(str(value), (cell.centerx, cell.y + 12), style.SMALL, art.BLOOD_BRIGHT if hurts else style.TEXT_LIGHT,
           bold=True, anchor="center")
    dots_y = cell.bottom - 30
    for k in range(4):
        cx = cell.centerx + (-5 if k % 2 == 0 else 5)
        cy = dots_y + (k // 2) * 12
        if k < seen:
            p.circle((cx, cy), 4, style.TEXT_MUTED)
        else:
            p.circle((cx, cy), 4, style.PANEL_EDGE, width=1)


def discard_cell(value: int, text_scale: float) -> pygame.FRect:
    """Where `value`'s cell lies in the out-of-play grid (13 cells, 7 to a row, under the title and over
    the note, both of which grow with the text-size setting)."""
    r = L.DISCARD_BOX
    top = max(30.0, 8 + style.TINY * text_scale * LINE * 0.88 + 2)
    bottom = r.h - style.TINY * text_scale * LINE * 0.8
    ch = min(62.0, (bottom - top - 6) / 2)
    cw = (r.w - 16) / 7
    col, row = (value - 1) % 7, (value - 1) // 7
    return pygame.FRect(r.x + 8 + col * cw, r.y + top + row * (ch + 6), cw - 3, ch)


def discard(p: Painter, view: BloodySummerView, danger: frozenset[int], cells: LayerCache) -> None:
    """Every number's cards already out of play (discarded or in the pile), a dot per copy. A play changes
    one or two numbers: each cell is a layer of `cells`, so the panel's repaint blits the others."""
    r = L.DISCARD_BOX
    seen = Counter(view.discard) + Counter(view.pile())
    p.rect(r, style.FELT_DARK, style.RADIUS)
    _title(p, r, t("bloody_summer.seen.title", count=sum(seen.values())))
    for v in range(1, 14):
        cell = discard_cell(v, p.text_scale)
        cells.draw(p, cell, ("cell", v, seen[v], v in danger),
                   partial(_discard_cell, cell=cell, value=v, seen=seen[v], hurts=v in danger))
    p.text(t("bloody_summer.seen.note"), (r.right - 10, r.bottom - 12), style.TINY, style.TEXT_MUTED,
           anchor="midright", max_width=r.w - 20)

