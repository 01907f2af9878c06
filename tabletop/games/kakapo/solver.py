"""Exact minimum-piece solver for a mission (spec §10), ignoring cards, rounds order and skills.

For every subset of `required` birds: candidate placements are those that avoid birds,
cover at least one target cell and cover no target cell with a wrong colour (a minimal
solution never holds a piece that covers no target, so this is exact). Then iterative
deepening on the piece count, branching on the uncovered target cell with the fewest
compatible candidates, with a coverage bound and a memo of explored sets.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

from tabletop.games.kakapo import grid, pieces
from tabletop.games.kakapo.birds import targets
from tabletop.games.kakapo.missions import Mission

Witness = list[tuple[str, frozenset[grid.Cell]]]
STOP_EVERY = 512  # search nodes between two calls of the caller's `stop` (it may read a clock; we do not)


class SolverStopped(Exception):
    """The caller's `stop` said so before the search finished: no answer either way."""


def _candidates(bird_mask: int, need: list[int], all_targets: int,
                allowed_pieces: int) -> list[tuple[int, int, int]]:
    """(piece, mask, covered targets) of every allowed placement that covers a target, off the birds, and
    on no cell another colour must cover."""
    cands: list[tuple[int, int, int]] = []
    for piece in range(pieces.NUM_CARDS):
        if not allowed_pieces >> piece & 1:
            continue
        colour = piece >> 3
        wrong = 0
        for k, n in enumerate(need):
            if k != colour:
                wrong |= n
        for p in pieces.PLACEMENTS[piece]:
            m = p.mask
            if m & bird_mask or m & wrong or not m & all_targets:
                continue
            cands.append((piece, m, m & all_targets))
    return cands


def _by_cell(cands: list[tuple[int, int, int]]) -> dict[int, list[int]]:
    """{target cell bit: indices of the candidates covering it}, the widest cover first."""
    by_cell: dict[int, list[int]] = {}
    for i, (_, _, cov) in enumerate(cands):
        while cov:
            low = cov & -cov
            by_cell.setdefault(low, []).append(i)
            cov ^= low
    for cell_list in by_cell.values():
        cell_list.sort(key=lambda i: -cands[i][2].bit_count())
    return by_cell


def _narrowest(uncovered: int, by_cell: dict[int, list[int]], cands: list[tuple[int, int, int]], used: int,
               occupied: int, colour_cells: list[int]) -> list[int]:
    """The candidates that still fit for the uncovered target with the fewest of them (empty: a dead end)."""
    best: list[int] | None = None
    rest = uncovered
    while rest:
        low = rest & -rest
        rest ^= low
        ok = []
        for i in by_cell.get(low, ()):
            piece, m, _ = cands[i]
            if used >> piece & 1 or m & occupied or m & grid.neighbours(colour_cells[piece >> 3]):
                continue
            ok.append(i)
        if best is None or len(ok) < len(best):
            best = ok
            if not ok:
                return ok
    assert best is not None
    return best


def _solve_subset(bird_mask: int, need_any: int, need: list[int], k_max: int, allowed_pieces: int,
                  stop: Callable[[], bool] | None = None) -> Witness | None:
    all_targets = need_any
    for n in need:
        all_targets |= n
    cands = _candidates(bird_mask, need, all_targets, allowed_pieces)
    by_cell = _by_cell(cands)
    max_cover = max((c[2].bit_count() for c in cands), default=0)
    if max_cover == 0:
        return None

    nodes = [0]

    def search(k: int) -> list[int] | None:
        seen: set[frozenset[int]] = set()
        chosen: list[int] = []

        def dfs(covered: int, occupied: int, colour_cells: list[int], used: int, left: int) -> bool:
            if stop is not None:
                nodes[0] += 1
                if nodes[0] % STOP_EVERY == 1 and stop():  # at the first node, then every STOP_EVERY
                    raise SolverStopped
            uncovered = all_targets & ~covered
            if not uncovered:
                return True
            if left == 0 or uncovered.bit_count() > left * max_cover:
                return False
            key = frozenset(chosen)
            if key in seen:
                return False
            seen.add(key)
            best = _narrowest(uncovered, by_cell, cands, used, occupied, colour_cells)
            if not best:
                return False
            best.sort(key=lambda i: -(cands[i][2] & uncovered).bit_count())
            for i in best:
                piece, m, cov = cands[i]
                chosen.append(i)
                cc = colour_cells[:]
                cc[piece >> 3] |= m
                if dfs(covered | cov, occupied | m, cc, used | 1 << piece, left - 1):
                    return True
                chosen.pop()
            return False

        return chosen[:] if dfs(0, 0, [0] * 5, 0, k) else None

    for k in range(1, k_max + 1):
        found = search(k)
        if found is not None:
            return [(pieces.card_id(cands[i][0]), frozenset(grid.cells_of(cands[i][1]))) for i in found]
    return None


def solve(mission: Mission, max_pieces: int, allowed_pieces: int = (1 << 40) - 1,
          stop: Callable[[], bool] | None = None) -> Witness | None:
    """A witness with the fewest pieces (at most `max_pieces`) over every subset of `required` birds.

    `stop`, polled now and then, ends the search early with SolverStopped (a time limit for custom missions)."""
    bird_mask = 0
    for b in mission.birds:
        bird_mask |= grid.mask_of(b.cells)
    best: Witness | None = None
    for subset in combinations(range(len(mission.birds)), mission.required):
        need_any = 0
        need = [0] * 5
        for i in subset:
            t = targets(mission.birds[i])
            need_any |= t.need_any
            for k in range(5):
                need[k] |= t.need[k]
        if any(need[a] & need[b] for a in range(5) for b in range(a + 1, 5)):
            continue  # two birds demand different colours for one cell
        limit = max_pieces if best is None else len(best) - 1
        if limit < 1:
            continue
        found = _solve_subset(bird_mask, need_any, need, limit, allowed_pieces, stop)
        if found is not None:
            best = found
    return best
