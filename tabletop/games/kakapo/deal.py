"""Dealing hidden cards at random under constraints (generic; could be shared by other games).

`constrained_deal` puts each card into one of several places (hands, a removed pile)
with fixed sizes, where each card may only go to the places allowed for it (e.g. not to
a player known to be void in its colour). It tries a fast random greedy fill first
and falls back to an augmenting-path matching that always succeeds when a deal exists.
"""

from __future__ import annotations

import random
from bisect import bisect
from collections.abc import Callable, Sequence
from functools import partial
from itertools import accumulate

from tabletop.engine.core import shuffle_like_random


def constrained_deal(cards: Sequence[int], sizes: Sequence[int], allowed: Callable[[int], int],
                     rng: random.Random, tries: int = 20) -> list[list[int]]:
    """Split `cards` into len(sizes) places; `allowed(card)` is a bit mask of places it may go to."""
    if sum(sizes) != len(cards):
        raise ValueError(f"{len(cards)} cards cannot fill places of sizes {list(sizes)}")
    masks = {c: allowed(c) for c in cards}
    order = list(cards)
    # The search samples a world per iteration, so the draws are inlined: exactly `rng.shuffle` and
    # `rng.choices(choices, weights)[0]` (the same numbers drawn, the same results), without their Python-level calls.
    shuffle = partial(shuffle_like_random, rng) if type(rng) is random.Random else rng.shuffle
    draw = rng.random
    places = range(len(sizes))
    freedom = {c: m.bit_count() for c, m in masks.items()}
    for _ in range(tries):
        shuffle(order)
        # Most constrained cards first keeps the greedy fill from painting itself into a corner.
        order.sort(key=freedom.__getitem__)
        room = list(sizes)
        out: list[list[int]] = [[] for _ in sizes]
        for c in order:
            mask = masks[c]
            choices = [p for p in places if mask >> p & 1 and room[p]]
            if not choices:
                break
            # `choices`' weighted draw: the room left in each place.
            cumulative = list(accumulate([room[p] for p in choices]))
            p = choices[bisect(cumulative, draw() * (cumulative[-1] + 0.0), 0, len(choices) - 1)]
            room[p] -= 1
            out[p].append(c)
        else:
            return out
    return _matching(order, sizes, masks, rng)


def _matching(cards: list[int], sizes: Sequence[int], masks: dict[int, int], rng: random.Random) -> list[list[int]]:
    slots = [p for p, n in enumerate(sizes) for _ in range(n)]
    rng.shuffle(slots)
    owner: list[int | None] = [None] * len(slots)

    def augment(c: int, seen: set[int]) -> bool:
        for s, p in enumerate(slots):
            if masks[c] >> p & 1 and s not in seen:
                seen.add(s)
                held = owner[s]
                if held is None or augment(held, seen):
                    owner[s] = c
                    return True
        return False

    for c in cards:
        if not augment(c, set()):
            raise ValueError("no deal satisfies the constraints")
    out: list[list[int]] = [[] for _ in sizes]
    for s, placed in enumerate(owner):
        if placed is not None:
            out[slots[s]].append(placed)
    return out
