"""Monster cards as small ints, multisets as count lists, and the strength of a play.

A card is an int: 1–9 are face values and 0 is the special `Z` ("0/10") card, so a
hand is a list of 10 counts indexed by card. The helpers for count multisets
(`counts_to_list`, `parse_cards`, `cards_text`) are generic and could be shared.
"""

from __future__ import annotations

Z = 0
FIVE = 5
KINDS = 10  # card codes 0 (Z) and 1..9
HAND_SIZE = 9
CHAR_DECK_SIZE = 7  # 6 unafraid + 1 scared
ROUNDS = {3: 6, 4: 8, 5: 5, 6: 6}
PARANOIA_POINTS = 10
MAX_SET = 10  # the most cards of one value (the 5s at 6 players)


def composition(players: int) -> tuple[int, ...]:
    """Counts of each card in the monster deck for `players` (spec §1.1)."""
    removed = 6 - players
    counts = [7 - removed] * KINDS
    counts[FIVE] = 10 - removed
    counts[Z] = 1
    return tuple(counts)


def strength(card: int, count: int, declared: int = 0) -> int:
    """Strength in tenths (§3.4): one card 10·v, n ≥ 2 cards 10·n + v, Z its declared value × 10."""
    if card == Z:
        return declared * 10
    return 10 * card if count == 1 else 10 * count + card


def _strength_text(st: int) -> str:
    return str(st // 10) if st % 10 == 0 else f"{st // 10}.{st % 10}"


# Every strength a play can have (at most ten 5s: 105) and every card, as text, made once.
_STRENGTH_TEXTS = tuple(_strength_text(st) for st in range(10 * (MAX_SET + 1)))
CARD_TEXTS = tuple("Z" if card == Z else str(card) for card in range(KINDS))
_TEXT_ORDER = (*range(1, KINDS), Z)  # cards_text order: 1..9, then Z


def strength_text(st: int) -> str:
    """Tenths as the rules write them: 40 -> '4', 38 -> '3.8', 100 -> '10'."""
    return _STRENGTH_TEXTS[st] if 0 <= st < len(_STRENGTH_TEXTS) else _strength_text(st)


def card_text(card: int) -> str:
    return CARD_TEXTS[card]


def parse_card(text: str) -> int:
    """'1'..'9' or 'Z' (any case) to a card code; ValueError otherwise."""
    if text in ("Z", "z"):
        return Z
    if len(text) == 1 and "1" <= text <= "9":
        return int(text)
    raise ValueError(f"{text!r} is not a monster card (1-9 or Z)")


def parse_cards(text: str) -> list[int]:
    """'1335Z' (spaces ignored) to counts."""
    counts = [0] * KINDS
    for ch in text.replace(" ", ""):
        counts[parse_card(ch)] += 1
    return counts


def counts_to_list(counts: list[int] | tuple[int, ...]) -> list[int]:
    """Counts to a sorted card list (1..9 first, Z last), a deterministic order for shuffling."""
    out: list[int] = []
    for card in _TEXT_ORDER:
        out.extend([card] * counts[card])
    return out


def cards_text(counts: list[int] | tuple[int, ...]) -> str:
    """Counts to '1335Z'."""
    return "".join([CARD_TEXTS[c] * counts[c] for c in _TEXT_ORDER])


def char_deck_text(size: int, scared: int) -> str:
    """A character deck of `size` cards with S at index `scared` (top first), e.g. 'UUSUUUU'."""
    return "U" * scared + "S" + "U" * (size - 1 - scared)


def parse_char_deck(text: str) -> tuple[int, int]:
    """'UUSUUUU' to (size, scared index); ValueError unless it has exactly one S."""
    text = text.upper()
    if text.count("S") != 1 or set(text) - {"U", "S"} or len(text) > CHAR_DECK_SIZE:
        raise ValueError(f"{text!r} is not a character deck (U and exactly one S, at most 7 cards)")
    return len(text), text.index("S")


def deck_score(size: int, scared: int) -> int:
    """Round points for an unrevealed deck (§4.1): U cards under S, doubled if S is on top."""
    below = size - 1 - scared
    return 2 * below if scared == 0 else below
