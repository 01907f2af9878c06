"""Ghost Bumpers on a phone: the monster hand by value with counts, the trick so far, scores and decks, the
seat's own hidden scared card and forced discard. Plays are grouped by the card's value (value, then count)."""

from __future__ import annotations

from typing import Any

from tabletop.engine.core import Action, View
from tabletop.games.ghost_bumpers.actions import Discard, Play, PlayZ, SetFear
from tabletop.games.ghost_bumpers.cards import FIVE, KINDS, Z, card_text, strength_text
from tabletop.games.ghost_bumpers.view import GhostBumpersView
from tabletop.i18n import plural, t
from tabletop.remote.sheets import Sheet

_ORDER = (*range(1, KINDS), Z)  # as the table's hand shows them: 1..9, then the 0/10 card


class GhostBumpersSheet(Sheet):
    game_id = "ghost_bumpers"
    cards = tuple(range(KINDS))

    def image(self, card: int, lang: str) -> str:
        """The 0/10 card and the 5 print translated words on their band."""
        name = f"ghost_bumpers_{card_text(card).lower()}"
        return f"{name}_{lang}" if card in (Z, FIVE) else name

    def hand(self, view: View) -> list[dict[str, Any]]:
        assert isinstance(view, GhostBumpersView)
        if not view.hand:
            return []
        return [self.card_entry(c, view.hand[c]) for c in _ORDER if view.hand[c]]

    def status(self, view: View, names: list[str]) -> str:
        assert isinstance(view, GhostBumpersView)
        if view.phase == "over":
            return t("ghost_bumpers.status.over")
        if view.mode == "target":
            rnd = t("ghost_bumpers.round_target", round=view.round_no, target=view.target)
        else:
            rnd = t("ghost_bumpers.round_of", round=view.round_no, rounds=view.rounds)
        if view.phase == "fear":
            return t("ghost_bumpers.status.fear", round=rnd)
        if view.phase == "discard":
            return t("ghost_bumpers.status.discard", round=rnd)
        return t("ghost_bumpers.status.play", round=rnd, trick=len(view.history) + 1, name=names[view.turn])

    def played(self, card: int, count: int, declared: int) -> str:
        if card == Z:
            return t("app.phone.ghost_bumpers.z_as", value=declared)
        return plural("app.phone.ghost_bumpers.cards", count, card=self.words.card(card))

    def table(self, view: View, names: list[str]) -> list[str]:
        assert isinstance(view, GhostBumpersView)
        lines = []
        if not view.trick and view.history and view.phase == "play":  # the trick just taken, until the next lead
            plays, winner = view.history[-1]
            power = next((p for seat, _, _, p in plays if seat == winner), None)
            if power is not None:
                lines.append(t("ghost_bumpers.mid.last", name=names[winner], power=strength_text(power)))
        for seat, card, count, power in view.trick:
            lines.append(t("app.phone.ghost_bumpers.play_line", name=names[seat],
                           play=self.played(card, count, power // 10), power=strength_text(power)))
        for seat, name in enumerate(names):
            info = t("ghost_bumpers.seat_info", score=plural("app.count.point", view.scores[seat]),
                     hand=plural("app.count.card", view.hand_sizes[seat]), deck=view.char_sizes[seat])
            if view.phase == "fear" and view.fear_done[seat]:
                info += " · " + t("ghost_bumpers.mat.ready")
            if view.phase == "discard" and view.discard_state[seat]:
                info += " · " + t("ghost_bumpers.mat.discard_chosen" if view.discard_state[seat] == 2
                                  else "ghost_bumpers.mat.discard_choosing")
            lines.append(t("app.phone.seat_line", name=name, info=info))
        return lines

    def private(self, view: View, names: list[str]) -> list[str]:
        assert isinstance(view, GhostBumpersView)
        lines = []
        if view.own_scared >= 0:
            lines.append(t("app.phone.ghost_bumpers.my_scared",
                           position=t("ghost_bumpers.fear.position", n=view.own_scared + 1)))
        if view.own_discard >= 0:
            lines.append(t("app.phone.ghost_bumpers.my_discard", card=self.words.card(view.own_discard)))
        return lines

    def group(self, view: View, action: Action) -> str:
        if isinstance(action, Play):
            return t("app.phone.ghost_bumpers.group_value", card=self.words.card(action.value))
        if isinstance(action, PlayZ):
            return t("app.phone.ghost_bumpers.group_value", card=self.words.card(Z))
        if isinstance(action, SetFear):
            return t("app.phone.ghost_bumpers.group_fear")
        if isinstance(action, Discard):
            return t("app.phone.ghost_bumpers.group_discard")
        return ""


SHEET = GhostBumpersSheet()
