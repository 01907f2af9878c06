"""Scenes and the scene stack (Tuxemon's contract).

A scene handles events (returning None when it consumed one), updates with dt,
and draws; `draw()` never changes state. Opaque scenes hide what is under them;
overlays (the curtain, dialogs) draw on top of the scene below.
Widgets the scene lists in `self.widgets` get mouse hover/click and keyboard
focus (Tab / arrows / Enter) for free.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from tabletop.ui.input_gate import InputGate
from tabletop.ui.painter import Painter
from tabletop.ui.widgets import Button, TextField

if TYPE_CHECKING:
    from tabletop.ui.app import App

Widget = Button | TextField


class Scene:
    opaque = True
    name = "scene"

    # A screen laid out as a grid (the title's tiles): the arrows move the focus to the nearest widget
    # that way on screen, not to the next in the list (Tab still walks the list).
    arrows_2d = False

    def __init__(self, app: App) -> None:
        self.app = app
        self.widgets: list[Widget] = []
        self.focus: int | None = None

    def _arrow_target(self, key: int, focus: int, focusable: list[int]) -> int:
        """The focusable widget an arrow points to from the focused one: the nearest whose centre lies that
        way, a step across counting twice a step along; the focus stays where nothing lies that way."""
        dx, dy = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}[key]
        here = self.widgets[focus].rect
        best, best_cost = focus, float("inf")
        for i in focusable:
            there = self.widgets[i].rect
            vx, vy = there.centerx - here.centerx, there.centery - here.centery
            along = vx * dx + vy * dy
            if i == focus or along < 1:
                continue
            cost = along + 2 * abs(vx * dy + vy * dx)
            if cost < best_cost:
                best, best_cost = i, cost
        return best

    # lifecycle
    def enter(self) -> None:
        self.layout()

    def exit(self) -> None:
        pass

    def pause(self) -> None:
        pass

    def resume(self) -> None:
        self.layout()

    def layout(self) -> None:
        """(Re)build widgets; called on enter, resume, language change."""

    def update(self, dt: float) -> None:
        pass

    # frames: the app sleeps on input and draws nothing until a scene says it needs a frame
    def next_frame_in(self) -> float | None:
        """Seconds until this scene looks different without input: 0.0 while something moves
        (an animation, a toast, a pulse), a delay for a slow timer, None (default) if only input changes it."""
        return None

    def next_poll_in(self) -> float | None:
        """Seconds until `update` must run to check on work outside the app (an AI worker), drawing
        nothing unless that changes the scene; None (default) if there is none."""
        return None

    def draw(self, p: Painter) -> None:
        pass

    def draw_widgets(self, p: Painter) -> None:
        for i, w in enumerate(self.widgets):
            w.draw(p, focused=(i == self.focus))

    # input
    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        for w in self.widgets:
            if isinstance(w, TextField) and w.handle_key(event):
                return None
        if event.type == pygame.MOUSEMOTION:
            self._hover_widgets(self.app.mouse(event.pos))
            return event
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return None if self._click_widget(self.app.mouse(event.pos)) else event
        if event.type == pygame.KEYDOWN:
            return None if self._widget_key(event) else event
        return event

    def _hover_widgets(self, pos: pygame.Vector2) -> None:
        for w in self.widgets:
            if isinstance(w, Button):
                w.hovered = w.hit(pos)

    def _click_widget(self, pos: pygame.Vector2) -> bool:
        """Activate the text field or press the button under `pos`; True if one took the click."""
        for w in self.widgets:
            if isinstance(w, TextField) and w.rect.collidepoint(pos):
                self._activate_field(w)
                return True
            if isinstance(w, Button) and w.hit(pos):
                self.app.sound("click")
                w.on_click()
                return True
        return False

    def _widget_key(self, event: pygame.event.Event) -> bool:
        """A button's hotkey, a focus move (Tab / arrows) or Enter on the focused widget; True if the key was used."""
        for w in self.widgets:
            if isinstance(w, Button) and w.enabled and w.hotkey == event.key:
                w.on_click()
                return True
        focusable = [i for i, w in enumerate(self.widgets) if not isinstance(w, Button) or w.enabled]
        if event.key in (pygame.K_TAB, pygame.K_DOWN, pygame.K_RIGHT, pygame.K_UP, pygame.K_LEFT) and focusable:
            self._move_focus(event, focusable)
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.focus is not None:
            if self.focus < len(self.widgets):
                w = self.widgets[self.focus]
                if isinstance(w, TextField):
                    self._activate_field(w)
                elif w.enabled:
                    w.on_click()
                return True
        return False

    def _move_focus(self, event: pygame.event.Event, focusable: list[int]) -> None:
        back = event.key in (pygame.K_UP, pygame.K_LEFT) or (event.mod & pygame.KMOD_SHIFT)
        if self.focus is None or self.focus not in focusable:
            self.focus = focusable[-1 if back else 0]
        elif self.arrows_2d and event.key != pygame.K_TAB:
            self.focus = self._arrow_target(event.key, self.focus, focusable)
        else:
            k = focusable.index(self.focus)
            self.focus = focusable[(k + (-1 if back else 1)) % len(focusable)]

    def _activate_field(self, field: TextField) -> None:
        for w in self.widgets:
            if isinstance(w, TextField):
                w.active = w is field
        pygame.key.start_text_input()
        self.app.set_text_input_rect(field.rect)


class SceneStack:
    """The scenes, bottom first. Every push, pop and replace is a transition: it arms the input gate,
    so the key or click that caused it (or any other still in flight) never reaches the next screen."""

    def __init__(self) -> None:
        self.scenes: list[Scene] = []
        self.gate = InputGate()

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        self.gate.arm()
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        self.gate.arm()
        scene = self.scenes.pop()
        scene.exit()
        if self.scenes:
            self.scenes[-1].resume()
        return scene

    def replace(self, scene: Scene) -> None:
        self.gate.arm()
        if self.scenes:
            self.scenes.pop().exit()
        self.scenes.append(scene)
        scene.enter()

    def reset(self, scene: Scene) -> None:
        while self.scenes:
            self.scenes.pop().exit()
        self.push(scene)  # arms the gate

    def visible(self) -> list[Scene]:
        """Scenes to draw, bottom first: from the top-most opaque scene up."""
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                start = i
                break
        return self.scenes[start:]

    def handle(self, event: pygame.event.Event) -> None:
        if not self.gate.admit(event):
            return
        for scene in reversed(self.scenes):
            if scene.handle(event) is None:
                return
            if scene.opaque or not getattr(scene, "passes_events", False):
                return
