"""The game's most frequent events, built once and shared (for engine speed).

An `Event` is frozen and no reader changes its `data`, so an event whose arguments
come from a small set (a seat, a colour, a count, a tile) is made once per set of
arguments and handed out again and again: building a frozen dataclass costs about
as much as the rest of an automatic pass. Rare events (deals, points, game end)
are still built where they happen, in `state`.
"""

from __future__ import annotations

from typing import Any

from tabletop.engine.core import Event
from tabletop.games.sumidagawa.actions import Play
from tabletop.games.sumidagawa.cards import COLOUR_NAME, COLOURS, NUM_CODES, card_text, cards_text
from tabletop.games.sumidagawa.combos import COMBOS
from tabletop.games.sumidagawa.moves import PLAY_INFO

SEATS = range(4)  # the game is for 3 or 4 players
TILES = range(1, 5)
MAX_DECLARED = 10
DECLARED_SLOTS = MAX_DECLARED + 1  # a play event slot is seat * DECLARED_SLOTS + declared


def colour_data(colour: int) -> dict[str, Any]:
    return {"colour": colour, "colour_en": COLOUR_NAME["en"][colour], "colour_ja": COLOUR_NAME["ja"][colour]}


def _per_seat(kind: str, key: str = "seat") -> tuple[Event, ...]:
    return tuple(Event(kind, {key: p}) for p in SEATS)


# pass events by the automatic or chosen kind of pass; "stuck" (SD-17) reads as a forced pass
PASS: dict[str, tuple[Event, ...]] = {"forced": _per_seat("pass_forced"), "stuck": _per_seat("pass_forced"),
                                      "locked": _per_seat("pass_locked"), "optional": _per_seat("pass_optional")}
KAGEROU = _per_seat("kagerou")
MENZAIFU = _per_seat("menzaifu")
JUN_END = _per_seat("jun_end", "last_seat")
JUN_END_DAKURYU = _per_seat("jun_end_dakuryu")
JUN_END_EMPTY = Event("jun_end_empty", {})
# [seat][colour]
REVIVE = tuple(tuple(Event("revive", {"seat": p, **colour_data(c)}) for c in COLOURS) for p in SEATS)
RIN_DOWN = tuple(tuple(Event("rin_down", {"seat": p, **colour_data(c)}) for c in COLOURS) for p in SEATS)
# [seat][card]
DISCARD = tuple(tuple(Event("discard", {"seat": p, "card": card_text(c)}) for c in range(NUM_CODES)) for p in SEATS)
# [seat][count of Rin turned face down, 1..4]
RIN_FLIP = tuple(tuple(Event("rin_flip", {"seat": p, "count": k}) for k in range(5)) for p in SEATS)
# [seat][tile]
TILE = tuple(tuple(Event("tile", {"seat": p, "tile": t}) for t in range(5)) for p in SEATS)
# [seat][place][tile]
OUT = tuple(tuple(tuple(Event("out", {"seat": p, "place": place, "tile": t}) for t in range(5)) for place in range(5))
            for p in SEATS)

JUN_START: dict[int, Event] = {}  # by jun << 2 | leader (the state looks it up before calling `jun_start`)


def jun_start(jun: int, leader: int) -> Event:
    event = JUN_START.get(jun << 2 | leader)
    if event is None:
        event = JUN_START[jun << 2 | leader] = Event("jun_start", {"jun": jun, "leader_seat": leader})
    return event


# play -> (combo, lo, menzaifu applied, its events by seat * 11 + declared, Bon, black Rin, red Rin,
# Rin as rin_black * 3 + rin_red); see `play_facts`. The play's own fields are repeated here so
# that a play costs one lookup.
PlayFacts = tuple[int, int, bool, list[Event | None], tuple[int, ...], int, int, int]
_play_facts: dict[Play, PlayFacts] = {
    play: (combo, lo, menzaifu and lo >= 0, [None] * (len(SEATS) * DECLARED_SLOTS), play.bon, play.rin_black,
           play.rin_red, play.rin_black * 3 + play.rin_red)
    for play, (combo, lo, _hi, menzaifu) in PLAY_INFO.items()
}
# The same, keyed by the identity of the table's own Play objects (the ones `legal_actions` hands
# out): id() and an int lookup cost less than hashing a dataclass. Those objects live as long as
# the module, so their ids are never reused.
FACTS_BY_ID: dict[int, PlayFacts] = {id(play): facts for play, facts in _play_facts.items()}


def play_facts(play: Play) -> PlayFacts:
    """What the rules know about a play of the table (`moves.PLAY_INFO`), and its events."""
    facts = FACTS_BY_ID.get(id(play))
    return _play_facts[play] if facts is None else facts


def play_event(facts: PlayFacts, seat: int, declared: int) -> Event:
    """The `play` event of `seat` playing the play of `facts` as `declared`, made on first use."""
    slot = seat * DECLARED_SLOTS + declared
    combo, lo, menzaifu, events, bon, rin_black, rin_red, _rin = facts
    event = events[slot]
    if event is None:
        c = COMBOS[combo]
        event = events[slot] = Event("play", {
            "seat": seat, "cards": cards_text(bon, rin_black, rin_red), "combo": c.id,
            "combo_ja": c.ja, "combo_en": c.reading, "declared": declared, "menzaifu": menzaifu,
            "rin_black": rin_black, "rin_red": rin_red, "rin_only": lo < 0,
        })
    return event
