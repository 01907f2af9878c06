"""What a seat may know (spec §8.3). Everything is public except the draw pile's order and,
in the advanced game, the numbers of jewels still lying number-down: so the View holds the
draw pile's composition (sorted), never its order, and -1 for an unrevealed jewel."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabletop.engine.core import View
from tabletop.games.haunted_house import cards

PHASES = ("roll", "move", "take", "over")
OUTCOMES = ("", "won", "six_spirits", "hopeless", "gave_up")


@dataclass(frozen=True)
class HauntedHouseView(View):
    advanced: bool
    owners: tuple[int, ...]  # controller (seat) of each character
    active: int  # character whose turn it is
    phase: str  # roll | move | take | over
    roll: int  # the white die this turn (0 before rolling)
    turn_no: int
    positions: tuple[str, ...]  # space name per character
    carried: tuple[int, ...]  # per character: 0 nothing; basic: 1 = a jewel; advanced: its number (always seen)
    ghosts: tuple[int, ...]  # per room A..L
    spirits: tuple[bool, ...]  # per room A..L
    room_jewels: tuple[int, ...]  # per room: 0 none, -1 a jewel (number unseen, or basic), k = revealed number
    deposited: int
    discard: tuple[str, ...]  # bottom .. top
    lock: str | None  # active lock card ("lock:blue" / "lock:green") or None
    draw_pile: tuple[str, ...]  # composition of the draw pile in card order (its real order is hidden)
    outcome: str  # "" while running, else won / six_spirits / hopeless / gave_up

    @property
    def characters(self) -> int:
        return len(self.positions)

    @property
    def next_required(self) -> int:
        return self.deposited + 1 if self.advanced else 0

    def carrying(self, ch: int) -> bool:
        return self.carried[ch] != 0


def make_view(state: Any, seat: int | None) -> HauntedHouseView:
    names = state.board.names
    adv = state.advanced
    revealed = state.revealed
    if adv:
        room_jewels = tuple((k if revealed >> k & 1 else -1) if k else 0 for k in state.jewels)
        carried = tuple(state.carry)
    else:
        room_jewels = tuple(-1 if k else 0 for k in state.jewels)
        carried = tuple(1 if k else 0 for k in state.carry)
    return HauntedHouseView(
        game="haunted_house", seat=seat, players=state.controllers, advanced=adv, owners=state.owners,
        active=state.turn, phase=PHASES[state.phase], roll=state.roll, turn_no=state.turn_no,
        positions=tuple(names[p] for p in state.pos), carried=carried, ghosts=tuple(state.ghosts),
        spirits=tuple(bool(state.spirits >> r & 1) for r in range(12)), room_jewels=room_jewels,
        deposited=state.deposited, discard=tuple(cards.NAMES[c] for c in state.discard),
        lock=cards.NAMES[state.lock] if state.lock >= 0 else None,
        draw_pile=tuple(cards.NAMES[c] for c in sorted(state.draw_pile)), outcome=OUTCOMES[state.outcome],
    )
