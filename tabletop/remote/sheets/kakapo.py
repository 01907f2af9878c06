"""The KAKAPO on a phone: the seat's hand, reveals and skill choices. Placing a piece needs the board, so it stays
on the table screen: the phone lists no placement and says where to place instead."""

from __future__ import annotations

from typing import Any

from tabletop.engine.core import Action, Result, View
from tabletop.games.kakapo import pieces
from tabletop.games.kakapo.actions import Place, Reveal, Skill
from tabletop.games.kakapo.view import KakapoView
from tabletop.i18n import plural, t
from tabletop.remote.sheets import Sheet
from tabletop.ui.words import join, words_for
from tabletop.ui.words.kakapo import KakapoWords


class KakapoSheet(Sheet):
    game_id = "kakapo"
    cards = tuple(range(pieces.NUM_CARDS))

    @property
    def words(self) -> KakapoWords:
        words = words_for(self.game_id)
        assert isinstance(words, KakapoWords)
        return words

    def image(self, card: int, lang: str) -> str:
        return f"kakapo_{pieces.card_id(card).lower()}"

    def hand(self, view: View) -> list[dict[str, Any]]:
        assert isinstance(view, KakapoView)
        return [self.card_entry(c) for c in sorted(view.hand)]

    def status(self, view: View, names: list[str]) -> str:
        assert isinstance(view, KakapoView)
        if view.phase == "over":
            return t(f"kakapo.outcome.{view.outcome}")
        return t("kakapo.status", round=view.round, limit=view.round_limit, phase=t(f"kakapo.phase.{view.phase}"))

    def _goal(self, view: KakapoView) -> str:
        return t("kakapo.scan_goal", done=sum(view.scanned), required=view.required, birds=len(view.scanned))

    def table(self, view: View, names: list[str]) -> list[str]:
        assert isinstance(view, KakapoView)
        words = self.words
        lines = [self._goal(view)]
        if view.lead >= 0:
            lines.append(t("kakapo.lead_colour", colour=words.colour(pieces.COLOURS[view.lead])))
        if view.revealed:
            lines.append(t("app.phone.listed", what=t("kakapo.reveals"), items=join(
                [t("app.phone.seat_line", name=names[s], info=words.card(c)) for s, c in view.revealed])))
        if view.pile:
            lines.append(t("app.phone.listed", what=t("kakapo.pile"), items=words.card(view.pile[-1])))
        if view.phase == "place" and view.selection:
            lines.append(t("app.phone.listed", what=t("kakapo.to_place"), items=words.cards(view.selection)))
        for seat, name in enumerate(names):
            parts = [plural("app.count.card", view.hand_sizes[seat])]
            if view.phase in ("skill", "place") and view.placer == seat:
                parts.append(t("kakapo.placer"))
            elif view.phase == "reveal" and view.start == seat:
                parts.append(t("kakapo.start_player"))
            lacking = [words.colour(c) for k, c in enumerate(pieces.COLOURS) if view.voids[seat] >> k & 1]
            if lacking:
                parts.append(t("kakapo.void", glyphs=join(lacking)))
            lines.append(t("app.phone.seat_line", name=name, info=" · ".join(parts)))
        return lines

    def playable(self, view: View, legal: list[Action]) -> tuple[list[Action], str | None]:
        offered = [a for a in legal if not isinstance(a, Place)]
        return offered, (t("app.phone.place_on_table") if len(offered) < len(legal) else None)

    def group(self, view: View, action: Action) -> str:
        if isinstance(action, Reveal):
            return self.words.colour(pieces.COLOURS[action.card >> 3])
        if isinstance(action, Skill):
            return t("kakapo.skills")
        return ""

    def over(self, view: View, result: Result, names: list[str]) -> list[str]:
        assert isinstance(view, KakapoView)
        return [t(f"kakapo.outcome.{view.outcome}"), self._goal(view)]


SHEET = KakapoSheet()
