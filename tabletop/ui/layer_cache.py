"""Cached layers: a zone drawn once into its own surface and blitted while what it shows stays the same.

`LayerCache.draw(p, rect, key, paint)` calls `paint(painter)` with a Painter whose virtual
coordinates are the table's own but whose target covers only `rect`. The surface is kept per
(key, language, text size, window scale) until evicted, so `key` must name everything `paint`
reads. The strings a layer drew are replayed into `p.drawn` on every blit (tests read what is on
screen); while `p` reports text problems, layers are painted straight onto the table so each
label is checked where it lies.

A zone drawn with `late=` (a token naming the zone and the person looking) may show its last frame's
picture for one more frame when this frame is already busy (a move landed in it, or layers costing more
than `PAINT_BUDGET` were painted): the frame a move lands in is the dearest of all, and a seat's count
or a score a sixtieth of a second late is not seen. The zones left behind then catch up in the next
frames, as many a frame as fit the budget, none more than `MAX_LATE` frames late. Only in the app's
paced loop (`frame_ledger.paced`); a late frame owes the next one (`frame_ledger.owed`).
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable, Hashable

import pygame

from tabletop import i18n
from tabletop.ui.painter import Painter
from tabletop.ui.viewport import Viewport

KEY = (255, 0, 254)  # the transparent colour of a `keyed` layer: no art or UI colour uses it
PAINT_BUDGET = 0.0015  # seconds of layer painting after which a frame is busy
MAX_LATE = 2  # frames a late zone may show an older picture in a row


class FrameLedger:
    """One drawn frame's painting across every LayerCache: what it spent, whether a move landed in it, and
    whether a zone was left a frame behind. The app begins and ends each drawn frame; a table marks a move."""

    def __init__(self) -> None:
        self.frame = 0  # drawn frames so far
        self.spent = 0.0  # seconds of layer painting in this frame
        self.landing = False  # a move was applied since the last drawn frame
        self.owed = False  # a zone showed last frame's picture: the next frame must be drawn
        self.paced = False  # the app's own loop (not a test or tool stepping at full speed)

    def begin(self, paced: bool) -> None:
        self.frame += 1
        self.spent = 0.0
        self.owed = False
        self.paced = paced

    def end(self) -> None:
        self.landing = False

    def move_landed(self) -> None:
        self.landing = True

    def busy(self) -> bool:
        return self.paced and (self.landing or self.spent >= PAINT_BUDGET)


frame_ledger = FrameLedger()


class LayerCache:
    def __init__(self, size: int = 48, opaque: bool = False, keyed: bool = False) -> None:
        self.size = size
        # opaque: every layer paints all of its rect (a zone with opaque corners); it is then kept without
        # alpha, and blitting it is a copy (about 4x cheaper than blending it).
        self.opaque = opaque
        # keyed: a layer fills its zone itself and draws translucent things (shadows, anti-aliased text)
        # only over what it filled; the unpainted rest (rounded corners, gaps between zones) is a colour
        # key, so the blit copies runs of pixels (about 2.4x cheaper than blending at 1920x1080).
        self.keyed = keyed
        self.entries: OrderedDict[tuple, tuple[pygame.Surface, tuple[str, ...]]] = OrderedDict()
        self.painted = 0  # layers painted (not blitted from the cache): tests read it
        self._spares: dict[tuple[int, int], list[pygame.Surface]] = {}  # evicted opaque surfaces (see _retire)
        # late zones: (token, screen rect) -> (the key shown, the frame it was shown in, frames late in a row)
        self._zones: dict[tuple, tuple[tuple, int, int]] = {}

    def draw(self, p: Painter, rect: pygame.FRect, key: Hashable, paint: Callable[[Painter], object],
             late: Hashable | None = None) -> None:
        """Blit `key`'s layer (painted first if it is not kept). `late`: a token naming the zone and whoever
        looks at it (a hot-seat player never gets another's picture); see the module's note."""
        if p.problems is not None:
            paint(p)
            return
        screen = p.vp.rect(rect)
        if late is None:
            entry = self._kept(p, screen, key, paint)
        else:
            entry = self._late(p, screen, key, paint, self._zone(p, screen, late))
        self._blit(p, screen, entry)

    def keep_last(self, p: Painter, rect: pygame.FRect, late: Hashable) -> bool:
        """On a busy frame, show the zone's picture of the last frame again and return True; else draw
        nothing and return False (the caller then draws it with `draw(..., late=late)`). For a zone whose
        very key is dear to make (the log's wrapped lines): this needs none."""
        if p.problems is not None:
            return False
        screen = p.vp.rect(rect)
        entry = self._stale(self._zone(p, screen, late))
        if entry is None:
            return False
        self._blit(p, screen, entry)
        return True

    @staticmethod
    def _blit(p: Painter, screen: pygame.Rect, entry: tuple[pygame.Surface, tuple[str, ...]]) -> None:
        surface, texts = entry
        p.surface.blit(surface, screen.topleft, pygame.Rect(screen.x % 2, screen.y % 2, screen.w, screen.h))
        if p.drawn is not None:
            p.drawn.extend(texts)

    @staticmethod
    def _zone(p: Painter, screen: pygame.Rect, late: Hashable) -> tuple:
        # The language and text size too: a switch on a busy frame never shows one frame of the old words.
        return (late, tuple(screen), i18n.language(), p.text_scale)

    def prepare(self, p: Painter, rect: pygame.FRect, key: Hashable, paint: Callable[[Painter], object]) -> None:
        """Paint `key`'s layer now, without drawing it, unless it is kept: a quiet frame paints what a
        coming frame will show (so the frame a move lands in finds it ready)."""
        if p.problems is not None:
            return
        screen = p.vp.rect(rect)
        painted = self.painted
        surface, _ = self._kept(p, screen, key, paint)
        # SDL run-length encodes a keyed layer for the surface it is first blitted to (a river-sized layer takes
        # ~0.6 ms at 1920x1080): blitting its unpainted corner pixel there encodes it now. Only a layer just
        # painted: reading a pixel of an encoded one decodes it again.
        if self.keyed and self.painted != painted and surface.get_at((0, 0))[:3] == KEY:
            origin = (screen.right - surface.get_width(), screen.bottom - surface.get_height())
            p.surface.blit(surface, origin, pygame.Rect(0, 0, 1, 1))

    def _late(self, p: Painter, screen: pygame.Rect, key: Hashable, paint: Callable[[Painter], object],
              zone: tuple) -> tuple[pygame.Surface, tuple[str, ...]]:
        """`key`'s layer, or on a busy frame the zone's picture of the last frame (once, while it is kept)."""
        full = self._full_key(p, screen, key)
        if full not in self.entries:
            stale = self._stale(zone)
            if stale is not None:
                return stale
        if len(self._zones) > 512:  # zones of windows and players long gone
            self._zones.clear()
        self._zones[zone] = (full, frame_ledger.frame, 0)
        return self._kept(p, screen, key, paint, full)

    def _stale(self, zone: tuple) -> tuple[pygame.Surface, tuple[str, ...]] | None:
        """The zone's last frame's picture if this busy frame may show it once more (see the module's note)."""
        shown = self._zones.get(zone)
        if (frame_ledger.busy() and shown is not None and shown[2] < MAX_LATE
                and shown[1] == frame_ledger.frame - 1 and shown[0] in self.entries):
            frame_ledger.owed = True
            self._zones[zone] = (shown[0], frame_ledger.frame, shown[2] + 1)
            return self.entries[shown[0]]
        return None

    @staticmethod
    def _full_key(p: Painter, screen: pygame.Rect, key: Hashable) -> tuple:
        return (key, i18n.language(), p.text_scale, p.vp.scale, p.vp.offset, tuple(screen))

    def _kept(self, p: Painter, screen: pygame.Rect, key: Hashable, paint: Callable[[Painter], object],
              full: tuple | None = None) -> tuple[pygame.Surface, tuple[str, ...]]:
        full = full or self._full_key(p, screen, key)  # `full`: the caller made it already
        entry = self.entries.get(full)
        if entry is None:
            if len(self.entries) >= self.size:  # make room first: the new layer may reuse the old one's surface
                self._retire(self.entries.popitem(last=False)[1][0])
            started = time.thread_time()
            entry = self.entries[full] = self._paint(p, screen, paint)
            frame_ledger.spent += time.thread_time() - started
        else:
            self.entries.move_to_end(full)
        return entry

    def _retire(self, surface: pygame.Surface) -> None:
        """Keep an evicted opaque layer's surface for the next layer of its size: allocating a fresh one
        (~0.3 ms for the side column's log at 1920x1080: the new pages fault in) is the dearest part of
        repainting it on the frame a move lands."""
        if self.opaque and surface.get_alpha() is None and not surface.get_colorkey():
            spares = self._spares.setdefault(surface.get_size(), [])
            if len(spares) < 2:
                spares.append(surface)

    def _reuse(self, size: tuple[int, int], like: pygame.Surface) -> pygame.Surface | None:
        spares = self._spares.get(size)
        while spares:
            surface = spares.pop()
            if surface.get_bitsize() == like.get_bitsize() and surface.get_masks() == like.get_masks():
                surface.fill((0, 0, 0))  # as a new surface: a layer never shows what an older one painted
                return surface
        return None

    def _paint(self, p: Painter, screen: pygame.Rect, paint: Callable[[Painter], object]) -> tuple[pygame.Surface,
                                                                                             tuple[str, ...]]:
        vp = Viewport(p.vp.window)
        # The layer's surface starts at an even window pixel (it is blitted from there on): shifting the
        # offset by an even integer makes every point round to the same pixel as on the table, even at
        # exact halves (round() rounds them to even).
        x0, y0 = screen.x - screen.x % 2, screen.y - screen.y % 2
        size = (screen.right - x0, screen.bottom - y0)
        vp.scale, vp.offset = p.vp.scale, (p.vp.offset[0] - x0, p.vp.offset[1] - y0)
        # An opaque layer is painted straight into the table's own pixel format: no conversion after painting
        # (converting an alpha surface took ~1.9 ms for the side column's log at 1920x1080) and a copy to blit.
        opaque = self.opaque and not p.surface.get_flags() & pygame.SRCALPHA
        if self.keyed:
            target = pygame.Surface(size)
            target.fill(KEY)
        elif opaque:
            target = self._reuse(size, p.surface) or pygame.Surface(size, 0, p.surface)
        else:
            target = pygame.Surface(size, pygame.SRCALPHA)
        q = Painter(target, vp)
        q.text_scale = p.text_scale
        q.drawn = []
        paint(q)
        self.painted += 1
        if self.keyed:
            target.set_colorkey(KEY, pygame.RLEACCEL)
        return q.surface.convert() if self.opaque and not opaque else q.surface, tuple(q.drawn)
