"""Guided tutorials ("Learn to play"): a scripted deal per game and a coach's steps, as data.

`load(game_id)` reads `tabletop/tutorials/<game_id>.json` (package data, found through
`tabletop.resources.tutorials_dir`); `Coach` walks through its steps; `rehearse` plays a tutorial
headless through its expected moves (`tabletop tutorial GAME --auto`). No pygame here.
"""

from __future__ import annotations

from tabletop.resources import tutorials_dir
from tabletop.tutorial.coach import Coach, new_state, rehearse
from tabletop.tutorial.script import HUMAN, Step, Tutorial, TutorialError

__all__ = ["HUMAN", "Coach", "Step", "Tutorial", "TutorialError", "available", "load", "new_state", "rehearse"]


def available() -> list[str]:
    """Game ids that have a tutorial, sorted."""
    return sorted(path.stem for path in tutorials_dir().glob("*.json"))


def load(game_id: str) -> Tutorial:
    path = tutorials_dir() / f"{game_id}.json"
    if not path.is_file():
        raise TutorialError(f"no tutorial for {game_id!r} (there are: {', '.join(available()) or 'none'})")
    return Tutorial.load(path)
