"""BLOODY SUMMER: why a play or a pass is good, from the seat's View."""

from __future__ import annotations

from typing import Any

from tabletop.engine.core import Action
from tabletop.games.bloody_summer.actions import Pass, Play
from tabletop.games.bloody_summer.rules import cards_of, rank

STRONG_RANK = 10  # a play this high (in the current order) usually takes the round


def reason(view: Any, action: Action) -> tuple[str, dict[str, Any]] | None:
    if isinstance(action, Pass):
        return ("bloody_summer.pass_risky" if view.plays else "bloody_summer.pass"), {}
    if not isinstance(action, Play):
        return None
    count = len(cards_of(action.form, action.value))
    if count >= len(view.hand):
        return "bloody_summer.escape", {}
    if rank(action.value, view.reversed) >= STRONG_RANK:
        return "bloody_summer.take_control", {"count": count}
    return "bloody_summer.shed_low", {"count": count}
