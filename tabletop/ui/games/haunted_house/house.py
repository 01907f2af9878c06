"""The house on screen: the Tiled map rendered once with pytmx, scaled once per window size,
and the geometry that maps spaces, doors and paths from map pixels to the virtual layout.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from tabletop.games.haunted_house import GAME
from tabletop.games.haunted_house.board import MAP_FILE
from tabletop.games.haunted_house.maps import HouseMap
from tabletop.resources import maps_dir
from tabletop.ui import style

_base: pygame.Surface | None = None


def house() -> HouseMap:
    return GAME.board.house


def base_surface() -> pygame.Surface:
    """The map's tile layers at native size, lit (loaded lazily: load_pygame needs a display mode).

    Tile layers are drawn in the map's order; the walls layer also casts a soft shadow onto the
    floor and furniture under it, and the whole house gets its lighting (warm pools of candle
    light in the rooms, darkness towards the edges) once, here, never per frame."""
    global _base
    if _base is None:
        import pytmx
        from pytmx.util_pygame import load_pygame

        tmx = load_pygame(str(maps_dir() / MAP_FILE))
        tw, th = tmx.tilewidth, tmx.tileheight
        size = (tmx.width * tw, tmx.height * th)
        surf = pygame.Surface(size, pygame.SRCALPHA)
        for layer in tmx.visible_layers:
            if isinstance(layer, pytmx.TiledTileLayer):
                drawn = pygame.Surface(size, pygame.SRCALPHA)
                for x, y, image in layer.tiles():
                    drawn.blit(image, (x * tw, y * th))
                if layer.name == "walls":
                    surf.blit(_cast_shadow(drawn, tw), (0, 0))
                surf.blit(drawn, (0, 0))
        _mark_corridor_squares(surf, house())
        _light(surf, house())
        _base = surf
    return _base


def _cast_shadow(walls: pygame.Surface, tile: int) -> pygame.Surface:
    """The walls' silhouette in black, blurred and moved down-right (the light comes from the top left)."""
    shadow = walls.copy()
    shadow.fill((0, 0, 0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    shadow.blit(walls, (0, 0))
    shadow.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGB_MIN)
    shadow.fill((255, 255, 255, 120), special_flags=pygame.BLEND_RGBA_MULT)
    w, h = shadow.get_size()
    shadow = pygame.transform.smoothscale(pygame.transform.smoothscale(shadow, (w // 8, h // 8)), (w, h))
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    out.blit(shadow, (tile // 12, tile // 9))
    return out


def _light(surf: pygame.Surface, hm: HouseMap) -> None:
    """Candle light: each room is lit from its middle and darkens to its walls; the house darkens to its edges."""
    w, h = surf.get_size()
    cols, rows = hm.cols, hm.rows
    # Brightness per grid point (a 4x finer grid than the tiles), smoothed up to full size once.
    fine = 4
    shade = pygame.Surface((cols * fine, rows * fine))
    shade.fill((150, 140, 150))
    rooms = [s for s in hm.spaces if s.kind == "room"]
    for gy in range(rows * fine):
        for gx in range(cols * fine):
            px, py = (gx + 0.5) * w / (cols * fine), (gy + 0.5) * h / (rows * fine)
            edge = max(abs(px / w - 0.5), abs(py / h - 0.5)) * 2  # 0 centre .. 1 edge
            value = 235 - 45 * edge ** 2
            for room in rooms:
                x, y, rw, rh = room.rect_px
                if x <= px < x + rw and y <= py < y + rh:
                    dx, dy = (px - x - rw / 2) / (rw / 2), (py - y - rh / 2) / (rh / 2)
                    value = min(255, value + 20 - 35 * min(1.0, (dx * dx + dy * dy) / 2))
            warm = (round(value), round(value * 0.94), round(value * 0.86))
            shade.set_at((gx, gy), warm)
    light = pygame.transform.smoothscale(shade, (w, h))
    surf.blit(light, (0, 0), special_flags=pygame.BLEND_RGB_MULT)


def _mark_corridor_squares(surf: pygame.Surface, hm: HouseMap) -> None:
    """Corridor squares hold one hunter each, so their edges are drawn as faint floor seams."""
    seam = (*style.FELT_DARK, 120)
    layer = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    for s in hm.spaces:
        if s.kind == "corridor":
            x, y, w, h = (round(v) for v in s.rect_px)
            pygame.draw.rect(layer, seam, (x + 4, y + 4, w - 8, h - 8), 2, border_radius=6)
    surf.blit(layer, (0, 0))


@lru_cache(maxsize=4)
def scaled_surface(width_px: int, height_px: int) -> pygame.Surface:
    return pygame.transform.smoothscale(base_surface(), (width_px, height_px))


class Geometry:
    """Map pixels -> virtual pixels for a map drawn into `frame` (a square virtual rect)."""

    def __init__(self, frame: pygame.FRect) -> None:
        hm = house()
        self.hm = hm
        self.map_w, self.map_h = hm.cols * hm.tile_size, hm.rows * hm.tile_size
        self.scale = min(frame.w / self.map_w, frame.h / self.map_h)
        self.frame = pygame.FRect(frame.x, frame.y, self.map_w * self.scale, self.map_h * self.scale)
        self.rects: dict[str, pygame.FRect] = {s.name: self.rect(s.rect_px) for s in hm.spaces}
        self.kinds = {s.name: s.kind for s in hm.spaces}
        self.doors: dict[frozenset[str], tuple[str, pygame.FRect | None]] = {}
        for lk in hm.links:
            self.doors[lk.key()] = (lk.colour, self.rect(lk.rect_px) if lk.rect_px else None)
        self.cell = hm.tile_size * self.scale

    def rect(self, r: tuple[float, float, float, float]) -> pygame.FRect:
        x, y, w, h = r
        s = self.scale
        return pygame.FRect(self.frame.x + x * s, self.frame.y + y * s, w * s, h * s)

    def cells(self, col: float, row: float, w: float, h: float) -> pygame.FRect:
        ts = self.hm.tile_size
        return self.rect((col * ts, row * ts, w * ts, h * ts))

    def space_at(self, pos: pygame.Vector2) -> str | None:
        for name, r in self.rects.items():
            if r.collidepoint(pos):
                return name
        return None

    def waypoints(self, start: str, path: tuple[str, ...] | list[str]) -> list[pygame.Vector2]:
        """Points a piece walks through: through each door's middle, then the next space's centre."""
        points: list[pygame.Vector2] = []
        prev = start
        for name in path:
            _colour, door = self.doors.get(frozenset((prev, name)), ("none", None))
            if door is not None:
                points.append(pygame.Vector2(door.center))
            points.append(pygame.Vector2(self.rects[name].center))
            prev = name
        return points

    def locked_doors(self, colour: str) -> list[pygame.FRect]:
        return [r for c, r in self.doors.values() if c == colour and r is not None]
