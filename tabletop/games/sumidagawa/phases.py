"""The names the Sumidagawa state machine is written in: the game id, its phases, the Rin counter offsets
and its fixed sizes (§3, §14, SD-29)."""

from __future__ import annotations

GAME_ID = "sumidagawa"
TURN, FIRE_DISCARD, FIRE_RIN, REVIVE, OVER = range(5)
PHASE_NAMES = ("turn", "fire_discard", "fire_rin", "revive", "over")
# offsets in the 6 Rin counters each seat has (`rin`, views): UP/USED/DOWN x black/red
UP, USED, DOWN = 0, 2, 4
MAX_JUNS = 1000  # SD-29
HAND_SIZE = {3: 14, 4: 13}
