"""The end of a game on the table: a banner over the final board that says how it ended (the verdict
and the final move in words) with a "See results" button. The board stays until a player asks for
the results (the button, Enter, Space, or a click on the banner)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from tabletop import i18n
from tabletop.i18n import t
from tabletop.session import Session
from tabletop.ui import style
from tabletop.ui.games import BOARD_AREA
from tabletop.ui.painter import Painter
from tabletop.ui.results import build_story, final_move
from tabletop.ui.results.model import ResultsStory
from tabletop.ui.widgets import Button

BANNER = pygame.FRect(BOARD_AREA.x + 10, BOARD_AREA.bottom - 124, BOARD_AREA.w - 20, 116)
BUTTON = pygame.FRect(BANNER.right - 206, BANNER.centery - 24, 190, 48)
KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
TONES = {"good": style.GOOD, "bad": style.BAD, "accent": style.ACCENT}


class EndingBanner:
    def __init__(self, session: Session, on_continue: Callable[[], None]) -> None:
        self.session = session
        self.on_continue = on_continue
        self._words: tuple[str, ResultsStory, list[str]] | None = None

    def words(self) -> tuple[ResultsStory, list[str]]:
        """The story (for its verdict) and the final move's lines, in the current language."""
        if self._words is None or self._words[0] != i18n.language():
            self._words = (i18n.language(), build_story(self.session), final_move(self.session))
        return self._words[1], self._words[2]

    def button(self) -> Button:
        return Button(pygame.FRect(BUTTON), t("results.see_results"), self.on_continue, primary=True)

    def handle(self, event: pygame.event.Event, mouse: Callable[[tuple[int, int]], pygame.Vector2]) -> bool:
        """Enter / Space, or a left click on the banner, asks for the results."""
        if event.type == pygame.KEYDOWN and event.key in KEYS:
            self.on_continue()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and BANNER.collidepoint(mouse(event.pos)):
            self.on_continue()
            return True
        return False

    def draw(self, p: Painter) -> None:
        story, lines = self.words()
        p.alpha_rect((BANNER.x + 3, BANNER.y + 4, BANNER.w, BANNER.h), style.SHADOW, 90, style.RADIUS)
        p.rect(BANNER, style.PANEL_DARK, style.RADIUS)
        p.rect(BANNER, TONES[story.tone], style.RADIUS, width=2)
        text_w = BUTTON.x - BANNER.x - 36
        x, y = BANNER.x + 18, BANNER.y + 10
        p.text(f"{t('results.game_over')} · {story.verdict}", (x, y), style.H2, TONES[story.tone], bold=True,
               max_width=text_w)
        y += 36
        for i, line in enumerate(lines[:3]):
            if i == 0:  # "Final move:" leads the first line
                label = t("results.final_move")
                p.text(label, (x, y), style.SMALL, style.TEXT_MUTED, bold=True)
                offset = p.measure(label, style.SMALL, bold=True) + 8
                p.text(line, (x + offset, y), style.SMALL, style.TEXT_LIGHT, max_width=text_w - offset)
            else:
                p.text(line, (x, y), style.SMALL, style.TEXT_LIGHT, max_width=text_w)
            y += 21
        p.text(t("results.see_results_hint"), (BUTTON.centerx, BUTTON.bottom + 6), style.TINY, style.TEXT_MUTED,
               anchor="midtop", max_width=BUTTON.w + 10)
