"""Seeded 4-player BLOODY SUMMER games walked move by move, for tests that need decision points."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from tabletop.engine import registry
from tabletop.engine.core import Action
from tabletop.games.bloody_summer.state import BloodySummerState

GAME = registry.get_game("bloody_summer")


def decision_points(first_seed: int, pick: Callable[[BloodySummerState, int, list[Action]], Action]
                    ) -> Iterator[tuple[BloodySummerState, int, list[Action]]]:
    """(state, seat to act, its legal moves) at every move of games dealt from `first_seed` on, each game
    played on by `pick` (a forced move is made without asking it). Clone a state to keep it."""
    seed = first_seed
    while True:
        state = GAME.new_state(4, GAME.resolve_options({}), seed)
        seed += 1
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            yield state, seat, legal
            state.apply_unchecked(seat, legal[0] if len(legal) == 1 else pick(state, seat, legal))
