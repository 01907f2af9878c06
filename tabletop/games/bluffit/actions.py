"""BLUFFIT actions and their notation: `bid T10`, `claim 3+3`, `challenge 2` (seat index)."""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.engine.core import Action, ActionParseError
from tabletop.games.bluffit.cards import card_text, parse_card


@dataclass(frozen=True, slots=True)
class Bid(Action):
    card: int

    def __str__(self) -> str:
        return f"bid {card_text(self.card)}"


@dataclass(frozen=True, slots=True)
class Claim(Action):
    cards: tuple[int, ...]  # sorted; one card unless the combine variant is on

    def __str__(self) -> str:
        return "claim " + "+".join(card_text(c) for c in self.cards)


@dataclass(frozen=True, slots=True)
class Challenge(Action):
    target: int

    def __str__(self) -> str:
        return f"challenge {self.target}"


# Interned instances: legal_actions hands these out instead of building new objects each time.
BIDS: dict[int, Bid] = {}
CLAIMS: dict[tuple[int, ...], Claim] = {}  # filled on first use; there are few distinct groups
CHALLENGES: tuple[Challenge, ...] = tuple(Challenge(seat) for seat in range(6))


def bid(card: int) -> Bid:
    found = BIDS.get(card)
    if found is None:
        found = BIDS[card] = Bid(card)
    return found


def claim(cards: tuple[int, ...]) -> Claim:
    found = CLAIMS.get(cards)
    if found is None:
        found = CLAIMS[cards] = Claim(cards)
    return found


def parse_action(text: str) -> Action:
    verb, _, rest = text.strip().partition(" ")
    try:
        if verb == "bid":
            return Bid(parse_card(rest))
        if verb == "claim":
            return Claim(tuple(sorted(parse_card(part) for part in rest.split("+"))))
        if verb == "challenge":
            target = int(rest)
            if not 0 <= target < 6:
                raise ValueError(f"there is no seat {target}")
            return Challenge(target)
    except ValueError as exc:
        raise ActionParseError(f"{text!r}: {exc}") from None
    raise ActionParseError(f"{text!r} is not a BLUFFIT action (bid, claim or challenge)")
