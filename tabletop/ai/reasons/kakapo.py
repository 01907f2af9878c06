"""The KAKAPO: why a card, a skill or a placement is good, from the seat's View (the team's heuristic's terms)."""

from __future__ import annotations

from typing import Any

from tabletop.ai.heuristics.kakapo import Board, decision_of, placement_value
from tabletop.engine.core import Action
from tabletop.games.kakapo import pieces
from tabletop.games.kakapo.actions import Place, Reveal, Skill


def reason(view: Any, action: Action) -> tuple[str, dict[str, Any]] | None:
    if isinstance(action, Place):
        board = Board.from_view(view)
        placed = pieces.placement(action.piece, action.orient, action.top, action.left)
        if placed is None:
            return None
        gain = placement_value(board, action.piece, placed.mask)
        targets = 0
        for bird in board.rules.targets:
            targets |= bird.all
        covered = (placed.mask & targets).bit_count()
        if gain >= 1.0 and covered:
            return "kakapo.place_targets", {"count": covered}  # the cells named, so placements read apart
        return "kakapo.place_space", {}
    if isinstance(action, Reveal):
        winner, _ = decision_of([*view.revealed, (view.seat or 0, action.card)], view.top_colour)
        if winner == action.card:
            return "kakapo.reveal_win", {"card": action.card}
        return "kakapo.reveal_shed", {"card": action.card}
    if isinstance(action, Skill):
        return ("kakapo.skill_none" if action.kind == "none" else "kakapo.skill"), {}
    return None
