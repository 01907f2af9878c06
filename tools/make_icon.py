"""Draw the app icon: assets/icon.png (256 px), assets/icon.ico (Windows) and assets/icon.icns (macOS).

A felt-green rounded tile with a fanned hand of three cards and a red die pip,
drawn with pygame only (no image files, no extra tools). The .ico and .icns
containers simply wrap PNG images, which both formats allow.

    python tools/make_icon.py        # rewrites the three files; commit them
"""

from __future__ import annotations

import io
import os
import struct
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

ASSETS = Path(__file__).resolve().parent.parent / "assets"
FELT = (22, 52, 46)
FELT_EDGE = (12, 30, 26)
CARD = (246, 240, 226)
INK = (40, 36, 44)
RED = (196, 48, 52)
GOLD = (214, 170, 72)


def _card(size: int, accent: tuple[int, int, int], mark: str) -> pygame.Surface:
    w, h = size, int(size * 1.4)
    card = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(2, w // 9)
    pygame.draw.rect(card, INK, card.get_rect(), border_radius=radius)
    pygame.draw.rect(card, CARD, card.get_rect().inflate(-max(2, w // 24) * 2, -max(2, w // 24) * 2),
                     border_radius=radius)
    cx, cy = w / 2, h / 2
    if mark == "diamond":
        r = w * 0.28
        pygame.draw.polygon(card, accent, [(cx, cy - r * 1.3), (cx + r, cy), (cx, cy + r * 1.3), (cx - r, cy)])
    elif mark == "circle":
        pygame.draw.circle(card, accent, (cx, cy), w * 0.26)
        pygame.draw.circle(card, CARD, (cx, cy), w * 0.12)
    else:  # three pips, like a die face
        for k in (-1, 0, 1):
            pygame.draw.circle(card, accent, (cx + k * w * 0.2, cy + k * h * 0.2), w * 0.09)
    return card


def draw(size: int = 256) -> pygame.Surface:
    icon = pygame.Surface((size, size), pygame.SRCALPHA)
    tile = pygame.Rect(0, 0, size, size).inflate(-size // 16, -size // 16)
    pygame.draw.rect(icon, FELT_EDGE, tile, border_radius=size // 6)
    pygame.draw.rect(icon, FELT, tile.inflate(-size // 20, -size // 20), border_radius=size // 7)
    pygame.draw.rect(icon, GOLD, tile.inflate(-size // 20, -size // 20), width=max(1, size // 64),
                     border_radius=size // 7)
    card_w = int(size * 0.34)
    pivot = pygame.Vector2(size * 0.5, size * 0.86)
    for angle, accent, mark in ((-24, INK, "pips"), (0, GOLD, "circle"), (24, RED, "diamond")):
        card = pygame.transform.rotozoom(_card(card_w, accent, mark), -angle, 1.0)
        offset = pygame.Vector2(0, -size * 0.36).rotate(angle)
        icon.blit(card, card.get_rect(center=pivot + offset))
    pygame.draw.circle(icon, RED, (size * 0.8, size * 0.8), size * 0.075)
    pygame.draw.circle(icon, CARD, (size * 0.8, size * 0.8), size * 0.075, width=max(1, size // 64))
    return icon


def _png_bytes(surface: pygame.Surface) -> bytes:
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "icon.png")
    return buffer.getvalue()


def ico(images: list[bytes], sizes: list[int]) -> bytes:
    """An .ico whose entries are PNG images (Windows Vista and later read these)."""
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = 6 + 16 * len(images)
    entries, blobs = b"", b""
    for png, size in zip(images, sizes, strict=True):
        dim = 0 if size >= 256 else size  # 0 means 256 in an ICONDIRENTRY
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(png), offset)
        offset += len(png)
        blobs += png
    return header + entries + blobs


def icns(png_by_type: dict[bytes, bytes]) -> bytes:
    """An .icns of PNG entries (ic07 = 128 px, ic08 = 256 px, ic09 = 512 px)."""
    body = b"".join(kind + struct.pack(">I", 8 + len(png)) + png for kind, png in png_by_type.items())
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main() -> None:
    pygame.init()
    pygame.display.set_mode((1, 1))
    sizes = [16, 32, 48, 256]
    pngs = {size: _png_bytes(draw(size)) for size in [*sizes, 128, 512]}
    ASSETS.mkdir(exist_ok=True)
    (ASSETS / "icon.png").write_bytes(pngs[256])
    (ASSETS / "icon.ico").write_bytes(ico([pngs[s] for s in sizes], sizes))
    (ASSETS / "icon.icns").write_bytes(icns({b"ic07": pngs[128], b"ic08": pngs[256], b"ic09": pngs[512]}))
    pygame.quit()
    for name in ("icon.png", "icon.ico", "icon.icns"):
        print(f"wrote assets/{name} ({(ASSETS / name).stat().st_size} bytes)")


if __name__ == "__main__":
    main()
