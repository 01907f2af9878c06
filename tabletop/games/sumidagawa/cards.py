"""Bon cards and Rin colours: codes, the 55-card deck and the text notation.

A Bon is coded as one small int, `(value - 1) * 2 + colour`, so codes sort by value
then colour (black first) and a hand is a list of 20 counts indexed by code.
Rin are not cards in a hand; a play names them as counts per colour.

Text: `B7` = black 7 Bon, `R10` = red 10 Bon, `b` / `r` = a black / red Rin.
"""

from __future__ import annotations

BLACK = 0
RED = 1
COLOURS = (BLACK, RED)
NUM_CODES = 20
VALUES = range(1, 11)

COLOUR_LETTER = ("B", "R")
RIN_LETTER = ("b", "r")
COLOUR_NAME = {"en": ("black", "red"), "ja": ("黒", "赤")}


def code(colour: int, value: int) -> int:
    return (value - 1) * 2 + colour


def colour_of(card: int) -> int:
    return card & 1


def value_of(card: int) -> int:
    return (card >> 1) + 1


def deck_counts() -> list[int]:
    """Copies of each Bon: value x has x copies, black gets the odd one (§2.1)."""
    counts = [0] * NUM_CODES
    for v in VALUES:
        counts[code(BLACK, v)] = (v + 1) // 2
        counts[code(RED, v)] = v // 2
    return counts


DECK_COUNTS: tuple[int, ...] = tuple(deck_counts())
DECK_SIZE = sum(DECK_COUNTS)


def deck_list() -> list[int]:
    """The 55 Bon as a list of codes (each copy once), in code order."""
    return [c for c in range(NUM_CODES) for _ in range(DECK_COUNTS[c])]


def card_text(card: int) -> str:
    return f"{COLOUR_LETTER[colour_of(card)]}{value_of(card)}"


CARD_TEXTS: tuple[str, ...] = tuple(card_text(c) for c in range(NUM_CODES))  # by code, for hot paths


def parse_card(text: str) -> int:
    """`B7` -> code; raises ValueError on anything else."""
    if len(text) < 2 or text[0] not in COLOUR_LETTER or not text[1:].isdigit() or text[1] == "0":
        raise ValueError(f"not a card: {text!r}")
    value = int(text[1:])
    if value not in VALUES:
        raise ValueError(f"no card of value {value}")
    return code(COLOUR_LETTER.index(text[0]), value)


def counts_of(cards: list[int] | tuple[int, ...]) -> list[int]:
    counts = [0] * NUM_CODES
    for c in cards:
        counts[c] += 1
    return counts


def cards_of(counts: list[int] | tuple[int, ...]) -> tuple[int, ...]:
    """Counts back to a sorted tuple of codes."""
    return tuple(c for c in range(NUM_CODES) for _ in range(counts[c]))


def cards_text(cards: tuple[int, ...] | list[int], rin_black: int = 0, rin_red: int = 0) -> str:
    """`B7 B8 b` style, for logs."""
    parts = [card_text(c) for c in cards] + ["b"] * rin_black + ["r"] * rin_red
    return " ".join(parts)
