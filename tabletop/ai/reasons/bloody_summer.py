"""BLOODY SUMMER: why a play or a pass is good, from the seat's View.

Every line carries the killer's odds it is about, in whole percent: a play names the chance that its
player is hit if the play takes the round (the pile with its cards, §3.2), a pass the chance for the
player who would then take it. So two plays of one kind still read differently, and the number is
the one the table shows beside each combination."""

from __future__ import annotations

from typing import Any

from tabletop.ai.heuristics.bloody_summer import break_cost
from tabletop.engine.core import Action
from tabletop.games.bloody_summer.actions import Pass, Play
from tabletop.games.bloody_summer.rules import cards_of, rank

STRONG_RANK = 10  # a play this high (in the current order) usually takes the round


def _percent(chance: float) -> int:
    return round(100 * chance)


def reason(view: Any, action: Action) -> tuple[str, dict[str, Any]] | None:
    if isinstance(action, Pass):
        if not view.plays:
            return "bloody_summer.pass", {}
        leader = view.plays[-1][0]
        return "bloody_summer.pass_risky", {"seat": leader, "risk": _percent(view.hit_chance(leader))}
    if not isinstance(action, Play):
        return None
    cards = cards_of(action.form, action.value)
    if len(cards) >= len(view.hand):
        return "bloody_summer.escape", {}
    risk = _percent(view.hit_chance(view.seat, tuple(cards)))
    if rank(action.value, view.reversed) >= STRONG_RANK:
        return "bloody_summer.take_control", {"count": len(cards), "risk": risk}
    counts = [0] * 16
    for v in view.hand:
        counts[v] += 1
    if break_cost(counts, action.form, action.value) > 0:  # what the easy player weighs against shedding
        return "bloody_summer.shed_breaks", {"count": len(cards), "risk": risk}
    return "bloody_summer.shed_low", {"count": len(cards), "risk": risk}
