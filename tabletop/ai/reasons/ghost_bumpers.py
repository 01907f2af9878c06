"""Ghost Bumpers: why a scared-card position, a play or a discard is good, from the seat's View."""

from __future__ import annotations

from typing import Any

from tabletop.engine.core import Action
from tabletop.games.ghost_bumpers.actions import Discard, Play, PlayZ, SetFear
from tabletop.games.ghost_bumpers.cards import Z, strength, strength_text


def _strength(action: Play | PlayZ) -> int:
    """The play's strength in the engine's tenths (as the heuristic reads a trick)."""
    if isinstance(action, PlayZ):
        return strength(Z, 1, action.declared)
    return strength(action.value, action.count)


def reason(view: Any, action: Action) -> tuple[str, dict[str, Any]] | None:
    """A play's line names its strength, or the cards it sheds while ducking, so two plays never read alike."""
    if isinstance(action, SetFear):
        return "ghost_bumpers.fear", {"count": action.position}
    if isinstance(action, Discard):
        return "ghost_bumpers.discard", {"card": action.card}
    if not isinstance(action, Play | PlayZ):
        return None
    seat = view.seat
    strongest = max((st for _, _, _, st in view.trick), default=-1)
    safe = view.own_scared
    power = _strength(action)
    if power < strongest:
        if isinstance(action, Play) and action.value >= 7:
            return "ghost_bumpers.dump_high", {"card": action.value, "count": action.count}
        if isinstance(action, PlayZ):
            return "ghost_bumpers.duck_z", {"strength": strength_text(power)}
        return "ghost_bumpers.duck", {"card": action.value, "count": action.count}
    if isinstance(action, PlayZ):
        return "ghost_bumpers.z_card", {}
    last = len(view.trick) == view.players - 1
    size = view.char_sizes[seat]
    if size > 1 and safe == size - 1:
        return "ghost_bumpers.paranoia", {"strength": strength_text(power)}
    if safe > 0:
        return ("ghost_bumpers.take_sure" if last else "ghost_bumpers.take_safe"), {"count": safe,
                                                                                    "strength": strength_text(power)}
    return "ghost_bumpers.take_risky", {"strength": strength_text(power)}
