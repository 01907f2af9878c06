"""Presenting a drawn frame: only the rows that changed since the last one reach the window.

In a real window the cost of a frame is mostly presenting it (the X server copies
every byte; 1920x1080 is 8 MB a frame). The frame is still drawn whole (draw code
stays simple and `draw()` keeps its contract), then compared with a copy of the
last presented frame in horizontal bands; only changed bands are sent with
`pygame.display.update(rects)`, and a frame equal to the last one is not sent at all.
The comparison is libc's `memcmp` on the pixel buffers (about 1 ms for a whole 1080p
frame), or a memoryview comparison over 8-byte words where libc cannot be found.

A full `flip()` is made for the first frame, after a resize or any window event
(exposure, restore: the window system may have lost the picture), and whenever
the window surface cannot be read as one contiguous buffer.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import sys
from collections.abc import Callable

import pygame

BAND = 24  # rows per compared band; smaller finds tighter rects, larger costs fewer Python steps


def _find_memcmp() -> Callable[[int, int, int], int] | None:
    try:
        libc = ctypes.cdll.msvcrt if sys.platform == "win32" else ctypes.CDLL(ctypes.util.find_library("c"))
        memcmp = libc.memcmp
    except (OSError, AttributeError, TypeError):
        return None
    memcmp.argtypes, memcmp.restype = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_size_t], ctypes.c_int
    return memcmp


_memcmp = _find_memcmp()


class Presenter:
    def __init__(self, compare: bool = True) -> None:
        self.compare = compare  # False: every frame is flipped whole (the dummy driver shows nothing anyway)
        self._last: pygame.Surface | None = None
        self._full = True
        self.last_rects: list[pygame.Rect] = []  # what the last present() sent; [] = nothing changed
        self.presented = 0  # frames that reached the window (full or partial)

    def invalidate(self) -> None:
        """The next frame goes out whole (window exposed, resized, fullscreen toggled)."""
        self._full = True

    def present(self, screen: pygame.Surface) -> list[pygame.Rect]:
        """Send what changed on `screen` since the last call; returns the rects sent."""
        if not self.compare:
            pygame.display.flip()
            self.presented += 1
            self.last_rects = [screen.get_rect()]
            return self.last_rects
        size = screen.get_size()
        last = self._last
        rects = None if self._full or last is None or last.get_size() != size else self._changed(screen, last)
        if rects is None:
            pygame.display.flip()
            if last is None or last.get_size() != size:
                self._last = last = pygame.Surface(size, 0, screen)
            last.blit(screen, (0, 0))
            self._full = False
            rects = [screen.get_rect()]
        elif rects:
            assert last is not None  # compared against it
            pygame.display.update(rects)
            for r in rects:
                last.blit(screen, r, r)
        if rects:
            self.presented += 1
        self.last_rects = rects
        return rects

    @staticmethod
    def _changed(screen: pygame.Surface, last: pygame.Surface) -> list[pygame.Rect] | None:
        """Full-width rects of the bands that differ (adjacent ones merged); None if unreadable."""
        pitch = screen.get_pitch()
        if pitch != last.get_pitch() or pitch % 8 or screen.get_bitsize() != last.get_bitsize():
            return None
        width, height = screen.get_size()
        differs = _band_comparer(screen, last)
        if differs is None:
            return None
        rects: list[pygame.Rect] = []
        try:
            for top in range(0, height, BAND):
                bottom = min(height, top + BAND)
                if differs(top * pitch, bottom * pitch):
                    if rects and rects[-1].bottom == top:
                        rects[-1].height += bottom - top
                    else:
                        rects.append(pygame.Rect(0, top, width, bottom - top))
        finally:
            differs.close()
        return rects


class _MemcmpBands:
    """Byte ranges of two surfaces compared in place by libc's memcmp (no copies, no locks held)."""

    def __init__(self, a: pygame.Surface, b: pygame.Surface) -> None:
        self._a, self._b = a._pixels_address, b._pixels_address

    def __call__(self, start: int, end: int) -> bool:
        assert _memcmp is not None
        return _memcmp(self._a + start, self._b + start, end - start) != 0

    def close(self) -> None:
        pass


class _ViewBands:
    """The same through memoryviews of 8-byte words (slower: one C step per word)."""

    def __init__(self, a: pygame.Surface, b: pygame.Surface) -> None:
        self._a = memoryview(a.get_view("1")).cast("B").cast("Q")  # type: ignore[arg-type]
        self._b = memoryview(b.get_view("1")).cast("B").cast("Q")  # type: ignore[arg-type]

    def __call__(self, start: int, end: int) -> bool:
        return self._a[start // 8:end // 8] != self._b[start // 8:end // 8]

    def close(self) -> None:
        self._a.release()  # the surfaces stay locked while a view is alive
        self._b.release()


def _band_comparer(a: pygame.Surface, b: pygame.Surface) -> _MemcmpBands | _ViewBands | None:
    try:
        return _MemcmpBands(a, b) if _memcmp is not None else _ViewBands(a, b)
    except (ValueError, TypeError, AttributeError, pygame.error):
        return None
