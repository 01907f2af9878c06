"""Cached layers: a zone drawn once into its own surface and blitted while what it shows stays the same.

`LayerCache.draw(p, rect, key, paint)` calls `paint(painter)` with a Painter whose virtual
coordinates are the table's own but whose target covers only `rect`. The surface is kept per
(key, language, text size, window scale) until evicted, so `key` must name everything `paint`
reads. The strings a layer drew are replayed into `p.drawn` on every blit (tests read what is on
screen); while `p` reports text problems, layers are painted straight onto the table so each
label is checked where it lies.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable

import pygame

from tabletop import i18n
from tabletop.ui.painter import Painter
from tabletop.ui.viewport import Viewport

KEY = (255, 0, 254)  # the transparent colour of a `keyed` layer: no art or UI colour uses it


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

    def draw(self, p: Painter, rect: pygame.FRect, key: Hashable, paint: Callable[[Painter], None]) -> None:
        if p.problems is not None:
            paint(p)
            return
        screen = p.vp.rect(rect)
        surface, texts = self._kept(p, screen, key, paint)
        p.surface.blit(surface, screen.topleft, pygame.Rect(screen.x % 2, screen.y % 2, screen.w, screen.h))
        if p.drawn is not None:
            p.drawn.extend(texts)

    def prepare(self, p: Painter, rect: pygame.FRect, key: Hashable, paint: Callable[[Painter], None]) -> None:
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

    def _kept(self, p: Painter, screen: pygame.Rect, key: Hashable,
              paint: Callable[[Painter], None]) -> tuple[pygame.Surface, tuple[str, ...]]:
        full = (key, i18n.language(), p.text_scale, p.vp.scale, p.vp.offset, tuple(screen))
        entry = self.entries.get(full)
        if entry is None:
            if len(self.entries) >= self.size:  # make room first: the new layer may reuse the old one's surface
                self._retire(self.entries.popitem(last=False)[1][0])
            entry = self.entries[full] = self._paint(p, screen, paint)
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

    def _paint(self, p: Painter, screen: pygame.Rect, paint: Callable[[Painter], None]) -> tuple[pygame.Surface,
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
