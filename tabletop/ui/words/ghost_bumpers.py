"""Ghost Bumpers in words: monster cards by value ("7", "the 0/10 card"), plays ("3 × 8"), the scared card."""

from __future__ import annotations

from typing import Any

from tabletop.engine.core import Action
from tabletop.games.ghost_bumpers.actions import Discard, Play, PlayZ, SetFear
from tabletop.games.ghost_bumpers.cards import Z, parse_card
from tabletop.i18n import plural, t
from tabletop.ui.words import Words


class GhostBumpersWords(Words):
    game_id = "ghost_bumpers"
    # Character cards turned over, and hand cards a forced discard shows.
    moments = frozenset({"reveal", "scared", "paranoia", "discarded"})
    counted = {
        ("draw", "count"): "app.count.card",
        ("reshuffle", "count"): "app.count.card",
        ("trick_won", "reveals"): "app.count.card",
        ("fear_chosen", "position"): "ghost_bumpers.count.unafraid",
        ("illegal.not_enough", "have"): "app.count.card",
    }

    def card(self, card: Any) -> str:
        if isinstance(card, str):
            card = parse_card(card)  # events carry card notation
        return t("ghost_bumpers.say.z") if card == Z else str(card)

    def action(self, action: Action, names: list[str]) -> str:
        if isinstance(action, Play):
            return plural("ghost_bumpers.say.play", action.count, value=action.value)
        if isinstance(action, PlayZ):
            return t(f"ghost_bumpers.action.z{action.declared}")
        if isinstance(action, SetFear):
            return t("ghost_bumpers.say.fear", unafraid=plural("ghost_bumpers.count.unafraid", action.position))
        if isinstance(action, Discard):
            return t("ghost_bumpers.say.discard", card=self.card(action.card))
        return super().action(action, names)

    def secret_action(self, action: Action, names: list[str]) -> str:
        if isinstance(action, SetFear):
            return t("ghost_bumpers.say.fear_secret")
        if isinstance(action, Discard):
            return t("ghost_bumpers.say.discard_secret")
        return super().secret_action(action, names)

    def value(self, key: str, value: Any, names: list[str]) -> Any:
        if key == "cards" and isinstance(value, str):  # dealt and drawn cards: '122366778'
            return self.cards([parse_card(ch) for ch in value])
        if key == "card" and isinstance(value, str | int):
            return self.card(value)
        return super().value(key, value, names)


WORDS = GhostBumpersWords()
