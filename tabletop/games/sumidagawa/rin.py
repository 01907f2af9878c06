"""A seat's four Rin as one small code, and the Rin rules as tables on it (§2.2, §5, §11).

Each colour's two Rin are in one of six states (how many UP, USED, DOWN), so a seat's
Rin are one of 36 codes, `black state * 6 + red state`. The state keeps one code per
seat and moves it through the tables below (one list lookup instead of
updating six counters); `counts(code)` gives the six counters the views show,
(up_b, up_r, used_b, used_r, down_b, down_r).
"""

from __future__ import annotations

from tabletop.games.sumidagawa.cards import BLACK, RED

# one colour's two Rin: (up, used, down)
COLOUR_STATES = ((2, 0, 0), (1, 1, 0), (1, 0, 1), (0, 2, 0), (0, 1, 1), (0, 0, 2))
_STATE_OF = {s: i for i, s in enumerate(COLOUR_STATES)}
CODES = range(len(COLOUR_STATES) ** 2)


def code(counts: tuple[int, ...] | list[int]) -> int:
    """The code of (up_b, up_r, used_b, used_r, down_b, down_r); KeyError if a colour does not hold 2."""
    up_b, up_r, used_b, used_r, down_b, down_r = counts
    return _STATE_OF[(up_b, used_b, down_b)] * 6 + _STATE_OF[(up_r, used_r, down_r)]


def counts(c: int) -> tuple[int, int, int, int, int, int]:
    (up_b, used_b, down_b), (up_r, used_r, down_r) = COLOUR_STATES[c // 6], COLOUR_STATES[c % 6]
    return up_b, up_r, used_b, used_r, down_b, down_r


COUNTS = tuple(counts(c) for c in CODES)
ALL_UP = code((2, 2, 0, 0, 0, 0))  # a seat's Rin at the start of a game; with a tile, the seat goes out (§12.2)


def _moved(c: int, colour: int, k: int, source: int, target: int) -> int:
    """`c` with `k` Rin of `colour` moved from one counter (0 up, 1 used, 2 down) to another."""
    up_b, up_r, used_b, used_r, down_b, down_r = COUNTS[c]
    per_colour = [[up_b, used_b, down_b], [up_r, used_r, down_r]]
    per_colour[colour][source] -= k
    per_colour[colour][target] += k
    (ub, xb, db), (ur, xr, dr) = per_colour
    return code((ub, ur, xb, xr, db, dr)) if min(ub, ur, xb, xr, db, dr) >= 0 else -1


UP_KEY = tuple(COUNTS[c][0] * 3 + COUNTS[c][1] for c in CODES)  # up_black * 3 + up_red, the legal-play filter's
HAS_DOWN = tuple(bool(COUNTS[c][4] or COUNTS[c][5]) for c in CODES)  # forced passes (§9.3)
USED = tuple(COUNTS[c][2] + COUNTS[c][3] for c in CODES)
# AFTER_PLAY[c][rin_black * 3 + rin_red]: those Rin go UP -> USED (§5.3); -1 if the seat lacks them
AFTER_PLAY = tuple(tuple(_moved(_moved(c, BLACK, rb, 0, 1), RED, rr, 0, 1) if _moved(c, BLACK, rb, 0, 1) >= 0 else -1
                         for rb in range(3) for rr in range(3)) for c in CODES)
# [c][colour]: one Rin DOWN -> UP (revival, §11.1) / UP -> DOWN (炎の華 with an empty hand, §10.2)
AFTER_REVIVE = tuple(tuple(_moved(c, colour, 1, 2, 0) for colour in (BLACK, RED)) for c in CODES)
AFTER_TURN_DOWN = tuple(tuple(_moved(c, colour, 1, 0, 2) for colour in (BLACK, RED)) for c in CODES)
# USED -> DOWN at the end of a Jun (§11.2)
AFTER_FLIP = tuple(_moved(_moved(c, BLACK, COUNTS[c][2], 1, 2), RED, COUNTS[c][3], 1, 2) for c in CODES)
# The revival a Jun's end makes by itself: the colour face down, or -1 when both are (the seat
# chooses, §11.1) or none is.
AUTO_REVIVAL = tuple((-1 if COUNTS[c][4] and COUNTS[c][5] else BLACK if COUNTS[c][4] else RED if COUNTS[c][5] else -1)
                     for c in CODES)

