"""A small widget set: buttons (with hotkeys and keyboard focus), a text field.

Widgets live in virtual coordinates; the scene gives them already-converted
mouse positions. A focused widget is drawn with a thick outline, hover with a
lighter fill, so focus never depends on colour alone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

import pygame

from tabletop.ui import style
from tabletop.ui.painter import Painter

T = TypeVar("T")


def step_choice(options: Sequence[T], current: T | None, step: int) -> T | None:
    """← → over a board's choices: the next (step 1) or previous (-1) one, wrapping round; from no choice (or one
    no longer offered) the first press lands on the first (→) or the last (←). None when there is nothing."""
    if not options:
        return None
    if current in options:
        return options[(options.index(current) + step) % len(options)]
    return options[0 if step > 0 else -1]


@dataclass
class Button:
    rect: pygame.FRect
    label: str
    on_click: Callable[[], object]  # what it returns is ignored (a scene stack's pop returns the scene)
    enabled: bool = True
    selected: bool = False  # a toggled-on choice (drawn filled with the accent)
    hotkey: int | None = None
    size: float = style.BODY
    primary: bool = False
    tooltip: str = ""
    hovered: bool = field(default=False, init=False)

    def draw(self, p: Painter, focused: bool = False) -> None:
        r = self.rect
        if self.selected or self.primary:
            fill = style.ACCENT if self.enabled else style.PANEL_EDGE
            ink = style.INK
        else:
            fill = (58, 66, 76) if self.hovered and self.enabled else (44, 50, 58)
            ink = style.TEXT_LIGHT if self.enabled else style.TEXT_MUTED
        if self.hovered and self.enabled and (self.selected or self.primary):
            fill = (min(255, fill[0] + 18), min(255, fill[1] + 18), min(255, fill[2] + 18))
        p.alpha_rect((r.x + 2, r.y + 3, r.w, r.h), style.SHADOW, 60, style.RADIUS)
        p.rect(r, fill, style.RADIUS)
        p.rect(r, style.ACCENT if focused else style.PANEL_EDGE, style.RADIUS, width=3 if focused else 1)
        p.text(self.label, r.center, self.size, ink, bold=self.primary or self.selected, anchor="center",
               max_width=r.w - 12)

    def hit(self, pos: pygame.Vector2) -> bool:
        return self.enabled and self.rect.collidepoint(pos)


@dataclass
class TextField:
    """A one-line text input (player names). IME text arrives as TEXTINPUT events."""

    rect: pygame.FRect
    text: str
    on_change: Callable[[str], None]
    max_len: int = 16
    active: bool = False

    def draw(self, p: Painter, focused: bool = False) -> None:
        p.rect(self.rect, style.PANEL, 6)
        p.rect(self.rect, style.ACCENT if self.active or focused else style.PANEL_EDGE, 6,
               width=3 if self.active or focused else 1)
        shown = self.text + ("|" if self.active else "")
        p.text(shown, (self.rect.x + 8, self.rect.centery), style.BODY, style.INK, anchor="midleft",
               max_width=self.rect.w - 16)

    def handle_key(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.TEXTINPUT and self.active:
            self.text = (self.text + event.text)[: self.max_len]
            self.on_change(self.text)
            return True
        if event.type == pygame.KEYDOWN and self.active:
            if event.key == pygame.K_BACKSPACE:
                self.text = self.text[:-1]
                self.on_change(self.text)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
                self.active = False
                pygame.key.stop_text_input()
                return True
            return True  # typing keys never trigger shortcuts while editing
        return False


def click(buttons: list[Button], pos: pygame.Vector2) -> bool:
    """Run the first enabled button under `pos`; True if one took the click."""
    for button in buttons:
        if button.hit(pos):
            button.on_click()
            return True
    return False
