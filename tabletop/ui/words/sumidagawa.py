"""Sumidagawa in words: Bon cards by colour and value ("black 7" / 黒の7), Rin by colour, plays and passes."""

from __future__ import annotations

from typing import Any

from tabletop.engine.core import Action
from tabletop.games.sumidagawa.actions import Discard, Pass, Play, Revive, TurnDown
from tabletop.games.sumidagawa.cards import BLACK, RIN_LETTER, colour_of, parse_card, value_of
from tabletop.i18n import t
from tabletop.ui.words import Words, join

_COLOUR = {BLACK: "black"}


def _colour(colour: int) -> str:
    return _COLOUR.get(colour, "red")


class SumidagawaWords(Words):
    game_id = "sumidagawa"
    # The flower of flame shows a hand card.
    moments = frozenset({"discard"})
    counted = {("points", "points"): "app.count.point"}

    def card(self, card: Any) -> str:
        if isinstance(card, str):
            if card in RIN_LETTER:
                return self.rin(RIN_LETTER.index(card))
            card = parse_card(card)  # events carry card notation
        return t("sumidagawa.card_name", colour=t(f"sumidagawa.colour_word.{_colour(colour_of(card))}"),
                 value=value_of(card))

    def rin(self, colour: int) -> str:
        return t(f"sumidagawa.say.rin.{_colour(colour)}")

    def play(self, bon: tuple[int, ...] | list[Any], rin_black: int = 0, rin_red: int = 0) -> str:
        """The cards of a play: 'black 5, black 6, black Rin'."""
        return join([self.card(c) for c in bon] + [self.rin(0)] * rin_black + [self.rin(1)] * rin_red)

    def action(self, action: Action, names: list[str]) -> str:
        if isinstance(action, Play):
            return t("sumidagawa.say.play", cards=self.play(action.bon, action.rin_black, action.rin_red))
        if isinstance(action, Pass):
            return t("sumidagawa.action.pass")
        if isinstance(action, Discard):
            return t("sumidagawa.btn_discard", card=self.card(action.card))
        if isinstance(action, TurnDown):
            return t("sumidagawa.btn_down", colour=t(f"sumidagawa.colour_word.{_colour(action.colour)}"))
        if isinstance(action, Revive):
            return t("sumidagawa.btn_revive", colour=t(f"sumidagawa.colour_word.{_colour(action.colour)}"))
        return super().action(action, names)

    def value(self, key: str, value: Any, names: list[str]) -> Any:
        if key == "cards" and isinstance(value, str):  # a play's cards: 'B5 B7 b'
            return self.cards(value.split())
        if key == "cards" and isinstance(value, list):  # a deal
            return self.cards(value)
        if key == "card" and isinstance(value, str):
            return self.card(value)
        return super().value(key, value, names)


WORDS = SumidagawaWords()
