"""Subset Noto Sans CJK JP (SIL OFL 1.1) to what Tabletop shows, into assets/fonts/.

Run once when catalogs gain new characters:
    python tools/make_font_subset.py [--source-dir DIR]
The source is Debian's fonts-noto-cjk package (NotoSansCJK-{Regular,Bold}.ttc,
face 0 = JP). The subset keeps ASCII, Latin-1, punctuation and symbols, kana,
full-width forms, every kanji of JIS X 0208 levels 1 and 2 (so typed player
names render) and every character in the i18n catalogs and game data.
The OFL allows subsetting; the family name carries no Reserved Font Name.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from fontTools import subset

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "fonts"
RANGES = [
    (0x20, 0x7E), (0xA0, 0xFF), (0x2000, 0x206F), (0x2190, 0x21FF), (0x2200, 0x22FF), (0x2460, 0x24FF),
    (0x2500, 0x257F), (0x25A0, 0x25FF), (0x2600, 0x26FF), (0x2700, 0x27BF), (0x3000, 0x303F),
    (0x3040, 0x309F), (0x30A0, 0x30FF), (0x31F0, 0x31FF), (0xFF00, 0xFFEF), (0x2150, 0x218F),
]


def jis_kanji() -> set[int]:
    """Every character of JIS X 0208 (levels 1 and 2), via EUC-JP."""
    chars: set[int] = set()
    for high in range(0xA1, 0xF5):
        for low in range(0xA1, 0xFF):
            try:
                chars.add(ord(bytes([high, low]).decode("euc_jp")))
            except UnicodeDecodeError:
                pass
    return chars


def project_text() -> set[int]:
    chars: set[int] = set()
    for path in list((ROOT / "tabletop").rglob("*.toml")) + list((ROOT / "tabletop").rglob("*.py")):
        chars.update(ord(ch) for ch in path.read_text(encoding="utf-8"))
    return {c for c in chars if c >= 0x20}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--source-dir", default="/usr/share/fonts/opentype/noto")
    args = parser.parse_args(argv)
    codepoints = set().union(*(range(a, b + 1) for a, b in RANGES)) | jis_kanji() | project_text()
    OUT.mkdir(parents=True, exist_ok=True)
    for weight in ("Regular", "Bold"):
        source = Path(args.source_dir) / f"NotoSansCJK-{weight}.ttc"
        options = subset.Options()
        options.font_number = 0  # Noto Sans CJK JP
        options.layout_features = ["*"]
        options.name_IDs = ["*"]
        options.hinting = False
        options.desubroutinize = True
        font = subset.load_font(str(source), options)
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=sorted(codepoints))
        subsetter.subset(font)
        target = OUT / f"NotoSansJP-Tabletop-{weight}.otf"
        subset.save_font(font, str(target), options)
        print(f"{target.relative_to(ROOT)}: {target.stat().st_size / 1e6:.2f} MB, {len(codepoints)} code points")
    return 0


if __name__ == "__main__":
    sys.exit(main())
