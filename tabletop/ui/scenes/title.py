"""Title screen: the six games, Continue (the saved games in progress), history, settings, language."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from tabletop import i18n
from tabletop.engine import registry
from tabletop.i18n import t
from tabletop.ui import style
from tabletop.ui.games import has_board
from tabletop.ui.painter import Painter
from tabletop.ui.scene import Scene
from tabletop.ui.widgets import Button
from tabletop.userdata import SavedGame, list_saves

if TYPE_CHECKING:
    from tabletop.ui.app import App

# Each game's tile motif: an accent colour and a kanji drawn large (art made in code).
MOTIFS: dict[str, tuple[style.Color, str]] = {
    "bluffit": ((200, 80, 70), "賭"),
    "ghost_bumpers": ((120, 110, 200), "霊"),
    "bloody_summer": ((190, 40, 50), "夏"),
    "sumidagawa": ((60, 130, 190), "川"),
    "kakapo": ((90, 170, 90), "鳥"),
    "haunted_house": ((150, 100, 170), "館"),
}


class TitleScene(Scene):
    name = "title"
    arrows_2d = True  # the tiles are a 3 x 2 grid

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.saves: list[SavedGame] = []
        self.problem: str | None = None
        self.tiles: list[tuple[pygame.FRect, registry.CatalogEntry, bool]] = []

    def enter(self) -> None:
        self.load_saves()
        super().enter()

    def resume(self) -> None:
        self.load_saves()
        super().resume()

    def load_saves(self) -> None:
        """The saved games (Continue shows how many); unreadable ones were moved aside: say which."""
        self.saves, problems = list_saves()
        if problems:
            self.problem = " · ".join(problems)

    def layout(self) -> None:
        self.widgets = []
        self.tiles = []
        tile_w, tile_h, gap = 380, 168, 24
        x0 = (1280 - 3 * tile_w - 2 * gap) / 2
        for i, entry in enumerate(registry.CATALOG):
            col, row = i % 3, i // 3
            rect = pygame.FRect(x0 + col * (tile_w + gap), 196 + row * (tile_h + gap), tile_w, tile_h)
            available = registry.is_available(entry.id) and has_board(entry.id)
            self.tiles.append((rect, entry, available))
            self.widgets.append(Button(rect, "", self._opener(entry.id), enabled=available))
        y = 596
        buttons = []
        if self.saves:
            buttons.append((t("app.continue_count", count=len(self.saves)), self.continue_game, True))
        buttons += [(t("app.history"), self.open_history, False), (t("app.settings"), self.open_settings, False),
                    (t("app.quit"), self.app.quit, False)]
        widths = [max(200, 40 + len(label) * 11) for label, _, _ in buttons]
        x = (1280 - sum(widths) - gap * (len(widths) - 1)) / 2
        for (label, action, primary), w in zip(buttons, widths):
            self.widgets.append(Button(pygame.FRect(x, y, w, 48), label, action, primary=primary))
            x += w + gap
        lang_label = "日本語" if i18n.language() == "en" else "English"
        self.widgets.append(Button(pygame.FRect(1280 - 150, 20, 130, 38), lang_label, self.toggle_language,
                                   size=style.SMALL))

    def _opener(self, game_id: str) -> Callable[[], None]:
        def open_setup() -> None:
            from tabletop.ui.scenes.setup import SetupScene

            self.app.stack.push(SetupScene(self.app, game_id))

        return open_setup

    def continue_game(self) -> None:
        from tabletop.ui.scenes.saves import SavesScene

        self.app.stack.push(SavesScene(self.app))

    def open_history(self) -> None:
        from tabletop.ui.scenes.history import HistoryScene

        self.app.stack.push(HistoryScene(self.app))

    def open_settings(self) -> None:
        from tabletop.ui.scenes.settings import SettingsScene

        self.app.stack.push(SettingsScene(self.app))

    def toggle_language(self) -> None:
        self.app.settings.language = "ja" if i18n.language() == "en" else "en"
        self.app.save_settings()
        self.layout()

    def draw(self, p: Painter) -> None:
        # Grown by the text size, the name moves up so the tagline under it keeps clear of it and the tiles.
        head = p.text(t("app.name"), (640, 52 - 24 * (p.scale_now - 1)), style.TITLE, style.TEXT_LIGHT, bold=True,
                      anchor="midtop")
        p.text(t("app.tagline"), (640, p.under(head, 132) + 12 * (p.scale_now - 1)), style.BODY, style.TEXT_MUTED,
               anchor="midtop", max_width=1100)
        lang = i18n.language()
        other = "en" if lang == "ja" else "ja"
        for i, (rect, entry, available) in enumerate(self.tiles):
            button = self.widgets[i]
            color, glyph = MOTIFS[entry.id]
            hovered = isinstance(button, Button) and button.hovered and available
            focused = self.focus == i
            p.alpha_rect((rect.x + 3, rect.y + 5, rect.w, rect.h), style.SHADOW, 80, style.RADIUS)
            p.rect(rect, style.PANEL if available else (200, 196, 188), style.RADIUS)
            band = pygame.FRect(rect.x, rect.y, 118, rect.h)
            p.rect(band, color if available else (150, 146, 140), style.RADIUS)
            p.rect((band.right - 12, band.y, 12, band.h), color if available else (150, 146, 140))
            p.text(glyph, band.center, 76, style.PANEL, bold=True, anchor="center", icon=True)  # art: sized to its band
            ink = style.INK if available else style.INK_SOFT
            p.text(entry.title[lang], (rect.x + 134, rect.y + 24), style.H2, ink, bold=True,
                   max_width=rect.w - 150)
            p.text(entry.title[other], (rect.x + 134, rect.y + 62), style.BODY, style.INK_SOFT,
                   max_width=rect.w - 150)
            lo, hi = entry.players.start, entry.players.stop - 1
            players = t("app.players_range", lo=lo, hi=hi) if hi > lo else t("app.players_one", lo=lo)
            p.text(players, (rect.x + 134, rect.y + 104), style.SMALL, style.INK_SOFT)
            if not available:
                p.rect((rect.x + 134, rect.y + 128, 150, 26), style.PANEL_EDGE, 13)
                p.text(t("app.coming_soon"), (rect.x + 209, rect.y + 141), style.TINY, style.TEXT_LIGHT,
                       anchor="center")
            edge = style.ACCENT if (hovered or focused) else style.CARD_EDGE
            p.rect(rect, edge, style.RADIUS, width=4 if (hovered or focused) else 1)
        for w in self.widgets[len(self.tiles):]:
            w.draw(p, focused=self.widgets.index(w) == self.focus)
        if self.problem:
            p.panel((140, 664, 1000, 44))
            p.text(t("app.autosave_corrupt", reason=self.problem), (160, 686), style.SMALL, style.BAD,
                   anchor="midleft", max_width=960)
