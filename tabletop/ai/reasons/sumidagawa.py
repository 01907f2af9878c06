"""Sumidagawa: why a play, a pass or a colour choice is good, from the seat's View.

A play's line gives the number it declares (the lowest legal reading, as the table will show it), so two
plays of the same size read differently."""

from __future__ import annotations

from typing import Any

from tabletop.engine.core import Action
from tabletop.games.sumidagawa.actions import Discard, Pass, Play, Revive, TurnDown
from tabletop.games.sumidagawa.combos import readings


def reason(view: Any, action: Action) -> tuple[str, dict[str, Any]] | None:
    if isinstance(action, Pass):
        return "sumidagawa.pass", {}
    if isinstance(action, Play):
        if len(action.bon) >= len(view.hand):
            return "sumidagawa.go_out", {}
        read = readings(action.bon, action.rin_black, action.rin_red, view.table, view.used_combos)
        number = read[0].declared if read else view.table or 0
        if not action.bon:  # the Rin by colour ("b", "r": the words name them), so two such plays differ
            rin = ["b"] * action.rin_black + ["r"] * action.rin_red
            if len(rin) == 1:
                return "sumidagawa.rin_only", {"card": rin[0], "number": number}
            return "sumidagawa.rin_only_two", {"card": rin[0], "other_card": rin[1], "number": number}
        if len(action.bon) == 1:  # one Bon: name it (a red 7 and a black 7 declare the same number)
            slug = "sumidagawa.rin_card" if action.rin else "sumidagawa.shed_card"
            return slug, {"card": action.bon[0], "number": number}
        return ("sumidagawa.rin" if action.rin else "sumidagawa.shed"), {"count": len(action.bon), "number": number}
    if isinstance(action, Discard | TurnDown | Revive):
        return "sumidagawa.colours", {}
    return None
