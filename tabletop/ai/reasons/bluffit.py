"""BLUFFIT: why a bid, claim or challenge is good, from the seat's View."""

from __future__ import annotations

from typing import Any

from tabletop.engine.core import Action
from tabletop.games.bluffit.actions import Bid, Challenge, Claim
from tabletop.games.bluffit.cards import value


def reason(view: Any, action: Action) -> tuple[str, dict[str, Any]] | None:
    if isinstance(action, Bid):
        strengths = sorted(value(c) for c in view.hand)
        mine = value(action.card)
        best_on_table = max((value(c) for c in view.table), default=0)
        if len(strengths) == 1:
            return "bluffit.bid_last", {"card": action.card}
        if mine == strengths[-1]:
            return "bluffit.bid_high", {"card": action.card, "points": best_on_table}
        if mine == strengths[0]:
            return "bluffit.bid_low", {"card": action.card}
        # The bid's place among the hand's other strengths: a cheap, a middling or a strong bid, each
        # keeping the hand's top card (named, so that two bids never read alike).
        place = strengths.index(mine) / (len(strengths) - 1)
        top = max(view.hand, key=value)
        slug = "bluffit.bid_cheap" if place < 1 / 3 else "bluffit.bid_strong" if place > 2 / 3 else "bluffit.bid_keep"
        return slug, {"card": action.card, "kept_card": top}
    if isinstance(action, Claim):
        points = sum(value(c) for c in action.cards)
        if points >= max((value(c) for c in view.table), default=0):
            return "bluffit.claim_top", {"count": points}  # points said with their plural
        return "bluffit.claim_modest", {"count": points}
    if isinstance(action, Challenge):
        if view.my_strength is not None and value(view.my_strength) >= 8:
            return "bluffit.challenge_strong", {"seat": action.target, "card": view.my_strength}
        return "bluffit.challenge", {"seat": action.target}
    return None
