"""Actions of Ghost Bumpers and their text notation.

Notation (stable, parsed back exactly by `parse_action`):

- `fear 3`     place the scared card at index 3 from the top (0 = top, 6 = bottom)
- `3x8`        play three 8s (`1x4` is a single 4)
- `Z0`, `Z10`  play the 0/10 card declared as 0 or 10
- `discard 5`, `discard Z`   the forced discard of §3.8
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.engine.core import Action, ActionParseError
from tabletop.games.ghost_bumpers.cards import CHAR_DECK_SIZE, KINDS, card_text, parse_card

MAX_COUNT = 10  # no hand ever holds more than 9 cards; the table has room for 10 fives


@dataclass(frozen=True, slots=True)
class SetFear(Action):
    position: int

    def __str__(self) -> str:
        return f"fear {self.position}"


@dataclass(frozen=True, slots=True)
class Play(Action):
    value: int
    count: int

    def __str__(self) -> str:
        return f"{self.count}x{self.value}"


@dataclass(frozen=True, slots=True)
class PlayZ(Action):
    declared: int

    def __str__(self) -> str:
        return f"Z{self.declared}"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    card: int

    def __str__(self) -> str:
        return f"discard {card_text(self.card)}"


# Interned instances: legal_actions hands these out instead of building new objects.
FEARS: tuple[SetFear, ...] = tuple(SetFear(p) for p in range(CHAR_DECK_SIZE))
PLAYS: tuple[tuple[Play, ...], ...] = tuple(
    tuple(Play(v, n) for n in range(1, MAX_COUNT + 1)) for v in range(KINDS))  # PLAYS[v][n - 1]
Z_PLAYS: tuple[PlayZ, PlayZ] = (PlayZ(0), PlayZ(10))
DISCARDS: tuple[Discard, ...] = tuple(Discard(c) for c in range(KINDS))


def parse_action(text: str) -> Action:
    """Inverse of `str(action)`."""
    raw = text.strip()
    try:
        if raw.startswith("fear "):
            p = int(raw[5:])
            if 0 <= p < CHAR_DECK_SIZE and raw == f"fear {p}":
                return FEARS[p]
        elif raw.startswith("discard "):
            return DISCARDS[parse_card(raw[8:])]
        elif raw in ("Z0", "Z10"):
            return Z_PLAYS[0] if raw == "Z0" else Z_PLAYS[1]
        elif "x" in raw:
            count_text, value_text = raw.split("x", 1)
            count, value = int(count_text), int(value_text)
            if 1 <= count <= MAX_COUNT and 1 <= value < KINDS and raw == f"{count}x{value}":
                return PLAYS[value][count - 1]
    except ValueError:
        pass
    raise ActionParseError(f"{text!r} is not a Ghost Bumpers action (e.g. 'fear 3', '2x7', 'Z10', 'discard 5')")


