"""Haunted House Jewel Hunters: why a move or a pick-up is good, from the seat's View."""

from __future__ import annotations

from typing import Any

from tabletop.ai.heuristics.haunted_house import LOCK_CODES, carrier_distances
from tabletop.engine.core import Action
from tabletop.games.haunted_house import GAME
from tabletop.games.haunted_house.actions import Move, Take
from tabletop.games.haunted_house.board import NO_LOCK, OUT


def reason(view: Any, action: Action) -> tuple[str, dict[str, Any]] | None:
    """The why of a move names its room and counts its steps or ghosts, so two moves never read alike."""
    me = view.active
    if isinstance(action, Take):
        return ("haunted_house.take" if action.take else "haunted_house.leave"), {}
    if not isinstance(action, Move) or not action.path:
        return None  # staying put has no reason of its own: the search's words say why it came out well
    board = GAME.board
    index = board.index
    locked = LOCK_CODES.get(view.lock or "", NO_LOCK)
    steps = board.dist[locked + 1]
    start = index[view.positions[me]]
    dest = index[action.path[-1]]
    room = dest - 1 if board.kind[dest] == 1 else -1
    here = {"space": action.path[-1]}
    others = [i for i, p in enumerate(view.positions) if i != me and index[p] == dest]
    fight = None
    if room >= 0 and view.ghosts[room]:
        fight_key = "haunted_house.fight_together" if others else "haunted_house.fight"
        fight = fight_key, {**here, "count": view.ghosts[room]}
    if view.carried[me]:
        if dest == OUT:
            return "haunted_house.deliver", {}
        if view.advanced and view.carried[me] != view.next_required:
            return "haunted_house.wait", {"count": steps[dest][OUT]}
        spirits = sum(1 << r for r, s in enumerate(view.spirits) if s)
        dist = carrier_distances(board, spirits, locked)
        if dist[dest] < dist[start]:
            return "haunted_house.carry", {"count": dist[dest]}
        return fight  # None for a step back or aside: the search's words say how it came out
    if room >= 0 and any(view.carried[i] for i in others) and view.spirits[room]:
        return "haunted_house.rescue", here
    if fight is not None:
        return fight
    if room >= 0 and view.room_jewels[room]:
        return "haunted_house.reach_jewel", here
    jewels = [r + 1 for r, k in enumerate(view.room_jewels) if k]
    if not jewels and view.deposited == 8:
        return "haunted_house.go_out", {"count": steps[dest][OUT]}
    if not jewels:
        return "haunted_house.clear_way", {}
    nearest = min(jewels, key=lambda j: steps[dest][j])
    return "haunted_house.toward_jewel", {"space": board.names[nearest], "count": steps[dest][nearest]}
