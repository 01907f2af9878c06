"""Custom missions as a game option: the file's content travels with the game, not its path.

The `mission` option accepts, besides "auto" and the 40 shipped ids:

- a path to a map file (the CLI: `--option mission=PATH.tmx`; `.tmj`/`.json` too), read once and turned into
- a mission value `{"name": <file name>, "sha256": <hex of the text>, "tmx": <file text>}`, the text being the
  file's own, or, when it names tilesets or templates or is JSON, one TMX text with them folded in,
  which is what options, records and the autosave hold. A record of a custom mission
  therefore replays after the file changed, moved or was deleted; an edited record
  whose text no longer matches its hash is refused.

Validated custom missions are kept per process by id (`custom:<hash prefix>`, see
maps.custom_key) so states, views and boards can look their rules up by the id; a
process that has only a View (the AI worker) rebuilds them from the text the view carries.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from tabletop.engine.core import Option
from tabletop.engine.tiled import MAP_SUFFIXES
from tabletop.games.kakapo.board import MissionRules
from tabletop.games.kakapo.maps import CUSTOM_PREFIX, MissionFormatError, load_custom_mission_text, read_custom_file

VALUE_KEYS = ("name", "sha256", "tmx")
_RULES: dict[str, MissionRules] = {}
_TEXT: dict[str, str] = {}


def is_custom_value(value: Any) -> bool:
    return isinstance(value, dict)


def value_from_file(path: Path | str) -> dict[str, str]:
    """Read and validate a mission file; the option value that carries its content."""
    path = Path(path)
    text = read_custom_file(path)
    value = {"name": path.name, "sha256": hashlib.sha256(text.encode("utf-8")).hexdigest(), "tmx": text}
    rules_of_value(value, path)
    return value


def rules_of_value(value: dict[str, Any], where: Path | str | None = None) -> MissionRules:
    """The rules of a custom mission value (validated once per process); ValueError naming the file."""
    if set(value) != set(VALUE_KEYS) or not all(isinstance(value[k], str) for k in VALUE_KEYS):
        raise ValueError(f"option mission: a custom mission must be {{'name', 'sha256', 'tmx'}} texts, got keys "
                         f"{sorted(value)}")
    name = where if where is not None else value["name"]
    text = value["tmx"]
    if hashlib.sha256(text.encode("utf-8")).hexdigest() != value["sha256"]:
        raise MissionFormatError(name, "the mission's text does not match its sha256 (edited after it was saved)")
    mission = load_custom_mission_text(text, name)
    if mission.id not in _RULES:
        _RULES[mission.id] = MissionRules(mission)
        _TEXT[mission.id] = text
    return _RULES[mission.id]


def custom_rules(mission_id: str, text: str = "") -> MissionRules:
    """A registered custom mission by id; `text` (from a View) registers it in a fresh process."""
    if mission_id not in _RULES and text:
        mission = load_custom_mission_text(text, mission_id)
        if mission.id != mission_id:
            raise ValueError(f"custom mission text does not hash to {mission_id}")
        _RULES[mission_id] = MissionRules(mission)
        _TEXT[mission_id] = text
    try:
        return _RULES[mission_id]
    except KeyError:
        raise ValueError(f"custom KAKAPO mission {mission_id} is not loaded in this process") from None


def custom_text(mission_id: str) -> str:
    """The file text of a registered custom mission ("" for a shipped id)."""
    return _TEXT.get(mission_id, "")


def is_custom_id(mission_id: str) -> bool:
    return mission_id.startswith(CUSTOM_PREFIX)


class MissionOption(Option):
    """The `mission` option: "auto", a shipped id, a custom mission value, or a path to a map file (TMX or JSON)."""

    def parse(self, value: Any) -> Any:
        if is_custom_value(value):
            rules_of_value(value)
            return value
        if isinstance(value, str | Path) and str(value).lower().endswith(MAP_SUFFIXES):
            return value_from_file(value)
        return super().parse(value)
