"""The scared-card placement screen: drag S into the 7-card character deck (or ← → and Enter).

The deck is laid out left (top, revealed first) to right (bottom). The S card can
be dragged to any of the 7 positions, or a slot clicked; the U cards slide aside
to make room. Nothing is sent to the engine until the player confirms.
"""

from __future__ import annotations

import pygame

from tabletop.games.ghost_bumpers.actions import SetFear
from tabletop.games.ghost_bumpers.cards import CHAR_DECK_SIZE, deck_score
from tabletop.i18n import plural, t
from tabletop.ui import style
from tabletop.ui.cards import render_card
from tabletop.ui.games.ghost_bumpers.art import character_face
from tabletop.ui.painter import Painter
from tabletop.ui.widgets import Button

CARD_W, CARD_H = 56, 80
STEP = 64


class FearPicker:
    def __init__(self) -> None:
        self.position = 3  # S index from the top; the middle is a neutral start
        self.dragging = False
        self.drag_x = 0.0
        self.slots: list[pygame.FRect] = []
        self.s_rect = pygame.FRect()
        self.button: Button | None = None
        self.shown = [float(i) for i in range(CHAR_DECK_SIZE)]  # tweened x slot of each card (S last)

    def reset(self) -> None:
        self.position, self.dragging = 3, False

    # ----- geometry ---------------------------------------------------------------------
    def _slot_x(self, area: pygame.FRect, slot: float) -> float:
        return area.x + 20 + slot * STEP

    def _target(self) -> int:
        if not self.dragging or not self.slots:
            return self.position
        x0 = self.slots[0].x
        return max(0, min(CHAR_DECK_SIZE - 1, round((self.drag_x - CARD_W / 2 - x0) / STEP)))

    def _goals(self) -> list[float]:
        target = self._target()
        return [float(i if i < target else i + 1) for i in range(CHAR_DECK_SIZE - 1)] + [float(target)]

    def update(self, dt: float) -> None:
        goals = self._goals()
        k = min(1.0, dt / (style.TWEEN / 3))
        self.shown = [s + (g - s) * k for s, g in zip(self.shown, goals)]
        if not self.moving():
            self.shown = goals  # the tween never quite arrives: land, so frames can stop

    def moving(self) -> bool:
        """Cards are still sliding (by more than a hundredth of a slot)."""
        return any(abs(s - g) > 0.01 for s, g in zip(self.shown, self._goals()))

    # ----- drawing ----------------------------------------------------------------------
    def draw(self, p: Painter, area: pygame.FRect, mouse: pygame.Vector2) -> None:
        p.rect(area, style.FELT_DARK, style.RADIUS)
        p.rect(area, style.ACCENT, style.RADIUS, width=3)
        top = area.y + 28
        self.slots = [pygame.FRect(self._slot_x(area, i), top, CARD_W, CARD_H) for i in range(CHAR_DECK_SIZE)]
        target = self._target()
        for i, slot in enumerate(self.slots):  # drop zones
            p.rect(slot.inflate(6, 6), style.ACCENT if (self.dragging and i == target) else style.FELT_LINE, 8,
                   width=2 if self.dragging and i == target else 1)
        size = p.size_px(CARD_W, CARD_H)
        calm = render_card(character_face(False), *size)
        for i in range(CHAR_DECK_SIZE - 1):
            p.blit(calm, (self._slot_x(area, self.shown[i]), top))
        if self.dragging:
            rect = pygame.FRect(self.drag_x - CARD_W / 2, top - 14, CARD_W, CARD_H)
        else:
            rect = pygame.FRect(self._slot_x(area, self.shown[-1]), top - 10, CARD_W, CARD_H)
        self.s_rect = rect
        hover = rect.collidepoint(mouse) or self.dragging
        p.rect(rect.inflate(8, 8), style.ACCENT if hover else style.ACCENT_DARK, style.RADIUS)
        p.blit(render_card(character_face(True), *size), rect.topleft)
        # The deck runs left (top) to right (bottom): the arrows point along it, to each end.
        p.text("◀ " + t("ghost_bumpers.fear.top"), (self.slots[0].x - 2, top + CARD_H + 4), style.TINY,
               style.TEXT_MUTED)
        p.text(t("ghost_bumpers.fear.bottom") + " ▶", (self.slots[-1].right + 2, top + CARD_H + 4), style.TINY,
               style.TEXT_MUTED, anchor="topright")
        # Explanation and the confirm button on the right.
        x = self.slots[-1].right + 24
        width = area.right - x - 14
        pos = target
        k = p.scale_now  # the lines below the title move down as the text grows
        p.text(t("ghost_bumpers.fear.title"), (x, area.y + 8), style.SMALL, style.ACCENT, bold=True,
               max_width=width)
        p.text(t("ghost_bumpers.fear.position", n=pos + 1), (x, area.y + 8 + 22 * k), style.BODY, style.TEXT_LIGHT,
               bold=True, max_width=width)
        if pos == CHAR_DECK_SIZE - 1:
            text = t("ghost_bumpers.fear.paranoia")
        else:
            text = t("ghost_bumpers.fear.explain", safe=plural("ghost_bumpers.count.reveal", pos),
                     points=plural("app.count.point", deck_score(CHAR_DECK_SIZE, pos)))
        top = area.y + 8 + 48 * k
        p.wrapped_fit(text, (x, top, width, area.bottom - 46 - top), (style.SMALL, style.TINY), style.TEXT_MUTED,
                      line_gap=1.2)
        self.button = Button(pygame.FRect(x, area.bottom - 44, min(width, 220), 34),
                             t("ghost_bumpers.fear.confirm"), lambda: None, size=style.SMALL, primary=True)
        self.button.hovered = self.button.rect.collidepoint(mouse)
        self.button.draw(p)

    # ----- input ------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event, pos: pygame.Vector2 | None, act) -> bool:
        """Mouse (pos already virtual) and keys; `act(SetFear)` submits."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and pos is not None:
            if self.button is not None and self.button.hit(pos):
                act(SetFear(self.position))
                return True
            if self.s_rect.collidepoint(pos):
                self.dragging, self.drag_x = True, pos.x
                return True
            for i, slot in enumerate(self.slots):
                if slot.inflate(8, 8).collidepoint(pos):
                    self.position = i
                    return True
        if event.type == pygame.MOUSEMOTION and self.dragging and pos is not None:
            self.drag_x = pos.x
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            if pos is not None:
                self.drag_x = pos.x
            self.position = self._target()
            self.dragging = False
            return True
        if event.type == pygame.KEYDOWN:
            moves = {pygame.K_LEFT: -1, pygame.K_UP: -1, pygame.K_RIGHT: 1, pygame.K_DOWN: 1}
            if event.key in moves:
                self.position = max(0, min(CHAR_DECK_SIZE - 1, self.position + moves[event.key]))
                return True
            if event.key == pygame.K_HOME:
                self.position = 0
                return True
            if event.key == pygame.K_END:
                self.position = CHAR_DECK_SIZE - 1
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                act(SetFear(self.position))
                return True
        return False
