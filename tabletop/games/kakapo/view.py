"""What one seat may know (spec §11.3): its own hand and everything public.

Cards and pieces are indices 0–39 (`pieces.card_id` turns them into "G7"); colours are
indices into "PRYGB". Hidden from every view: other hands and the Buddy removed cards.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.engine.core import View


@dataclass(frozen=True)
class RoundRecord:
    """A finished round as everybody saw it."""

    round: int
    start: int
    reveals: tuple[tuple[int, int], ...]  # (seat, card) in reveal order
    decision: int  # the decision card
    placer: int
    skill: str  # the chosen option's notation, e.g. "skill none"
    selection: tuple[int, ...]


def round_record(round: int, start: int, reveals: tuple[tuple[int, int], ...], decision: int, placer: int,
                 skill: str, selection: tuple[int, ...]) -> RoundRecord:
    """`RoundRecord(...)` at about half the cost, for the engine's round end (engine speed).

    A frozen dataclass's `__init__` sets each of the seven fields through `object.__setattr__`;
    filling the instance dict at once gives an equal record (same fields, equality, hash, repr)."""
    record = object.__new__(RoundRecord)
    record.__dict__.update(round=round, start=start, reveals=reveals, decision=decision, placer=placer,
                           skill=skill, selection=selection)
    return record


@dataclass(frozen=True)
class KakapoView(View):
    mission: str
    mode: str
    required: int
    round: int
    round_limit: int
    start: int
    start_reason: str  # "p8" (holder of P8) or "random" (Buddy, P8 removed)
    p8_holder: int  # seat that announced P8 at setup, -1 if nobody
    phase: str  # "reveal", "skill", "place" or "over"
    to_act: tuple[int, ...]
    hand: tuple[int, ...]  # own hand (empty for a spectator)
    hand_sizes: tuple[int, ...]
    removed_public: tuple[int, ...]  # 3-player Party: P1
    removed_hidden: int  # Buddy: how many cards lie face down, unknown to all
    revealed: tuple[tuple[int, int], ...]  # this round's reveals so far
    lead: int  # lead colour, -1 before the first reveal
    pile: tuple[int, ...]  # decision pile, last = top
    discard: tuple[int, ...]  # sorted
    counters: int
    used: int  # bit mask of pieces on the board
    placements: tuple[tuple[int, int, int, int], ...]  # (piece, orient, top, left) in order
    placer: int
    decision: int
    options: tuple[str, ...]  # skill options offered this round (notation)
    selection: tuple[int, ...]  # pieces still to place this round
    voids: tuple[int, ...]  # per seat, bit mask of colours that seat is known to lack
    history: tuple[RoundRecord, ...]
    scanned: tuple[bool, ...]  # per bird, in mission order
    outcome: str | None  # None, "won", "failed_unplaceable", "failed_rounds"
    mission_tmx: str = ""  # a custom mission's file text (public: the board is), so any process can rebuild its rules

    @property
    def top_colour(self) -> int:
        return self.pile[-1] >> 3 if self.pile else 0
