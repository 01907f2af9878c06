"""Sleeping until input arrives, without spinning.

pygame-ce's `event.wait(timeout)` re-implements SDL's wait as a loop that pumps
events and sleeps 1 ms: about 2.6 % of a core while nothing happens (measured
under Xvfb). SDL's own `SDL_WaitEventTimeout` blocks on the window system's
connection instead (X11, Wayland, Windows, Cocoa) and is woken by events posted
from other threads (timers). Called with a NULL event it only waits: the event
stays queued for `pygame.event.get()`, so pygame's own handling is unchanged.

The SDL library is the one pygame already loaded (found in /proc/self/maps or
beside the pygame package) and is used only if it is the initialised instance;
otherwise `wait()` falls back to sleeping in short slices between peeks.
"""

from __future__ import annotations

import ctypes
import math
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pygame

FALLBACK_SLICE = 0.01  # seconds between peeks when SDL cannot be called directly
_SDL_INIT_VIDEO = 0x20


def _loaded_sdl_paths() -> list[str]:
    """Candidate files of the SDL2 library pygame uses, most certain first."""
    found: list[str] = []
    maps = Path("/proc/self/maps")
    if maps.exists():
        for line in maps.read_text().splitlines():
            path = line.split()[-1] if line.split() else ""
            name = Path(path).name
            if name.startswith("libSDL2-2") or name.startswith("libSDL2.so") or name.startswith("libSDL2-2.0"):
                found.append(path)
    package = Path(pygame.__file__).parent
    for folder in (package, package / ".dylibs", package.parent / "pygame_ce.libs"):
        if folder.is_dir():
            for file in sorted(folder.iterdir()):
                lower = file.name.lower()
                if lower.startswith(("sdl2.", "libsdl2-", "libsdl2.")) and "sdl2_" not in lower:
                    found.append(str(file))
    return list(dict.fromkeys(found))


def _native_wait() -> Callable[[None, int], int] | None:
    """SDL_WaitEventTimeout of the SDL instance pygame initialised, or None."""
    if sys.platform == "emscripten":
        return None
    for path in _loaded_sdl_paths():
        try:
            lib = ctypes.CDLL(path)
            was_init = lib.SDL_WasInit
            wait = lib.SDL_WaitEventTimeout
        except (OSError, AttributeError):
            continue
        was_init.argtypes, was_init.restype = [ctypes.c_uint32], ctypes.c_uint32
        if not was_init(_SDL_INIT_VIDEO):
            continue  # a second copy of SDL, not the one holding our window
        wait.argtypes, wait.restype = [ctypes.c_void_p, ctypes.c_int], ctypes.c_int
        return wait
    return None


class EventWaiter:
    """`wait(seconds)` returns when an event is queued or the time is up (made after the window opens)."""

    def __init__(self) -> None:
        self._wait = _native_wait()

    @property
    def native(self) -> bool:
        return self._wait is not None

    def wait(self, seconds: float) -> None:
        if seconds <= 0:
            return
        if self._wait is not None:
            self._wait(None, max(1, math.ceil(seconds * 1000)))
            return
        deadline = time.perf_counter() + seconds
        while not pygame.event.peek():
            left = deadline - time.perf_counter()
            if left <= 0:
                return
            time.sleep(min(FALLBACK_SLICE, left))
