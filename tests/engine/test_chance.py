"""`Chance`: seeded draws, and the inlined shuffle that must equal `random.Random.shuffle` exactly."""

from __future__ import annotations

import random

import pytest

from tabletop.engine.core import Chance, shuffle_like_random


@pytest.mark.parametrize("length", [0, 1, 2, 3, 9, 13, 52, 64, 65, 130])
def test_shuffle_like_random_is_the_standard_shuffle(length: int) -> None:
    for seed in range(300):
        ours, theirs = random.Random(seed), random.Random(seed)
        mine, standard = list(range(length)), list(range(length))
        shuffle_like_random(ours, mine)
        theirs.shuffle(standard)
        assert mine == standard
        assert ours.getstate() == theirs.getstate()  # later draws of the same event agree too


def test_chance_shuffle_is_the_next_generators_shuffle() -> None:
    chance, reference = Chance(42, 3), Chance(42, 3)
    deck, expected = list(range(52)), list(range(52))
    rng = chance.shuffle(deck)
    ref = reference.rng()
    ref.shuffle(expected)
    assert deck == expected
    assert chance.counter == reference.counter == 4
    assert rng.randrange(1000) == ref.randrange(1000)


def test_chance_shuffle_keeps_a_subclass_generators_own_shuffle() -> None:
    class Reversing(random.Random):
        def shuffle(self, x: list) -> None:  # type: ignore[override]
            x.reverse()

    class Rigged(Chance):
        def rng(self) -> random.Random:
            self.counter += 1
            return Reversing(0)

    cards = [1, 2, 3]
    Rigged(0).shuffle(cards)
    assert cards == [3, 2, 1]
