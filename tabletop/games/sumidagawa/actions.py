"""Actions and their text notation.

- `Play`: Bon codes (sorted) plus black/red Rin counts. Text: `R6+R6+r`, `B3`, `b+b+r`.
  The combination and declared number are derived by the rules, not chosen.
- `Pass`: `pass` (the optional pass; forced and locked passes are automatic).
- `Discard`: the 炎の華 discard when black and red tie for the lowest value: `discard R2`.
- `TurnDown`: the 炎の華 Rin turned face down when the hand is empty: `down b` / `down r`.
- `Revive`: the Rin revived at the end of a Jun when both colours are down: `revive b` / `revive r`.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.engine.core import Action, ActionParseError
from tabletop.games.sumidagawa.cards import RIN_LETTER, card_text, parse_card


@dataclass(frozen=True, slots=True)
class Play(Action):
    bon: tuple[int, ...]
    rin_black: int = 0
    rin_red: int = 0

    def __str__(self) -> str:
        parts = [card_text(c) for c in self.bon] + ["b"] * self.rin_black + ["r"] * self.rin_red
        return "+".join(parts)

    @property
    def size(self) -> int:
        return len(self.bon) + self.rin_black + self.rin_red

    @property
    def rin(self) -> int:
        return self.rin_black + self.rin_red


@dataclass(frozen=True, slots=True)
class Pass(Action):
    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    card: int

    def __str__(self) -> str:
        return f"discard {card_text(self.card)}"


@dataclass(frozen=True, slots=True)
class TurnDown(Action):
    colour: int

    def __str__(self) -> str:
        return f"down {RIN_LETTER[self.colour]}"


@dataclass(frozen=True, slots=True)
class Revive(Action):
    colour: int

    def __str__(self) -> str:
        return f"revive {RIN_LETTER[self.colour]}"


PASS = Pass()


def make_play(bon: list[int] | tuple[int, ...], rin_black: int = 0, rin_red: int = 0) -> Play:
    """A Play in canonical form (Bon sorted)."""
    return Play(tuple(sorted(bon)), rin_black, rin_red)


def parse_action(text: str) -> Action:
    """Inverse of `str(action)`."""
    if not isinstance(text, str):
        raise ActionParseError(f"not text: {text!r}")
    text = text.strip()
    if text == "pass":
        return PASS
    word, _, rest = text.partition(" ")
    try:
        if word == "discard" and rest:
            return Discard(parse_card(rest))
        if word in ("down", "revive") and rest in RIN_LETTER:
            colour = RIN_LETTER.index(rest)
            return TurnDown(colour) if word == "down" else Revive(colour)
    except ValueError as exc:
        raise ActionParseError(str(exc)) from None
    if not text or " " in text:
        raise ActionParseError(f"not a Sumidagawa action: {text!r}")
    bon: list[int] = []
    rin = [0, 0]
    for token in text.split("+"):
        if token in RIN_LETTER:
            rin[RIN_LETTER.index(token)] += 1
            continue
        try:
            bon.append(parse_card(token))
        except ValueError:
            raise ActionParseError(f"not a card or Rin: {token!r} in {text!r}") from None
    if len(bon) + rin[0] + rin[1] > 4:
        raise ActionParseError(f"a play has at most 4 cards: {text!r}")
    return make_play(bon, rin[0], rin[1])
