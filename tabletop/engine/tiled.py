"""Generic Tiled reading: a TMX file (or its text) -> plain data, with errors that name file and object.

Games validate maps in their own `maps.py`; this module knows nothing about any game.
It reads with `pytmx.TiledMap` and no image loading, so no pygame is needed, and turns
every object into a `TiledObject` whose `kind` is the `kind` custom property, falling
back to the Tiled class (Tiled ≤ 1.8 and ≥ 1.10 write it as `type`, Tiled 1.9 as
`class`; pytmx exposes them differently). pytmx refuses custom properties named like
its own attributes (`name`, `type`, `x` …); that surfaces here as an unreadable map.
"""

from __future__ import annotations

import logging
import sys
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any
from xml.etree import ElementTree


class TiledError(ValueError):
    """A map that cannot be used. The message is one line: `<file>: object <id> (<name>): <reason>`.

    The English `reason` is for logs and records; `key` (a message slug, "" if none) and `fields` let a
    screen say the same in the player's language (the caller's catalog holds the texts)."""

    def __init__(self, path: Path | str, reason: str, obj: TiledObject | None = None, *, key: str = "",
                 fields: dict[str, Any] | None = None) -> None:
        where = f"{obj.label()}: " if obj is not None else ""
        super().__init__(f"{path}: {where}{reason}")
        self.path = Path(path)
        self.reason = reason
        self.object_id = obj.id if obj is not None else None
        self.object_name = (obj.name or "") if obj is not None else ""
        self.key = key
        self.fields: dict[str, Any] = dict(fields or {})


@dataclass(frozen=True)
class TiledObject:
    """One object of an object layer, as plain data."""

    id: int
    name: str
    kind: str | None
    x: float
    y: float
    width: float
    height: float
    rotation: float
    properties: dict[str, Any] = field(default_factory=dict)

    def label(self) -> str:
        return f"object {self.id} ({self.name or 'unnamed'})"

    @property
    def rect(self) -> tuple[float, float, float, float]:
        return (self.x, self.y, self.width, self.height)


@dataclass(frozen=True)
class TiledMapData:
    """The parts of a map a game reads: geometry, map properties and the object layers by name."""

    path: Path
    orientation: str
    width: int
    height: int
    tilewidth: int
    tileheight: int
    properties: dict[str, Any]
    object_layers: dict[str, tuple[TiledObject, ...]]
    other_layers: tuple[str, ...] = ()  # tile, image and group layers (art): names only

    def layer(self, name: str) -> tuple[TiledObject, ...] | None:
        """The objects of object layer `name`, or None when the map has no such object layer."""
        return self.object_layers.get(name)


def _pytmx() -> ModuleType:
    """Import pytmx without letting it pull in pygame.

    pytmx's package __init__ imports its pygame helpers whenever pygame is installed;
    rules stay headless, so pygame is masked during that first import (the UI can
    still import `pytmx.util_pygame` later).
    """
    if "pytmx" in sys.modules or "pygame" in sys.modules:
        import pytmx

        return pytmx
    sys.modules["pygame"] = None  # type: ignore[assignment]  # makes `import pygame` fail fast
    quiet = logging.getLogger("pytmx.util_pygame")
    was_disabled, quiet.disabled = quiet.disabled, True  # it logs an error when pygame is missing
    try:
        import pytmx
    finally:
        del sys.modules["pygame"]
        quiet.disabled = was_disabled
    return pytmx


def _kind(obj: Any) -> str | None:
    kind = obj.properties.get("kind")
    if kind:
        return str(kind)
    return obj.type or getattr(obj, "class", None) or None


def _plain(obj: Any) -> TiledObject:
    return TiledObject(int(obj.id), obj.name or "", _kind(obj), float(obj.x), float(obj.y), float(obj.width),
                       float(obj.height), float(getattr(obj, "rotation", 0) or 0), dict(obj.properties))


def _convert(tm: Any, path: Path) -> TiledMapData:
    pytmx = _pytmx()
    objects: dict[str, tuple[TiledObject, ...]] = {}
    others: list[str] = []
    for layer in tm.layers:
        if isinstance(layer, pytmx.TiledObjectGroup):
            if layer.name in objects:
                raise TiledError(path, f"two object layers are named {layer.name!r}", key="duplicate_layer",
                                 fields={"layer": repr(layer.name)})
            objects[layer.name] = tuple(_plain(o) for o in layer)
        else:
            others.append(str(layer.name))
    return TiledMapData(path, str(tm.orientation), int(tm.width), int(tm.height), int(tm.tilewidth),
                        int(tm.tileheight), dict(tm.properties), objects, tuple(others))


# Object attributes pytmx keeps for itself: a custom property with one of these names makes it refuse the map.
RESERVED_OBJECT_NAMES = frozenset({"id", "name", "type", "class", "x", "y", "width", "height", "rotation", "gid",
                                   "visible", "template", "properties", "points", "closed", "image", "parent",
                                   "opacity", "object_type"})


def _reserved_property(root: ElementTree.Element) -> dict[str, str] | None:
    """Which object carries a property pytmx refuses (its own message names neither object nor property)."""
    for node in root.iter("object"):
        for prop in node.iterfind("properties/property"):
            if prop.get("name") in RESERVED_OBJECT_NAMES:
                return {"id": node.get("id", "?"), "name": node.get("name") or "unnamed",
                        "property": repr(prop.get("name"))}
    return None


def _unreadable(path: Path, exc: Exception, root: ElementTree.Element | None) -> TiledError:
    if root is not None and isinstance(exc, ValueError) and (culprit := _reserved_property(root)):
        return TiledError(path, "not a readable Tiled map: object {id} ({name}): custom property {property} is a "
                          "reserved name; rename it".format(**culprit), key="unreadable_reserved", fields=culprit)
    detail = f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}".rstrip(": ")
    return TiledError(path, f"not a readable Tiled map: {detail}", key="unreadable", fields={"detail": detail})


def _parse(text: str | None, path: Path) -> TiledMapData:
    pytmx = _pytmx()
    root = None
    noisy = logging.getLogger("pytmx")  # logs the refusal on stderr; our error says it in one line
    was_disabled, noisy.disabled = noisy.disabled, True
    pytmx_log = logging.getLogger("pytmx.pytmx")
    log_was_disabled, pytmx_log.disabled = pytmx_log.disabled, True
    try:
        root = ElementTree.fromstring(text) if text is not None else ElementTree.parse(path).getroot()
        tm = pytmx.TiledMap()
        tm.filename = str(path)  # relative tileset and image paths resolve beside the named file
        tm.parse_xml(root)
    except Exception as exc:  # pytmx raises ValueError (reserved names), ParseError, KeyError, TypeError …
        raise _unreadable(path, exc, root) from None
    finally:
        noisy.disabled, pytmx_log.disabled = was_disabled, log_was_disabled
    return _convert(tm, path)


def read_tmx(path: Path | str) -> TiledMapData:
    """Read a TMX file; TiledError when it is missing or not a Tiled map pytmx can read."""
    path = Path(path)
    if not path.is_file():
        raise TiledError(path, "file not found", key="file_not_found")
    return _parse(None, path)


def read_tmx_text(text: str, path: Path | str) -> TiledMapData:
    """Read a map from its text; `path` names it in errors (e.g. the file a record was made from)."""
    return _parse(text, Path(path))
