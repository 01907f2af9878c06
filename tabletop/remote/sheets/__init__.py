"""What a phone seat's screen says about one game, from that seat's View only: the hand as card pictures, the
table's public facts, what only this seat knows, how the legal moves are grouped, and the final standings.

One `Sheet` per game that can be played from a phone (`tabletop/remote/sheets/<game_id>.py`, `SHEET`). Every
method reads only the View, the public seat names and the seat's own legal actions; text comes from the game's
`Words` and the catalogs, in the language set by `i18n.speaking` around the call (see `remote.messages`).
Card pictures are named `<game_id>_<card>` (plus `_en`/`_ja` where the art prints translated words): a name is a
function of the card as the art draws it and the language only (BLOODY SUMMER's band also says whether the number
endangers the seat's site, which is public), so it says nothing about whose hand the card is in.
"""

from __future__ import annotations

import importlib
from functools import cache
from typing import Any

from tabletop import i18n
from tabletop.engine.core import Action, Result, View
from tabletop.i18n import plural, t
from tabletop.ui.words import Words, words_for

PHONE_GAMES = frozenset({"bluffit", "ghost_bumpers", "bloody_summer", "sumidagawa", "kakapo"})


class Sheet:
    """Shared defaults; each game overrides what its table needs."""

    game_id = ""
    cards: tuple[Any, ...] = ()  # every card a hand may show, for the pictures' names

    def image(self, card: Any, lang: str) -> str:
        """The picture's name: `[a-z0-9_]{1,64}`, a function of the card and the language only."""
        raise NotImplementedError

    def pictures(self) -> dict[str, tuple[Any, str]]:
        """Every picture name of this game -> (card, language) it shows."""
        return {self.image(card, lang): (card, lang) for card in self.cards for lang in i18n.LANGUAGES}

    @property
    def words(self) -> Words:
        return words_for(self.game_id)

    # ----- the seat's cards --------------------------------------------------------------
    def hand(self, view: View) -> list[dict[str, Any]]:
        """The seat's hand, in the order the table shows it: [{"img": name, "text": words, "n": copies}]."""
        return []

    def card_entry(self, card: Any, copies: int = 1, text: str | None = None) -> dict[str, Any]:
        """One hand entry: the card's picture name, its words, and how many copies the seat holds."""
        return {"img": self.image(card, i18n.language()), "n": copies,
                "text": self.words.card(card) if text is None else text}

    # ----- words about the table ----------------------------------------------------------
    def status(self, view: View, names: list[str]) -> str:
        """The game's state in one line (round, phase), as the table's header says it."""
        return ""

    def table(self, view: View, names: list[str]) -> list[str]:
        """Public facts, one line each (what everyone at the table can see)."""
        return []

    def private(self, view: View, names: list[str]) -> list[str]:
        """What only this seat knows (its bid, its hidden card, cards it saw in secret)."""
        return []

    # ----- moves -----------------------------------------------------------------------------
    def playable(self, view: View, legal: list[Action]) -> tuple[list[Action], str | None]:
        """The moves the phone offers, and a notice for moves made elsewhere (KAKAPO places on the table)."""
        return legal, None

    def group(self, view: View, action: Action) -> str:
        """The section a move is listed under ("" = no section): long lists are found by their group."""
        return ""

    def label(self, view: View, action: Action, names: list[str]) -> str:
        return self.words.action(action, names)

    def confirm(self, action: Action) -> bool:
        """True when the move cannot be taken back: every play in these games is final once made."""
        return True

    # ----- the end -------------------------------------------------------------------------
    def over(self, view: View, result: Result, names: list[str]) -> list[str]:
        """Standings in words: one line per seat, best first (co-op games override)."""
        order = sorted(range(len(names)), key=lambda s: (result.ranks[s], s))
        return [t("app.phone.rank_line", rank=result.ranks[s], name=names[s], points=self.points(result, s))
                for s in order]

    def points(self, result: Result, seat: int) -> str:
        return plural("app.count.point", result.scores[seat])


@cache
def sheet_for(game_id: str) -> Sheet:
    """The game's Sheet; ValueError for a game that is not played from phones (the Haunted House)."""
    if game_id not in PHONE_GAMES:
        raise ValueError(f"{game_id!r} has no phone seats")
    return importlib.import_module(f"{__name__}.{game_id}").SHEET
