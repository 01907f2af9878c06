"""BLUFFIT (ブラフィット): simultaneous secret bids, then claim or challenge.

Rules: docs/rules/bluffit.md (the rules as implemented, with the BD-xx design decisions cited here).
Modules: cards (card codes, challenge resolution), actions (notation), state (the
round machine), events (frequent events, built once and shared), view (what a seat
knows), sampling (determinisation for search), game (the Game object registered as
`bluffit`).
"""

from tabletop.games.bluffit.game import Bluffit

GAME = Bluffit()

__all__ = ["GAME", "Bluffit"]
