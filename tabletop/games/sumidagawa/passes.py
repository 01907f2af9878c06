"""Turn order and runs of automatic passes (§9.1, §9.3, §9.4).

A seat with a face-down Rin passes by itself (forced), and so does a seat locked by its
optional pass; random play meets about one such pass per action. Which seats pass, in
which order, with which events, and who acts next depends only on five small masks, so a
run of them is worked out once per situation and kept (`auto_passes`: one
lookup instead of a turn's worth of checks per pass).
"""

from __future__ import annotations

from tabletop.engine.core import Event
from tabletop.games.sumidagawa import events as ev

MAX_SEATS = 4

# NEXT_ACTIVE[active mask][seat]: the next active seat clockwise (the seat itself if none). One
# table serves 3 and 4 players: at 3 players seat 3 is never active, so going round 4 seats
# meets the same seats in the same order as going round 3.
NEXT_ACTIVE = tuple(tuple(next((q % 4 for q in range(p + 1, p + 5) if active >> (q % 4) & 1), p)
                          for p in range(MAX_SEATS)) for active in range(1 << MAX_SEATS))
assert all(NEXT_ACTIVE[active][p] == next((q % 3 for q in range(p + 1, p + 4) if active >> (q % 3) & 1), p)
           for active in range(8) for p in range(3))
# SEATS_IN[mask]: the seats of a bit mask, in seat order
SEATS_IN = tuple(tuple(p for p in range(MAX_SEATS) if mask >> p & 1) for mask in range(1 << MAX_SEATS))

# (events, pending after, seats that passed, next seat: the one to decide, or the last to pass
# when no one is pending and the Jun ends)
AutoPasses = tuple[tuple[Event, ...], int, int, int]
# by `run_key(...)`; at most 4 x 16^4 situations
RUNS: dict[int, AutoPasses] = {}


def run_key(seat: int, pending: int, down: int, locked: int, active: int) -> int:
    return seat | pending << 2 | down << 6 | locked << 10 | active << 14


def auto_passes(seat: int, pending: int, down: int, locked: int, active: int) -> AutoPasses:
    """The automatic passes from `seat` on, which must pass by itself (a bit of `down` or `locked`):
    each passing seat leaves `pending`, and the run stops at the first seat that decides or when
    no one is pending. A face-down Rin makes the pass forced even when the seat is also locked.
    (The state looks `RUNS` up itself, with `run_key` inlined, and calls this on a miss.)"""
    key = run_key(seat, pending, down, locked, active)
    run = RUNS.get(key)
    if run is None:
        out: list[Event] = []
        passed = 0
        p = seat
        while True:
            out.append(ev.PASS["forced" if down >> p & 1 else "locked"][p])
            passed |= 1 << p
            pending &= ~(1 << p)
            if not pending:
                break
            p = NEXT_ACTIVE[active][p]
            if not (down | locked) >> p & 1:
                break
        run = RUNS[key] = (tuple(out), pending, passed, p)
    return run
