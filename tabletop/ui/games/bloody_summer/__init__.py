"""BLOODY SUMMER table: the camp-site card in the middle, every seat at its site, the hand below.

The camp-site card is turned so the viewer's site is at the bottom; each edge names
its site and danger numbers (red chips = numbers that can hurt the viewer; 13 hurts
everyone). Inside the card: this round's plays (oldest left, the top play large) and
what the top player risks if the play stands. Around it: strength order (a big red
"reversed" panel once reversed), the killer's draw table with the current row marked,
the last check, and the cards already out of play.

The killer's check is a short show started from the `check` event: the drawn cards
turn one by one, matches marked red with "×", then the outcome. Clicking the show
skips it; the next AI move waits for it (via the table's AI delay, not game state).

Playing: click hand cards (following, one click picks the weakest legal play that uses
the card; on the lead cards toggle one by one) or a highlighted combination chip (a
second click on the chosen chip plays it), then Play; Pass is a button. Each chip shows
the chance the killer hurts you if that play ends up taking the round.

Keys: `,` / `.` (also `[` `]`, `A` `D`) browse the legal plays, `1`–`9` pick a
combination chip, Enter or Space plays the selection, `P` passes, Backspace clears.
(Arrow keys and Tab move the focus between the table's buttons.)
"""

from tabletop.ui.games.bloody_summer.board import Board

__all__ = ["Board"]
