"""The explained hint panel: the AI's top moves, each with its chance and one line why (tabletop/ai/advice.py).

The table asks the AI worker for advice from the human's own View and hands the
answer here; this module only words and draws it. Moves are named by the game's
words formatter, never by their notation; the reason's parameters are worded the
same way (seats as names, cards by the formatter, counts in the right plural).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from tabletop import i18n
from tabletop.ai.advice import MoveAdvice
from tabletop.engine.core import Action
from tabletop.i18n import plural, t
from tabletop.ui import style
from tabletop.ui.games import BOARD_AREA
from tabletop.ui.painter import Painter
from tabletop.ui.words import Words

ROW_H = 46
WIDTH = 760
BOTTOM = 618  # the panel's bottom edge: just above the toast line, over the board's lower part
CLEAR = 12  # the gap kept above the strip a board keeps visible (its hand line may rise into its top margin)


@dataclass(frozen=True)
class HintRow:
    action: Action
    move: str  # the move in words
    chance: str  # "62% to win" / "not simulated"
    why: str  # one line of reason


def reason_text(advice: MoveAdvice, words: Words, names: list[str]) -> str:
    """The advice's reason in the player's language."""
    key = f"advice.{advice.reason}"
    params: dict[str, Any] = dict(advice.params)
    cards = [k for k in params if k == "card" or k.endswith("_card")]  # "card", "kept_card": cards in words
    params = {k: words.card(v) if k in cards else v if k == "count" else words.value(k, v, names)
              for k, v in params.items()}
    if i18n.has(f"{key}.one"):
        count = params.pop("count", 1)
        return plural(key, count, **params)
    return t(key, **params)


def chance_text(advice: MoveAdvice, cooperative: bool) -> str:
    if advice.chance is None:
        return t("advice.chance_none")
    if advice.chance < 0.005:  # a search that saw no success estimates "under 1%", not a certain 0%
        return t("advice.chance_team_low" if cooperative else "advice.chance_win_low")
    return t("advice.chance_team" if cooperative else "advice.chance_win", chance=advice.chance)


def rows_for(advice: list[tuple[Action, MoveAdvice | None]], words: Words, names: list[str],
             cooperative: bool) -> list[HintRow]:
    """One row per move; a move without advice (a suggestion set by hand) is shown by name only."""
    return [HintRow(action, words.action(action, names),
                    chance_text(a, cooperative) if a is not None else "",
                    reason_text(a, words, names) if a is not None else "")
            for action, a in advice]


def panel_rect(rows: int, keep: pygame.FRect | None = None) -> pygame.FRect:
    """Over the board's lower part, or above `keep`, the strip the board keeps visible (the human's hand,
    the KAKAPO's tray and its selected card: what the hint is about), so the panel never covers it."""
    height = 44 + rows * ROW_H
    bottom = BOTTOM if keep is None else min(BOTTOM, keep.top - CLEAR)
    return pygame.FRect(BOARD_AREA.centerx - WIDTH / 2, max(BOARD_AREA.top, bottom - height), WIDTH, height)


def play_button_rect(rows: int, keep: pygame.FRect | None = None) -> pygame.FRect:
    r = panel_rect(rows, keep)
    return pygame.FRect(r.right - 166, r.y + 6, 156, 30)


def close_button_rect(rows: int, keep: pygame.FRect | None = None) -> pygame.FRect:
    """The panel's close button, left of "Play the first" (H and Esc close it too)."""
    play = play_button_rect(rows, keep)
    return pygame.FRect(play.x - 122, play.y, 114, play.h)


def draw(p: Painter, rows: list[HintRow], keep: pygame.FRect | None = None) -> None:
    r = panel_rect(len(rows), keep)
    p.panel(r)
    p.rect(r, style.INFO, style.RADIUS, width=2)
    p.text("? " + t("advice.title"), (r.x + 16, r.y + 21), style.BODY, style.TEXT_LIGHT, bold=True,
           anchor="midleft", max_width=WIDTH - 320)
    for i, row in enumerate(rows):
        y = r.y + 44 + i * ROW_H
        first = i == 0
        p.text(f"{i + 1}.", (r.x + 16, y + 12), style.BODY, style.ACCENT if first else style.TEXT_MUTED,
               bold=first, anchor="midleft")
        p.text(row.move, (r.x + 44, y + 12), style.BODY, style.TEXT_LIGHT, bold=first, anchor="midleft",
               max_width=WIDTH - 240)
        p.text(row.chance, (r.right - 16, y + 12), style.SMALL, style.ACCENT if first else style.TEXT_MUTED,
               bold=first, anchor="midright", max_width=170)
        p.text(row.why, (r.x + 44, y + 33), style.SMALL, style.TEXT_MUTED, anchor="midleft", max_width=WIDTH - 60)
