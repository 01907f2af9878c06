"""Hand selection for BLOODY SUMMER: which cards are picked and which legal play they make.

Pure logic (no pygame), so it is tested on its own. A selection is a sorted tuple of
card values (a multiset: two 7s are `(7, 7)`); the hand shows the first copies of a
value as the selected ones.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from tabletop.engine.core import Action
from tabletop.games.bloody_summer.actions import Play
from tabletop.games.bloody_summer.rules import cards_of

Selection = tuple[int, ...]


def plays_of(legal: Sequence[Action]) -> list[Play]:
    """The legal plays (no pass), ordered single → pair → straight, then by value."""
    order = {"S": 0, "P": 1, "T": 2}
    return sorted((a for a in legal if isinstance(a, Play)), key=lambda a: (order[a.form], a.value))


def cards(play: Play) -> Selection:
    return tuple(sorted(cards_of(play.form, play.value)))


def match(selection: Selection, legal: Sequence[Action]) -> Play | None:
    """The legal play made of exactly the selected cards, if any."""
    if not selection:
        return None
    for play in plays_of(legal):
        if cards(play) == selection:
            return play
    return None


def playable_values(legal: Sequence[Action]) -> set[int]:
    """Values that take part in at least one legal play (highlighted in the hand)."""
    return {v for play in plays_of(legal) for v in cards_of(play.form, play.value)}


def click(selection: Selection, value: int, copy: int, legal: Sequence[Action], leading: bool) -> Selection:
    """The selection after clicking the `copy`-th card (0-based) of `value` in the hand.

    A selected card is deselected. When following, an unselected card jumps straight to
    the weakest legal play that uses it (a pair picks both copies, a straight its run);
    on the lead the cards toggle one by one, so any single, pair or straight can be built.
    """
    picked = Counter(selection)
    if copy < picked[value]:
        if not leading:
            return ()
        picked[value] -= 1
        return tuple(sorted(picked.elements()))
    if not leading:
        for play in plays_of(legal):
            if value in cards_of(play.form, play.value):
                return cards(play)
        return selection
    picked[value] += 1
    new = tuple(sorted(picked.elements()))
    if len(new) > 3:
        return (value,)
    return new


def cycle(selection: Selection, legal: Sequence[Action], step: int) -> Selection:
    """Keyboard browsing: the next (step=1) or previous (step=-1) legal play's cards."""
    plays = plays_of(legal)
    if not plays:
        return ()
    current = match(selection, legal)
    if current is None:
        index = 0 if step > 0 else len(plays) - 1
    else:
        index = (plays.index(current) + step) % len(plays)
    return cards(plays[index])
