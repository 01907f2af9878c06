"""The "goal and your turn" card: one screen that says what a game is about before someone's first game of it.

Four short rows from the catalog (`tutorial.card.<game>.{goal,turn,end,key}`): the goal, what you do on your
turn, how the game ends, and the one rule that decides it, then a pointer to the full rules (F1). The table
opens it over itself at the start of a player's first game of each game (`due`), and again from its menu.
It is an overlay that takes every event until dismissed; it draws only catalog text, never anything of a
seat's, so in hot-seat it sits over the public table before the first curtain. Dismissing it is a scene pop,
which arms the input gate: the press that closes it never reaches the table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from tabletop import i18n
from tabletop.engine import registry
from tabletop.i18n import t
from tabletop.ui import style
from tabletop.ui.painter import Painter
from tabletop.ui.scene import Scene
from tabletop.ui.widgets import Button
from tabletop.userdata import has_seen, mark_seen

if TYPE_CHECKING:
    from tabletop.ui.app import App

SEEN_KIND = "intro_card"  # userdata.has_seen / mark_seen: dismissed once for this game
ROWS = ("goal", "turn", "end", "key")
PANEL_X, PANEL_W = 200.0, 880.0
HEAD_W = 160.0  # the row heads' column
PAD = 32.0
ROW_GAP = 14.0
BUTTON_H = 48.0
MAX_H = 700.0  # the panel grows with the text up to this, then the rows use the next size down


def due(game_id: str) -> bool:
    """Whether the card still belongs at the start of this game (never dismissed yet)."""
    return not has_seen(SEEN_KIND, game_id)


def card_rows(game_id: str) -> list[tuple[str, str]]:
    """(head, text) for each row, in the player's language."""
    return [(t(f"tutorial.card_{row}_head"), t(f"tutorial.card.{game_id}.{row}")) for row in ROWS]


class GoalCardScene(Scene):
    name = "goal_card"
    opaque = False

    def __init__(self, app: App, game_id: str, first: bool = True) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.first = first  # the start of a first game (a welcome) or opened again from the menu

    # ----- geometry: the panel is as tall as its text at the current text size ----------------------
    def _text_w(self) -> float:
        return PANEL_W - 2 * PAD - HEAD_W

    def _body_size(self, p: Painter) -> float:
        for size in (style.BODY, style.SMALL):
            if self._height(p, size) <= MAX_H:
                return size
        return style.SMALL

    def _row_heights(self, p: Painter, size: float) -> list[float]:
        step = size * 1.3 * p.scale_now
        return [max(len(p.wrap_lines(text, self._text_w(), size)) * step,
                    len(p.wrap_lines(head, HEAD_W - 12, style.SMALL, bold=True)) * style.SMALL * 1.3 * p.scale_now)
                for head, text in card_rows(self.game_id)]

    def _header_h(self, p: Painter) -> float:
        return PAD + style.H2 * 1.5 * p.scale_now + 18

    def _footer_h(self, p: Painter) -> float:
        return 10 + style.SMALL * 1.3 * p.scale_now + 18 + BUTTON_H + 24

    def _height(self, p: Painter, size: float) -> float:
        rows = self._row_heights(p, size)
        return self._header_h(p) + sum(rows) + ROW_GAP * (len(rows) - 1) + self._footer_h(p)

    def panel(self, p: Painter) -> pygame.FRect:
        h = min(MAX_H, self._height(p, self._body_size(p)))
        return pygame.FRect(PANEL_X, (720 - h) / 2, PANEL_W, h)

    # ----- widgets and input ------------------------------------------------------------------------
    def layout(self) -> None:
        r = self.panel(self.app.painter)
        y = r.bottom - 24 - BUTTON_H
        rules_w = max(180.0, self.app.painter.measure(t("tutorial.card_rules_button"), style.BODY) + 32)
        self.widgets = [
            Button(pygame.FRect(r.x + PAD, y, rules_w, BUTTON_H), t("tutorial.card_rules_button"),
                   self.open_rules, hotkey=pygame.K_F1),
            Button(pygame.FRect(r.right - PAD - 220, y, 220, BUTTON_H), t("tutorial.card_ok"), self.dismiss,
                   primary=True, hotkey=pygame.K_RETURN),
        ]
        self.focus = 1

    def dismiss(self) -> None:
        try:
            mark_seen(SEEN_KIND, self.game_id)
        except OSError:
            pass  # the card comes back next time; nothing else is lost
        if self.app.stack.top is self:
            self.app.stack.pop()

    def open_rules(self) -> None:
        from tabletop.ui.scenes.rules import RulesScene

        self.app.stack.push(RulesScene(self.app, self.game_id))

    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.dismiss()
            return None
        super().handle(event)  # Enter: Got it; F1: the rules; Tab and Space as on every screen
        return None  # modal: nothing reaches the table underneath

    # ----- drawing ------------------------------------------------------------------------------------
    def title(self) -> str:
        game = registry.get_game(self.game_id).title[i18n.language()]
        return t("tutorial.card_title" if self.first else "tutorial.card_title_again", game=game)

    def draw(self, p: Painter) -> None:
        p.alpha_rect((0, 0, 1280, 720), style.SHADOW, 150)
        r = self.panel(p)
        p.panel(r)
        p.rect(r, style.ACCENT, style.RADIUS, width=2)
        p.text(self.title(), (r.x + PAD, r.y + PAD), style.H2, style.TEXT_LIGHT, bold=True, max_width=r.w - 2 * PAD)
        size = self._body_size(p)
        y = r.y + self._header_h(p)
        p.line((r.x + PAD, y - 10), (r.right - PAD, y - 10), style.PANEL_EDGE)
        text_x = r.x + PAD + HEAD_W
        for (head, text), h in zip(card_rows(self.game_id), self._row_heights(p, size), strict=True):
            p.wrapped(head, (r.x + PAD, y + (size - style.SMALL) * 0.3 * p.scale_now, HEAD_W - 12, h + 4),
                      style.SMALL, style.ACCENT, bold=True, line_gap=1.3)
            p.wrapped(text, (text_x, y, self._text_w(), h + 4), size, style.TEXT_LIGHT, line_gap=1.3)
            y += h + ROW_GAP
        p.text(t("tutorial.card_rules"), (r.x + PAD, y + 6), style.SMALL, style.TEXT_MUTED, max_width=r.w - 2 * PAD)
        self.draw_widgets(p)
