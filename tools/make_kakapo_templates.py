"""Write the mission maker's files: maps/kakapo/TEMPLATE.tmx and one Tiled object template per bird and turn.

    .venv/bin/python tools/make_kakapo_templates.py            # writes them
    .venv/bin/python tools/make_kakapo_templates.py --check    # exit 1 if one is out of date

Birds are polygons of their real shape (Tiled and `tmxrasterizer` draw them as they are), with
`kind`, `piece` and `rot`; the loader reads their place from the polygon (docs/MISSIONS.md).
The instructions are map and object properties and a text object on a hidden layer, which Tiled
keeps when it saves (it drops XML comments). Templates assume the template's 32-px tiles.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tabletop.games.kakapo.bird_shapes import polygon_text  # noqa: E402
from tabletop.games.kakapo.birds import BIRDS, place_bird  # noqa: E402

TILE = 32
ROTATIONS = (0, 90, 180, 270)
BIRDS_DIR = ROOT / "maps" / "kakapo" / "birds"
TEMPLATE = ROOT / "maps" / "kakapo" / "TEMPLATE.tmx"

HOW_TO = """\
A custom KAKAPO mission (docs/MISSIONS.md explains every property and rule).
1. Save a copy under any name in the custom missions folder (Settings shows where), as .tmx (File > Save As).
2. Change the map properties: title, title_ja (optional), mode (buddy or party), required (birds to scan).
3. Birds live on the object layer 'mission': one polygon per bird, in its real shape, with the properties
   piece (M01-M15) and rot (0, 90, 180, 270). Move a bird with the grid snap on (View > Snapping > Snap to Grid).
   To add a bird, insert a template from maps/kakapo/birds (M05_r90.tx = bird M05 turned 90 degrees).
4. The layer 'solution' (hidden, optional) proves the mission can be won; delete it if you change the birds.
In the app: KAKAPO > mission select > Custom. A broken file is listed with one line saying what to fix."""

BIRD_HELP = "piece = the bird (M01-M15), rot = its turn (0, 90, 180, 270). Its place is where the polygon lies."


def _prop(name: str, value: object, kind: str | None = None, indent: str = "   ") -> str:
    typ = f' type="{kind}"' if kind else ""
    return f"{indent}<property name={quoteattr(name)}{typ} value={quoteattr(str(value))}/>"


def _bird_object(bird_id: str, rot: int, indent: str, head: str) -> list[str]:
    """A bird's `<object …>` lines; `head` holds the id and position attributes (none in a template)."""
    bird = place_bird(bird_id, 0, 0, rot)
    return [f"{indent}<object{head} name={quoteattr(f'{bird_id} r{rot}')} type=\"mission_piece\">",
            f"{indent} <properties>",
            _prop("help", BIRD_HELP, indent=indent + "  "),
            _prop("kind", "mission_piece", indent=indent + "  "),
            _prop("label", BIRDS[bird_id].label["en"], indent=indent + "  "),
            _prop("piece", bird_id, indent=indent + "  "),
            _prop("rot", rot, "int", indent=indent + "  "),
            f"{indent} </properties>",
            f"{indent} <polygon points=\"{polygon_text(bird.cells, TILE, TILE)}\"/>",
            f"{indent}</object>"]


def template_file(bird_id: str, rot: int) -> str:
    return "\n".join(['<?xml version="1.0" encoding="UTF-8"?>', "<template>",
                      *_bird_object(bird_id, rot, " ", ""), "</template>", ""])


# The template mission: three birds, two to scan; its solution layer proves it can be won.
TEMPLATE_BIRDS = (("M01", 7, 4, 0), ("M02", 8, 3, 90), ("M05", 2, 7, 0))
SOLUTION = (("P7", "7,2;7,3;8,2;9,2;9,3", (2, 7, 2, 3)), ("R8", "5,4;6,4;6,5;7,5;7,6", (4, 5, 3, 3)),
            ("Y1", "8,4", (4, 8, 1, 1)))


def template_map() -> str:
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             '<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" renderorder="right-down" width="12" '
             f'height="12" tilewidth="{TILE}" tileheight="{TILE}" infinite="0" nextlayerid="4" nextobjectid="8">',
             " <properties>",
             _prop("game", "kakapo", indent="  "),
             _prop("how_to", HOW_TO, indent="  "),
             _prop("map_version", 1, "int", indent="  "),
             _prop("mode", "buddy", indent="  "),
             _prop("required", 2, "int", indent="  "),
             _prop("title", "My first mission", indent="  "),
             _prop("title_ja", "はじめての自作ミッション", indent="  "),
             " </properties>",
             ' <objectgroup id="1" name="mission">']
    for i, (bird_id, top, left, rot) in enumerate(TEMPLATE_BIRDS, start=1):
        lines += _bird_object(bird_id, rot, "  ", f' id="{i}" x="{left * TILE}" y="{top * TILE}"')
    lines += [" </objectgroup>", ' <objectgroup id="2" name="solution" visible="0">']
    for i, (piece, cells, (left, top, w, h)) in enumerate(SOLUTION, start=len(TEMPLATE_BIRDS) + 1):
        lines += [f'  <object id="{i}" name="{piece}" type="scanner_placement" x="{left * TILE}" y="{top * TILE}" '
                  f'width="{w * TILE}" height="{h * TILE}">', "   <properties>",
                  _prop("cells", cells, indent="    "), _prop("kind", "scanner_placement", indent="    "),
                  _prop("piece", piece, indent="    "), "   </properties>", "  </object>"]
    lines += [" </objectgroup>", ' <objectgroup id="3" name="read_me" visible="0">',
              f'  <object id="7" name="how to" x="0" y="0" width="{12 * TILE}" height="{12 * TILE}">',
              f'   <text pixelsize="11" wrap="1">{escape(HOW_TO)}</text>', "  </object>", " </objectgroup>",
              "</map>", ""]
    return "\n".join(lines)


def wanted() -> dict[Path, str]:
    files = {TEMPLATE: template_map()}
    for bird_id in BIRDS:
        for rot in ROTATIONS:
            files[BIRDS_DIR / f"{bird_id}_r{rot}.tx"] = template_file(bird_id, rot)
    return files


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if a file is out of date")
    args = parser.parse_args()
    stale = [p for p, text in wanted().items() if not p.is_file() or p.read_text(encoding="utf-8") != text]
    if args.check:
        for path in stale:
            print(f"out of date: {path.relative_to(ROOT)}")
        return 1 if stale else 0
    BIRDS_DIR.mkdir(parents=True, exist_ok=True)
    for path in stale:
        path.write_text(wanted()[path], encoding="utf-8")
    print(f"wrote {len(stale)} file(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
