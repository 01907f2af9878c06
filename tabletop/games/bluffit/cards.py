"""BLUFFIT cards and the challenge resolution of spec §9.3.

A card is a small int: `kind * 16 + value`, so normal cards are their value
(1–10) and specials are distinct codes. Point value is always the printed number.
"""

from __future__ import annotations

NORMAL, OPTIMISTIC, REVERSED, NERVOUS, TOXIC = range(5)

O1 = OPTIMISTIC * 16 + 1
R5 = REVERSED * 16 + 5
V9 = NERVOUS * 16 + 9
T10 = TOXIC * 16 + 10

# Option key -> the special card that replaces the normal card of its number.
SPECIALS: dict[str, int] = {"optimistic_1": O1, "reversed_5": R5, "nervous_9": V9, "toxic_10": T10}
_BY_TEXT = {"O1": O1, "R5": R5, "V9": V9, "T10": T10, **{str(v): v for v in range(1, 11)}}

CHALLENGER, DEFENDER, BOTH_LOSE = "challenger", "defender", "both_lose"


def value(card: int) -> int:
    return card & 15


VALUE_OF: tuple[int, ...] = tuple(value(code) for code in range(128))  # value(card) as a lookup, for hot loops


def kind(card: int) -> int:
    return card >> 4


CARD_TEXTS: dict[int, str] = {code: text for text, code in _BY_TEXT.items()}  # card -> notation


def card_text(card: int) -> str:
    """Notation of a card ("7", "T10"); a table lookup, as events name cards on every move."""
    return CARD_TEXTS[card]


def parse_card(text: str) -> int:
    try:
        return _BY_TEXT[text.strip().upper()]
    except KeyError:
        raise ValueError(f"{text!r} is not a BLUFFIT card") from None


def starting_hand(specials: frozenset[int]) -> list[int]:
    """1–10 with each enabled special replacing the normal card of its number (spec §3)."""
    by_value = {value(s): s for s in specials}
    return [by_value.get(v, v) for v in range(1, 11)]


def _defending_strength(card: int) -> int:
    return 1 if card == V9 else value(card)


def resolve(challenger: int, defender: int) -> str:
    """Who wins a challenge (spec §9.3, normative; ties go to the challenger)."""
    if challenger == T10 and defender == T10:
        return BOTH_LOSE
    if challenger == O1 and value(defender) == 10:
        return CHALLENGER
    if defender == O1 and value(challenger) == 10:
        return DEFENDER
    if challenger == R5 and defender == R5:
        return CHALLENGER
    if challenger == R5:
        return CHALLENGER if _defending_strength(defender) >= 5 else DEFENDER
    if defender == R5:
        return DEFENDER if value(challenger) >= 6 else CHALLENGER
    return CHALLENGER if value(challenger) >= _defending_strength(defender) else DEFENDER


# resolve() for every pair of card codes, so a challenge is one dict look-up (a test compares it with resolve).
RESOLVED: dict[tuple[int, int], str] = {(c, d): resolve(c, d) for c in CARD_TEXTS for d in CARD_TEXTS}
