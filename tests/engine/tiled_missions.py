"""Mission files as Tiled writes them, built from maps/kakapo/TEMPLATE.tmx: one naming an external tileset
(`.tsx`), one placing a bird from an object template (`.tx`), one with a zstd-compressed tile layer."""

from __future__ import annotations

import base64
import shutil
import struct
from pathlib import Path

from tabletop.resources import maps_dir

KAKAPO = maps_dir() / "kakapo"
MISSION_LAYER = ' <objectgroup id="1" name="mission">'


def template_text() -> str:
    return (KAKAPO / "TEMPLATE.tmx").read_text(encoding="utf-8")


def _with_layer(text: str, layer: str, tileset: str = "") -> str:
    head, tail = text.split(MISSION_LAYER, 1)
    if tileset:
        end = head.index(" </properties>") + len(" </properties>\n")
        head = head[:end] + tileset + "\n" + head[end:]
    return head + layer + "\n" + MISSION_LAYER + tail


def write_tsx_mission(folder: Path, name: str = "owl.tmx") -> Path:
    """A mission with a decoration layer whose tiles come from `deco.tsx` beside it (Tiled's default)."""
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(maps_dir() / "haunted_house_tiles.png", folder / "deco.png")
    (folder / "deco.tsx").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<tileset version="1.8" tiledversion="1.8.2" name="deco" '
        'tilewidth="64" tileheight="64" tilecount="72" columns="8">\n <image source="deco.png" width="512" '
        'height="576"/>\n</tileset>\n', encoding="utf-8")
    ground = ",".join(["1"] * 144)
    layer = f' <layer id="9" name="ground" width="12" height="12">\n  <data encoding="csv">{ground}</data>\n </layer>'
    text = _with_layer(template_text(), layer, ' <tileset firstgid="1" source="deco.tsx"/>')
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def write_template_mission(folder: Path, name: str = "owl.tmx") -> Path:
    """A mission whose kiwi (M05) is an instance of the bundled template `maps/kakapo/birds/M05_r0.tx`: no
    properties of its own."""
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copytree(KAKAPO / "birds", folder / "birds", dirs_exist_ok=True)
    text = template_text()
    start = text.index('  <object id="3"')
    end = text.index("</object>", start) + len("</object>")
    path = folder / name
    path.write_text(text[:start] + '  <object id="3" template="birds/M05_r0.tx" x="224" y="64"/>' + text[end:],
                    encoding="utf-8")
    return path


def zstd_zeros(count: int) -> bytes:
    """A zstd frame of `count` zero bytes (one RLE block), as Tiled's zstd layer format holds an empty layer."""
    header = bytes([0x60]) + struct.pack("<H", count - 256)  # single segment, 2-byte content size (minus 256)
    block = (1 | 1 << 1 | count << 3).to_bytes(3, "little") + b"\x00"  # last block, RLE, of byte 0
    return b"\x28\xb5\x2f\xfd" + header + block


def write_zstd_mission(folder: Path, name: str = "zstd.tmx") -> Path:
    """The template with an empty tile layer in Base64 + zstd, one of Tiled's tile layer formats."""
    folder.mkdir(parents=True, exist_ok=True)
    data = base64.b64encode(zstd_zeros(12 * 12 * 4)).decode("ascii")
    layer = (f' <layer id="9" name="ground" width="12" height="12">\n  <data encoding="base64" '
             f'compression="zstd">{data}</data>\n </layer>')
    path = folder / name
    path.write_text(_with_layer(template_text(), layer), encoding="utf-8")
    return path
