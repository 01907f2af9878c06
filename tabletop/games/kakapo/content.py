"""Mission lookup for the game: maps are read once per process through the Tiled loader."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from tabletop.games.kakapo.board import MissionRules
from tabletop.games.kakapo.missions import BY_ID


def mission_path(mission_id: str) -> Path:
    from tabletop.resources import maps_dir

    return maps_dir() / "kakapo" / f"{mission_id}.tmx"


@cache
def mission_rules(mission_id: str) -> MissionRules:
    """The validated rules of a shipped mission, loaded from its TMX file."""
    from tabletop.engine.kakapo_missions import load_mission  # the loader imports this package's data

    if mission_id not in BY_ID:
        raise ValueError(f"unknown KAKAPO mission {mission_id!r}")
    return MissionRules(load_mission(mission_path(mission_id)))
