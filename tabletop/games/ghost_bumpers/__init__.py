"""Ghost Bumpers (ゴーストバンパーズ): trick taking where winning tricks scares you.

Rules: docs/rules/ghost_bumpers.md (the rules as implemented, with design decisions GB-D1 … GB-D17).

Modules: `cards` (card codes, composition, strength), `actions` (actions and notation),
`state` (the rules), `view` (what a seat may know), `game` (the `Game`: options, new
games, `sample_state`), `scripted` (`scripted_state` for exact test positions).

Phases and who acts:

- fear: every seat that has not placed its scared card (simultaneous; `fear p` is shown to
  others as `fear ?`).
- play: the seat whose turn it is in the trick (`3x8`, `1x4`, `Z0`, `Z10`).
- discard: the forced discard of §3.8, every seat that owes one (simultaneous, `discard ?`).
- over.

Options: `mode` ("rounds": 6/8/5/6 rounds for 3/4/5/6 players, §5.1; "target": play until a
total reaches `target`, at most 50 rounds, §5.2). `target` is ignored in "rounds" mode.

Choices made where the spec is silent (each is tested):

- Card codes: 1–9 are face values and 0 is `Z`, the 0/10 card.
- Dealing: the start-card holder deals one block of 9 cards from the shuffled deck to each
  seat, starting with the seat on their left; the order has no effect on play.
- After a round is scored the next round is dealt inside the same `apply` (its events follow
  the `round_score` events), so no "next round" action exists.
- Forced discard (§3.8, GB-D5a, from the spec) when the drawing player has no card left (they
  played their whole hand): they discard nothing and owe one card fewer, so all hands stay the
  same size, and the forced discards are shuffled into a new monster deck even when no draw is
  left. It needs a whole hand of one value played while deck and discard pile are empty: never
  seen in random games, only in rigged test deals. If nobody at all could discard, the draw is
  given up (unreachable guard that keeps every game finite).
- Forced-discard choices stay in the hands until everyone has chosen, then all are revealed
  together (hand sizes stay public and unchanged meanwhile).
- `sample_state`: other players' S positions are drawn uniformly over their remaining decks;
  every such position is consistent with any public history of reveals and rotations.

`State.to_json()` shape (all hidden information included)::

    {"players": 4, "mode": "rounds" | "target", "target": 25, "rounds": 8,
     "round": 1, "start_seat": 2, "phase": "fear" | "play" | "discard" | "over",
     "scores": [0, 0, 0, 0], "last_round": [] | [points per seat],
     "hands": ["13357799Z", ...],            # per seat, cards sorted, Z last
     "deck": "5213...",                      # monster deck, top card first
     "discard": "1155",                      # discard pile contents, sorted
     "char_decks": ["UUSUUUU" | null, ...],  # remaining character decks, top first; null = not placed;
                                             # no S once it was revealed ("UUU", "" after paranoia)
     "rotations": [0, 1, 0, 0],              # bottom-to-top moves this round
     "trick": [[seat, "8", count, strength], ...],
     "history": [{"plays": [[seat, "Z", 1, 100], ...], "winner": seat}, ...],  # this round
     "leader": 2, "turn": 3,
     "drawer": -1, "owed": 0,                # forced discard in progress
     "pending": [-2 | -1 | "5", ...],        # -2 not involved, -1 must choose, else the choice
     "chance": {"seed": ..., "counter": ...}}
"""

from __future__ import annotations

from tabletop.games.ghost_bumpers.game import GhostBumpersGame

GAME = GhostBumpersGame()

__all__ = ["GAME", "GhostBumpersGame"]
