"""What one seat may know (§15.1): own hand, everything public, perfect recall of plays."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabletop.engine.core import View
from tabletop.games.sumidagawa.phases import OVER, REVIVE, TURN


@dataclass(frozen=True)
class SumidagawaView(View):
    """All fields are tuples or ints so views compare by value.

    Seats are indices; `-1` means "nobody". Masks are bit masks by seat
    (`active`, `rin_last`, `pending`, `played`, `locked`) or by combination
    index (`used_combos`). `rin[p]` is (up_b, up_r, used_b, used_r, down_b, down_r).
    `hand` is the seat's 20 card counts by code (empty for a spectator).
    `history` lists this game's public events in order:
    ("play", seat, bon, rin_black, rin_red, combo, declared), ("discard", seat, card),
    ("down", seat, colour); `jun_start` is the index in it where the current Jun began.
    """

    hand: tuple[int, ...] = ()
    hand_sizes: tuple[int, ...] = ()
    remainder_size: int = 0
    rin: tuple[tuple[int, ...], ...] = ()
    tiles: tuple[int, ...] = ()
    next_tile: int = 1
    out_order: tuple[int, ...] = ()
    active: int = 0
    rin_last: int = 0
    phase: int = 0
    turn: int = -1
    revive_queue: tuple[int, ...] = ()
    leader: int = -1
    kagerou: bool = False
    leader_acted: bool = False
    used_combos: int = 0
    table: int | None = None
    last_player: int = -1
    dakuryu_of: int = -1
    pending: int = 0
    played: int = 0
    locked: int = 0
    jun_number: int = 0
    jun_start: int = 0
    history: tuple[tuple[Any, ...], ...] = ()
    played_cards: tuple[int, ...] = ()
    game_index: int = 0
    games_target: int = 1
    scores: tuple[int, ...] = ()
    game_points: tuple[tuple[int, ...], ...] = ()
    loser: int = -1

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seats whose move it is: the state's `to_act`, as every seat can tell it."""
        if self.phase == TURN:
            return (self.turn,)
        if self.phase == REVIVE:
            return self.revive_queue[:1]
        if self.phase == OVER:
            return ()
        return (self.last_player,)

    @property
    def jun_plays(self) -> tuple[tuple[Any, ...], ...]:
        """Plays of the current Jun: ("play", seat, bon, rin_black, rin_red, combo, declared)."""
        return tuple(h for h in self.history[self.jun_start:] if h[0] == "play")
