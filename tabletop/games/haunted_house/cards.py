"""Ghost cards as small ints (spec §2.4). Two cards of one kind are interchangeable."""

from __future__ import annotations

ROOM_CARDS = tuple(range(12))  # room:A .. room:L
SHUFFLE, DRAW2, DRAW3, LOCK_BLUE, LOCK_GREEN = 12, 13, 14, 15, 16
NAMES = tuple(f"room:{c}" for c in "ABCDEFGHIJKL") + ("shuffle", "draw2", "draw3", "lock:blue", "lock:green")
CODES = {name: code for code, name in enumerate(NAMES)}
# the door colour code (board.COLOUR_CODES) that a lock card locks
LOCK_COLOUR = {LOCK_BLUE: 1, LOCK_GREEN: 2}


def deck(advanced: bool) -> list[int]:
    """The unshuffled deck: 13 cards basic, 19 advanced."""
    cards = list(ROOM_CARDS) + [SHUFFLE]
    if advanced:
        cards += [DRAW2, DRAW3, LOCK_BLUE, LOCK_BLUE, LOCK_GREEN, LOCK_GREEN]
    return cards


def event_kind(card: int) -> str:
    """The log event for a card drawn as the turn's card (one slug per card type)."""
    if card < 12:
        return "card_room"
    return "card_" + NAMES[card].replace(":", "_")
