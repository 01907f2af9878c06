"""What a board drew where, for its input to read: `draw` fills a HitMap, `handle` asks it what is under a point.

Drawing is the only place that knows where things landed this frame (layouts grow with the text size,
cards fly), so the click targets are recorded as they are drawn and input never recomputes the layout."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Generic, TypeVar

import pygame

T = TypeVar("T")


class HitMap(Generic[T]):
    """Targets in drawing order, each with its virtual rect; what is drawn last is on top."""

    def __init__(self) -> None:
        self._spots: list[tuple[pygame.FRect, T]] = []

    def clear(self) -> None:
        self._spots.clear()

    def add(self, rect: pygame.FRect | pygame.Rect, target: T) -> None:
        self._spots.append((pygame.FRect(rect), target))

    def at(self, pos: tuple[float, float] | pygame.Vector2) -> T | None:
        """The topmost target under `pos`, or None."""
        for rect, target in reversed(self._spots):
            if rect.collidepoint(pos):
                return target
        return None

    def rect_of(self, target: T) -> pygame.FRect | None:
        """Where `target` was drawn last, or None if it was not drawn this frame."""
        for rect, drawn in reversed(self._spots):
            if drawn == target:
                return rect
        return None

    def __iter__(self) -> Iterator[tuple[pygame.FRect, T]]:
        return iter(self._spots)

    def __len__(self) -> int:
        return len(self._spots)
