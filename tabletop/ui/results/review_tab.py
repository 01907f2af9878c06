"""The results screen's Review tab: one seat's review (progress while the AI works, then the summary and the
marked moves) laid out in the body of the screen. The scene decides whose review may be on screen; this
module only draws it and says where each marked move's card is (a click opens the replay there)."""

from __future__ import annotations

import pygame

from tabletop.ai.review import Review
from tabletop.engine.core import Game
from tabletop.i18n import t
from tabletop.ui import style
from tabletop.ui.painter import Painter
from tabletop.ui.results.review_words import ReviewRow, summary

AREA = pygame.FRect(32, 76, 1216, 552)
CARD_H = 112  # at text size 100 %: a card and its line steps grow with the text
CARD_GAP = 10


def _lines(k: float) -> list[float]:
    """The offsets from the top of AREA of the title, the summary, the notes, the cards' heading and the first
    card: the 100 % spacing, grown where the text size makes a line taller than it."""
    steps = (16.0, max(44.0, style.H2 * k * 1.4), max(32.0, style.BODY * k * 1.5), max(38.0, style.SMALL * k * 1.7),
             max(30.0, style.SMALL * k * 1.6))
    return [sum(steps[:i + 1]) for i in range(len(steps))]


def card_rect(rank: int, k: float = 1.0, first: int = 0) -> pygame.FRect:
    """Where the marked move `rank` is drawn at text size `k`, the cards scrolled to start at `first`."""
    top = AREA.y + _lines(k)[4]
    return pygame.FRect(AREA.x + 16, top + (rank - first) * (CARD_H * k + CARD_GAP), AREA.w - 32, CARD_H * k)


def shown(rank: int, k: float, first: int) -> bool:
    """Whether the card `rank` is on screen (the cards from `first` that fit the area)."""
    return rank >= first and card_rect(rank, k, first).bottom <= AREA.bottom - 6


def last_first(k: float, count: int) -> int:
    """The latest card the list may be scrolled to start at: the one from which the last card still shows."""
    return next((first for first in range(count) if shown(count - 1, k, first)), max(0, count - 1))


def draw_progress(p: Painter, name: str, done: int, total: int, waiting: bool) -> None:
    """The review still being worked out: who, how far, a bar."""
    p.panel(AREA)
    p.text(t("results.review_title", name=name), (AREA.x + 20, AREA.y + 16), style.H2, style.TEXT_LIGHT, bold=True,
           max_width=AREA.w - 40)
    text = t("results.review_waiting", name=name) if waiting else t("results.review_progress", name=name, done=done,
                                                                     total=max(total, done))
    p.text(text, (AREA.centerx, AREA.y + 200), style.BODY, style.TEXT_MUTED, anchor="center", max_width=AREA.w - 80)
    bar = pygame.FRect(AREA.centerx - 300, AREA.y + 232, 600, 14)
    p.rect(bar, style.FELT_DARK, 7)
    if total:
        p.rect((bar.x, bar.y, max(14.0, bar.w * done / total), bar.h), style.ACCENT_DARK, 7)


def draw_failed(p: Painter) -> None:
    p.panel(AREA)
    p.text(t("results.review_failed"), AREA.center, style.BODY, style.BAD, anchor="center", max_width=AREA.w - 80)


def draw_message(p: Painter, text: str) -> None:
    p.panel(AREA)
    p.wrapped(text, (AREA.x + 60, AREA.y + 140, AREA.w - 120, 120), style.BODY, style.TEXT_MUTED, align="center")


def draw_review(p: Painter, game: Game, review: Review, name: str, rows: list[ReviewRow],
                hovered: int | None, first: int = 0) -> None:
    """The summary and a card per marked move (`rows`: the review's rows, in `card_rect`'s order), from the card
    `first` on as many as fit (the rest are scrolled to)."""
    p.panel(AREA)
    x = AREA.x + 20
    k = p.scale_now
    title_y, summary_y, notes_y, heading_y, cards_y = (AREA.y + offset for offset in _lines(k))
    p.text(t("results.review_title", name=name), (x, title_y), style.H2, style.TEXT_LIGHT, bold=True,
           max_width=AREA.w - 40)
    p.text(summary(review), (x, summary_y), style.BODY, style.ACCENT, bold=True, max_width=AREA.w - 40)
    notes = [t("results.review_team")] if game.cooperative else []
    if rows:
        notes.append(t("results.review_open"))
    p.text(" ".join(notes), (x, notes_y), style.SMALL, style.TEXT_MUTED, max_width=AREA.w - 40)
    if not rows:
        p.wrapped(t("results.review_none"), (x + 40, cards_y + 40, AREA.w - 120, AREA.bottom - cards_y - 48),
                  style.BODY, style.GOOD, align="center")
        return
    heading = t("results.review_marked")
    if not all(shown(rank, k, first) for rank in range(len(rows))):
        heading = t("results.review_scroll", heading=heading, first=first + 1,
                    last=max(rank + 1 for rank in range(len(rows)) if shown(rank, k, first)), total=len(rows))
    p.text(heading, (x, heading_y), style.SMALL, style.TEXT_LIGHT, bold=True, max_width=AREA.w - 40)
    for rank, r in enumerate(rows):
        if shown(rank, k, first):
            _draw_card(p, card_rect(rank, k, first), rank, r, hovered == rank)


def _draw_card(p: Painter, box: pygame.FRect, rank: int, r: ReviewRow, hovered: bool) -> None:
    """A marked move's card: its moment and cost, the move played and the AI's, why; every step grows with the
    text size."""
    k = p.scale_now
    p.rect(box, style.FELT_DARK, style.RADIUS)
    p.rect(box, style.ACCENT if hovered else style.PANEL_EDGE, style.RADIUS, width=2)
    head_y = box.y + 20 * k
    p.text(f"{rank + 1}.", (box.x + 14, head_y), style.H2, style.ACCENT, bold=True, anchor="midleft")
    left = box.x + 50 * k
    p.text(r.moment, (left, head_y), style.BODY, style.TEXT_LIGHT, bold=True, anchor="midleft", max_width=150 * k)
    p.text(r.cost, (box.right - 16, head_y), style.BODY, style.BAD, bold=True, anchor="midright", max_width=200 * k)
    label_w = 120 * k
    value_x = left + label_w
    chance_x = box.right - 16
    value_w = box.right - 250 * k - value_x
    lines = ((t("results.review_played"), r.played, r.played_chance, style.TEXT_MUTED),
             (t("results.review_suggested"), r.suggested, r.suggested_chance, style.GOOD))
    for i, (label, move, chance, colour) in enumerate(lines):
        y = box.y + (46 + i * 24) * k
        p.text(label, (left, y), style.SMALL, style.TEXT_MUTED, anchor="midleft", max_width=label_w - 8)
        p.text(move, (value_x, y), style.SMALL, style.TEXT_LIGHT, bold=i == 1, anchor="midleft", max_width=value_w)
        p.text(chance, (chance_x, y), style.SMALL, colour, bold=i == 1, anchor="midright", max_width=230 * k)
    if r.why:
        p.text(r.why, (left, box.y + 94 * k), style.SMALL, style.ACCENT, anchor="midleft",
               max_width=box.right - 16 - left)
