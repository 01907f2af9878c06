"""The KAKAPO: why a card, a skill or a placement is good, from the seat's View (the team's heuristic's terms)."""

from __future__ import annotations

from typing import Any

from tabletop.ai.heuristics.kakapo import (
    Board,
    bird_costs,
    cheapest_birds,
    decision_of,
    skill_selections,
    unreachable,
)
from tabletop.engine.core import Action
from tabletop.games.kakapo import grid, pieces
from tabletop.games.kakapo.actions import Place, Reveal, Skill


def _open_needed(board: Board, piece: int, mask: int) -> tuple[int, bool]:
    """After the placement: the open target cells of the birds the team would then finish most cheaply (the
    mission's required count), and whether those birds are done (every cell covered, in the right colours)."""
    occupied = board.occupied | mask
    cols = board.cols[:]
    cols[piece >> 3] |= mask
    costs = bird_costs(board.rules, occupied, cols)
    best = cheapest_birds(costs, board.rules.required)
    targets = board.rules.targets
    return sum((targets[i].all & ~occupied).bit_count() for i in best), all(costs[i] == 0 for i in best)


def _placement(view: Any, action: Place) -> tuple[str, dict[str, Any]] | None:
    """What the placement does to the birds, in counts that tell placements apart."""
    board = Board.from_view(view)
    placed = pieces.placement(action.piece, action.orient, action.top, action.left)
    if placed is None:
        return None
    mask = placed.mask
    targets = 0
    for bird in board.rules.targets:
        targets |= bird.all
    covered = (mask & targets).bit_count()
    crowded = (mask & board.halo()).bit_count()  # cells next to open targets that later pieces may need
    lost = unreachable(board, action.piece, mask) - unreachable(board, action.piece, 0)
    if lost > 0:  # the worst news first: cells the team needs that no piece left can reach
        if covered:
            return "kakapo.place_strands", {"count": covered, "lost": lost}
        return "kakapo.place_blocks", {"count": lost}
    if covered:  # how many stay open tells two covering placements apart (and shows one that hurts)
        left, done = _open_needed(board, action.piece, mask)
        if done:
            return "kakapo.place_finishes", {"count": covered}
        if crowded:
            return "kakapo.place_targets_crowds", {"count": covered, "left": left, "crowd": crowded}
        return "kakapo.place_targets", {"count": covered, "left": left}
    if crowded:
        return "kakapo.place_crowds", {"count": crowded}
    open_targets = targets & ~board.occupied
    return "kakapo.place_space", {"count": _gap(mask, open_targets)}


def reason(view: Any, action: Action) -> tuple[str, dict[str, Any]] | None:
    if isinstance(action, Place):
        return _placement(view, action)
    if isinstance(action, Reveal):
        winner, _ = decision_of([*view.revealed, (view.seat or 0, action.card)], view.top_colour)
        if winner == action.card:
            return "kakapo.reveal_win", {"card": action.card}
        return "kakapo.reveal_shed", {"card": action.card}
    if isinstance(action, Skill):
        return _skill(view, action)
    return None


def _skill(view: Any, action: Skill) -> tuple[str, dict[str, Any]]:
    """Which pieces the option brings: the skills differ by the pieces, so the lines name them."""
    (_, selection), = skill_selections(view, [action])
    if action.kind == "none":
        return ("kakapo.skill_none", {"card": selection[0]}) if selection else ("kakapo.skill_none_empty", {})
    if len(selection) == 2:
        return "kakapo.skill_two", {"card": selection[0], "other_card": selection[1]}
    return "kakapo.skill", {"card": selection[0]}


def _gap(mask: int, open_targets: int) -> int:
    """Empty cells between a piece and the nearest open target (a free row of space around them)."""
    reach = mask
    for gap in range(0, 6):
        grown = reach | grid.neighbours(reach)
        if grown & open_targets:
            return gap
        reach = grown
    return 6
