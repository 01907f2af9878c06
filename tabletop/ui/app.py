"""The pygame application: window, frame loop, scene stack, settings, sounds.

The loop is capped at 60 fps; with `fast=True` (selftest, benchmarks) it runs
uncapped and AI seats think in-thread at full speed.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pygame

from tabletop import i18n, resources
from tabletop.ui import sound
from tabletop.ui.painter import Painter
from tabletop.ui.scene import Scene, SceneStack
from tabletop.ui.text import font
from tabletop.ui.viewport import VIRTUAL_H, VIRTUAL_W, Viewport
from tabletop.userdata import Settings

WINDOW_DEFAULT = (1280, 720)


def seconds_since_process_start() -> float:
    """Wall time since this process (or, in a one-file bundle, its unpacking parent) started.

    Linux reads /proc; elsewhere it falls back to the time since tabletop.cli was imported.
    """
    try:
        ticks = os.sysconf("SC_CLK_TCK")
        uptime = float(Path("/proc/uptime").read_text().split()[0])
        pid = os.getpid()
        if getattr(sys, "frozen", False) and os.readlink(f"/proc/{os.getppid()}/exe") == os.readlink("/proc/self/exe"):
            pid = os.getppid()  # one-file: the bootloader that unpacked us started first
        started = int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[19]) / ticks
        return uptime - started
    except (OSError, ValueError, IndexError, AttributeError):
        from tabletop import cli

        return time.perf_counter() - cli.IMPORTED_AT


class App:
    def __init__(self, size: tuple[int, int] = WINDOW_DEFAULT, fast: bool = False) -> None:
        pygame.init()
        font.cache_clear()  # fonts die with pygame.quit(); a new App must not reuse them
        self.fast = fast
        self.settings, settings_problem = Settings.load()
        self.notices: list[str] = [settings_problem] if settings_problem else []
        i18n.set_language(self.settings.language)
        pygame.display.set_caption("Tabletop")
        pygame.display.set_icon(pygame.image.load(resources.icon_path()))  # before set_mode, for SDL
        self.windowed_size = size
        flags = pygame.RESIZABLE
        if self.settings.fullscreen and not fast:
            flags |= pygame.FULLSCREEN
            size = (0, 0)
        self.screen = pygame.display.set_mode(size, flags)
        pygame.key.stop_text_input()  # SDL starts with text input on; we enable it only in text fields
        self.viewport = Viewport(self.screen.get_size())
        self.painter = Painter(self.screen, self.viewport)
        self.painter.text_scale = self.settings.ui_scale
        self.sounds = sound.Sounds(self.settings)
        self.stack = SceneStack()
        self.clock = pygame.time.Clock()
        self.running = True
        self.frame_times: list[float] = []
        self.first_frame_exit = os.environ.get("TABLETOP_FIRST_FRAME_EXIT") == "1"

    # ----- services for scenes -------------------------------------------------------
    def mouse(self, pos: tuple[float, float]) -> pygame.Vector2:
        return self.viewport.to_virtual(pos)

    def sound(self, name: str) -> None:
        self.sounds.play(name)

    def set_text_input_rect(self, rect: pygame.FRect) -> None:
        pygame.key.set_text_input_rect(self.viewport.rect(rect))

    def save_settings(self) -> None:
        i18n.set_language(self.settings.language)
        self.sounds.apply(self.settings)
        self.painter.text_scale = self.settings.ui_scale
        self.settings.save()

    def toggle_fullscreen(self) -> None:
        self.settings.fullscreen = not self.settings.fullscreen
        if self.settings.fullscreen:
            self.windowed_size = self.screen.get_size()
            self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN | pygame.RESIZABLE)
        else:
            self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        self._retarget()
        self.save_settings()

    def resize(self, size: tuple[int, int]) -> None:
        self.screen = pygame.display.get_surface() or pygame.display.set_mode(size, pygame.RESIZABLE)
        if self.screen.get_size() != size and not self.settings.fullscreen:
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self._retarget()

    def _retarget(self) -> None:
        self.viewport.resize(self.screen.get_size())
        self.painter.set_target(self.screen, self.viewport)
        for scene in self.stack.scenes:
            scene.layout()

    def quit(self) -> None:
        self.running = False

    # ----- loop ----------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.VIDEORESIZE:
            self.resize((event.w, event.h))
            return
        if event.type == pygame.WINDOWSIZECHANGED:
            self.resize(pygame.display.get_surface().get_size())
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        self.stack.handle(event)

    def draw(self) -> None:
        # Letterbox bars stay dark; the virtual area gets the table felt (one fill when there are no bars).
        if self.viewport.offset != (0, 0):
            self.painter.fill((8, 12, 12))
        self.painter.rect((0, 0, VIRTUAL_W, VIRTUAL_H), (22, 52, 46))
        for scene in self.stack.visible():
            scene.draw(self.painter)

    def step(self, dt: float) -> None:
        start = time.perf_counter()
        for event in pygame.event.get():
            self.handle(event)
        top = self.stack.top
        for scene in list(self.stack.scenes):
            if scene is top or getattr(scene, "updates_when_covered", False):
                scene.update(dt)
        self.draw()
        pygame.display.flip()
        if self.first_frame_exit:  # start-up timing (README "Downloads and building"): report, then quit
            self.first_frame_exit = False
            print(f"first-frame {seconds_since_process_start():.3f}", file=sys.stderr, flush=True)
            self.quit()
        self.frame_times.append(time.perf_counter() - start)
        if len(self.frame_times) > 2000:
            del self.frame_times[:1000]

    def run(self, first: Scene) -> None:
        self.stack.push(first)
        while self.running and self.stack.scenes:
            dt = self.clock.tick(0 if self.fast else 60) / 1000.0
            self.step(min(dt, 0.1))
        while self.stack.scenes:
            self.stack.pop()
        self.sounds.close()

    def screenshot(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(self.screen, str(path))
