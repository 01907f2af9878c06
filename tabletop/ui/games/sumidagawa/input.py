"""What a click or a key means on the Sumidagawa board: the targets `draw` puts in the hit maps and pure helpers
over the pick and the legal actions (no events, no drawing), which `board.Board.handle` ties to the keys."""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.engine.core import Action
from tabletop.games.sumidagawa.actions import Discard, Play, Revive, TurnDown
from tabletop.games.sumidagawa.cards import colour_of
from tabletop.ui.games.sumidagawa.picking import Pick, by_combo, combo_of, next_of
from tabletop.ui.widgets import Button

Place = tuple[str, int]  # ("seat", seat), ("combo", index), ("reference", 0): where the table's fixed zones lie


@dataclass(frozen=True)
class Act:
    """A click plays this action at once (a highlighted discard, a Rin to turn down or revive)."""

    action: Action


@dataclass(frozen=True)
class PickCopy:
    """A click picks or unpicks the `k`-th copy of `card` (the hand holds `held` of them)."""

    card: int
    k: int
    held: int


@dataclass(frozen=True)
class PickRin:
    """A click picks or unpicks the `n`-th face-up Rin of `colour` (`up` of them are face up)."""

    colour: int
    n: int
    up: int


Move = Act | PickCopy | PickRin | Button
Choice = Discard | TurnDown | Revive


def digit_value(d: int) -> int:
    """The card value a digit key picks: 1–9, and 0 for the 10."""
    return 10 if d == 0 else d


def choices(legal: list[Action]) -> list[Choice]:
    """The one-of-two choices after a fire or at a Jun's end (discard, turn down, revive), in legal order."""
    return [a for a in legal if isinstance(a, (Discard, TurnDown, Revive))]


def choice_of(options: list[Choice], index: int | None = None, colour: int | None = None) -> Choice | None:
    """The choice a key means: by its place (1, 2) or by the colour of its card or Rin (Z black, X red)."""
    if colour is not None:
        index = next((i for i, a in enumerate(options)
                      if (colour_of(a.card) if isinstance(a, Discard) else a.colour) == colour), None)
    return options[index] if index is not None and index < len(options) else None


def plays_of(legal: list[Action]) -> list[Play]:
    return [a for a in legal if isinstance(a, Play)]


def combo_options(pick: Pick, plays: list[Play], table: int | None) -> dict[int, tuple[int, Play]]:
    """Each combination the pick can still become: {combo: (declared number, the closest legal play of it)}."""
    return by_combo(pick.completions(plays, table), table) if plays else {}


def combo_play(pick: Pick, plays: list[Play], combo: int, options: dict[int, tuple[int, Play]]) -> Play | None:
    """A click on a combination: the closest legal play of it, or when the pick is one already, the next one."""
    current = pick.play()
    if combo_of(current) == combo and current in plays:
        mine = sorted((a for a in plays if combo_of(a) == combo), key=lambda a: (a.rin, a.size, str(a)))
        return next_of(mine, current)
    option = options.get(combo)
    return option[1] if option else None


def suggestion(base: Pick, plays: list[Play], table: int | None, current: Play, suggested: Play | None) -> Play | None:
    """N: the next legal play containing `base` (what was picked before stepping; all plays when it is empty)."""
    if base.empty():
        options = sorted(plays, key=lambda a: (a.rin, -a.size, str(a)))
    else:
        options = base.completions(plays, table)
    return next_of(options, current if current == suggested else Play(()))

