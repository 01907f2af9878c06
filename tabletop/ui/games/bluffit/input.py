"""What a click or a key means on the BLUFFIT board: the targets `draw` puts in the hit map, and pure helpers
over the hand and the legal actions (no events, no drawing) that `board.Board.handle` ties to the keys."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tabletop.engine.core import Action
from tabletop.games.bluffit.actions import Bid, Challenge, Claim
from tabletop.games.bluffit.cards import value
from tabletop.ui.widgets import Button


@dataclass(frozen=True)
class HandCard:
    """A card of the viewer's hand: a click picks it for the bid."""

    card: int


Target = Claim | Challenge | HandCard | Button


def card_value(d: int) -> int:
    """The card value a digit key means: 1–9, and 0 for the 10 (as printed on the cards)."""
    return 10 if d == 0 else d


def bidding(legal: Sequence[Action]) -> bool:
    return any(isinstance(a, Bid) for a in legal)


def bid_by_value(hand: Sequence[int], legal: Sequence[Action], wanted: int) -> int | None:
    """While bidding, the hand card of that value (by value: after the 3 is played, 3 still means the 3)."""
    if not bidding(legal):
        return None
    return {value(c): c for c in hand}.get(wanted)


def claim_by_value(legal: Sequence[Action], wanted: int) -> Claim | None:
    """In the bluff phase, the claim of the single scoring card of that value."""
    singles = {value(a.cards[0]): a for a in legal if isinstance(a, Claim) and len(a.cards) == 1}
    return singles.get(wanted)


def steppable(choices: Sequence[Action], legal: Sequence[Action]) -> list[Action]:
    """The bluff-phase choices ← → step through: those drawn, left to right, that are legal now."""
    return [a for a in choices if a in legal]
