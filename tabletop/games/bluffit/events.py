"""BLUFFIT's frequent events, built once and shared (issue 18: engine speed).

An `Event` is frozen and no reader changes its `data`, so an event whose arguments
come from a small set (a seat, a round, the cards of a claim, a revealed card) is made
once per set of arguments and handed out again: building one costs about as much as
the rest of a bid. Challenges and round scores carry more (units, banked piles), so
`state` builds those where they happen.
"""

from __future__ import annotations

from tabletop.engine.core import Event
from tabletop.games.bluffit.cards import CARD_TEXTS

SEATS = range(6)

BID = tuple(Event("bid", {"seat": p}) for p in SEATS)  # the card stays secret: only who bid

_bluff_starts: dict[int, Event] = {}  # by round * 8 + seat
_claims: dict[tuple[int, tuple[int, ...]], Event] = {}  # by (seat, cards)
_reveals: dict[int, Event] = {}  # by seat * 128 + card (codes are below 128)


def bluff_start(seat: int, round_no: int) -> Event:
    """The bluff phase of `round_no` opens with `seat`'s turn."""
    key = round_no * 8 + seat
    event = _bluff_starts.get(key)
    if event is None:
        event = _bluff_starts[key] = Event("bluff_start", {"seat": seat, "round": round_no})
    return event


def claim(seat: int, cards: tuple[int, ...]) -> Event:
    """`seat` took `cards` (one card, or a group in the combine variant) from the table."""
    key = (seat, cards)
    event = _claims.get(key)
    if event is None:
        event = _claims[key] = Event("claim", {"seat": seat, "cards": [CARD_TEXTS[c] for c in cards]})
    return event


def reveal(seat: int, card: int) -> Event:
    """Two players: `seat`'s strength card is shown when the round is scored (spec §7)."""
    key = seat * 128 + card
    event = _reveals.get(key)
    if event is None:
        event = _reveals[key] = Event("reveal", {"seat": seat, "card": CARD_TEXTS[card]})
    return event
