"""Packed multisets (BLOODY SUMMER cards.py): the table-driven unpack and the bit-plane size agree with
counting field by field, for every count a hand, pile or discard pile can hold."""

from __future__ import annotations

import random

from tabletop.games.bloody_summer.cards import COPIES, FIELD, FULL_DECK, VALUES, fields, pack, size, unpack


def _fieldwise(packed: int) -> list[int]:
    return [v for v in VALUES for _ in range((packed >> (3 * v)) & FIELD)]


def test_unpack_and_size_match_a_field_by_field_count() -> None:
    rng = random.Random(18)
    deck = [v for v in VALUES for _ in range(COPIES)]
    for _ in range(3000):
        cards = rng.sample(deck, rng.randrange(len(deck) + 1))
        packed = pack(cards)
        assert unpack(packed) == _fieldwise(packed) == sorted(cards)
        assert size(packed) == len(cards)
    assert unpack(FULL_DECK) == sorted(deck) and size(FULL_DECK) == 52
    assert unpack(0) == [] and size(0) == 0


def test_fields_select_the_cards_of_some_values() -> None:
    hand = pack([1, 1, 8, 11, 12, 13, 13, 13])
    assert size(hand & fields([1, 8, 11, 13])) == 7
    assert size(hand & fields([2, 3])) == 0
