"""Write maps/kakapo/<mode>_<nn>.tmx for all 40 missions from the source table.

The table is `tabletop.games.kakapo.missions.TABLE`; run this after editing it:

    .venv/bin/python tools/make_kakapo_maps.py            # writes the maps
    .venv/bin/python tools/make_kakapo_maps.py --check    # exit 1 if a map is out of date

The files follow spec §9: an orthogonal 12×12 map with 32-px tiles, map properties,
an object layer `mission` (one object per bird) and a hidden layer `solution`.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from xml.sax.saxutils import quoteattr

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tabletop.games.kakapo import grid, pieces  # noqa: E402
from tabletop.games.kakapo.birds import BIRDS, place_bird  # noqa: E402
from tabletop.games.kakapo.missions import TABLE, MissionSpec  # noqa: E402

TILE = 32


def _prop(name: str, value: object, kind: str | None = None, indent: str = "  ") -> str:
    typ = f' type="{kind}"' if kind else ""
    return f"{indent}<property name={quoteattr(name)}{typ} value={quoteattr(str(value))}/>"


def _box(cells: frozenset[grid.Cell] | list[grid.Cell]) -> str:
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    h = max(r for r, _ in cells) - top + 1
    w = max(c for _, c in cells) - left + 1
    return f'x="{left * TILE}" y="{top * TILE}" width="{w * TILE}" height="{h * TILE}"'


def render(m: MissionSpec) -> str:
    """The TMX text of one mission."""
    lines = ['<?xml version="1.0" encoding="UTF-8"?>']
    n_objects = len(m.birds) + len(m.witness)
    lines.append('<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" '
                 f'width="12" height="12" tilewidth="{TILE}" tileheight="{TILE}" infinite="0" '
                 f'nextlayerid="3" nextobjectid="{n_objects + 1}">')
    lines.append(" <properties>")
    lines.append(_prop("game", "kakapo"))
    lines.append(_prop("map_version", 1, "int"))
    lines.append(_prop("mode", m.mode))
    lines.append(_prop("number", m.number, "int"))
    lines.append(_prop("title", m.title))
    lines.append(_prop("required", m.required, "int"))
    lines.append(_prop("min_pieces", m.min_pieces, "int"))
    lines.append(" </properties>")
    lines.append(' <objectgroup id="1" name="mission">')
    oid = 0
    for bird_id, top, left, rot in m.birds:
        oid += 1
        bird = place_bird(bird_id, top, left, rot)
        edges = ";".join(f"{r},{c},{d},{k}" for (r, c, d), k in bird.sorted_edges())
        lines.append(f'  <object id="{oid}" name="{bird_id}" type="mission_piece" {_box(bird.cells)}>')
        lines.append("   <properties>")
        lines.append(_prop("kind", "mission_piece", indent="    "))
        lines.append(_prop("piece", bird_id, indent="    "))
        lines.append(_prop("rot", rot, "int", indent="    "))
        lines.append(_prop("cells", grid.format_cells(bird.cells), indent="    "))
        lines.append(_prop("edges", edges, indent="    "))
        lines.append(_prop("label", BIRDS[bird_id].label["en"], indent="    "))
        lines.append("   </properties>")
        lines.append("  </object>")
    lines.append(" </objectgroup>")
    lines.append(' <objectgroup id="2" name="solution" visible="0">')
    for piece_id, cells_text in m.witness:
        oid += 1
        cells = grid.parse_cells(cells_text)
        assert pieces.placement_of_cells(pieces.parse_card(piece_id), set(cells)) is not None, (m.id, piece_id)
        lines.append(f'  <object id="{oid}" name="{piece_id}" type="scanner_placement" {_box(list(cells))}>')
        lines.append("   <properties>")
        lines.append(_prop("kind", "scanner_placement", indent="    "))
        lines.append(_prop("piece", piece_id, indent="    "))
        lines.append(_prop("cells", grid.format_cells(cells), indent="    "))
        lines.append("   </properties>")
        lines.append("  </object>")
    lines.append(" </objectgroup>")
    lines.append("</map>")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only report maps that differ from the table")
    parser.add_argument("--out", type=Path, default=ROOT / "maps" / "kakapo")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    stale = []
    for m in TABLE:
        path = args.out / f"{m.id}.tmx"
        text = render(m)
        if args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(path.name)
        else:
            path.write_text(text, encoding="utf-8", newline="\n")
    if stale:
        print("out of date:", " ".join(stale))
        return 1
    print(f"{len(TABLE)} maps {'checked' if args.check else 'written'} in {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
