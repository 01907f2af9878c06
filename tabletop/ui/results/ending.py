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
from tabletop.ui.input_gate import KeySettle
from tabletop.ui.painter import Painter
from tabletop.ui.results import build_story, final_move
from tabletop.ui.results.model import ResultsStory
from tabletop.ui.widgets import Button


def banner_rects(text_scale: float) -> tuple[pygame.FRect, pygame.FRect]:
    """The banner and its button: the banner's rows grow with the text size, so it grows upwards."""
    h = 17 + 99 * text_scale  # a heading row of 36 and three lines of 21 at 100 %
    banner = pygame.FRect(BOARD_AREA.x + 10, BOARD_AREA.bottom - 8 - h, BOARD_AREA.w - 20, h)
    return banner, pygame.FRect(banner.right - 206, banner.centery - 24, 190, 48)


BANNER, BUTTON = banner_rects(1.0)
KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
MIN_SHOWN = 2.0  # seconds the banner stays before a key moves on: the ending is seen, however keys are pressed
TONES = {"good": style.GOOD, "bad": style.BAD, "accent": style.ACCENT}


class EndingBanner:
    def __init__(self, session: Session, on_continue: Callable[[], None], settle: KeySettle,
                 text_scale: Callable[[], float] = lambda: 1.0) -> None:
        self.session = session
        self.settle = settle  # Enter still coming from a player passing along does not open the results
        self.on_continue = on_continue
        self.text_scale = text_scale  # the text-size setting now (the banner grows with it)
        self._words: tuple[str, ResultsStory, list[str]] | None = None
        self.shown_at = settle.gate.time

    def words(self) -> tuple[ResultsStory, list[str]]:
        """The story (for its verdict) and the final move's lines, in the current language."""
        if self._words is None or self._words[0] != i18n.language():
            self._words = (i18n.language(), build_story(self.session), final_move(self.session))
        return self._words[1], self._words[2]

    def button(self) -> Button:
        return Button(banner_rects(self.text_scale())[1], t("results.see_results"), self.on_continue, primary=True)

    def handle(self, event: pygame.event.Event, mouse: Callable[[tuple[int, int]], pygame.Vector2]) -> bool:
        """Enter / Space, or a left click on the banner, asks for the results."""
        if event.type == pygame.KEYDOWN and event.key in KEYS:
            if self.settle.gate.time - self.shown_at < MIN_SHOWN - 1e-9:
                self.settle.hold()
            elif self.settle.take():
                self.on_continue()
            return True
        banner = banner_rects(self.text_scale())[0]
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and banner.collidepoint(mouse(event.pos)):
            self.on_continue()
            return True
        return False

    def draw(self, p: Painter) -> None:
        story, lines = self.words()
        k = p.scale_now
        banner, button = banner_rects(k)
        p.alpha_rect((banner.x + 3, banner.y + 4, banner.w, banner.h), style.SHADOW, 90, style.RADIUS)
        p.rect(banner, style.PANEL_DARK, style.RADIUS)
        p.rect(banner, TONES[story.tone], style.RADIUS, width=2)
        text_w = button.x - banner.x - 36
        x, y = banner.x + 18, banner.y + 10
        p.text(f"{t('results.game_over')} · {story.verdict}", (x, y), style.H2, TONES[story.tone], bold=True,
               max_width=text_w)
        y += 36 * k
        for i, line in enumerate(lines[:3]):
            if i == 0:  # "Final move:" leads the first line
                label = t("results.final_move")
                drawn = p.text(label, (x, y), style.SMALL, style.TEXT_MUTED, bold=True)
                offset = drawn.w + 8
                p.text(line, (x + offset, y), style.SMALL, style.TEXT_LIGHT, max_width=text_w - offset)
            else:
                p.text(line, (x, y), style.SMALL, style.TEXT_LIGHT, max_width=text_w)
            y += 21 * k
        hint = "results.keys_wait" if self.settle.wait_left() else "results.see_results_hint"
        p.text(t(hint), (button.centerx, button.bottom + 6), style.TINY, style.TEXT_MUTED, anchor="midtop",
               max_width=button.w + 10)
