"""What a seat may know (spec §8.3). Everything is public except the draw pile's order and,
in the advanced game, the numbers of jewels still lying number-down: so the View holds the
draw pile's composition (sorted), never its order, and -1 for an unrevealed jewel."""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.engine.core import View

PHASES = ("roll", "move", "take", "over")
OUTCOMES = ("", "won", "six_spirits", "hopeless", "gave_up")
GHOST_PIECES = 24  # the box's ghosts; a room's 3rd ghost turns into an evil spirit, so they never run out (HH-D09)


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

    @property
    def ghost_stock(self) -> int:
        """Ghost pieces not on the board."""
        return GHOST_PIECES - sum(self.ghosts)

    def jewel_must_wait(self, number: int) -> bool:
        """A jewel numbered `number` (advanced game) cannot go out yet: taking it means carrying it until the
        jewels before it are out."""
        return self.advanced and number > self.next_required

    def carrying(self, ch: int) -> bool:
        return self.carried[ch] != 0
