"""Generic Tiled reading: a TMX file (or its text) -> plain data, with errors that name file and object.

Games validate maps in their own `maps.py`; this module knows nothing about any game.
It reads with `pytmx.TiledMap` and no image loading, so no pygame is needed, and turns
every object into a `TiledObject` whose `kind` is the `kind` custom property, falling
back to the Tiled class (Tiled ≤ 1.8 and ≥ 1.10 write it as `type`, Tiled 1.9 as
`class`; pytmx exposes them differently). pytmx refuses custom properties named like
its own attributes (`name`, `type`, `x` …); that surfaces here as an unreadable map.

Maps are read as Tiled writes them: TMX or JSON (`tiled_json`), with external tilesets
(`.tsx`/`.tsj`) and object templates (`.tx`/`.tj`) resolved beside the file that names them
and folded in (`self_contained_tmx`), so a map's text can travel alone (a record) and read the
same anywhere. Tile layers are art: their names are kept, their tiles never decoded, so every
layer format Tiled offers (CSV, Base64 plain, gzip, zlib or zstd) reads alike.
"""

from __future__ import annotations

import importlib
import json
import logging
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any
from xml.etree import ElementTree

from tabletop.engine import tiled_json

MAP_SUFFIXES = (".tmx", ".tmj", ".json")  # the map formats Tiled saves: TMX and JSON


def is_map_file(path: Path) -> bool:
    """Whether a file in a folder of maps is a map (a `.json` there may be a tileset or template saved beside it)."""
    suffix = path.suffix.lower()
    if suffix not in MAP_SUFFIXES or not path.is_file():
        return False
    if suffix != ".json":
        return True
    try:
        data = json.loads(path.read_bytes().decode("utf-8"))
    except (OSError, ValueError):
        return True  # listed, so the reader's one line says what is wrong with it
    return not isinstance(data, dict) or data.get("type") not in ("tileset", "template")


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
    points: tuple[tuple[float, float], ...] = ()  # a polygon's corners in map pixels; () for other shapes

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
        return importlib.import_module("pytmx")
    sys.modules["pygame"] = None  # type: ignore[assignment]  # makes `import pygame` fail fast
    quiet = logging.getLogger("pytmx.util_pygame")
    was_disabled, quiet.disabled = quiet.disabled, True  # it logs an error when pygame is missing
    try:
        return importlib.import_module("pytmx")
    finally:
        del sys.modules["pygame"]
        quiet.disabled = was_disabled


def _kind(obj: Any) -> str | None:
    kind = obj.properties.get("kind")
    if kind:
        return str(kind)
    return obj.type or getattr(obj, "class", None) or None


def _plain(obj: Any) -> TiledObject:
    polygon = getattr(obj, "closed", False) and getattr(obj, "points", None)
    points = tuple((float(p.x), float(p.y)) for p in polygon) if polygon else ()
    return TiledObject(int(obj.id), obj.name or "", _kind(obj), float(obj.x), float(obj.y), float(obj.width),
                       float(obj.height), float(getattr(obj, "rotation", 0) or 0), dict(obj.properties), points)


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
    detail = _detail(exc)
    return TiledError(path, f"not a readable Tiled map: {detail}", key="unreadable", fields={"detail": detail})


# ----- the files a map names: resolved beside the file that names them ---------------------------------------
def _load_linked(path: Path, where: Path, kind: str, source: str) -> ElementTree.Element:
    """A tileset or template file as its TMX element (read as XML or JSON by its content)."""
    if not path.is_file():
        if kind == "tileset":
            raise TiledError(where, f"tileset file {source!r} not found (looked at {path})", key="tileset_missing",
                             fields={"file": repr(source), "where": str(path)})
        raise TiledError(where, f"template file {source!r} not found (looked at {path})", key="template_missing",
                         fields={"file": repr(source), "where": str(path)})
    try:
        text = path.read_bytes().decode("utf-8")
        if tiled_json.is_json(text):
            data = json.loads(text)
            return tiled_json.tileset_element(data) if kind == "tileset" else tiled_json.template_element(data)
        return ElementTree.fromstring(text)
    except (ValueError, ElementTree.ParseError, AttributeError, TypeError) as exc:
        detail = _detail(exc)
        raise TiledError(where, f"{source!r} is not a readable Tiled file: {detail}", key="linked_unreadable",
                         fields={"file": repr(source), "detail": detail}) from None


