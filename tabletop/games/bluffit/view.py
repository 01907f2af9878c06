"""What one BLUFFIT seat may know (spec §11)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabletop.engine.core import View
from tabletop.games.bluffit.cards import card_text


@dataclass(frozen=True, slots=True)
class RoundMemory:
    """Public facts of a finished round: who took part, the multiset of strength cards
    (they became the next table), attributions everyone learned, and challenge outcomes."""

    round: int
    participants: tuple[int, ...]
    played: tuple[int, ...]
    public_known: tuple[tuple[int, int], ...]
    outcomes: tuple[tuple[int, int, str], ...]

    def to_json(self) -> dict[str, Any]:
        return {"round": self.round, "participants": list(self.participants),
                "played": [card_text(c) for c in self.played],
                "known": [[q, card_text(c)] for q, c in self.public_known],
                "outcomes": [list(o) for o in self.outcomes]}


@dataclass(frozen=True)
class BluffitView(View):
    combine: bool
    specials: tuple[int, ...]
    round: int
    phase: str
    start: int
    participants: tuple[int, ...]
    turn: int
    hand: tuple[int, ...]
    final_hands: tuple[tuple[int, ...], ...]  # final round only: hands are the public score piles
    hand_sizes: tuple[int, ...]
    piles: tuple[tuple[int, ...], ...]
    table: tuple[int, ...]
    removed: tuple[int, ...]
    set_aside: tuple[int, ...]
    my_strength: int | None
    has_bid: tuple[bool, ...]
    held: tuple[tuple[int, ...], ...]
    acted: tuple[bool, ...]
    known: tuple[tuple[int, int], ...]  # (seat, card) strength cards this seat saw this round
    outcomes: tuple[tuple[int, int, str], ...]  # this round's challenges
    public_known: tuple[tuple[int, int], ...]  # this round: Toxic pairs revealed by a both-lose
    history: tuple[RoundMemory, ...]
    # Strength cards this seat saw in its own challenges in earlier rounds: (round, seat, card).
    private_history: tuple[tuple[int, int, int], ...] = ()
