"""What one seat may know (spec §11.3): its own hand and everything public.

Cards and pieces are indices 0–39 (`pieces.card_id` turns them into "G7"); colours are
indices into "PRYGB". Hidden from every view: other hands and the Buddy removed cards.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.engine.core import View
from tabletop.games.kakapo import pieces
from tabletop.games.kakapo.actions import Skill


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


def reveal_order(mode: str, start: int, players: int) -> tuple[int, ...]:
    """The seats in the order they reveal a round's cards (spec §6.1): clockwise from the start player;
    in Buddy the two alternate for four reveals."""
    if mode == "buddy":
        return (start, 1 - start, start, 1 - start)
    return tuple((start + i) % players for i in range(players))


def leading(view: KakapoView) -> tuple[int, int] | None:
    """(seat, card) of the reveal that would decide the round if it ended now, or None before the first reveal:
    the highest card of the top colour, else the highest of the lead colour (spec §6.1, as the engine decides)."""
    if not view.revealed:
        return None
    top = view.top_colour
    pool = [(k, s) for s, k in view.revealed if k >> 3 == top] or \
           [(k, s) for s, k in view.revealed if k >> 3 == view.lead]
    k, s = max(pool)
    return s, k


def skill_selection(view: KakapoView, skill: Skill) -> tuple[int, ...]:
    """The piece(s) an offered skill option gives (spec §6.6), from public information alone: the decision card
    (unless that piece is used) and, for Double Scan, the lowest revealed card; Wild Color and Shift Change give
    the recoloured or shifted piece instead. For every option it offers, the engine gives the same pieces."""
    d = view.decision
    base = () if view.used >> d & 1 else (d,)
    if skill.kind == "none":
        return base
    if skill.kind == "double":
        return base + (min(k for _, k in view.revealed),)
    if skill.kind == "wild":
        return (pieces.index_of(skill.colour, pieces.value_of(d)),)
    return (d + 1,) if skill.kind == "up" else (d - 1,)
