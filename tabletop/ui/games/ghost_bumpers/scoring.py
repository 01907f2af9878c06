"""End-of-round scoring shown card by card, and the score sheet across rounds.

`RoundScoring` is built from one round's public events (`round_end`, `round_score`,
`scared`, `paranoia`) and animates each seat's remaining character deck being
turned over from the top until S appears; the U cards under S then count 1 point
each (2 if S came first). `score_sheet` rebuilds every round's points from the
session's public log, so it survives save/continue.

The panel never closes under a human's hand: it says "click to continue" and waits for
that (the board decides; see `Board._scoring_closes_itself`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from tabletop.engine.core import Event
from tabletop.games.ghost_bumpers.cards import CHAR_DECK_SIZE
from tabletop.i18n import t
from tabletop.ui import style
from tabletop.ui.cards import render_back, render_card
from tabletop.ui.games.ghost_bumpers.art import character_face
from tabletop.ui.games.ghost_bumpers.paint import panel
from tabletop.ui.painter import Painter
from tabletop.ui.shade import shade

if TYPE_CHECKING:
    from tabletop.session import LogEntry

STEP = 0.16  # seconds per turned card
COUNT_STEP = 0.09  # seconds per counted card under S
LINGER = 6.0  # seconds the result stays up after the animation at a table of AI seats only; with a human
#               seated it waits for the click, Space or Enter its last line asks for


@dataclass
class SeatScore:
    seat: int
    points: int
    total: int
    deck: str | None  # remaining deck top-first, None = not revealed (the scarer, or a paranoia round)

    @property
    def s_index(self) -> int:
        return self.deck.index("S") if self.deck else -1

    def done_at(self) -> float:
        if not self.deck:
            return STEP
        below = len(self.deck) - 1 - self.s_index
        return (self.s_index + 1) * STEP + below * COUNT_STEP


@dataclass
class RoundScoring:
    round_no: int
    reason: str  # "scare", "paranoia" or "hands_empty"
    who: int  # the seat that revealed S (scare / paranoia), -1 otherwise
    rows: list[SeatScore] = field(default_factory=list)
    clock: float = 0.0

    @classmethod
    def from_events(cls, events: list[Event]) -> RoundScoring | None:
        end = next((e for e in events if e.kind == "round_end"), None)
        if end is None:
            return None
        who = next((e.data["seat"] for e in events if e.kind in ("scared", "paranoia")), -1)
        rows = [SeatScore(e.data["seat"], e.data["points"], e.data["total"], e.data["deck"])
                for e in events if e.kind == "round_score"]
        return cls(end.data["round"], end.data["reason"], who, rows)

    @property
    def finished(self) -> bool:
        return self.clock >= self.length()

    def length(self) -> float:
        return max((r.done_at() for r in self.rows), default=0.0) + 0.3

    def expired(self) -> bool:
        return self.clock >= self.length() + LINGER

    def skip(self) -> None:
        self.clock = max(self.clock, self.length())

    # ----- drawing ----------------------------------------------------------------------
    def draw(self, p: Painter, area: pygame.FRect, names: list[str]) -> None:
        panel(p, area)
        title = p.text(t("ghost_bumpers.score.title", round=self.round_no), (area.x + 18, area.y + 12), style.H2,
                       style.TEXT_LIGHT, bold=True)
        who = names[self.who] if self.who >= 0 else ""
        # The reason and the rows start under the title's letters, which grow with the text size.
        reason = p.text(t(f"ghost_bumpers.score.reason_{self.reason}", name=who),
                        (area.x + 18, p.under(title, area.y + 46)), style.SMALL,
                        style.BAD if self.reason == "scare" else style.INFO if self.reason == "hands_empty" else
                        style.GOOD, max_width=area.w - 36)
        n = max(1, len(self.rows))
        top = p.under(reason, area.y + 76)
        row_h = min(50.0, (area.bottom - 44 - top) / n)
        cw = min(32.0, (row_h - 6) * 0.7)
        ch = cw / 0.7
        back = render_back(*p.size_px(cw, ch))
        calm = render_card(character_face(False), *p.size_px(cw, ch))
        scared = render_card(character_face(True), *p.size_px(cw, ch))
        for i, row in enumerate(self.rows):
            y = top + i * row_h
            if i % 2 == 0:
                p.rect((area.x + 8, y, area.w - 16, row_h - 2), style.FELT_DARK, 6)
            mid = y + row_h / 2 - 1
            color = style.SEAT_COLORS[row.seat % 6]
            p.circle((area.x + 26, mid), 11, color)
            p.text(style.SEAT_GLYPHS[row.seat % 6], (area.x + 26, mid), style.TINY, style.INK, anchor="center",
                   icon=True)
            p.text(names[row.seat], (area.x + 44, mid), style.SMALL, style.TEXT_LIGHT, anchor="midleft", max_width=150)
            x0 = area.x + 204
            step = cw + 5
            cards_top = mid - ch / 2
            if row.deck is None:
                if row.seat == self.who:
                    p.blit(scared, (x0, cards_top))
                    key = "paranoia" if self.reason == "paranoia" else "scared"
                    p.text(t(f"ghost_bumpers.score.{key}"), (x0 + step + 6, mid), style.SMALL,
                           style.GOOD if key == "paranoia" else style.BAD, bold=True, anchor="midleft")
                else:
                    p.text(t("ghost_bumpers.score.hidden"), (x0, mid), style.SMALL, style.TEXT_MUTED, anchor="midleft")
            else:
                gone = CHAR_DECK_SIZE - len(row.deck)
                for k in range(gone):  # revealed during the round
                    p.blit(calm, (x0 + k * step, cards_top))
                    shade(p, (x0 + k * step, cards_top, cw, ch), 120, 3)
                s = row.s_index
                double = s == 0
                counted = 0
                for k, card in enumerate(row.deck):
                    x = x0 + (gone + k) * step
                    turned = k <= s and self.clock >= (k + 1) * STEP
                    if k <= s:
                        p.blit((scared if card == "S" else calm) if turned else back, (x, cards_top))
                        if not turned:
                            continue
                        if card == "U":
                            shade(p, (x, cards_top, cw, ch), 120, 3)
                        continue
                    lit = self.clock >= (s + 1) * STEP + (k - s) * COUNT_STEP
                    p.blit(back, (x, cards_top))
                    if lit:
                        counted += 1
                        p.rect((x - 2, cards_top - 2, cw + 4, ch + 4), style.GOOD, 4, width=2)
                        p.text("+2" if double else "+1", (x + cw / 2, cards_top + ch / 2), style.TINY,
                               style.TEXT_LIGHT, bold=True, anchor="center")
                if double and self.clock >= STEP:
                    p.text("×2", (x0 + CHAR_DECK_SIZE * step + 4, mid), style.SMALL, style.GOOD, bold=True,
                           anchor="midleft")
            if self.clock >= row.done_at():
                p.text(f"+{row.points}", (area.right - 150, mid), style.H2, style.ACCENT if row.points else
                       style.TEXT_MUTED, bold=True, anchor="midright")
                p.text(t("ghost_bumpers.score.total", total=row.total), (area.right - 20, mid), style.SMALL,
                       style.TEXT_LIGHT, anchor="midright", max_width=120)
        p.text(t("ghost_bumpers.score.dismiss"), (area.centerx, area.bottom - 14), style.TINY, style.TEXT_MUTED,
               anchor="midbottom")


def score_sheet(log: Sequence[LogEntry], viewer: int | None) -> list[list[int]]:
    """Points per round (one list of per-seat points for each scored round) from the session log."""
    rounds: list[list[int]] = []
    current: list[int] | None = None
    for entry in log:
        e = entry.event
        if not e.visible_for(viewer):
            continue
        if e.kind == "round_end":
            current = []
            rounds.append(current)
        elif e.kind == "round_score" and current is not None:
            current.append(e.data["points"])
    return rounds


def draw_sheet(p: Painter, area: pygame.FRect, rounds: list[list[int]], names: list[str], totals: tuple[int, ...],
               start_of_round: Callable[[int], int | None]) -> None:
    """The score sheet: one row per round (the last 10 if longer), one column per seat, totals last."""
    panel(p, area)
    p.text(t("ghost_bumpers.sheet.title"), (area.x + 18, area.y + 12), style.H2, style.TEXT_LIGHT, bold=True)
    p.text(t("ghost_bumpers.sheet.close"), (area.right - 18, area.y + 18), style.TINY, style.TEXT_MUTED,
           anchor="topright")
    n = len(names)
    label_w = 110
    col = min(150.0, (area.w - 36 - label_w) / n)
    x0 = area.x + 18 + label_w
    y = area.y + 56
    for seat, name in enumerate(names):
        cx = x0 + seat * col + col / 2
        p.circle((cx - col / 2 + 14, y + 10), 9, style.SEAT_COLORS[seat % 6])
        p.text(style.SEAT_GLYPHS[seat % 6], (cx - col / 2 + 14, y + 10), style.TINY, style.INK, anchor="center",
               icon=True)
        p.text(name, (cx - col / 2 + 28, y + 10), style.SMALL, style.TEXT_LIGHT, anchor="midleft", max_width=col - 32)
    y += 30
    p.line((area.x + 14, y), (area.right - 14, y), style.PANEL_EDGE)
    shown = rounds[-10:]
    first = len(rounds) - len(shown)
    row_h = 24
    if not rounds:
        p.text(t("ghost_bumpers.sheet.empty"), (area.centerx, y + 40), style.BODY, style.TEXT_MUTED, anchor="center")
    best = [max(r) if r else 0 for r in shown]
    for i, points in enumerate(shown):
        ry = y + 6 + i * row_h
        if i % 2 == 0:
            p.rect((area.x + 14, ry, area.w - 28, row_h), style.FELT_DARK, 4)
        label = t("ghost_bumpers.sheet.round", round=first + i + 1)
        starter = start_of_round(first + i + 1)
        if starter is not None:
            label += f"  {style.SEAT_GLYPHS[starter % 6]}"
        p.text(label, (area.x + 22, ry + row_h / 2), style.SMALL, style.TEXT_MUTED, anchor="midleft",
               max_width=label_w - 8)
        for seat, value in enumerate(points):
            p.text(str(value), (x0 + seat * col + col / 2, ry + row_h / 2), style.BODY,
                   style.ACCENT if value == best[i] and value > 0 else style.TEXT_LIGHT, anchor="center")
    y = max(y + 6 + len(shown) * row_h + 6, area.bottom - 44)
    p.line((area.x + 14, y), (area.right - 14, y), style.PANEL_EDGE)
    p.text(t("ghost_bumpers.sheet.total"), (area.x + 22, y + 18), style.BODY, style.TEXT_LIGHT, bold=True,
           anchor="midleft")
    for seat, total in enumerate(totals):
        p.text(str(total), (x0 + seat * col + col / 2, y + 18), style.H2, style.TEXT_LIGHT, bold=True,
               anchor="center")
