"""The KAKAPO in words: cards and pieces by colour and value ("green 7"), board cells by column and row,
orientations by turn and flip, skills by name."""

from __future__ import annotations

from typing import Any

from tabletop import i18n
from tabletop.engine.core import Action
from tabletop.games.kakapo import grid, pieces
from tabletop.games.kakapo.actions import Place, Reveal, Skill
from tabletop.i18n import plural, t
from tabletop.ui.words import Words, join

_CODE_KEYS = ("card", "piece", "other")  # data keys that hold one card or piece code


class KakapoWords(Words):
    game_id = "kakapo"
    # A hand card revealed.
    moments = frozenset({"reveal"})
    counted = {("skill", "counters"): "kakapo.count.counter", ("won", "required"): "kakapo.count.bird",
               ("failed_rounds", "required"): "kakapo.count.bird"}

    def card(self, card: Any) -> str:
        """A card or its scanner piece: 'green 7' / 緑の7."""
        if isinstance(card, str):
            card = pieces.parse_card(card)  # events carry card notation
        colour = pieces.COLOURS[card >> 3]
        return t("kakapo.say.card", colour=t(f"kakapo.colour.{colour}"), value=pieces.value_of(card))

    def colour(self, letter: str) -> str:
        return t(f"kakapo.colour.{letter}")

    def cell(self, row: int, col: int) -> str:
        """A board cell by the labels on the board's edges: 'column F, row 7' / F列7行."""
        return t("kakapo.say.cell", col=grid.COLUMN_LETTERS[col], row=row + 1)

    def placed_at(self, piece: int, orient: int, top: int, left: int) -> str:
        """Where a placement lies, by a cell the piece covers (pieces.named_cell)."""
        return self.cell(*pieces.named_cell(piece, orient, top, left))

    def orientation(self, piece: int, orient: int) -> str:
        o = pieces.ORIENTATIONS[piece][orient]
        turn = t("kakapo.say.turned", degrees=o.rot) if o.rot else t("kakapo.say.upright")
        return t("kakapo.say.flipped", turn=turn) if o.flip else turn

    def action(self, action: Action, names: list[str]) -> str:
        if isinstance(action, Reveal):
            return t("kakapo.reveal_card", card=self.card(action.card))
        if isinstance(action, Skill):
            skill = t(f"kakapo.action.skill_{action.kind}")
            if action.kind == "wild":
                return t("kakapo.say.wild", skill=skill, colour=self.colour(pieces.COLOURS[action.colour]))
            return skill
        if isinstance(action, Place):
            return t("kakapo.say.place", piece=self.card(action.piece),
                     cell=self.placed_at(action.piece, action.orient, action.top, action.left),
                     orientation=self.orientation(action.piece, action.orient))
        return super().action(action, names)

    def value(self, key: str, value: Any, names: list[str]) -> Any:
        if key in _CODE_KEYS and isinstance(value, str) and len(value) == 2 and value[0] in pieces.COLOURS:
            return self.card(value)
        if key in ("lead", "top", "colour") and isinstance(value, str) and i18n.has(f"kakapo.colour.{value}"):
            return self.colour(value)
        if key in ("at", "cell") and isinstance(value, str):
            return self.cell(*grid.parse_cell_name(value))
        if key == "cells" and isinstance(value, str):
            return join([self.cell(*grid.parse_cell_name(c)) for c in value.split()])
        if key == "bird" and isinstance(value, str) and i18n.has(f"kakapo.bird.{value}"):
            return t(f"kakapo.bird.{value}")
        return super().value(key, value, names)

    def place_params(self, data: dict[str, Any]) -> dict[str, Any]:
        """A place event's orientation label ('r90f') in words, and its cell one the piece covers."""
        piece = pieces.parse_card(data["piece"])
        orient = pieces.orientation_of_label(piece, data.get("orientation", ""))
        if orient is None:
            return {}
        params = {"orientation": self.orientation(piece, orient)}
        if isinstance(data.get("at"), str):
            params["at"] = self.placed_at(piece, orient, *grid.parse_cell_name(data["at"]))
        return params

    def params(self, kind: str, data: dict[str, Any], names: list[str]) -> dict[str, Any]:
        params = super().params(kind, data, names)
        if kind == "place" and "piece" in data:
            params.update(self.place_params(data))
        if isinstance(data.get("pieces"), str):  # 'G6 G3': "the piece green 6" / "the pieces green 6, green 3"
            codes = data["pieces"].split()
            params["pieces"] = plural("kakapo.count.piece", len(codes), pieces=self.cards(codes))
        return params


WORDS = KakapoWords()
