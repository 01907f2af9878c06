"""BLUFFIT on a phone: the hand of strength cards, the scoring cards on the table, who holds what, the seat's
own bid and the strength cards it saw in its challenges."""

from __future__ import annotations

from typing import Any

from tabletop.engine.core import Action, View
from tabletop.games.bluffit.actions import Bid, Challenge, Claim
from tabletop.games.bluffit.cards import CARD_TEXTS, card_text, kind, value
from tabletop.games.bluffit.state import FINAL_ROUND
from tabletop.games.bluffit.view import BluffitView
from tabletop.i18n import plural, t
from tabletop.remote.sheets import Sheet
from tabletop.ui.words import join


def image(card: int, lang: str) -> str:
    """Specials print their translated name on the band, so their picture is per language."""
    name = f"bluffit_{card_text(card).lower()}"
    return f"{name}_{lang}" if kind(card) else name


class BluffitSheet(Sheet):
    game_id = "bluffit"
    cards = tuple(sorted(CARD_TEXTS))

    def image(self, card: int, lang: str) -> str:
        return image(card, lang)

    def hand(self, view: View) -> list[dict[str, Any]]:
        assert isinstance(view, BluffitView)
        return [self.card_entry(c) for c in sorted(view.hand, key=lambda c: (value(c), c))]

    def status(self, view: View, names: list[str]) -> str:
        assert isinstance(view, BluffitView)
        phase = t(f"bluffit.phase.{view.phase}")
        if view.round == FINAL_ROUND:
            return t("bluffit.final_status", phase=phase)
        return t("bluffit.round_status", round=view.round, phase=phase)

    def table(self, view: View, names: list[str]) -> list[str]:
        assert isinstance(view, BluffitView)
        words = self.words
        lines = [t("app.phone.listed", what=t("bluffit.scoring_cards"), items=words.cards(sorted(view.table)))]
        for seat, name in enumerate(names):
            pile = view.piles[seat]
            line = t("app.phone.bluffit.seat", name=name, pile=t(
                "bluffit.pile", count=plural("app.count.card", len(pile)),
                points=plural("app.count.point", sum(value(c) for c in pile))))
            if view.held[seat]:
                line += " · " + t("app.phone.bluffit.holds", cards=words.cards(view.held[seat]))
            elif view.phase != "over" and seat not in view.participants:
                line += " · " + t("bluffit.sits_out")
            lines.append(line)
        return lines

    def private(self, view: View, names: list[str]) -> list[str]:
        assert isinstance(view, BluffitView)
        words = self.words
        lines = []
        if view.my_strength is not None:
            lines.append(t("app.phone.bluffit.my_bid", card=words.card(view.my_strength)))
        seen = [(q, c) for q, c in view.known if q != view.seat]
        for q, c in seen:
            lines.append(t("app.phone.bluffit.seen", name=names[q], card=words.card(c)))
        for rnd, q, c in view.private_history:
            if q != view.seat:
                lines.append(t("app.phone.bluffit.seen_before", round=rnd, name=names[q], card=words.card(c)))
        return lines

    def group(self, view: View, action: Action) -> str:
        if isinstance(action, Bid):
            return t("app.phone.bluffit.group_bid")
        if isinstance(action, Claim):
            return t("app.phone.bluffit.group_claim")
        if isinstance(action, Challenge):
            return t("app.phone.bluffit.group_challenge")
        return ""

    def over(self, view: View, result: Any, names: list[str]) -> list[str]:
        assert isinstance(view, BluffitView)
        piles = [t("app.phone.listed", what=names[s], items=join([self.words.card(c) for c in sorted(pile, key=value)]))
                 for s, pile in enumerate(view.piles) if pile]
        return super().over(view, result, names) + piles


SHEET = BluffitSheet()
