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
CARD_TOP = 236
CARD_H = 112
CARD_GAP = 10


def card_rect(rank: int) -> pygame.FRect:
    return pygame.FRect(AREA.x + 16, CARD_TOP + rank * (CARD_H + CARD_GAP), AREA.w - 32, CARD_H)


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


def draw_review(p: Painter, game: Game, review: Review, name: str, shown: list[ReviewRow],
                hovered: int | None) -> None:
    """The summary and a card per marked move (`shown`: the review's rows, in `card_rect`'s order)."""
    p.panel(AREA)
    x = AREA.x + 20
    p.text(t("results.review_title", name=name), (x, AREA.y + 16), style.H2, style.TEXT_LIGHT, bold=True,
           max_width=AREA.w - 40)
    p.text(summary(review), (x, AREA.y + 60), style.BODY, style.ACCENT, bold=True, max_width=AREA.w - 40)
    notes = [t("results.review_team")] if game.cooperative else []
    if shown:
        notes.append(t("results.review_open"))
    p.text(" ".join(notes), (x, AREA.y + 92), style.SMALL, style.TEXT_MUTED, max_width=AREA.w - 40)
    if not shown:
        p.wrapped(t("results.review_none"), (x + 40, CARD_TOP + 40, AREA.w - 120, 80), style.BODY, style.GOOD,
                  align="center")
        return
    p.text(t("results.review_marked"), (x, CARD_TOP - 30), style.SMALL, style.TEXT_LIGHT, bold=True)
    for rank, r in enumerate(shown):
        _draw_card(p, card_rect(rank), rank, r, hovered == rank)


def _draw_card(p: Painter, box: pygame.FRect, rank: int, r: ReviewRow, hovered: bool) -> None:
    p.rect(box, style.FELT_DARK, style.RADIUS)
    p.rect(box, style.ACCENT if hovered else style.PANEL_EDGE, style.RADIUS, width=2)
    p.text(f"{rank + 1}.", (box.x + 14, box.y + 20), style.H2, style.ACCENT, bold=True, anchor="midleft")
    p.text(r.moment, (box.x + 50, box.y + 20), style.BODY, style.TEXT_LIGHT, bold=True, anchor="midleft",
           max_width=150)
    p.text(r.cost, (box.right - 16, box.y + 20), style.BODY, style.BAD, bold=True, anchor="midright",
           max_width=200)
    label_w = 120
    value_x = box.x + 50 + label_w
    chance_x = box.right - 16
    value_w = box.w - 50 - label_w - 250
    lines = ((t("results.review_played"), r.played, r.played_chance, style.TEXT_MUTED),
             (t("results.review_suggested"), r.suggested, r.suggested_chance, style.GOOD))
    for i, (label, move, chance, colour) in enumerate(lines):
        y = box.y + 46 + i * 24
        p.text(label, (box.x + 50, y), style.SMALL, style.TEXT_MUTED, anchor="midleft", max_width=label_w - 8)
        p.text(move, (value_x, y), style.SMALL, style.TEXT_LIGHT, bold=i == 1, anchor="midleft", max_width=value_w)
        p.text(chance, (chance_x, y), style.SMALL, colour, bold=i == 1, anchor="midright", max_width=230)
    if r.why:
        p.text(r.why, (box.x + 50, box.y + 94), style.SMALL, style.ACCENT, anchor="midleft", max_width=box.w - 66)
