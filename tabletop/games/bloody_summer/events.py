"""BLOODY SUMMER's frequent events, built once and shared (for engine speed).

An `Event` is frozen and no reader changes its `data`, so an event whose arguments
come from a small set (a seat, a play, a round number) is made once per set of
arguments and handed out again: building a frozen dataclass costs about as much as
the rest of a play. The check and kill events carry drawn cards and hands, so
`state` builds them where they happen.
"""

from __future__ import annotations

from tabletop.engine.core import Event
from tabletop.games.bloody_summer.actions import PLAYS, Play
from tabletop.games.bloody_summer.rules import FORM_SIZE, cards_of, combo_text, packed_cards

SEATS = range(4)  # 3 or 4 players
HAND = 13  # cards dealt to each seat: `left` after a play is 0..12


def _per_seat(kind: str) -> tuple[Event, ...]:
    return tuple(Event(kind, {"seat": p}) for p in SEATS)


PASS = _per_seat("pass")
ESCAPE = _per_seat("escape")
SAFE = _per_seat("safe")
WOUNDED = _per_seat("wounded")
MARKER = _per_seat("marker")
SURVIVOR = _per_seat("survivor")
REVERSED = Event("reversed", {})

class _RoundEvents(dict[int, Event]):
    """round * 4 + seat -> the event "round `round` is led by `seat`", made on first use."""

    def __missing__(self, key: int) -> Event:
        event = self[key] = Event("round", {"seat": key % 4, "round": key // 4})
        return event


ROUND_BEGINS = _RoundEvents()


def round_begins(seat: int, round_no: int) -> Event:
    """Round `round_no` is led by `seat` (made on first use)."""
    return ROUND_BEGINS[round_no * 4 + seat]


class PlayFacts:
    """What a play does to the cards, and its `play` events by seat, lead and cards left."""

    __slots__ = ("play", "packed", "count", "events")

    def __init__(self, play: Play) -> None:
        self.play = play
        self.packed = packed_cards(play.form, play.value)
        self.count = FORM_SIZE[play.form]
        self.events: list[Event | None] = [None] * (len(SEATS) * 2 * HAND)

    def event(self, seat: int, lead: bool, left: int) -> Event:
        if not 0 <= left < HAND:  # only a scripted position deals bigger hands
            return self._build(seat, lead, left)
        slot = (seat * 2 + lead) * HAND + left
        event = self.events[slot]
        if event is None:
            event = self.events[slot] = self._build(seat, lead, left)
        return event

    def _build(self, seat: int, lead: bool, left: int) -> Event:
        form, value = self.play.form, self.play.value
        return Event("play", {"seat": seat, "form": form, "value": value, "cards": list(cards_of(form, value)),
                              "combo": combo_text(form, value), "lead": lead, "left": left})


_FACTS: dict[Play, PlayFacts] = {p: PlayFacts(p) for plays in PLAYS.values() for p in plays if p is not None}
# The same, keyed by the identity of the shared Play objects that `legal_actions` and the parser hand
# out: an int lookup costs less than hashing a dataclass. They live as long as the module, so their
# ids are never reused.
FACTS_BY_ID: dict[int, PlayFacts] = {id(p): facts for p, facts in _FACTS.items()}


def play_facts(play: Play) -> PlayFacts:
    facts = FACTS_BY_ID.get(id(play))
    return _FACTS[play] if facts is None else facts
