"""LayerCache keeps an evicted opaque layer's surface for the next layer of its size (allocating a fresh
one is the dearest part of repainting a big layer on the frame a move lands), and a reused surface never
shows what the older layer painted."""

from __future__ import annotations

import pygame

from tabletop.ui.layer_cache import LayerCache


def test_an_evicted_opaque_surface_is_reused_and_shows_nothing_old(app) -> None:
    p = app.painter
    layers = LayerCache(size=1, opaque=True)
    rect = pygame.FRect(100, 100, 200, 120)
    layers.draw(p, rect, "red", lambda q: q.rect(rect, (200, 30, 30)))
    (red_surface, _), = layers.entries.values()
    layers.draw(p, rect, "blank", lambda q: None)  # paints nothing: what shows is a new surface's black
    (blank_surface, _), = layers.entries.values()
    assert blank_surface is red_surface  # the evicted layer's surface was reused, not a new one allocated
    inside = p.vp.point(rect.centerx, rect.centery)
    assert tuple(p.surface.get_at(inside))[:3] == (0, 0, 0)
    layers.draw(p, rect, "green", lambda q: q.rect(rect, (30, 200, 30)))
    assert tuple(p.surface.get_at(inside))[:3] == (30, 200, 30)


def test_layers_of_other_sizes_get_their_own_surfaces(app) -> None:
    p = app.painter
    layers = LayerCache(size=1, opaque=True)
    small, big = pygame.FRect(0, 0, 50, 50), pygame.FRect(0, 0, 300, 200)
    layers.draw(p, small, "small", lambda q: q.rect(small, (1, 2, 3)))
    (first, _), = layers.entries.values()
    layers.draw(p, big, "big", lambda q: q.rect(big, (4, 5, 6)))
    (second, _), = layers.entries.values()
    assert second is not first and second.get_size() == p.vp.rect(big).size
