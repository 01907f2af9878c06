"""Haunted House Jewel Hunters (おばけ屋敷の宝石ハンター): co-operative roll and move.

Rules: docs/rules/haunted_house.md (the rules as implemented, with decisions HH-D01..HH-D21). The house comes from
maps/haunted_house.tmx through tabletop.games.haunted_house.maps (checked against the sourced topology).

Seats and characters (HH-D12): the Game's player count is the number of controllers
(1–4). Option `characters` ("auto", 2, 3, 4) sets the hunters on the board; "auto" = 4
with 1 or 2 controllers, else one per controller. Character i belongs to seat
i % players (interleaved). Fewer characters than controllers is refused.

A turn is `roll` (white die; on 1–5 the ghost card(s) resolve at once), then a move
(`stay` or `move P1-P2-J`, the spaces entered in order), then `take` / `leave` when the
hunter ends in a room with a jewel and carries none. Deposit, fights, win/loss checks and
the next turn are automatic (§5.8). Legal moves list one canonical path per destination;
any other valid simple path is accepted too (it matters only for revealing jewels).

Choices where the spec leaves room (tested in tests/games/test_haunted_house_rules.py):
- `give_up` (HH-D11) is accepted from the seat to act at any phase but is not listed in
  `legal_actions`: it is a menu command for humans, and random or search players must not
  concede. A team's give-up loses with reason `gave_up`.
- A trapped hunter still gets its (single) `stay` decision, so the turn always has the same
  shape for the UI.
- The hopeless check (HH-D11) runs at the end of every turn (T7), also after a take.
- In the basic game jewel tiles still carry ids 1–8 internally, placed in room order; the
  View never shows them (numbers are meaningless there).
- Result: every seat scores the number of jewels deposited; coop_success = won.

Events (kind: data) — seats under "seat", characters under "character" (0-based) and
"hunter" (1-based): die_rolled{value, ghost}, card_room{card, room}, card_shuffle,
card_draw2, card_draw3, card_lock_blue, card_lock_green, card_ignored{card},
deck_shuffled{cards}, ghost_redirected{from_room, room}, ghost_placed{room, ghosts},
spirit_formed{room, spirits}, blue_doors_locked, green_doors_locked, blue_doors_unlocked,
green_doors_unlocked, moved{path, to, steps}, stayed{space}, jewel_revealed{room, number},
jewel_taken{room, number}, jewel_left{room}, jewel_deposited{number, deposited},
fight_rolled{room, dice}, ghosts_removed{room, count}, spirit_removed{room, spirits},
turn_started, game_won{deposited}, game_lost_six_spirits / game_lost_hopeless /
game_lost_gave_up {reason}. Numbers are 0 in the basic game.

`State.to_json()` shape:
    {"advanced": bool, "controllers": int, "owners": [seat per character],
     "positions": [space name per character], "carrying": [jewel number or 0 per character],
     "ghosts": {room: 1|2}, "spirits": [rooms], "jewels": {room: number},
     "revealed": [numbers turned face up], "deposited": [numbers],
     "draw_pile": [card names, top first], "discard": [card names, bottom first],
     "lock": "lock:blue" | "lock:green" | None, "turn": active character, "turn_no": int,
     "phase": "roll"|"move"|"take"|"over", "roll": 0..6,
     "outcome": "" | "won" | "six_spirits" | "hopeless" | "gave_up",
     "chance": {"seed": int, "counter": int}}
Card names: room:A .. room:L, shuffle, draw2, draw3, lock:blue, lock:green.

Tests script chance with tabletop.games.haunted_house.testing (`rig`, `place`).
UI helpers: `GAME.board` (graph, names, pixel centres via board.house / pixel_centre) and
`state.destinations(character, steps)` (reachable spaces with paths for a die result).
"""

from tabletop.games.haunted_house.game import HauntedHouseGame

GAME = HauntedHouseGame()

__all__ = ["GAME", "HauntedHouseGame"]