def _rebase_images(tileset: ElementTree.Element, tileset_dir: Path, map_dir: Path) -> None:
    """Image paths in a folded tileset stay pointing at the same files, now from the map's folder."""
    for image in tileset.iter("image"):
        source = image.get("source")
        if source and not os.path.isabs(source):
            image.set("source", Path(os.path.relpath(tileset_dir / source, map_dir)).as_posix())


def _tile_count(tileset: ElementTree.Element) -> int:
    ids = [int(tile.get("id", 0)) + 1 for tile in tileset.iter("tile")]
    return max([int(tileset.get("tilecount") or 0), *ids])


class _Folder:
    """Folds a map's external tilesets and templates into it (`base`: the map's folder; None: the text must hold
    everything, as a record's does)."""

    def __init__(self, root: ElementTree.Element, base: Path | None, where: Path) -> None:
        self.root, self.base, self.where = root, base, where
        self.firstgid: dict[Path, int] = {}  # a tileset file -> its first gid in this map
        self.changed = False

    def _path(self, source: str, relative_to: Path | None) -> Path:
        if relative_to is None:  # a record's text holds its files; one naming another was not made by the app
            raise TiledError(self.where, f"names the file {source!r}, which its saved text does not hold",
                             key="not_self_contained", fields={"file": repr(source)})
        return (relative_to / source).resolve()

    def tilesets(self) -> None:
        for node in self.root.findall("tileset"):
            source = node.get("source")
            if not source:
                continue
            path = self._path(source, self.base)
            linked = _load_linked(path, self.where, "tileset", source)
            _rebase_images(linked, path.parent, self.base or path.parent)
            firstgid = node.get("firstgid", "1")
            node.attrib.clear()
            node.attrib.update({"firstgid": firstgid, **{k: v for k, v in linked.attrib.items() if k != "firstgid"}})
            node[:] = list(linked)
            self.firstgid[path] = int(firstgid)
            self.changed = True

    def _map_gid(self, template: ElementTree.Element, gid: int, template_path: Path) -> int:
        """A template's tile gid in this map's numbering (adding the template's tileset when the map lacks it)."""
        link = template.find("tileset")
        if link is None or not link.get("source"):
            return gid
        path = (template_path.parent / link.get("source", "")).resolve()
        local = gid - int(link.get("firstgid", "1"))
        if path not in self.firstgid:
            linked = _load_linked(path, self.where, "tileset", link.get("source", ""))
            _rebase_images(linked, path.parent, self.base or path.parent)
            taken = [int(t.get("firstgid", "1")) + _tile_count(t) for t in self.root.findall("tileset")]
            first = max([1, *taken])
            linked.attrib.pop("source", None)
            linked.set("firstgid", str(first))
            self.root.insert(len(self.root.findall("properties")), linked)
            self.firstgid[path] = first
        return self.firstgid[path] + local

    def templates(self) -> None:
        cache: dict[Path, ElementTree.Element] = {}
        for node in list(self.root.iter("object")):  # a template's tileset may be added to the tree below
            source = node.get("template")
            if not source:
                continue
            path = self._path(source, self.base)
            if path not in cache:
                cache[path] = _load_linked(path, self.where, "template", source)
            template = cache[path]
            base_object = template.find("object")
            if base_object is None:
                raise TiledError(self.where, f"{source!r} is not a readable Tiled file: no object",
                                 key="linked_unreadable", fields={"file": repr(source), "detail": "no object"})
            own = dict(node.attrib)
            own.pop("template")
            attrs = {k: v for k, v in base_object.attrib.items() if k != "id"}
            if "gid" in attrs and "gid" not in own:
                attrs["gid"] = str(self._map_gid(template, int(attrs["gid"]), path))
            attrs.update(own)
            node.attrib.clear()
            node.attrib.update(attrs)
            self._merge_children(node, base_object)
            self.changed = True

    @staticmethod
    def _merge_children(node: ElementTree.Element, base_object: ElementTree.Element) -> None:
        """The template's properties under the instance's own (which win), and its shape unless the instance has one."""
        own_props = node.find("properties")
        names = {p.get("name") for p in own_props.iter("property")} if own_props is not None else set()
        inherited = [p for p in base_object.iterfind("properties/property") if p.get("name") not in names]
        if inherited:
            if own_props is None:
                own_props = ElementTree.SubElement(node, "properties")
            own_props[:0] = inherited
        shapes = ("ellipse", "point", "polygon", "polyline", "text")
        if not any(node.find(s) is not None for s in shapes):
            node.extend(child for child in base_object if child.tag in shapes)


