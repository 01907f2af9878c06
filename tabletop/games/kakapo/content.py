"""Mission lookup for the game: maps are read once per process through the Tiled loader."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from tabletop.games.kakapo.board import MissionRules
from tabletop.games.kakapo.missions import BY_ID
from tabletop.games.kakapo.view import KakapoView


def mission_path(mission_id: str) -> Path:
    from tabletop.resources import maps_dir

    return maps_dir() / "kakapo" / f"{mission_id}.tmx"


_LOADED: dict[str, MissionRules] = {}  # shipped missions by id, once read (most games look one up)


@cache
def _shipped_rules(mission_id: str) -> MissionRules:
    from tabletop.games.kakapo.maps import load_mission

    rules = _LOADED[mission_id] = MissionRules(load_mission(mission_path(mission_id)))
    return rules


def mission_rules(mission_id: str) -> MissionRules:
    """The validated rules of a shipped mission (loaded from its TMX file) or of a loaded custom one."""
    rules = _LOADED.get(mission_id)
    if rules is not None:
        return rules
    from tabletop.games.kakapo.custom import custom_rules, is_custom_id

    if is_custom_id(mission_id):
        return custom_rules(mission_id)
    if mission_id not in BY_ID:
        raise ValueError(f"unknown KAKAPO mission {mission_id!r}")
    return _shipped_rules(mission_id)


def view_rules(view: KakapoView) -> MissionRules:
    """The rules of the mission a KakapoView shows; a custom mission's view carries its text for other processes."""
    from tabletop.games.kakapo.custom import custom_rules, is_custom_id

    if is_custom_id(view.mission):
        return custom_rules(view.mission, view.mission_tmx)
    return mission_rules(view.mission)
