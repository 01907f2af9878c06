"""Actions and their text notation: `roll`, `stay`, `move P1-P2-J`, `take`, `leave`, `give_up`."""

from __future__ import annotations

import re
from dataclasses import dataclass

from tabletop.engine.core import Action, ActionParseError

_SPACE = re.compile(r"OUT|[A-L]|P[1-9]\d*")


@dataclass(frozen=True, slots=True)
class Roll(Action):
    def __str__(self) -> str:
        return "roll"


@dataclass(frozen=True, slots=True)
class Move(Action):
    """Move along `path` (spaces entered, in order; empty = stay). Validated against the board."""

    path: tuple[str, ...] = ()

    def __str__(self) -> str:
        return "move " + "-".join(self.path) if self.path else "stay"


@dataclass(frozen=True, slots=True)
class Take(Action):
    take: bool = True

    def __str__(self) -> str:
        return "take" if self.take else "leave"


@dataclass(frozen=True, slots=True)
class GiveUp(Action):
    """Humans may concede (a loss, HH-D11); not listed among legal actions, always accepted on your turn."""

    def __str__(self) -> str:
        return "give_up"


ROLL, STAY, TAKE, LEAVE, GIVE_UP = Roll(), Move(()), Take(True), Take(False), GiveUp()
_FIXED: dict[str, Action] = {"roll": ROLL, "stay": STAY, "take": TAKE, "leave": LEAVE, "give_up": GIVE_UP}


def parse_action(text: str) -> Action:
    if not isinstance(text, str):
        raise ActionParseError(f"not text: {text!r}")
    fixed = _FIXED.get(text)
    if fixed is not None:
        return fixed
    if text.startswith("move ") and len(text) > 5:
        parts = tuple(text[5:].split("-"))
        if all(_SPACE.fullmatch(p) for p in parts):
            return Move(parts)
    raise ActionParseError(f"{text!r} is not a haunted_house action (roll, stay, move P1-P2-J, take, leave, give_up)")