def _detail(exc: Exception) -> str:
    return f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}".rstrip(": ")


def _root(text: str, base: Path | None, where: Path) -> tuple[ElementTree.Element, bool]:
    """The map's TMX element with everything it names folded in; True when that changed the text."""
    if tiled_json.is_json(text):
        root, changed = tiled_json.map_element(json.loads(text)), True
    else:
        root, changed = ElementTree.fromstring(text), False
    folder = _Folder(root, base, where)
    folder.tilesets()
    folder.templates()
    return root, changed or folder.changed


def _blank_tiles(root: ElementTree.Element) -> None:
    """Tile layers are art: give pytmx empty CSV in place of their tiles, whatever their encoding."""
    for layer in root.iter("layer"):
        data = layer.find("data")
        if data is None:
            data = ElementTree.SubElement(layer, "data")
        data.attrib.clear()
        data.set("encoding", "csv")
        data[:] = []
        width, height = int(layer.get("width") or 0), int(layer.get("height") or 0)
        data.text = ",".join(["0"] * (width * height)) if width * height else "0"


def _parse(text: str, path: Path, base: Path | None) -> TiledMapData:
    pytmx = _pytmx()
    root = None
    noisy = logging.getLogger("pytmx")  # logs the refusal on stderr; our error says it in one line
    was_disabled, noisy.disabled = noisy.disabled, True
    pytmx_log = logging.getLogger("pytmx.pytmx")
    log_was_disabled, pytmx_log.disabled = pytmx_log.disabled, True
    try:
        root, _ = _root(text, base, path)
        _blank_tiles(root)
        tm = pytmx.TiledMap()
        tm.filename = str(path)
        tm.parse_xml(root)
    except TiledError:
        raise
    except Exception as exc:  # pytmx raises ValueError (reserved names), ParseError, KeyError, TypeError …
        raise _unreadable(path, exc, root) from None
    finally:
        noisy.disabled, pytmx_log.disabled = was_disabled, log_was_disabled
    return _convert(tm, path)


def self_contained_tmx(text: str, path: Path | str) -> str:
    """The map at `path` (whose text is given) as one TMX text holding every tileset and template it names.

    A TMX text that names no other file comes back unchanged (so its hash stays the file's)."""
    path = Path(path)
    try:
        root, changed = _root(text, path.parent, path)
    except TiledError:
        raise
    except Exception as exc:
        raise _unreadable(path, exc, None) from None
    if not changed:
        return text
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ElementTree.tostring(root, encoding="unicode") + "\n"


def read_tmx(path: Path | str) -> TiledMapData:
    """Read a Tiled map file (TMX or JSON) and the files it names; TiledError when it is missing or unreadable."""
    path = Path(path)
    if not path.is_file():
        raise TiledError(path, "file not found", key="file_not_found")
    try:
        text = path.read_bytes().decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise _unreadable(path, exc, None) from None
    return _parse(text, path, path.parent)


def read_tmx_text(text: str, path: Path | str) -> TiledMapData:
    """Read a map from its self-contained text (`self_contained_tmx`); `path` names it in errors (e.g. the
    file a record was made from) and is never used to find files: a text that names one is refused."""
    return _parse(text, Path(path), None)
