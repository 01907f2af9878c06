"""Sumidagawa (隅田川) ultra-variant rules by ましかまる: a 3–4 player climbing game with wild Rin.

Rules: `docs/rules/sumidagawa.md`; section numbers (§) and design decisions (SD-xx) below
are those it cites.

Modules: `cards` (codes, deck, notation), `combos` (the eight combinations with
their Japanese name, romaji reading and English gloss; classification; declared
numbers; `readings()` for the UI), `moves` (legal plays), `actions`, `phases`
(the game id, phases and fixed sizes), `position` (what a state holds: its fields,
views, JSON), `state` (the §14 state machine on it), `reasons` (why an action is
illegal, in words), `rin` (a seat's four Rin as one code, the Rin rules as
tables on it), `passes` (turn order, runs of automatic passes), `events` (the
frequent events, built once and shared), `view`, `game`, `scripting` (scripted
positions for tests).

Decision points (§15.2) are the only actions: `Play` / `Pass` on a turn, `Discard`
and `TurnDown` after a 炎の華, `Revive` at the end of a Jun when both colours are
face down. Forced passes, locked passes and the pass of a player who has played
but has nothing left to play resolve automatically inside `apply` (each emits a
`pass_*` event), so `to_act()` only names seats with a real choice. A turn with a
single legal *play* still asks the player (a play is never made for them).

Choices made here where the spec leaves room:
- Session length: option `games`, default 3 (SD-25), choices 1–10; "until stopped" is
  left to the app (it can start a new session). The session is one State; the
  result ranks session totals, ties share the win.
- Revival choices at a Jun end are asked one seat at a time in seat order; the
  others' single-colour revivals happen automatically first.
- A game aborted by the 1,000-Jun guard (SD-29) scores 0 for everyone and the next
  game's first leader is drawn at random, as for the first game.
- The first leader of a session is drawn from the state's Chance (SD-24).
- Rin-only Menzaifu triples get no −1 and the `play` event reports `menzaifu` False.

`to_json()` shape:
    {"players", "games_target", "chance": {"seed", "counter"}, "scores": [int],
     "game_index", "game_points": [[int per seat] per finished game], "loser": seat|-1,
     "hands": [["B7", ...] per seat], "remainder": ["R3", ...],
     "rin": [{"up": [b, r], "used": [b, r], "down": [b, r]} per seat],
     "tiles": [0 or 1..4 per seat], "next_tile", "out_order": [seat], "active": [seat],
     "used_rin_last_jun": [seat], "history": [{"kind": "play", "seat", "cards", "combo",
     "declared"} | {"kind": "discard", "seat", "card"} | {"kind": "down", "seat", "colour"}],
     "jun_number", "phase": "turn"|"fire_discard"|"fire_rin"|"revive"|"over", "turn",
     "revive_queue": [seat], "jun": {"leader", "kagerou", "leader_has_acted",
     "used_combos": [combo id], "table_number": int|None, "last_player", "dakuryu_of",
     "pending": [seat], "played": [seat], "optional_passed": [seat], "history_start"}}
"""

from tabletop.games.sumidagawa.combos import COMBOS, Combo, Reading, banner, readings
from tabletop.games.sumidagawa.game import SumidagawaGame
from tabletop.games.sumidagawa.state import SumidagawaState
from tabletop.games.sumidagawa.view import SumidagawaView

GAME = SumidagawaGame()

__all__ = ["GAME", "COMBOS", "Combo", "Reading", "banner", "readings", "SumidagawaGame", "SumidagawaState",
           "SumidagawaView"]
