"""Haunted House in words: hunters by colour ("the red hunter"), spaces as rooms, corridor squares or
outside, moves by where they end."""

from __future__ import annotations

from typing import Any

from tabletop.engine.core import Action
from tabletop.games.haunted_house.actions import GiveUp, Move, Roll, Take
from tabletop.i18n import plural, t
from tabletop.ui.words import Words

_SPACE_KEYS = ("to", "space", "from_space", "to_space")


class HauntedHouseWords(Words):
    game_id = "haunted_house"
    # A face-down jewel turned over.
    moments = frozenset({"jewel_revealed"})
    counted = {
        ("moved", "steps"): "haunted_house.count.step",
        ("ghosts_removed", "count"): "haunted_house.count.ghost",
        ("illegal.too_far", "steps"): "haunted_house.count.step",
        ("fight_rolled", "ghost_marks"): "haunted_house.count.ghost_mark",
        ("fight_rolled", "spirit_marks"): "haunted_house.count.spirit_mark",
    }

    def hunter(self, number: int) -> str:
        """Hunter 1–4 by its colour: 'Red hunter' / 赤のハンター."""
        return t("haunted_house.ui.hunter_name", hunter=t(f"haunted_house.hunter.{number}"))

    def space(self, name: str) -> str:
        """A board space: a room letter, a corridor square (P7) or OUT."""
        if name == "OUT":
            return t("haunted_house.say.outside")
        if name.startswith("P") and name[1:].isdigit():
            return t("haunted_house.say.corridor", number=name[1:])
        return t("haunted_house.say.room", room=name)

    def action(self, action: Action, names: list[str]) -> str:
        if isinstance(action, Roll):
            return t("haunted_house.action.roll")
        if isinstance(action, Move):
            if not action.path:
                return t("haunted_house.action.stay")
            return t("haunted_house.say.move", to=self.space(action.path[-1]),
                     steps=plural("haunted_house.count.step", len(action.path)))
        if isinstance(action, Take):
            return t("haunted_house.action.take" if action.take else "haunted_house.action.leave")
        if isinstance(action, GiveUp):
            return t("haunted_house.action.give_up")
        return super().action(action, names)

    def value(self, key: str, value: Any, names: list[str]) -> Any:
        if key == "hunter" and isinstance(value, int):
            return self.hunter(value)
        if key in _SPACE_KEYS and isinstance(value, str):
            return self.space(value)
        return super().value(key, value, names)


WORDS = HauntedHouseWords()
