"""BLUFFIT table: scoring cards on top, one mat per seat, the viewer's hand at the bottom.

Bidding is select-then-confirm (a misclick never commits a secret bid); claiming
is a click on a highlighted scoring card (or a group button in the combine
variant); challenging is a click on a highlighted mat. Keys pick cards by value, as in
every game with numbered cards: 1–9 and 0 (= 10), on the number row or the keypad, pick the hand
card of that value while bidding, and claim the scoring card of that value in the bluff phase; Enter confirms.
← → step through the same choices: the biddable hand cards while bidding; in the bluff
phase the claimable scoring cards, group buttons and challengeable mats, left to right
(the one stepped to is lifted, lit or edged), and Enter takes it. Nothing is lit until an arrow is
pressed, so an Enter carried over from the last decision does nothing.
"""

from tabletop.ui.games.bluffit.art import cards_label, face, pile_line
from tabletop.ui.games.bluffit.board import Board

__all__ = ["Board", "cards_label", "face", "pile_line"]
