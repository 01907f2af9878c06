"""Events in plain language, in the player's language, with seat numbers shown as names."""

from __future__ import annotations

from typing import Any

from tabletop import i18n
from tabletop.engine.core import Event


def _name_of(value: Any, names: list[str]) -> Any:
    if isinstance(value, int) and 0 <= value < len(names):
        return names[value]
    if isinstance(value, list):
        return [_name_of(v, names) for v in value]
    return value


def _plain(value: Any) -> Any:
    if isinstance(value, list) and not value:
        return "—"
    if isinstance(value, list):
        sep = "、" if i18n.language() == "ja" else ", "
        return sep.join(str(_plain(v)) for v in value)
    if isinstance(value, dict):
        return "; ".join(f"{k}: {_plain(v)}" for k, v in value.items())
    return value


def event_params(event: Event, names: list[str], game_id: str = "") -> dict[str, Any]:
    params: dict[str, Any] = {}
    for key, value in event.data.items():
        if key.endswith("seat") or key.endswith("seats"):
            value = _name_of(value, names)
        elif isinstance(value, str) and i18n.has(f"{game_id}.log_value.{key}.{value}", "en"):
            value = i18n.t(f"{game_id}.log_value.{key}.{value}")  # an engine code word in the player's words
        params[key] = _plain(value)
    # Localised variants carried in the data (e.g. combo_ja / combo_en) collapse to the current language.
    lang = i18n.language()
    for key in list(params):
        if key.endswith(f"_{lang}"):
            params[key[: -len(lang) - 1]] = params[key]
    return params


def format_event(game_id: str, event: Event, names: list[str]) -> str:
    key = f"{game_id}.log.{event.kind}"
    if not i18n.has(key):
        return ""  # events without a log line (pure animation cues) stay out of the log
    return i18n.t(key, **event_params(event, names, game_id))
