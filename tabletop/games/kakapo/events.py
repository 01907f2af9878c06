"""The game's most frequent events, built once and shared (for engine speed).

An `Event` is frozen and no reader changes its `data`, so an event whose arguments come
from a small set (a seat, a card, a round) is made once per set of arguments and handed
out again and again: building a frozen dataclass costs about as much as the rest of a
reveal. Events with a placement or a list of options are still built where they happen,
in `state`.
"""

from __future__ import annotations

from typing import Any

from tabletop.engine.core import Event
from tabletop.games.kakapo.actions import NO_SKILL
from tabletop.games.kakapo.missions import ROUND_LIMIT
from tabletop.games.kakapo.pieces import CARD_IDS, COLOURS, NUM_CARDS

_set_kind, _set_data, _set_visible_to = (Event.__dict__[f].__set__ for f in ("kind", "data", "visible_to"))


def event(kind: str, data: dict[str, Any]) -> Event:
    """`Event(kind, data)` (public) at half the cost, for the events built as they happen.

    A frozen dataclass's `__init__` goes through `object.__setattr__` once per field; setting the
    slots directly gives an equal event (same fields, equality, hash, repr)."""
    e = _new(Event)
    _set_kind(e, kind)
    _set_data(e, data)
    _set_visible_to(e, None)
    return e


_new = object.__new__
SEATS = range(4)  # the game is for 2 to 4 players
REVEALS_PER_ROUND = 4  # Buddy: each of the two players twice; Party: each player once

# [seat][card][reveals before it this round]; its "index" counts from 1
REVEAL: tuple[tuple[tuple[Event, ...], ...], ...] = tuple(
    tuple(tuple(Event("reveal", {"seat": p, "card": CARD_IDS[k], "index": n + 1}) for n in range(REVEALS_PER_ROUND))
          for k in range(NUM_CARDS))
    for p in SEATS)
# [round][start seat]: a new round begins (rounds 2 … the longest limit)
ROUND: tuple[tuple[Event, ...], ...] = tuple(
    tuple(Event("round", {"round": r, "seat": p}) for p in SEATS) for r in range(max(ROUND_LIMIT.values()) + 1))
# [seat][decision card]: the placer's selection was empty (every piece already used)
SKIP: tuple[tuple[Event, ...], ...] = tuple(
    tuple(Event("skip", {"seat": p, "card": CARD_IDS[k]}) for k in range(NUM_CARDS)) for p in SEATS)

_decision: dict[tuple[int, int, int, int], Event] = {}  # at most 4 seats × 40 cards × 5 × 5 colours
_selection: dict[tuple[int, tuple[int, ...]], Event] = {}  # at most 4 seats × (40 + 40²) selections


def decision_without_skills(seat: int, card: int, lead: int, top: int) -> Event:
    """The round's decision card when "no skill" is the only option (the engine then takes it)."""
    event = _decision.get((seat, card, lead, top))
    if event is None:
        event = _decision[(seat, card, lead, top)] = Event("decision", {
            "seat": seat, "card": CARD_IDS[card], "lead": COLOURS[lead], "top": COLOURS[top],
            "options": [str(NO_SKILL)]})
    return event


def selection(seat: int, pieces: tuple[int, ...]) -> Event:
    """The pieces `seat` is to place this round (one, or two after Double Scan)."""
    event = _selection.get((seat, pieces))
    if event is None:
        event = _selection[(seat, pieces)] = Event(
            "selection", {"seat": seat, "pieces": " ".join([CARD_IDS[k] for k in pieces])})
    return event
