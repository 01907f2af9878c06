"""The three kinds of action and their text notation.

- `play G7`: reveal card G7.
- `skill none` / `skill double` / `skill wild R` / `skill up` / `skill down`: the placer's
  skill choice (no skill, Double Scan, Wild Color to red, Shift Change up / down).
- `place G7 r90f E5`: place piece G7 in orientation `r90f` (turned over first, then
  rotated 90° clockwise; `f` absent = not turned over) with the top-left corner of its
  bounding box on cell E5 (column letter A–L, row 1–12). Each orientation has one name:
  the first (rotation, flip) in the order r0 r90 r180 r270 r0f r90f r180f r270f that
  gives it, so `place O4 r90 A1` is refused as junk (O4 has only `r0`).
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.engine.core import Action, ActionParseError
from tabletop.games.kakapo import grid, pieces
from tabletop.games.kakapo.pieces import COLOURS

SKILL_KINDS = ("none", "double", "wild", "up", "down")


@dataclass(frozen=True, slots=True)
class Reveal(Action):
    card: int

    def __str__(self) -> str:
        return f"play {pieces.card_id(self.card)}"


@dataclass(frozen=True, slots=True)
class Skill(Action):
    kind: str  # one of SKILL_KINDS
    colour: int = -1  # Wild Color's new colour, else -1

    def __str__(self) -> str:
        if self.kind == "wild":
            return f"skill wild {COLOURS[self.colour]}"
        return f"skill {self.kind}"


# The skills the engine offers, made once (equal to any Skill parsed from the same text).
NO_SKILL, DOUBLE, UP, DOWN = Skill("none"), Skill("double"), Skill("up"), Skill("down")
WILD = tuple(Skill("wild", c) for c in range(len(COLOURS)))
# Their notation by identity: they live as long as the module, so no other object has their ids.
_NOTATION = {id(skill): str(skill) for skill in (NO_SKILL, DOUBLE, UP, DOWN, *WILD)}


def notation(skill: Skill) -> str:
    """`str(skill)`, looked up for the skills made above (the engine's events and records name every one)."""
    return _NOTATION.get(id(skill)) or str(skill)


@dataclass(frozen=True, slots=True)
class Place(Action):
    piece: int
    orient: int
    top: int
    left: int

    def __str__(self) -> str:
        o = pieces.ORIENTATIONS[self.piece][self.orient]
        return f"place {pieces.card_id(self.piece)} {o.label} {grid.cell_name(self.top, self.left)}"


def parse_action(text: str) -> Action:
    parts = text.split(" ")
    try:
        if parts[0] == "play" and len(parts) == 2:
            return Reveal(pieces.parse_card(parts[1]))
        if parts[0] == "skill" and len(parts) == 2 and parts[1] in ("none", "double", "up", "down"):
            return Skill(parts[1])
        if parts[0] == "skill" and len(parts) == 3 and parts[1] == "wild" and len(parts[2]) == 1 \
                and parts[2] in COLOURS:
            return Skill("wild", COLOURS.index(parts[2]))
        if parts[0] == "place" and len(parts) == 4:
            piece = pieces.parse_card(parts[1])
            label = parts[2]
            flip = label.endswith("f")
            rot_text = label[1:-1] if flip else label[1:]
            if not label.startswith("r") or rot_text not in ("0", "90", "180", "270"):
                raise ValueError(f"bad orientation {label!r}")
            orient = pieces.orientation_index(piece, int(rot_text), flip)
            if orient is None:
                names = " ".join(o.label for o in pieces.ORIENTATIONS[piece])
                raise ValueError(f"{parts[1]} has no orientation named {label} (its names: {names})")
            top, left = grid.parse_cell_name(parts[3])
            if pieces.placement(piece, orient, top, left) is None:
                raise ValueError(f"{parts[1]} {label} at {parts[3]} leaves the board")
            return Place(piece, orient, top, left)
    except ValueError as exc:
        raise ActionParseError(f"{text!r}: {exc}") from None
    raise ActionParseError(f"{text!r} is not a KAKAPO action (play G7 / skill none / place G7 r90f E5)")
