"""Tiled's JSON format (maps `.tmj`/`.json`, tilesets `.tsj`, templates `.tj`) as the TMX elements Tiled writes.

Tiled saves the same document in either format; turning the JSON into its TMX elements lets one
reader (pytmx, through `tabletop.engine.tiled`) serve both. Attributes are copied as Tiled names
them; what the JSON leaves out stays out, so a template instance keeps only what it overrides.
"""

from __future__ import annotations

from typing import Any
from xml.etree.ElementTree import Element, SubElement

_MAP_ATTRS = ("version", "tiledversion", "class", "orientation", "renderorder", "compressionlevel", "width", "height",
              "tilewidth", "tileheight", "hexsidelength", "staggeraxis", "staggerindex", "backgroundcolor",
              "nextlayerid", "nextobjectid", "infinite")
_LAYER_ATTRS = ("id", "name", "class", "x", "y", "width", "height", "opacity", "visible", "tintcolor", "offsetx",
                "offsety", "parallaxx", "parallaxy", "color", "draworder", "repeatx", "repeaty")
_OBJECT_ATTRS = ("id", "name", "type", "class", "x", "y", "width", "height", "rotation", "gid", "visible", "template")
_TILESET_ATTRS = ("firstgid", "source", "name", "class", "tilewidth", "tileheight", "spacing", "margin", "tilecount",
                  "columns", "objectalignment")
_TEXT_ATTRS = ("fontfamily", "pixelsize", "wrap", "color", "bold", "italic", "underline", "strikeout", "kerning",
               "halign", "valign")


def is_json(text: str) -> bool:
    """Whether a Tiled file's text is the JSON format (TMX starts with '<')."""
    return text.lstrip().startswith("{")


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _copy(target: Element, data: dict[str, Any], names: tuple[str, ...]) -> None:
    for name in names:
        if name in data and data[name] is not None and not isinstance(data[name], dict | list):
            target.set(name, _value(data[name]))


def _properties(parent: Element, items: Any) -> None:
    if not isinstance(items, list) or not items:
        return
    props = SubElement(parent, "properties")
    for item in items:
        prop = SubElement(props, "property", name=str(item.get("name", "")))
        kind = item.get("type", "string")
        if kind != "string":
            prop.set("type", str(kind))
        if item.get("propertytype"):
            prop.set("propertytype", str(item["propertytype"]))
        value = item.get("value")
        if kind == "class" and isinstance(value, dict):
            _properties(prop, [{"name": k, "value": v, "type": _json_kind(v)} for k, v in value.items()])
        elif isinstance(value, bool):
            prop.set("value", "true" if value else "false")
        elif value is not None:
            prop.set("value", _value(value))


def _json_kind(value: Any) -> str:
    if isinstance(value, bool):
        return "bool"
    return "int" if isinstance(value, int) else "float" if isinstance(value, float) else "string"


def _points(points: Any) -> str:
    return " ".join(f"{_value(p.get('x', 0))},{_value(p.get('y', 0))}" for p in points)


def object_element(data: dict[str, Any], parent: Element | None = None) -> Element:
    """One object (`<object>`), with its properties and shape."""
    obj = Element("object") if parent is None else SubElement(parent, "object")
    _copy(obj, data, _OBJECT_ATTRS)
    _properties(obj, data.get("properties"))
    if data.get("ellipse"):
        SubElement(obj, "ellipse")
    if data.get("point"):
        SubElement(obj, "point")
    for shape in ("polygon", "polyline"):
        if isinstance(data.get(shape), list):
            SubElement(obj, shape, points=_points(data[shape]))
    if isinstance(data.get("text"), dict):
        text = SubElement(obj, "text")
        _copy(text, data["text"], _TEXT_ATTRS)
        text.text = str(data["text"].get("text", ""))
    return obj


