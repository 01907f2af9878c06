"""An attribute one of the table's parts keeps, read and written through the scene as before the split (a
tutorial or a test sets `table.hold` and the hot-seat policy holds it)."""

from __future__ import annotations

from typing import Generic, TypeVar

T = TypeVar("T")


class Forward(Generic[T]):
    def __init__(self, part: str, name: str) -> None:
        self.part, self.name = part, name

    def __get__(self, scene: object, owner: type | None = None) -> T:
        value: T = getattr(getattr(scene, self.part), self.name)
        return value

    def __set__(self, scene: object, value: T) -> None:
        setattr(getattr(scene, self.part), self.name, value)
