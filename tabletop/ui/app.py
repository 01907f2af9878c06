"""The pygame application: window, frame loop, scene stack, settings, sounds.

The loop is event-driven: while no scene needs frames it sleeps until input
arrives (or a scene's timer is due) and draws nothing, so an idle window costs
next to no CPU; while something moves it runs at up to 60 fps. A drawn frame is
presented only where it changed (`present.Presenter`). With `fast=True`
(selftest, tests) `step()` draws every call and AI seats think in-thread.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pygame

import tabletop
from tabletop import i18n, resources
from tabletop.save_writer import saves
from tabletop.ui import sound
from tabletop.ui.idle import EventWaiter
from tabletop.ui.layer_cache import frame_ledger
from tabletop.ui.painter import Painter
from tabletop.ui.present import Presenter
from tabletop.ui.scene import Scene, SceneStack
from tabletop.ui.text import defer_font_loading, forget_fonts, load_wanted_font
from tabletop.ui.viewport import VIRTUAL_H, VIRTUAL_W, Viewport
from tabletop.userdata import Settings

WINDOW_DEFAULT = (1280, 720)
FPS = 60  # while something moves
MAX_DT = 0.1  # seconds: the longest step an animation takes at once
DEFAULT_PHONE_PORT = 8765  # the phone table's address stays the same from game to game where it is free
IDLE_WAKE = 0.5  # seconds: the longest sleep without input (a safety net; scenes ask for their own wakes)
# After these the window system may have lost the picture: the next frame is sent whole.
_WINDOW_EVENTS = frozenset(getattr(pygame, name) for name in (
    "VIDEOEXPOSE", "VIDEORESIZE", "WINDOWEXPOSED", "WINDOWSHOWN", "WINDOWRESTORED", "WINDOWMAXIMIZED",
    "WINDOWSIZECHANGED", "WINDOWRESIZED", "WINDOWDISPLAYCHANGED") if hasattr(pygame, name))


def seconds_since_process_start() -> float:
    """Wall time since this process (or, in a one-file bundle, its unpacking parent) started.

    Linux reads /proc; elsewhere it falls back to the time since the tabletop package was imported.
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
        return time.perf_counter() - tabletop.IMPORTED_AT


def use_native_framebuffer() -> None:
    """On X11, present through the window system's own framebuffer (MIT-SHM), not SDL's texture one.

    SDL's default there is to upload the whole window into an OpenGL texture and draw it on every
    present, even for `display.update(rects)`; with software OpenGL (Xvfb, VMs, remote desktops)
    that costs 6 ms of CPU a present at 1280x720 and 13 ms at 1920x1080, for a 60-pixel update
    too. The native path sends only the rects (0.02 ms). Set before the first window surface;
    a value the user set is kept. Other systems keep SDL's choice (Windows already uses GDI;
    Cocoa and Wayland have no native framebuffer)."""
    if pygame.display.get_driver() == "x11":
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")


