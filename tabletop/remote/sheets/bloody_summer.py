"""BLOODY SUMMER on a phone: the hand with its danger numbers marked as on the table, the round's top play and
its risk, every camper's site and state. Plays are grouped by form (single, pair, straight)."""

from __future__ import annotations

from typing import Any

from tabletop.engine.core import Action, View
from tabletop.games.bloody_summer.actions import Pass, Play
from tabletop.games.bloody_summer.rules import SITES, combo_text
from tabletop.games.bloody_summer.view import BloodySummerView
from tabletop.i18n import t
from tabletop.remote.sheets import Sheet
from tabletop.ui.words import join
from tabletop.ui.words.bloody_summer import form_label, seat_facts, status_line

VALUES = range(1, 14)


class BloodySummerSheet(Sheet):
    game_id = "bloody_summer"
    # A card is (value, hurts): its band is red where the number endangers the seat (the table's art), and
    # names its site in the picture's language.
    cards = tuple((v, hurts) for v in VALUES for hurts in (False, True))

    def image(self, card: tuple[int, bool], lang: str) -> str:
        value, hurts = card
        return f"bloody_summer_{value}_{'hurt' if hurts else 'safe'}_{lang}"

    def hand(self, view: View) -> list[dict[str, Any]]:
        assert isinstance(view, BloodySummerView)
        if view.seat is None:
            return []
        danger = set(view.danger(view.seat))
        return [self.card_entry((v, v in danger), view.hand.count(v), str(v)) for v in VALUES if v in view.hand]

    def status(self, view: View, names: list[str]) -> str:
        assert isinstance(view, BloodySummerView)
        return status_line(view, names)

    def table(self, view: View, names: list[str]) -> list[str]:
        assert isinstance(view, BloodySummerView)
        lines = []
        if view.seat is not None and view.alive[view.seat] and view.winner is None:  # what this seat must watch
            lines.append(t("app.phone.bloody_summer.danger", values=join(sorted(view.danger(view.seat)))))
        if view.reversed:
            lines.append(t("app.phone.listed", what=t("bloody_summer.order.reversed"),
                           items=t("bloody_summer.order.reversed_note")))
        if view.top is not None:
            seat, form, value = view.top
            lines.append(t("bloody_summer.pile.top", name=names[seat], cards=combo_text(form, value)))
            lines.append(t("bloody_summer.pile.stands", name=names[seat], chance=view.hit_chance(seat)))
        for seat, name in enumerate(names):
            site = t(f"bloody_summer.site.{SITES[view.areas[seat]]}")
            parts = [site, *seat_facts(view, seat, view.hand_sizes[seat])]
            lines.append(t("app.phone.seat_line", name=name, info=" · ".join(parts)))
        return lines

    def group(self, view: View, action: Action) -> str:
        if isinstance(action, Play):
            return form_label(action.form)
        if isinstance(action, Pass):
            return t("bloody_summer.action.pass")
        return ""


SHEET = BloodySummerSheet()
