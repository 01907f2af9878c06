"""The human's card selection and what it reads as: pure logic, no drawing.

A selection is a multiset of hand cards (codes) plus a count of black and red Rin.
`Pick` turns it into a `Play`, asks the engine's `readings()` what it would be
declared as, explains why it is not a play (with the engine's refusal keys), and
lists the legal plays that contain it ("completions") so the player can grow a
partial selection into a combination with one click or key.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from tabletop.engine.core import Action
from tabletop.games.sumidagawa.actions import Play, make_play
from tabletop.games.sumidagawa.cards import BLACK, colour_of
from tabletop.games.sumidagawa.combos import COMBOS, RUN, Reading, classify, declared_number, declared_range, readings
from tabletop.games.sumidagawa.moves import PLAY_INFO


@dataclass(frozen=True)
class Refusal:
    """Why a selection is not a play now: an i18n key of the game's catalog and its parameters."""

    key: str
    params: dict = field(default_factory=dict)


def declared_of(play: Play, table: int | None) -> int | None:
    """The number a legal play would be declared at (None if it cannot reach the table)."""
    info = PLAY_INFO.get(play)
    if info is None:
        return None
    return declared_number(info[1], info[2], table)


def combo_of(play: Play) -> int | None:
    info = PLAY_INFO.get(play)
    return None if info is None else info[0]


@dataclass
class Pick:
    """A selection of hand cards (codes, repeats allowed) and Rin counts [black, red]."""

    cards: Counter = field(default_factory=Counter)
    rin: list[int] = field(default_factory=lambda: [0, 0])

    # ----- editing ---------------------------------------------------------------------
    def clear(self) -> None:
        self.cards.clear()
        self.rin = [0, 0]

    def empty(self) -> bool:
        return not sum(self.cards.values()) and not sum(self.rin)

    def size(self) -> int:
        return sum(self.cards.values()) + sum(self.rin)

    def toggle_copy(self, code: int, copy: int, held: int) -> None:
        """Click on the `copy`-th card of `code` (of `held`): selected copies are the first ones."""
        k = min(self.cards[code], held)
        self.cards[code] = k - 1 if copy < k else min(held, k + 1)
        if self.cards[code] <= 0:
            del self.cards[code]

    def toggle_rin(self, colour: int, up: int) -> None:
        """Add one more face-up Rin of this colour, or drop them all when none is left."""
        self.rin[colour] = self.rin[colour] + 1 if self.rin[colour] < up else 0

    def click_rin(self, colour: int, slot: int, up: int) -> None:
        """Click on the `slot`-th face-up Rin of a colour: selected Rin are the first ones."""
        k = min(self.rin[colour], up)
        self.rin[colour] = k - 1 if slot < k else min(up, k + 1)

    def add_value(self, value: int, hand: tuple[int, ...], prefer_red: bool = False) -> None:
        """Keyboard: one more card of this value (black first, or red with Shift); all off when none is left."""
        order = [(value - 1) * 2 + 1, (value - 1) * 2] if prefer_red else [(value - 1) * 2, (value - 1) * 2 + 1]
        for code in order:
            if self.cards[code] < hand.count(code):
                self.cards[code] += 1
                return
        for code in order:
            self.cards.pop(code, None)

    def set_play(self, play: Play) -> None:
        self.cards = Counter(play.bon)
        self.rin = [play.rin_black, play.rin_red]

    def fit(self, hand: tuple[int, ...], up: tuple[int, int]) -> None:
        """Drop what is no longer held (after a discard or a Rin turned down)."""
        held = Counter(hand)
        for code in list(self.cards):
            self.cards[code] = min(self.cards[code], held[code])
            if self.cards[code] <= 0:
                del self.cards[code]
        self.rin = [min(self.rin[0], up[0]), min(self.rin[1], up[1])]

    # ----- reading -----------------------------------------------------------------------
    def play(self) -> Play:
        return make_play(sorted(self.cards.elements()), self.rin[0], self.rin[1])

    def reading(self, table: int | None, used_combos: int) -> Reading | None:
        if self.empty() or self.size() > 4:
            return None
        play = self.play()
        found = readings(play.bon, play.rin_black, play.rin_red, table, used_combos)
        return found[0] if found else None

    def refusal(self, table: int | None, used_combos: int) -> Refusal | None:
        """Why the selection is no play now (None when it reads, or is empty)."""
        if self.empty():
            return None
        size = self.size()
        if size > 4:
            return Refusal("illegal.bad_size")
        play = self.play()
        blacks = play.rin_black + sum(1 for c in play.bon if colour_of(c) == BLACK)
        kind = classify(blacks, size - blacks)
        if kind is None:
            return Refusal("illegal.mixed_colours", {"size": size})
        info = declared_range(play.bon, play.rin_black, play.rin_red)
        combo = COMBOS[kind[0]]
        names = {"combo": combo.ja, "reading": combo.reading}
        if info is None:
            run = combo.shape == RUN
            return Refusal("illegal.bad_shape", {**names, "shape": "consecutive numbers" if run else "the same number",
                                                 "shape_ja": "連続した数字" if run else "同じ数字"})
        if used_combos >> combo.index & 1:
            return Refusal("illegal.combo_used", names)
        if declared_number(info[1], info[2], table) is None:
            return Refusal("illegal.too_low", {**names, "most": info[2], "table": table})
        return None

    def contained_in(self, play: Play) -> bool:
        have = Counter(play.bon)
        return (all(have[c] >= k for c, k in self.cards.items())
                and play.rin_black >= self.rin[0] and play.rin_red >= self.rin[1])

    def completions(self, legal: Sequence[Action], table: int | None) -> list[Play]:
        """Legal plays containing the selection, the closest first (fewest added cards, fewest Rin, lowest number)."""
        size = self.size()
        found = [a for a in legal if isinstance(a, Play) and self.contained_in(a)]
        found.sort(key=lambda a: (a.size - size, a.rin, declared_of(a, table) or 0, str(a)))
        return found


def by_combo(plays: list[Play], table: int | None) -> dict[int, tuple[int, Play]]:
    """For each combination: (lowest declared number, first play) among these plays (kept in order)."""
    out: dict[int, tuple[int, Play]] = {}
    for play in plays:
        combo = combo_of(play)
        declared = declared_of(play, table)
        if combo is None or declared is None:
            continue
        if combo not in out:
            out[combo] = (declared, play)
        elif declared < out[combo][0]:
            out[combo] = (declared, out[combo][1])
    return out


def next_of(plays: list[Play], current: Play) -> Play | None:
    """The play after `current` in `plays` (wrapping), or the first one."""
    if not plays:
        return None
    if current in plays:
        return plays[(plays.index(current) + 1) % len(plays)]
    return plays[0]