def _data(layer: Element, data: dict[str, Any]) -> None:
    node = SubElement(layer, "data")
    if data.get("encoding") == "base64":
        node.set("encoding", "base64")
        if data.get("compression"):
            node.set("compression", str(data["compression"]))
        node.text = str(data.get("data", ""))
        return
    node.set("encoding", "csv")
    if isinstance(data.get("data"), list):
        node.text = ",".join(str(gid) for gid in data["data"])
    for chunk in data.get("chunks") or ():
        part = SubElement(node, "chunk")
        _copy(part, chunk, ("x", "y", "width", "height"))
        part.text = ",".join(str(gid) for gid in chunk.get("data") or ())


def _layer(parent: Element, data: dict[str, Any]) -> None:
    kind = data.get("type")
    tags = {"tilelayer": "layer", "objectgroup": "objectgroup", "imagelayer": "imagelayer", "group": "group"}
    tag = tags.get(str(kind))
    if tag is None:
        raise ValueError(f"unknown layer type {kind!r}")
    layer = SubElement(parent, tag)
    _copy(layer, data, _LAYER_ATTRS)
    _properties(layer, data.get("properties"))
    if tag == "layer":
        _data(layer, data)
    elif tag == "objectgroup":
        for obj in data.get("objects") or ():
            object_element(obj, layer)
    elif tag == "imagelayer" and data.get("image"):
        SubElement(layer, "image", source=str(data["image"]))
    else:
        for child in data.get("layers") or ():
            _layer(layer, child)


def _image(parent: Element, data: dict[str, Any]) -> None:
    if data.get("image"):
        image = SubElement(parent, "image", source=str(data["image"]))
        _copy(image, {"width": data.get("imagewidth"), "height": data.get("imageheight"),
                      "trans": data.get("transparentcolor")}, ("trans", "width", "height"))


def tileset_element(data: dict[str, Any], parent: Element | None = None) -> Element:
    """A tileset (`<tileset>`): inline in a map, a `.tsj` file, or a reference `{firstgid, source}`."""
    tileset = Element("tileset") if parent is None else SubElement(parent, "tileset")
    _copy(tileset, data, _TILESET_ATTRS)
    if isinstance(data.get("tileoffset"), dict):
        SubElement(tileset, "tileoffset", x=_value(data["tileoffset"].get("x", 0)),
                   y=_value(data["tileoffset"].get("y", 0)))
    _properties(tileset, data.get("properties"))
    _image(tileset, data)
    for tile in data.get("tiles") or ():
        node = SubElement(tileset, "tile", id=_value(tile.get("id", 0)))
        _copy(node, tile, ("type", "class", "probability"))
        _properties(node, tile.get("properties"))
        _image(node, tile)
        if isinstance(tile.get("objectgroup"), dict):
            group = SubElement(node, "objectgroup")
            _copy(group, tile["objectgroup"], ("id", "name", "draworder"))
            for obj in tile["objectgroup"].get("objects") or ():
                object_element(obj, group)
        if tile.get("animation"):
            animation = SubElement(node, "animation")
            for frame in tile["animation"]:
                SubElement(animation, "frame", tileid=_value(frame.get("tileid", 0)),
                           duration=_value(frame.get("duration", 0)))
    return tileset


def map_element(data: dict[str, Any]) -> Element:
    """A whole map (`<map>`) from a `.tmj` file's data; ValueError when it is not one."""
    if not isinstance(data, dict) or data.get("type") != "map":
        kind = data.get("type") if isinstance(data, dict) else type(data).__name__
        raise ValueError(f"a JSON {kind or 'document'}, not a Tiled map")
    root = Element("map")
    _copy(root, data, _MAP_ATTRS)
    _properties(root, data.get("properties"))
    for tileset in data.get("tilesets") or ():
        tileset_element(tileset, root)
    for layer in data.get("layers") or ():
        _layer(root, layer)
    return root


def template_element(data: dict[str, Any]) -> Element:
    """An object template (`<template>`) from a `.tj` file's data."""
    if not isinstance(data, dict) or not isinstance(data.get("object"), dict):
        raise ValueError("not a Tiled object template")
    root = Element("template")
    if isinstance(data.get("tileset"), dict):
        tileset_element(data["tileset"], root)
    object_element(data["object"], root)
    return root
