"""Can a mission be won? Rule V7 (spec §7.3, §10) for missions nobody has proven: the players' own.

A mission is winnable when some set of scanner pieces, at most one per round of its mode
(8 Buddy, 10 Party), scans `required` birds with every placement legal, ignoring card
luck and skills (so it is winnable without Double Scan). Party missions must manage
without purple 1 (V8), which the 3-player game removes.

`verdict` first checks the file's own `solution` layer (instant), then asks the exact
solver. The caller may bound the search with `stop` (a time limit); the answer is then
UNKNOWN, never a guess.
"""

from __future__ import annotations

from collections.abc import Callable

from tabletop.games.kakapo import grid, pieces
from tabletop.games.kakapo.board import MissionRules
from tabletop.games.kakapo.missions import ROUND_LIMIT, Mission
from tabletop.games.kakapo.solver import SolverStopped, solve

WINNABLE = "winnable"
UNWINNABLE = "unwinnable"
UNKNOWN = "unknown"
P1 = pieces.parse_card("P1")


def allowed_pieces(mission: Mission) -> int:
    """The pieces a winning set may use: all 40, but not P1 in Party (V8)."""
    every = (1 << pieces.NUM_CARDS) - 1
    return every & ~(1 << P1) if mission.mode == "party" else every


def witness_wins(mission: Mission) -> bool:
    """The §10 witness check on the mission's own solution layer (an empty layer proves nothing)."""
    if not mission.witness or len(mission.witness) > ROUND_LIMIT[mission.mode]:
        return False
    rules = MissionRules(mission)
    occupied, colour_cells, used = 0, [0] * 5, 0
    for piece_id, cells in mission.witness:
        k = pieces.parse_card(piece_id)
        placement = pieces.placement_of_cells(k, cells)
        if placement is None or used >> k & 1 or not allowed_pieces(mission) >> k & 1:
            return False
        if placement.mask & (occupied | rules.bird_mask) or placement.mask & grid.neighbours(colour_cells[k >> 3]):
            return False
        occupied |= placement.mask
        colour_cells[k >> 3] |= placement.mask
        used |= 1 << k
    return rules.scanned_mask(occupied, colour_cells).bit_count() >= mission.required


def verdict(mission: Mission, stop: Callable[[], bool] | None = None) -> str:
    """WINNABLE, UNWINNABLE, or UNKNOWN when `stop` ended the search first."""
    if witness_wins(mission):
        return WINNABLE
    try:
        found = solve(mission, ROUND_LIMIT[mission.mode], allowed_pieces(mission), stop)
    except SolverStopped:
        return UNKNOWN
    return WINNABLE if found is not None else UNWINNABLE
