"""Scripted positions for tests, tutorials and the rules scene: exact hands and killer draws.

`build_state` sets up any mid-game position from plain values, and `ScriptedChance`
makes the next check phases draw the given cards, so the spec's test vectors can be
played exactly:

    s = build_state([[4, 9], [12], [1, 2], [3]], marker=0, draws=[(12,)])
    s.apply(0, parse_action("S(4)"))   # … and when the round ends, the killer draws 12

Cards not in a hand, on the table or set aside go to the (public) discard pile, as if
they had been played in earlier rounds.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from tabletop.engine.core import Chance
from tabletop.engine.draws import StreamDraws
from tabletop.games.bloody_summer.actions import Play, parse_action
from tabletop.games.bloody_summer.cards import FULL_DECK, contains, pack, size
from tabletop.games.bloody_summer.rules import DEFAULT_EMPTY_SITE, FORM_SIZE, SITES, packed_cards
from tabletop.games.bloody_summer.state import BloodySummerState


class _RiggedRandom(random.Random):
    """A generator whose `shuffle` puts the scripted cards on top of the check pile."""

    def __init__(self, first: tuple[int, ...], seed: int) -> None:
        super().__init__(seed)
        self.first = first

    def shuffle(self, x: list[Any]) -> None:  # type: ignore[override]
        rest = list(x)
        for card in self.first:
            if card not in rest:
                raise ValueError(f"scripted draw {self.first} is not in the check pile {sorted(x)}")
            rest.remove(card)
        super().shuffle(rest)
        x[:] = list(self.first) + rest


class ScriptedChance(Chance):
    """A Chance whose next check-pile shuffles draw the scripted cards first (then seeded as usual)."""

    __slots__ = ("script",)

    def __init__(self, seed: int, counter: int = 0, script: Iterable[Sequence[int]] = ()) -> None:
        super().__init__(seed, counter)
        self.script = [tuple(draw) for draw in script]

    def rng(self) -> random.Random | StreamDraws:
        if not self.script:
            return super().rng()
        self.counter += 1
        return _RiggedRandom(self.script.pop(0), self.seed * 1_000_003 + self.counter)

    def clone(self) -> ScriptedChance:
        return ScriptedChance(self.seed, self.counter, self.script)

    def to_json(self) -> dict[str, Any]:
        return {"seed": self.seed, "counter": self.counter, "script": [list(d) for d in self.script]}


def build_state(
    hands: Sequence[Sequence[int]],
    *,
    marker: int = 0,
    plays: Sequence[tuple[int, str]] = (),
    passed: Iterable[int] = (),
    turn: int | None = None,
    wounded: Iterable[int] = (),
    dead: Iterable[int] = (),
    reversed_order: bool = False,
    empty_site: str = SITES[DEFAULT_EMPTY_SITE],
    aside: Sequence[int] = (),
    draws: Iterable[Sequence[int]] = (),
    seed: int = 0,
) -> BloodySummerState:
    """A position with the given hands (one list of values per seat; 3 or 4 seats).

    `plays` are this round's plays in order as (seat, notation), e.g. `[(0, "S(7)")]`; their
    cards are on the table, not in the hands. `turn` defaults to the marker holder on a new
    round, else to the next seat that may still act. `draws` script the killer's draws of the
    next check phases, one tuple of values per check. Dead seats must have empty hands.
    """
    players = len(hands)
    chance = ScriptedChance(seed, 0, draws)
    s = BloodySummerState.blank(players, SITES.index(empty_site) if players == 3 else None, chance)
    for seat, values in enumerate(hands):
        s.hands[seat] = pack(values)
        s.sizes[seat] = len(values)
    for seat in dead:
        if s.sizes[seat]:
            raise ValueError(f"dead seat {seat} must have an empty hand")
        s.alive &= ~(1 << seat)
    for seat in wounded:
        s.wounded |= 1 << seat
    for seat, text in plays:
        play = parse_action(text)
        if not isinstance(play, Play):
            raise ValueError(f"{text!r} is not a play")
        s.plays.append((seat, play.form, play.value))
        s.pile += packed_cards(play.form, play.value)
        s.pile_n += FORM_SIZE[play.form]
    for seat in passed:
        s.passed |= 1 << seat
    s.reversed = reversed_order
    s.marker = marker
    s.aside = pack(aside)
    placed = sum(s.hands) + s.pile + s.aside
    if not contains(FULL_DECK, placed):
        raise ValueError("more than four copies of a value")
    s.discard = FULL_DECK - placed
    assert size(s.discard) + size(placed) == 52
    if turn is None:
        turn = s._next_open(s.plays[-1][0]) if s.plays else marker
    s.turn = turn
    return s
