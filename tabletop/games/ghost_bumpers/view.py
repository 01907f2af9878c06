"""What one seat may know (spec §7)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tabletop.engine.core import View
from tabletop.games.ghost_bumpers.cards import FIVE, Z

# A play on the table: (seat, card, count, strength in tenths); card 0 is Z.
PlayRecord = tuple[int, int, int, int]
# A finished trick of this round: (plays in order, winner seat).
TrickRecord = tuple[tuple[PlayRecord, ...], int]


def trick_lead(plays: Sequence[PlayRecord]) -> tuple[int, int]:
    """(strength, seat) of the play that takes the trick so far: the later of tied plays (GB-D7); (-1, -1) for
    no play yet."""
    best, seat = -1, -1
    for s, _, _, st in plays:
        if st >= best:
            best, seat = st, s
    return best, seat


def would_lead(plays: Sequence[PlayRecord], strength: int) -> bool:
    """A play of `strength` made now would take the trick so far (ties go to the later play, GB-D7)."""
    return strength >= trick_lead(plays)[0]


def trick_reveals(plays: Sequence[PlayRecord]) -> int:
    """Character cards the trick's winner reveals: none with a Z in it (§3.5 step 3b), else one and one more
    for every 5 played (§3.5 step 3a)."""
    if any(c == Z for _, c, _, _ in plays):
        return 0
    return 1 + sum(k for _, c, k, _ in plays if c == FIVE)


@dataclass(frozen=True)
class GhostBumpersView(View):
    phase: str                              # "fear", "play", "discard" or "over"
    mode: str                               # "rounds" or "target"
    target: int
    rounds: int                             # rounds in a fixed-length game (50 = the target cap)
    round_no: int
    start_seat: int
    leader: int
    turn: int                               # seat to play (or who played last, while a forced discard runs)
    scores: tuple[int, ...]
    last_round: tuple[int, ...]             # points of the last scored round (empty before the first)
    composition: tuple[int, ...]            # public monster deck counts, indexed by card (0 = Z)
    hand: tuple[int, ...]                   # own hand counts; all zero for a spectator
    hand_sizes: tuple[int, ...]
    deck_count: int
    discard: tuple[int, ...]                # discard pile counts
    trick: tuple[PlayRecord, ...]           # current trick so far, in play order
    history: tuple[TrickRecord, ...]        # finished tricks of this round
    char_sizes: tuple[int, ...]             # cards left in each character deck
    rotations: tuple[int, ...]              # bottom-to-top moves made to each deck this round
    fear_done: tuple[bool, ...]             # who has placed their scared card this round
    scared_out: tuple[bool, ...]            # whose S was revealed (the round ended on it): not in the deck
    own_scared: int                         # own S index from the top now; -1 if not placed, out, or spectator
    drawer: int                             # forced discard (§3.8): who is drawing, -1 if none
    owed: int                               # cards the drawer still owes
    discard_state: tuple[int, ...]          # per seat: 0 not involved, 1 must choose, 2 has chosen (hidden)
    own_discard: int                        # own chosen forced-discard card, -1 if none
