"""What one seat may know in BLOODY SUMMER (spec §6): everything but the other hands."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from tabletop.engine.core import View
from tabletop.games.bloody_summer.rules import cards_of, danger_values, hit_chance


class CheckRecord(NamedTuple):
    """The last check phase, public: who was checked, what was drawn, what it did.

    A named tuple rather than a frozen dataclass: one is made at every check, and a tuple is
    built about three times faster (same fields, equality and text form)."""

    seat: int
    pile: tuple[int, ...]  # sorted
    drawn: tuple[int, ...]  # in draw order
    matched: tuple[bool, ...]  # per drawn card: in the checked player's danger set
    outcome: str  # "safe", "wounded" or "killed"


class PastRound(NamedTuple):
    """A finished round, public: who took part, in which order of strength, and every play in turn.

    Passes are implied: turns go clockwise among open seats and a pass is final, so every open seat
    strictly between two consecutive players passed on the first play, and the rest on the last one."""

    alive: int  # bit mask of the living seats during the round
    reversed: bool
    plays: tuple[tuple[int, str, int], ...]  # (seat, form, value) in order


@dataclass(frozen=True)
class BloodySummerView(View):
    areas: tuple[int, ...]  # site index (A=0 … D=3) of each seat
    empty_area: int | None  # the site left empty with 3 players
    hand: tuple[int, ...]  # own hand, sorted (empty for a spectator)
    hand_sizes: tuple[int, ...]
    alive: tuple[bool, ...]
    wounded: tuple[bool, ...]
    reversed: bool
    marker: int  # start-marker holder
    turn: int | None  # seat to act, None when the game is over
    plays: tuple[tuple[int, str, int], ...]  # this round: (seat, form, value) in order
    passed: tuple[bool, ...]
    discard: tuple[int, ...]  # sorted, public (earlier piles and dead players' hands)
    round: int
    last_check: CheckRecord | None
    winner: int | None
    win_reason: str | None  # "escape" or "survivor"
    # The finished rounds, oldest first (all public). Left out of repr: it follows from the plays, and
    # the seeded-play digests (tests/games/test_seeded_play_digests.py) pin views by their repr.
    history: tuple[PastRound, ...] = field(default=(), repr=False)

    @property
    def form(self) -> str | None:
        return self.plays[0][1] if self.plays else None

    @property
    def top(self) -> tuple[int, str, int] | None:
        return self.plays[-1] if self.plays else None

    def pile(self) -> list[int]:
        return [c for _, form, value in self.plays for c in cards_of(form, value)]

    def danger(self, seat: int) -> tuple[int, ...]:
        return danger_values(self.areas[seat], self.empty_area)

    def hit_chance(self, seat: int, extra: tuple[int, ...] = ()) -> float:
        """P(hit) if `seat` were checked on this round's pile plus `extra` cards (§3.2)."""
        danger = set(self.danger(seat))
        pile = self.pile() + list(extra)
        return hit_chance(len(pile), sum(1 for c in pile if c in danger))
