"""Rules at hand (F1 at the table, Rules in setup): "How to play" and the full reference, with card pictures.

Two pages: the game's `rules_summary` under a strip of its cards, and its
`rules_full`. Both are catalog text in the player's language with a small markup,
one element per line:

- `# Heading` and `## Subheading`
- `- item` a bulleted line (wrapped with a hanging indent)
- `[cards:<game>:<token>,…]` a row of cards drawn by the table's own card art
  (tokens: see `tabletop.ui.rules_art`)
- a blank line ends a paragraph; any other line is a paragraph.

Scrolling: wheel, ↑/↓, PgUp/PgDn, Home/End, or the scrollbar (click or drag).
Tab (or ←/→, 1/2) switches page; F1 or Esc closes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import pygame

from tabletop import i18n
from tabletop.engine import registry
from tabletop.i18n import t
from tabletop.ui import style
from tabletop.ui.painter import Painter
from tabletop.ui.rules_art import STRIPS, card_surface, parse_cards_line
from tabletop.ui.scene import Scene
from tabletop.ui.scroll import WIDTH as SCROLL_W
from tabletop.ui.scroll import Scroller
from tabletop.ui.widgets import Button

if TYPE_CHECKING:
    from tabletop.ui.app import App

PANEL = pygame.FRect(60, 30, 1160, 670)
CONTENT = pygame.FRect(90, 140, 1100, 480)
TABS = ("summary", "full")
PICTURE = (70, 100)  # a card in the rules text (the table's 84x120 ratio)
Block = tuple[str, object, float]  # kind, payload, height


def parse_markup(text: str) -> list[tuple[str, str]]:
    """Lines of rules text as (kind, text): h1, h2, bullet, cards, para, gap."""
    out: list[tuple[str, str]] = []
    for raw in text.split("\n"):
        line = raw.rstrip()
        if not line.strip():
            out.append(("gap", ""))
        elif line.startswith("## "):
            out.append(("h2", line[3:].strip()))
        elif line.startswith("# "):
            out.append(("h1", line[2:].strip()))
        elif line.lstrip().startswith(("- ", "・")):
            out.append(("bullet", line.lstrip()[2:].strip() if line.lstrip().startswith("- ")
                        else line.lstrip()[1:].strip()))
        elif parse_cards_line(line) is not None:
            out.append(("cards", line.strip()))
        else:
            out.append(("para", line.strip()))
    return out


def page_text(game_id: str, tab: str) -> str:
    summary_key, full_key = f"{game_id}.rules_summary", f"{game_id}.rules_full"
    summary = t(summary_key) if i18n.has(summary_key) else t("app.rules_missing")
    if tab == "summary":
        strip = ",".join(STRIPS.get(game_id, []))
        head = f"## {t('app.rules_cards')}\n[cards:{game_id}:{strip}]\n\n" if strip else ""
        return head + summary
    if i18n.has(full_key):
        return t(full_key)
    return f"{t('app.rules_full_missing')}\n\n{summary}"


class RulesScene(Scene):
    name = "rules"
    opaque = False

    def __init__(self, app: App, game_id: str, tab: str = "summary") -> None:
        super().__init__(app)
        self.game_id = game_id
        self.tab = tab if tab in TABS else "summary"
        self.scroller = Scroller()
        self._blocks_key: tuple | None = None
        self._blocks: list[Block] = []

    @property
    def scroll(self) -> int:
        return self.scroller.offset

    def layout(self) -> None:
        self.widgets = [
            Button(pygame.FRect(CONTENT.right - 392, 82, 190, 40), t("app.rules_tab_summary"),
                   lambda: self.set_tab("summary"), selected=self.tab == "summary", size=style.SMALL),
            Button(pygame.FRect(CONTENT.right - 194, 82, 194, 40), t("app.rules_tab_full"),
                   lambda: self.set_tab("full"), selected=self.tab == "full", size=style.SMALL),
            Button(pygame.FRect(1000, 638, 200, 44), t("app.close"), self.app.stack.pop, hotkey=pygame.K_ESCAPE),
        ]

    def set_tab(self, tab: str) -> None:
        if tab != self.tab:
            self.tab = tab
            self.scroller.offset = 0
        self.layout()

    # ----- input ------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN:
            key = event.key
            if key == pygame.K_F1:
                self.app.stack.pop()
                return None
            if key in (pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT):
                self.set_tab("full" if self.tab == "summary" else "summary")
                return None
            if key in (pygame.K_1, pygame.K_2):
                self.set_tab(TABS[key - pygame.K_1])
                return None
            page = int(CONTENT.h) - 40
            steps = {pygame.K_DOWN: 40, pygame.K_UP: -40, pygame.K_PAGEDOWN: page, pygame.K_PAGEUP: -page,
                     pygame.K_SPACE: page, pygame.K_HOME: -10**7, pygame.K_END: 10**7}
            if key in steps:
                self.scroller.scroll(steps[key])
                return None
        if event.type == pygame.MOUSEWHEEL:
            self.scroller.scroll(-60 * event.y)
            return None
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP):
            if self.scroller.handle_mouse(event, self.app.mouse(event.pos)):
                return None
        super().handle(event)
        return None  # modal

    # ----- layout of the text ---------------------------------------------------------
    def blocks(self, p: Painter) -> list[Block]:
        width = CONTENT.w - SCROLL_W - 24
        key = (self.game_id, self.tab, i18n.language(), p.vp.scale, p.scale_now)
        if key == self._blocks_key:
            return self._blocks
        out: list[Block] = []
        body = style.BODY * p.scale_now  # heights follow the text-size setting; sizes are scaled by the painter
        h2 = style.H2 * p.scale_now
        for kind, text in parse_markup(page_text(self.game_id, self.tab)):
            if kind == "gap":
                out.append(("gap", "", body * 0.6))
            elif kind == "h1":
                out.append(("gap", "", body * 0.4))
                for line in p.wrap_lines(text, width, style.H2, bold=True):
                    out.append(("h1", line, h2 * 1.5))
            elif kind == "h2":
                for line in p.wrap_lines(text, width, style.BODY, bold=True):
                    out.append(("h2", line, body * 1.6))
            elif kind == "bullet":
                for i, line in enumerate(p.wrap_lines(text, width - 28, style.BODY)):
                    out.append(("bullet" if i == 0 else "indent", line, body * 1.45))
            elif kind == "cards":
                parsed = parse_cards_line(text)
                if parsed:
                    out.append(("cards", parsed, PICTURE[1] + 16))
            else:
                for line in p.wrap_lines(text, width, style.BODY):
                    out.append(("para", line, body * 1.45))
        self._blocks_key, self._blocks = key, out
        return out

    # ----- drawing ----------------------------------------------------------------------
    def draw(self, p: Painter) -> None:
        p.alpha_rect((0, 0, 1280, 720), style.SHADOW, 170)
        p.panel(PANEL, dark=False)
        title = registry.entry(self.game_id).title[i18n.language()]
        # Grown by the text size, the title reaches down to the tabs' row: it keeps left of the tabs.
        room = CONTENT.right - 392 - 12 - 90  # the tabs start at right - 392; the heading's foot reaches their row
        heading = "app.rules_title_full" if self.tab == "full" else "app.rules_title"  # the tab shown names it
        head = p.text(t(heading, game=title), (90, 36 if p.scale_now > 1 else 44), style.H1, style.INK,
                      bold=True, max_width=room)
        p.text(t("app.rules_keys"), (90, p.under(head, 94)), style.TINY, style.INK_SOFT, max_width=CONTENT.w - 420)
        p.line((CONTENT.x, CONTENT.y - 8), (CONTENT.right, CONTENT.y - 8), style.CARD_EDGE)
        with p.scaled():
            blocks = self.blocks(p)
            total = int(sum(h for _, _, h in blocks)) + 20
            self.scroller.set_size(total, int(CONTENT.h))
            clip = p.surface.get_clip()
            p.surface.set_clip(p.vp.rect(CONTENT))
            y = CONTENT.y - self.scroller.offset
            for kind, payload, h in blocks:
                if y + h >= CONTENT.y and y <= CONTENT.bottom:
                    self._draw_block(p, kind, payload, y)
                y += h
            p.surface.set_clip(clip)
        self.scroller.draw(p, pygame.FRect(CONTENT.right - SCROLL_W, CONTENT.y, SCROLL_W, CONTENT.h), dark=False)
        if self.scroller.max_offset:
            shown = round(100 * self.scroller.offset / self.scroller.max_offset)
            p.text(f"{shown}%", (CONTENT.x, 660), style.SMALL, style.INK_SOFT, anchor="midleft")
        self.draw_widgets(p)

    def _draw_block(self, p: Painter, kind: str, payload: object, y: float) -> None:
        x = CONTENT.x
        if kind == "h1":
            p.text(str(payload), (x, y + 4), style.H2, style.INK, bold=True)
        elif kind == "h2":
            p.text(str(payload), (x, y + 4), style.BODY, style.ACCENT_DARK, bold=True)
        elif kind == "bullet":
            p.text("•", (x + 8, y), style.BODY, style.INK)
            p.text(str(payload), (x + 28, y), style.BODY, style.INK)  # hanging indent
        elif kind == "indent":
            p.text(str(payload), (x + 28, y), style.BODY, style.INK)
        elif kind == "para":
            p.text(str(payload), (x, y), style.BODY, style.INK)
        elif kind == "cards":
            game, tokens = cast(tuple[str, list[str]], payload)
            w, h = PICTURE
            cx = x
            for token in tokens:
                if cx + w > CONTENT.right - SCROLL_W - 8:
                    break
                p.alpha_rect((cx + 2, y + 6, w, h), style.SHADOW, 50, 6)
                p.blit(card_surface(game, token, *p.size_px(w, h)), (cx, y + 4))
                cx += w + 12
