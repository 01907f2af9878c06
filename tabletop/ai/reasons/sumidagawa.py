"""Sumidagawa: why a play, a pass or a colour choice is good, from the seat's View."""

from __future__ import annotations

from typing import Any

from tabletop.engine.core import Action
from tabletop.games.sumidagawa.actions import Discard, Pass, Play, Revive, TurnDown


def reason(view: Any, action: Action) -> tuple[str, dict[str, Any]] | None:
    if isinstance(action, Pass):
        return "sumidagawa.pass", {}
    if isinstance(action, Play):
        if len(action.bon) >= len(view.hand):
            return "sumidagawa.go_out", {}
        if action.rin:
            return "sumidagawa.rin", {"count": len(action.bon), "rin": action.rin}
        return "sumidagawa.shed", {"count": len(action.bon)}
    if isinstance(action, Discard | TurnDown | Revive):
        return "sumidagawa.colours", {}
    return None
