"""BLUFFIT's frequent events, built once and shared (for engine speed).

An `Event` is frozen and no reader changes its `data`, so an event whose arguments
come from a small set (a seat, a round, the cards of a claim, a revealed card) is made
once per set of arguments and handed out again: building one costs about as much as
the rest of a bid. Each table is a dict filled on first use, so a hit is one dict
look-up, not a Python call. Challenges and round scores carry more (units, banked
piles), so `state` builds those where they happen.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tabletop.engine.core import Event
from tabletop.games.bluffit.cards import CARD_TEXTS

SEATS = range(6)


class _Made(dict[Any, Event]):
    """key -> the event `build(*key)` makes, built on first use."""

    def __init__(self, build: Callable[..., Event]) -> None:
        super().__init__()
        self.build = build

    def __missing__(self, key: tuple[Any, ...]) -> Event:
        event = self[key] = self.build(*key)
        return event


BID = tuple(Event("bid", {"seat": p}) for p in SEATS)  # the card stays secret: only who bid
# (seat, round): the bluff phase of the round opens with the seat's turn.
BLUFF_START = _Made(lambda seat, round_no: Event("bluff_start", {"seat": seat, "round": round_no}))
# (seat, cards): the seat took the cards (one, or a group in the combine variant) from the table.
CLAIM = _Made(lambda seat, cards: Event("claim", {"seat": seat, "cards": [CARD_TEXTS[c] for c in cards]}))
# (seat, card): with two players each strength card is shown when the round is scored (spec §7).
REVEAL = _Made(lambda seat, card: Event("reveal", {"seat": seat, "card": CARD_TEXTS[card]}))
# (seat, target seat, unit): the seat challenges the holder of the unit (cards, ascending).
CHALLENGE = _Made(lambda seat, target, unit: Event("challenge", {"seat": seat, "target_seat": target,
                                                                 "cards": [CARD_TEXTS[c] for c in unit]}))
# (seat, target seat, seat's card, target's card): only the two of them see the cards (spec §4.3, BD-07).
COMPARE = _Made(lambda seat, target, card, target_card: Event(
    "compare", {"seat": seat, "target_seat": target, "card": CARD_TEXTS[card], "target_card": CARD_TEXTS[target_card]},
    visible_to=(seat, target)))
# (kind, seat, target seat, unit): how the challenge ended, kind "challenge_won", "challenge_lost" or "both_lose".
OUTCOME = _Made(lambda kind, seat, target, unit: Event(kind, {"seat": seat, "target_seat": target,
                                                              "cards": [CARD_TEXTS[c] for c in unit]}))
