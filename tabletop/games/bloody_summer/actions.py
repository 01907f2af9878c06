"""BLOODY SUMMER actions and their notation: `S(7)`, `P(9)`, `T(3)` (= 3-4-5) and `pass`.

One `Play` class covers the lead and later plays: the lead's form is simply the
form of the first play of the round. Every possible action is built once, so
`legal_actions` hands out shared instances instead of allocating.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tabletop.engine.core import Action, ActionParseError
from tabletop.games.bloody_summer.rules import FORMS, MAX_VALUE


@dataclass(frozen=True, slots=True)
class Play(Action):
    form: str  # "S" single, "P" pair, "T" straight (value = its lowest card)
    value: int

    def __str__(self) -> str:
        return f"{self.form}({self.value})"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    def __str__(self) -> str:
        return "pass"


PASS = Pass()
PLAYS: dict[str, tuple[Play | None, ...]] = {
    form: (None,) + tuple(Play(form, v) for v in range(1, MAX_VALUE[form] + 1)) for form in FORMS
}

_NOTATION = re.compile(r"([SPT])\(([1-9]|1[0-3])\)")


def parse_action(text: str) -> Action:
    """Inverse of `str(action)`; raises ActionParseError on anything else."""
    if text == "pass":
        return PASS
    match = _NOTATION.fullmatch(text)
    if match is None:
        raise ActionParseError(f"{text!r} is not a BLOODY SUMMER action (S(v), P(v), T(x) or pass)")
    form, value = match.group(1), int(match.group(2))
    if value > MAX_VALUE[form]:
        raise ActionParseError(f"{text!r}: a straight starts at 11 at most (no wrap-around)")
    play = PLAYS[form][value]
    assert play is not None
    return play
