"""The scared-card placement screen: drag S into the 7-card character deck (or ← → and Enter).

The deck is laid out left (top, revealed first) to right (bottom). The S card can
be dragged to any of the 7 positions, or a slot clicked; the U cards slide aside
to make room. Nothing is sent to the engine until the player confirms. `draw` records
where it put the slots, the S card and the button in a HitMap; `handle` reads it.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from tabletop.engine.core import Action
from tabletop.games.ghost_bumpers.actions import SetFear
from tabletop.games.ghost_bumpers.cards import CHAR_DECK_SIZE, deck_score
from tabletop.i18n import plural, t
from tabletop.ui import keys, style
from tabletop.ui.cards import render_card
from tabletop.ui.games.ghost_bumpers.art import character_face
from tabletop.ui.hitmap import HitMap
from tabletop.ui.painter import Painter
from tabletop.ui.widgets import Button

CARD_W, CARD_H = 56, 80
STEP = 64
MOVES = {pygame.K_LEFT: -1, pygame.K_UP: -1, pygame.K_RIGHT: 1, pygame.K_DOWN: 1}

# What a click lands on: a slot by its position (0 = top), the S card, or the confirm button.
FearTarget = int | str


class FearPicker:
    def __init__(self) -> None:
        self.position = 3  # S index from the top; the middle is a neutral start
        self.dragging = False
        self.drag_x = 0.0
        self.left: float | None = None  # the top slot's left edge where the panel was drawn last
        self.hits: HitMap[FearTarget] = HitMap()
        self.shown = [float(i) for i in range(CHAR_DECK_SIZE)]  # tweened x slot of each card (S last)

    def reset(self) -> None:
        self.position, self.dragging = 3, False

    # ----- geometry ---------------------------------------------------------------------
    def _slot_x(self, area: pygame.FRect, slot: float) -> float:
        return area.x + 20 + slot * STEP

    def _target(self) -> int:
        if not self.dragging or self.left is None:
            return self.position
        x0 = self.left
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
        slots = [pygame.FRect(self._slot_x(area, i), top, CARD_W, CARD_H) for i in range(CHAR_DECK_SIZE)]
        self.left = slots[0].x
        self.hits.clear()
        target = self._target()
        for i, slot in enumerate(slots):  # drop zones
            self.hits.add(slot.inflate(8, 8), i)
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
        self.hits.add(rect, "scared")  # over the slots
        hover = rect.collidepoint(mouse) or self.dragging
        p.rect(rect.inflate(8, 8), style.ACCENT if hover else style.ACCENT_DARK, style.RADIUS)
        p.blit(render_card(character_face(True), *size), rect.topleft)
        # The deck runs left (top) to right (bottom): the arrows point along it, to each end.
        p.text("◀ " + t("ghost_bumpers.fear.top"), (slots[0].x - 2, top + CARD_H + 4), style.TINY,
               style.TEXT_MUTED)
        p.text(t("ghost_bumpers.fear.bottom") + " ▶", (slots[-1].right + 2, top + CARD_H + 4), style.TINY,
               style.TEXT_MUTED, anchor="topright")
        # Explanation and the confirm button on the right.
        x = slots[-1].right + 24
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
        button = Button(pygame.FRect(x, area.bottom - 44, min(width, 220), 34),
                        t("ghost_bumpers.fear.confirm"), lambda: None, size=style.SMALL, primary=True)
        button.hovered = button.rect.collidepoint(mouse)
        button.draw(p)
        self.hits.add(button.rect, "confirm")

    # ----- input ------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event, pos: pygame.Vector2 | None, act: Callable[[Action], None]) -> bool:
        """Mouse (pos already virtual) and keys; `act(SetFear)` submits."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and pos is not None:
            return self._press(self.hits.at(pos), pos, act)
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
            return self._key(event, act)
        return False

    def _press(self, target: FearTarget | None, pos: pygame.Vector2, act: Callable[[Action], None]) -> bool:
        if target == "confirm":
            act(SetFear(self.position))
        elif target == "scared":
            self.dragging, self.drag_x = True, pos.x
        elif isinstance(target, int):
            self.position = target
        return target is not None

    def _key(self, event: pygame.event.Event, act: Callable[[Action], None]) -> bool:
        if event.key in MOVES:
            self.position = max(0, min(CHAR_DECK_SIZE - 1, self.position + MOVES[event.key]))
        elif event.key == pygame.K_HOME:
            self.position = 0
        elif event.key == pygame.K_END:
            self.position = CHAR_DECK_SIZE - 1
        elif keys.is_confirm(event):
            act(SetFear(self.position))
        else:
            return False
        return True
