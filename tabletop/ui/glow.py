"""The "just acted" glow: a seat, a room or a pile lit for `style.JUST_ACTED` seconds after a move."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Generic, TypeVar

from tabletop.ui import style

K = TypeVar("K", bound=Hashable)


class Glow(Generic[K]):
    """Seconds of glow left per key (a seat, a room); a key is lit while it has time left."""

    def __init__(self) -> None:
        self.left: dict[K, float] = {}

    def light(self, key: K, seconds: float = style.JUST_ACTED) -> None:
        self.left[key] = seconds

    def update(self, dt: float) -> None:
        for key in list(self.left):
            self.left[key] -= dt
            if self.left[key] <= 0:
                del self.left[key]

    def __contains__(self, key: object) -> bool:
        return key in self.left

    def __bool__(self) -> bool:
        return bool(self.left)

    def get(self, key: K, default: float = 0.0) -> float:
        return self.left.get(key, default)
