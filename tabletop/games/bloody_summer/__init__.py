"""BLOODY SUMMER (ブラッディ・サマー, jam jama): a 大富豪-style climbing game for 3–4 players.

Rules: docs/rules/bloody_summer.md (ids BS-Dxx for design decisions, BS-Txx for
test vectors). Modules: cards (packed multisets), rules (tables and pure rules),
actions (notation), state, view, game (`GAME`), scenario (scripted positions for tests).

Notation: `S(v)` single, `P(v)` pair, `T(x)` straight x-(x+1)-(x+2), `pass`.

Seats and sites: seat i sits at `areas[i]`; with 4 players seat = site (A=0 … D=3); with
3 players the seats take the three used sites in A→D order (option `empty_site`, default
D), so clockwise is always `(seat + 1) % players`.

Choices where the spec is silent (tested in tests/games/test_bloody_summer_rules.py):
- The first start player is drawn from the seed (spec: "whoever last watched a horror film").
- The check pile is shuffled from the sorted pile, so the draw depends only on the pile's
  contents and the seed, not on play order.
- A killed player keeps their wound chip (it no longer counts for the reversal, BS-D12).
- The whole round's plays stay public until the check, then move to the discard pile.
- A player whose turn it is can always pass after the lead, even with a play that would
  escape (BS-D8 says passing is always allowed).

`to_json()` shape (full information):
    {"players": 3|4, "sites": ["A", …] (site of each seat), "empty_site": "D"|…|null,
     "hands": [[values sorted] per seat], "aside": [values] (3 players: 13 unseen cards),
     "alive": [bool], "wounded": [bool], "reversed": bool, "marker": seat,
     "turn": seat|null, "round": int, "plays": [[seat, "S(7)"], …] (this round, in order),
     "passed": [bool], "discard": [values sorted],
     "last_check": null | {"seat", "pile": [values], "drawn": [values], "matched": [bool],
                           "outcome": "safe"|"wounded"|"killed"},
     "winner": seat|null, "win_reason": "escape"|"survivor"|null,
     "chance": {"seed", "counter"} (+ "scheme": 2 for games drawn with hashed draws, the default
                for new games; + "script" in scripted test positions)}

Chance: new games use chance scheme 2 (`engine/draws.py`); records and tutorials without a
scheme replay with scheme 1 (`Game.chance_schemes`). Scripted positions (`scenario.py`) use 1.

Events (kind: data): play {seat, form, value, cards, combo, lead, left}; pass {seat};
escape {seat}; check {seat, pile, drawn, matched, hit, chance, drawn_text} (the killer's
draw: `matched[i]` says whether `drawn[i]` is in the checked player's danger set);
safe / wounded {seat}; killed {seat, hand, hand_text}; marker {seat} (passed on after a
kill); reversed {}; survivor {seat}; round {seat, round} (next round led by seat).
"""

from tabletop.games.bloody_summer.game import GAME, BloodySummerGame
from tabletop.games.bloody_summer.scenario import build_state

__all__ = ["GAME", "BloodySummerGame", "build_state"]
