"""BLUFFIT in words: cards by number ("7", "Toxic 10"), bids, claims and challenges."""

from __future__ import annotations

from typing import Any

from tabletop.engine.core import Action, Event
from tabletop.games.bluffit.actions import Bid, Challenge, Claim
from tabletop.games.bluffit.cards import card_text, kind, parse_card, value
from tabletop.games.bluffit.state import FINAL_ROUND
from tabletop.i18n import t
from tabletop.ui.words import Words, join


class BluffitWords(Words):
    game_id = "bluffit"
    # A challenge and what it showed; the two-player game shows both strength cards at a round's end.
    moments = frozenset({"challenge", "compare", "challenge_won", "challenge_lost", "both_lose", "reveal"})

    def card(self, card: Any) -> str:
        if isinstance(card, str):
            card = parse_card(card)  # events carry card notation
        if kind(card) == 0:
            return str(value(card))
        return t(f"bluffit.say.special.{card_text(card)}")

    def action(self, action: Action, names: list[str]) -> str:
        if isinstance(action, Bid):
            return t("bluffit.action.bid", card=self.card(action.card))
        if isinstance(action, Claim):
            return t("bluffit.action.claim", cards=self.cards(action.cards))
        if isinstance(action, Challenge):
            return t("bluffit.action.challenge", name=names[action.target])
        return super().action(action, names)

    def event(self, event: Event, names: list[str]) -> str:
        """The final round is named as the header names it ("Final round"), not by its number (11)."""
        if event.kind in ("bluff_start", "round_scored") and event.data.get("round") == FINAL_ROUND:
            return t(f"bluffit.log.final_{event.kind}", **self.params(event.kind, event.data, names))
        return super().event(event, names)

    def secret_action(self, action: Action, names: list[str]) -> str:
        return t("bluffit.say.bid_secret") if isinstance(action, Bid) else super().secret_action(action, names)

    def value(self, key: str, value: Any, names: list[str]) -> Any:
        if key in ("card", "target_card") and isinstance(value, str):
            return self.card(value)
        if key in ("cards", "removed") and isinstance(value, list):
            return self.cards(value)
        if key == "scores" and isinstance(value, list):
            return join([t("bluffit.say.score", name=names[s], points=p) for s, p in enumerate(value)])
        return super().value(key, value, names)


WORDS = BluffitWords()
