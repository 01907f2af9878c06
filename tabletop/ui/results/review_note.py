"""The review's note over the replay's board: at a reviewed moment, the move played and the AI's alternative,
each with its chance, and why the alternative is better (the replay opened from the results' Review tab)."""

from __future__ import annotations

import pygame

from tabletop.i18n import t
from tabletop.ui import style
from tabletop.ui.games import BOARD_AREA
from tabletop.ui.painter import Painter
from tabletop.ui.results.review_words import ReviewRow

WIDTH = 760
HEIGHT = 122
TOP = BOARD_AREA.y + 6  # over the board's upper part: the seat's own hand, at the bottom, stays in sight


def note_rect() -> pygame.FRect:
    return pygame.FRect(BOARD_AREA.centerx - WIDTH / 2, TOP, WIDTH, HEIGHT)


def draw(p: Painter, row: ReviewRow) -> None:
    r = note_rect()
    p.panel(r)
    p.rect(r, style.INFO, style.RADIUS, width=2)
    p.text(f"{t('results.review_alternative')} · {row.moment}", (r.x + 16, r.y + 20), style.BODY, style.TEXT_LIGHT,
           bold=True, anchor="midleft", max_width=WIDTH - 180)
    p.text(row.cost, (r.right - 16, r.y + 20), style.BODY, style.BAD, bold=True, anchor="midright",
           max_width=150)
    lines = ((t("results.review_suggested"), row.suggested, row.suggested_chance, style.GOOD, True),
             (t("results.review_played"), row.played, row.played_chance, style.TEXT_MUTED, False))
    for i, (label, move, chance, colour, bold) in enumerate(lines):
        y = r.y + 48 + i * 25
        p.text(label, (r.x + 16, y), style.SMALL, style.TEXT_MUTED, anchor="midleft", max_width=110)
        p.text(move, (r.x + 130, y), style.BODY if bold else style.SMALL, style.TEXT_LIGHT, bold=bold,
               anchor="midleft", max_width=WIDTH - 330)
        p.text(chance, (r.right - 16, y), style.SMALL, colour, bold=bold, anchor="midright", max_width=180)
    if row.why:
        p.text(row.why, (r.x + 16, r.y + 100), style.SMALL, style.ACCENT, anchor="midleft", max_width=WIDTH - 32)
