"""BLOODY SUMMER in words: plays by their cards and form ("a pair: 6-6", "a straight: 3-4-5"), passes."""

from __future__ import annotations

from typing import Any

from tabletop.engine.core import Action
from tabletop.games.bloody_summer.actions import Pass, Play, parse_action
from tabletop.games.bloody_summer.rules import FORM_NAMES, combo_text
from tabletop.games.bloody_summer.view import BloodySummerView
from tabletop.i18n import plural, t
from tabletop.ui.words import Words


def form_label(form: str) -> str:
    """A form as a label: "Single", "Pair", "Straight"."""
    return t(f"bloody_summer.action.{FORM_NAMES[form]}")


def form_noun(form: str) -> str:
    """The form inside a sentence ("a higher straight"), where the label's capital would be wrong."""
    return t(f"bloody_summer.noun.{FORM_NAMES[form]}")


def status_line(view: BloodySummerView, names: list[str]) -> str:
    """The phase in words: who won and how, or whose turn it is in which round (to lead, or to follow the form).
    The table's top bar and a phone's status say the same."""
    if view.winner is not None:
        return t(f"bloody_summer.win.{view.win_reason}", seat=names[view.winner])
    name = names[view.turn] if view.turn is not None else ""
    if not view.plays:
        return t("bloody_summer.status.lead", round=view.round, name=name)
    return t("bloody_summer.status.follow", round=view.round, form=form_label(view.form or "S"), name=name)


def seat_facts(view: BloodySummerView, seat: int, cards: int) -> list[str]:
    """What everyone knows of a seat, in words: dead, or its `cards` in hand, wounded, passed, holding the marker.
    The table's seat row and a phone's table lines say the same."""
    if not view.alive[seat]:
        return [t("bloody_summer.status.dead")]
    facts = [plural("app.count.card", cards)]
    if view.wounded[seat]:
        facts.append(t("bloody_summer.status.wounded"))
    if view.passed[seat]:
        facts.append(t("bloody_summer.seat.passed"))
    if view.marker == seat and view.winner is None:
        facts.append("★")
    return facts


class BloodySummerWords(Words):
    game_id = "bloody_summer"
    # The check draws from the shuffled pile; a killed player's hand is shown.
    moments = frozenset({"check", "safe", "wounded", "killed"})
    counted = {("play", "left"): "app.count.card"}

    def play(self, form: str, value: int) -> str:
        """A combination as a noun: 'a single 7', 'a pair: 6-6', 'a straight: 3-4-5'."""
        return t(f"bloody_summer.say.combo.{form}", cards=combo_text(form, value))

    def action(self, action: Action, names: list[str]) -> str:
        if isinstance(action, Play):
            return t("bloody_summer.say.play", combo=self.play(action.form, action.value))
        if isinstance(action, Pass):
            return t("bloody_summer.action.pass")
        return super().action(action, names)

    def value(self, key: str, value: Any, names: list[str]) -> Any:
        if key == "play" and isinstance(value, str):
            try:
                return self.action(parse_action(value), names)
            except ValueError:
                pass  # not a play of this game: nothing better to say than the generic refusal
        return super().value(key, value, names)


WORDS = BloodySummerWords()
