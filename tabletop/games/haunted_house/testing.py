"""Scripted chance for tests and tutorials (spec §8.4: tests inject dice and deck order).

    state = GAME.new_state(2, {}, seed=1)
    rig(state, white=[3], black=[["ghost", "blank"]], deck=["room:C", "shuffle"])
    state.apply(0, ROLL)          # rolls 3, draws room:C

`white` values are used by the next white-die rolls, `black` lists by the next fights
(one face per die rolled); `deck` puts those cards on top of the draw pile, first =
drawn first (cards named are moved from wherever they are, so counts stay right).
`place` sets up a position: characters, carried jewels, ghosts, evil spirits.
"""

from __future__ import annotations

from collections.abc import Iterable

from tabletop.games.haunted_house import cards
from tabletop.games.haunted_house.board import ROOM_LETTERS
from tabletop.games.haunted_house.state import HauntedHouseState, Script


def rig(state: HauntedHouseState, white: Iterable[int] = (), black: Iterable[Iterable[str]] = (),
        deck: Iterable[str] | None = None) -> HauntedHouseState:
    if state.script is None:
        state.script = Script()
    state.script.white += list(white)
    state.script.black += [list(f) for f in black]
    if deck is not None:
        top_first = [cards.CODES[c] for c in deck]
        pool = state.draw_pile + state.discard
        for code in top_first:
            pool.remove(code)  # ValueError if the card is not available (e.g. it is the active lock)
        state.discard = []
        state.draw_pile = pool + list(reversed(top_first))
    return state


def place(state: HauntedHouseState, positions: Iterable[str] | None = None, carry: Iterable[int] | None = None,
          ghosts: dict[str, int] | None = None, spirits: Iterable[str] = (), clear_ghosts: bool = False
          ) -> HauntedHouseState:
    """Arrange a position; ghosts named replace the room's count; carried jewels leave their rooms."""
    index = state.board.index
    if positions is not None:
        state.pos = [index[p] for p in positions]
    if carry is not None:
        for ch, k in enumerate(carry):
            if k:
                if k in state.jewels:
                    state.jewels[state.jewels.index(k)] = 0
                state.revealed |= 1 << k
            state.carry[ch] = k
    if clear_ghosts:
        state.ghosts = [0] * 12
    for room, n in (ghosts or {}).items():
        state.ghosts[ROOM_LETTERS.index(room)] = n
    for room in spirits:
        r = ROOM_LETTERS.index(room)
        state.spirits |= 1 << r
        state.ghosts[r] = 0
    return state
