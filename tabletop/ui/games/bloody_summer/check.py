"""The killer's check as a short show: the drawn cards are turned one by one, matches marked.

Started from the engine's `check` event (and the `safe` / `wounded` / `killed` event
that follows it); the board only advances the clock and draws it over the camp card.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import pygame

from tabletop.engine.core import Event
from tabletop.i18n import plural, t
from tabletop.ui import style
from tabletop.ui.cards import render_back, render_card
from tabletop.ui.games.bloody_summer import art
from tabletop.ui.games.bloody_summer.panels import line_h
from tabletop.ui.painter import Painter

LEAD_IN = 0.6  # seconds before the first card turns
PER_CARD = 0.75
HOLD = 1.8  # the outcome stays up this long after the last card
CARD = (84, 120)


class Rows(NamedTuple):
    """Top to bottom: title, odds, the drawn cards with a label each, the danger row, the outcome. The text
    grows with the text-size setting (lines are placed by their full height, fitted or not); the cards give
    up the height it takes."""
    odds_y: float
    cards_y: float
    card: tuple[float, float]
    danger_y: float
    outcome_y: float

    @classmethod
    def of(cls, p: Painter, area: pygame.FRect) -> Rows:
        k = p.text_scale
        odds_y = max(area.y + 44, area.y + 12 + line_h(p, style.H2) * 0.8)
        cards_y = max(area.y + 64, odds_y + line_h(p, style.SMALL) * 0.8) + 8  # a hit's halo and drips reach up
        outcome_y = area.bottom - max(24.0, style.H2 * k * 0.5 + 4)
        danger_y = min(area.y + 238, outcome_y - style.H2 * k * 0.45 - 11 * k - 4)
        h = min(float(CARD[1]), danger_y - 11 * k - 6 - style.SMALL * k * 1.2 - 8 - cards_y)
        return cls(odds_y, cards_y, (h * CARD[0] / CARD[1], h), danger_y, outcome_y)


@dataclass
class CheckShow:
    seat: int
    drawn: tuple[int, ...]
    matched: tuple[bool, ...]
    chance: float
    pile: int
    outcome: str  # "safe", "wounded" or "killed"
    time: float = 0.0

    @classmethod
    def from_events(cls, events: list[Event]) -> CheckShow | None:
        check = next((e for e in events if e.kind == "check"), None)
        if check is None:
            return None
        outcome = next((e.kind for e in events if e.kind in ("safe", "wounded", "killed")), "safe")
        d = check.data
        return cls(d["seat"], tuple(d["drawn"]), tuple(d["matched"]), float(d["chance"]), len(d["pile"]), outcome)

    @property
    def duration(self) -> float:
        return LEAD_IN + PER_CARD * len(self.drawn) + HOLD

    @property
    def done(self) -> bool:
        return self.time >= self.duration

    def revealed(self) -> int:
        return max(0, min(len(self.drawn), int((self.time - LEAD_IN) / PER_CARD) + 1))

    def finish(self) -> None:
        self.time = self.duration

    def draw(self, p: Painter, area: pygame.FRect, names: list[str], danger: frozenset[int]) -> None:
        p.panel(area)
        p.rect(area, art.HIT_FILL if self.outcome != "safe" and self.revealed() == len(self.drawn)
               else style.PANEL_DARK, style.RADIUS)
        p.rect(area, art.BLOOD_BRIGHT, style.RADIUS, width=2)
        art.knife(p, (area.x + 28, area.y + 28), 14)
        rows = Rows.of(p, area)
        p.text(t("bloody_summer.check.title", name=names[self.seat]), (area.x + 52, area.y + 12), style.H2,
               style.TEXT_LIGHT, bold=True, max_width=area.w - 70)
        p.text(t("bloody_summer.check.odds", chance=self.chance, count=len(self.drawn),
                 pile=plural("app.count.card", self.pile)),
               (area.x + 52, rows.odds_y), style.SMALL, style.TEXT_MUTED, max_width=area.w - 70)
        k = p.text_scale
        outcome_y, row_y, y, (w, h) = rows.outcome_y, rows.danger_y, rows.cards_y, rows.card
        label_h = style.SMALL * k * 1.2
        gap = 26
        total = len(self.drawn) * w + (len(self.drawn) - 1) * gap
        x = area.centerx - total / 2
        shown = self.revealed()
        for i, (value, hit) in enumerate(zip(self.drawn, self.matched)):
            rect = pygame.FRect(x + i * (w + gap), y, w, h)
            p.rect(rect.move(2, 3), art.CARD_SHADOW, 6)
            if i >= shown:
                p.blit(render_back(*p.size_px(w, h)), rect.topleft)
                continue
            if hit:
                p.rect(rect.inflate(10, 10), art.BLOOD_BRIGHT, style.RADIUS)
            p.blit(render_card(art.card_face(value, danger), *p.size_px(w, h)), rect.topleft)
            label_y = rect.bottom + 4 + label_h / 2
            if hit:
                p.text("×", (rect.right - 2, rect.y - 4), style.H1, art.BLOOD_BRIGHT, bold=True, anchor="center",
                       icon=True)
                p.text(t("bloody_summer.check.hit"), (rect.centerx, label_y), style.SMALL, art.BLOOD_BRIGHT,
                       bold=True, anchor="center")
            else:
                p.text("✓ " + t("bloody_summer.check.miss"), (rect.centerx, label_y), style.SMALL, style.GOOD,
                       anchor="center")
        # The danger numbers sit in discs that grow with their text.
        label = t("bloody_summer.check.danger", name=names[self.seat])
        right = p.text(label, (area.x + 24, row_y), style.SMALL, style.TEXT_MUTED, anchor="midleft",
                       max_width=area.w / 2).right
        values = sorted(danger)
        # Up to seven numbers (an empty site's count too): the row keeps inside the card, the discs shrinking.
        step = min(25 * k, (area.right - 16 - right - 7 * k) / max(1, len(values)))
        radius = min(11 * k, step / 2 - 1)
        for i, v in enumerate(values):
            center = (right + 7 * k + step / 2 + i * step, row_y)
            p.circle(center, radius, art.BLOOD)
            p.circle(center, radius, art.BLOOD_BRIGHT, width=1)
            p.text(str(v), center, style.TINY, style.CARD_FACE, bold=True, anchor="center", max_width=radius * 2 - 1)
        if shown == len(self.drawn) and self.time >= LEAD_IN + PER_CARD * (len(self.drawn) - 1) + 0.35:
            color = style.GOOD if self.outcome == "safe" else art.BLOOD_BRIGHT
            text = t(f"bloody_summer.outcome.{self.outcome}", name=names[self.seat])
            p.text(text, (area.centerx, outcome_y), style.H2, color, bold=True, anchor="center",
                   max_width=area.w - 30)
