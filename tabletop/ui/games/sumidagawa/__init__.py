"""Sumidagawa (隅田川 ultra variant) table.

Layout (inside BOARD_AREA): the other seats along the top (hand size, their four
Rin face up / used this Jun / face down, agari tile, leader and Kagerō badges,
what they did this Jun); in the middle the river of this Jun's plays under the
spoken declaration as a banner ("改札の7 — Kaisatsu 7") with the four agari
tiles, and beside it the eight combinations (black column, red column, one row
per size) showing which are still open, the number each used one was played at
and, while cards are picked, which ones the pick can still become (→ number) or
already is (= number); at the bottom the viewer's hand, their Rin and the
readout of the pick with Play / Pass. A spectator (or the hot-seat curtain) gets
the session's score table there instead of a hand.

Playing is pick-then-confirm: click hand cards and face-up Rin (or a combination
tile to pick the closest legal play of it; again for the next), read the banner,
then Play. The 炎の華 discard, the Rin turned down and the Rin revived are chosen
by clicking the highlighted card or its button.

Keys:
- 1–9, 0 (=10): pick one more card of that value (black first; Shift+digit: red first;
  when none is left, the value is unpicked).
- Z / X: pick one more black / red Rin (when none is left, they are unpicked).
- N or →: step through the legal plays containing the pick (all plays when nothing is picked).
- Enter: play the pick. P: pass (when passing is allowed). Backspace or right click: clear.
- R: the combination reference (R, a click or any key but Esc closes it; also the button).
- Choices (discard / turn down / revive): 1 / 2, or Z = black, X = red.
Tab walks the table's own buttons (the table keeps the arrows from them).
"""

from tabletop.ui.games.sumidagawa.board import Board

__all__ = ["Board"]