class App:
    def __init__(self, size: tuple[int, int] = WINDOW_DEFAULT, fast: bool = False) -> None:
        # Only what the app uses: pygame.init() would also open the audio device, loudly where there is
        # none and at its own rate where there is one; sound.Sounds opens it quietly at the effects' rate.
        pygame.display.init()
        pygame.font.init()
        forget_fonts()  # fonts die with pygame.quit(); a new App must not reuse them
        defer_font_loading(not fast)  # the loop opens new font sizes between frames (see turn)
        self.fast = fast
        # The "goal and your turn" card at a game's first table; off in tests and tools (fast), which turn it on.
        self.goal_cards = not fast
        # The phone server's port (0: any free one) and who hears its address (the CLI prints it).
        self.phone_port = DEFAULT_PHONE_PORT
        self._after_frame: list[Callable[[], None]] = []
        self.phone_bind_host = "0.0.0.0"  # every interface: phones reach it over the LAN (tests use loopback)
        self.phone_url_out: Callable[[str], None] | None = None
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
        use_native_framebuffer()
        self.screen = pygame.display.set_mode(size, flags)
        pygame.key.stop_text_input()  # SDL starts with text input on; we enable it only in text fields
        self.viewport = Viewport(self.screen.get_size())
        self.painter = Painter(self.screen, self.viewport)
        self.painter.text_scale = self.settings.ui_scale
        self.sounds = sound.Sounds(self.settings)
        self.stack = SceneStack()
        self.clock = pygame.time.Clock()
        self.running = True
        self.frame_times: list[float] = []  # seconds per drawn frame (events, update, draw, present)
        # The same in CPU seconds of the loop's own thread (no waiting for a core; the save writer and
        # sound threads' work beside the frame is not the frame's).
        self.frame_cpu_times: list[float] = []
        self.frames_drawn = 0  # a seam for tests: frames drawn and presented
        self.waiter = EventWaiter()
        self.presenter = Presenter(compare=pygame.display.get_driver() != "dummy")  # headless: nothing to save
        self.idle_wake = IDLE_WAKE
        self._dirty = True  # draw the next turn whatever the scenes say (first frame, resize)
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
        self.request_frame()
        self.viewport.resize(self.screen.get_size())
        self.painter.set_target(self.screen, self.viewport)
        for scene in self.stack.scenes:
            scene.layout()

    def quit(self) -> None:
        self.running = False

    def request_frame(self) -> None:
        """Draw and present the whole window at the next turn of the loop."""
        self._dirty = True
        self.presenter.invalidate()

    # ----- loop ----------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.VIDEORESIZE:
            self.resize((event.w, event.h))
            return
        if event.type == pygame.WINDOWSIZECHANGED:
            surface = pygame.display.get_surface()
            if surface is not None:  # the window is open while it sends events
                self.resize(surface.get_size())
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

    def _updating(self) -> list[Scene]:
        top = self.stack.top
        return [s for s in self.stack.scenes if s is top or getattr(s, "updates_when_covered", False)]

    def frame_due(self) -> float | None:
        """Seconds until a scene looks different without input (0: something moves now); None: only input."""
        if frame_ledger.owed:
            return 0.0  # a zone showed the last frame's picture (tabletop.ui.layer_cache): it catches up now
        due = [d for d in (s.next_frame_in() for s in self._updating()) if d is not None]
        return max(0.0, min(due)) if due else None

    def _wake_in(self, due: float | None) -> float:
        """How long the loop may sleep: until input, a scene's frame or poll, or the safety net."""
        polls = [d for d in (s.next_poll_in() for s in self._updating()) if d is not None]
        return max(0.0, min([self.idle_wake, *polls, *([due] if due is not None else [])]))

    def step(self, dt: float, redraw: bool = True) -> bool:
        """Events, update, then draw and present; returns whether a frame was drawn.

        `redraw=True` (tests, selftest, tools) always draws. The loop passes False: the frame is
        then drawn only if an event came, the scenes changed, or a scene moves or asked for it.
        Then, with the frame on screen, the work it made that nobody sees (a save's text) is done."""
        drawn = self._frame(dt, redraw)
        saves.pump()
        while self._after_frame:
            self._after_frame.pop(0)()
        return drawn

    def after_frame(self, job: Callable[[], None]) -> None:
        """Run `job` once this frame is on screen (and its save handed over): work the frame's picture does not
        wait for, such as sending the phones their new pictures. A job already waiting is not added twice."""
        if job not in self._after_frame:
            self._after_frame.append(job)

    def _frame(self, dt: float, redraw: bool) -> bool:
        start, cpu = time.perf_counter(), time.thread_time()
        self.stack.gate.next_frame(dt)  # app time for the input gate; a new frame's input may pass again
        scenes_before = list(self.stack.scenes)
        events = pygame.event.get()
        for event in events:
            if event.type in _WINDOW_EVENTS:
                self.request_frame()
            self.handle(event)
        for scene in self._updating():
            scene.update(dt)
        if not (redraw or events or self._dirty or self.stack.scenes != scenes_before or self.frame_due() == 0):
            return False
        self._dirty = False
        frame_ledger.begin(paced=not self.fast)
        self.draw()
        frame_ledger.end()
        self.presenter.present(self.screen)
        self.frames_drawn += 1
        if self.first_frame_exit:  # start-up timing (README "Downloads and building"): report, then quit
            self.first_frame_exit = False
            print(f"first-frame {seconds_since_process_start():.3f}", file=sys.stderr, flush=True)
            self.quit()
        if self.frames_drawn == 1 and self.running and not self.fast:  # tests and tools: made when played
            self.sounds.prepare()  # after the first frame is up: the start does not wait for it
        self.frame_times.append(time.perf_counter() - start)
        self.frame_cpu_times.append(time.thread_time() - cpu)
        if len(self.frame_times) > 2000:
            del self.frame_times[:1000]
            del self.frame_cpu_times[:1000]
        return True

    def turn(self) -> bool:
        """One pass of the loop; returns whether a frame was drawn.

        While nothing moves it sleeps on input (SDL's own wait: no spinning) until an event
        arrives or a scene's timer or poll is due; a frame is drawn only when something changed."""
        if self.fast:
            return self.step(min(self.clock.tick(0) / 1000.0, MAX_DT))
        due = 0.0 if self._dirty else self.frame_due()
        wait = 0.0 if due == 0 else self._wake_in(due)
        if wait > 0:
            self.waiter.wait(wait)
        dt = self.clock.tick(FPS) / 1000.0
        dt = min(dt, wait + MAX_DT)  # timers count the time slept, but a stall (a dragged window) is not replayed
        drawn = self.step(dt, redraw=due is not None and dt >= due - 0.002)
        load_wanted_font()  # a text size a frame met first is opened here (~3 ms), between frames, once a turn
        return drawn

    def run(self, first: Scene) -> None:
        self.stack.push(first)
        self.request_frame()
        while self.running and self.stack.scenes:
            self.turn()
        while self.stack.scenes:
            self.stack.pop()
        saves.flush()  # a save still being written off the frame reaches the disk before the app ends
        self.sounds.close()

    def screenshot(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(self.screen, str(path))
