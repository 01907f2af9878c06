"""Where a character may move (spec §5.5): a breadth-first search over the house.

Pure functions over a `Board` and a few ints so the UI and the AI can use them too.
`occupied` is a bit mask of corridor nodes where another character stands (passable,
not a place to stop); `spirits` a bit mask of rooms holding an evil spirit.
"""

from __future__ import annotations

from tabletop.games.haunted_house.board import NO_LOCK, OUT, Board


def destinations(board: Board, start: int, steps: int, carrying: bool, spirits: int, locked: int,
                 may_exit: bool, occupied: int) -> list[tuple[int, tuple[int, ...]]]:
    """Every legal end space with its canonical path (spaces entered, start excluded); staying first."""
    if carrying and spirits & board.spirit_bit[start]:
        return [(start, ())]  # trapped (§5.4.3)
    reached = [False] * board.n
    reached[start] = True
    frontier: list[tuple[int, tuple[int, ...]]] = [(start, ())]  # each space reached last step, with its path
    adj = board.adj
    bits = board.spirit_bit
    out: list[tuple[int, tuple[int, ...]]] = [(start, ())]
    for depth in range(steps):
        nxt: list[tuple[int, tuple[int, ...]]] = []
        for u, pu in frontier:
            if depth and (u == OUT or (carrying and spirits & bits[u])):
                continue  # OUT ends a move (HH-D02); a carrier stops in a spirit room (HH-D08)
            for w, col in adj[u]:
                if reached[w] or (col and col == locked) or (w == OUT and not may_exit):
                    continue
                pw = pu + (w,)
                reached[w] = True
                nxt.append((w, pw))
                if not occupied >> w & 1:
                    out.append((w, pw))
        if not nxt:
            break
        frontier = nxt
    return out


def path_problem(board: Board, start: int, path: tuple[int, ...], steps: int, carrying: bool, spirits: int,
                 locked: int, may_exit: bool, occupied: int) -> tuple[str, dict[str, object]] | None:
    """Why an explicit path is illegal as (slug, params), or None if it is fine."""
    if not path:
        return None
    if carrying and spirits & board.spirit_bit[start]:
        return "trapped", {"room": board.names[start]}
    if len(path) > steps:
        return "too_far", {"steps": len(path), "roll": steps}
    seen = {start}
    prev = start
    for i, node in enumerate(path):
        if node in seen:
            return "revisit", {"space": board.names[node]}
        seen.add(node)
        colour = next((c for w, c in board.adj[prev] if w == node), None)
        if colour is None:
            return "not_adjacent", {"from_space": board.names[prev], "to_space": board.names[node]}
        if colour and colour == locked:
            return ("", "door_locked_blue", "door_locked_green")[colour], {}
        last = i == len(path) - 1
        if node == OUT:
            if not may_exit:
                return "wrong_jewel_order", {}
            if not last:
                return "through_out", {}
        if carrying and spirits & board.spirit_bit[node] and not last:
            return "spirit_blocks", {"room": board.names[node]}
        prev = node
    if occupied >> path[-1] & 1:
        return "corridor_occupied", {"space": board.names[path[-1]]}
    return None


__all__ = ["NO_LOCK", "destinations", "path_problem"]
