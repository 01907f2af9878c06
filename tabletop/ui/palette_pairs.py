"""The colours a player must tell apart, and the second cue each group carries (docs/STYLE.md, Palette).

About one man in twelve confuses some hues. tests/ui/test_palette_cvd.py simulates protanopia,
deuteranopia and tritanopia on every pair of colours in a group: a pair must stay at least
`MIN_DELTA_E` apart (CIEDE2000), unless the group names a `cue` — a shape, letter, pattern or mark
that every member is drawn with. Each cue named here has a test that it is drawn.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.ui import style
from tabletop.ui.games.haunted_house import art as haunted_art
from tabletop.ui.games.kakapo import art as kakapo_art
from tabletop.ui.games.sumidagawa import art as sumida_art

MIN_DELTA_E = 10.0  # CIEDE2000 under each simulation, for a pair that has nothing but its colour

# The cues a group may rely on; each has its drawing test in tests/ui/test_palette_cvd.py.
CUES = {
    "seat_glyph": "every seat disc draws its glyph (● ▲ ■ ◆ ★ ✚) in the seat's colour",
    "hunter_number": "a hunter pawn carries its number 1-4",
    "door_pattern": "blue doors are striped, green doors dotted, on the board, the padlocks and the lock cards; "
                    "the lock card's words name the pattern",
    "kakapo_glyph": "a KAKAPO piece cell and a coloured bird edge carry the colour's glyph (◆ ▲ ● ■ ✚)",
    "red_mark": "a red Sumidagawa card (Bon and Rin) carries a star where a black one has none",
}


@dataclass(frozen=True)
class Group:
    name: str
    colours: dict[str, style.Color]  # what each colour means -> the colour
    cue: str = ""  # a key of CUES every member is drawn with; "" = the colour alone tells them apart


GROUPS: tuple[Group, ...] = (
    Group("seat colours", dict(zip(style.SEAT_GLYPHS, style.SEAT_COLORS, strict=True)), "seat_glyph"),
    Group("haunted house hunters", {str(i + 1): c for i, c in enumerate(haunted_art.HUNTER_COLORS)},
          "hunter_number"),
    Group("haunted house doors", dict(haunted_art.DOOR_COLORS), "door_pattern"),
    Group("KAKAPO piece and edge colours", dict(zip(kakapo_art.GLYPHS, kakapo_art.RGB, strict=True)), "kakapo_glyph"),
    Group("Sumidagawa Bon ink", {"black": sumida_art.SUMI, "red": sumida_art.BENI}, "red_mark"),
    Group("Sumidagawa Rin faces", {"black": sumida_art.RIN_FACE[0], "red": sumida_art.RIN_FACE[1]}, "red_mark"),
)
