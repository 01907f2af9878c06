"""Cleared KAKAPO missions, kept in the user data folder as JSON (written atomically).

The table writes it where it writes the history: at the end of a game with a person at the table
(`record_outcome`, the game's `progress_keeper` in `tabletop.ui.games`)."""

from __future__ import annotations

import json
from pathlib import Path

from tabletop.engine.atomic import write_json_atomic
from tabletop.engine.core import View
from tabletop.games.kakapo.missions import MISSION_IDS
from tabletop.games.kakapo.view import KakapoView
from tabletop.userdata import data_dir

FILE = "kakapo_progress.json"


def progress_path() -> Path:
    return data_dir() / FILE


def cleared_missions() -> set[str]:
    """The missions a human-involved team has cleared; an unreadable file counts as none cleared."""
    path = progress_path()
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return set()
    cleared = raw.get("cleared", []) if isinstance(raw, dict) else []
    return {m for m in cleared if isinstance(m, str) and m in MISSION_IDS}


def record_cleared(mission_id: str) -> None:
    cleared = cleared_missions()
    if mission_id in cleared or mission_id not in MISSION_IDS:
        return
    cleared.add(mission_id)
    write_json_atomic(progress_path(), {"version": 1, "cleared": sorted(cleared)})


def record_outcome(final: View) -> None:
    """A finished game's mission, kept as cleared if the team won it."""
    if isinstance(final, KakapoView) and final.outcome == "won":
        record_cleared(final.mission)
