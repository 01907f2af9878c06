"""One way to say each thing: per game, one `Words` turns actions, cards, cells and combinations into the
player's language (en/ja).

The log, the hint banner (`TableScene.action_text`), the reasons a move is refused (`explain`), the replay
and the boards' hint lines all ask `words_for(game_id)`; engine notation (`str(action)`, card codes) stays in
records and `--trace`. This module holds what every game shares: the registry, lists, counted phrases
(`i18n.plural`: `<key>.one` / `<key>.other`) and the event-to-log-line machinery. Each
`tabletop/ui/words/<game_id>.py` defines `WORDS`, a `Words` subclass that knows only its game's vocabulary.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from functools import cache
from typing import Any

from tabletop import i18n
from tabletop.engine.core import Action, Event, IllegalAction
from tabletop.i18n import plural, t


def join(items: list[Any] | tuple[Any, ...]) -> str:
    """Items in a row: '3, 3, 7' / '3、3、7'; an empty list is a dash."""
    if not items:
        return "—"
    return ("、" if i18n.language() == "ja" else ", ").join(str(i) for i in items)


def join_names(names: Iterable[str]) -> str:
    """Names (or short items) in a row, the one way the app joins them: 'Aki, Ben' / 'アキ・ベン'."""
    return ("・" if i18n.language() == "ja" else ", ").join(names)


def names_of(seats: list[int] | tuple[int, ...], names: list[str]) -> str:
    return join_names(names[s] for s in seats)


class Words:
    """The shared half: log lines from events, refusals from IllegalAction; games fill in the vocabulary.

    Subclasses set `game_id`, `counted` ({(event kind, data key): plural key}: counts said with their noun),
    `moments` (the event kinds announced on the board) and override `action`, `card`, `words_for_value` (an
    event's or refusal's parameter in words) as needed.
    """

    game_id = ""
    counted: dict[tuple[str, str], str] = {}
    # Event kinds that are hidden-information moves (a challenge, a reveal, a take): made by a seat not played at
    # this screen, their log lines are announced on the board long enough to read (tabletop.ui.moments).
    moments: frozenset[str] = frozenset()

    # ----- vocabulary (games override) ------------------------------------------------
    def card(self, card: Any) -> str:
        """One card in words."""
        return str(card)

    def cards(self, cards: list[Any] | tuple[Any, ...]) -> str:
        return join([self.card(c) for c in cards])

    def action(self, action: Action, names: list[str]) -> str:
        """What `action` does, in words (the hint banner, the replay)."""
        return t(f"{self.game_id}.say.{type(action).__name__.lower()}")

    def secret_action(self, action: Action, names: list[str]) -> str:
        """How a secret choice looks to someone who may not see it (a sealed bid, a hidden card)."""
        return t("app.secret_move")

    def value(self, key: str, value: Any, names: list[str]) -> Any:
        """An event's or a refusal's parameter in words; `key` is its data key. Seats become names."""
        if key.endswith("seat") and isinstance(value, int) and 0 <= value < len(names):
            return names[value]
        if key.endswith("seats") and isinstance(value, list):
            return join([names[s] if isinstance(s, int) and 0 <= s < len(names) else s for s in value])
        if isinstance(value, str) and i18n.has(f"{self.game_id}.log_value.{key}.{value}", "en"):
            return t(f"{self.game_id}.log_value.{key}.{value}")  # an engine code word in the player's words
        if isinstance(value, list):
            return join(value)
        if isinstance(value, dict):
            return "; ".join(f"{k}: {join(v) if isinstance(v, list) else v}" for k, v in value.items())
        return value

    # ----- shared machinery -----------------------------------------------------------
    def params(self, kind: str, data: dict[str, Any], names: list[str]) -> dict[str, Any]:
        params = {key: self.value(key, value, names) for key, value in data.items()}
        for (event_kind, key), phrase in self.counted.items():
            if event_kind == kind and isinstance(data.get(key), int | float):
                params[key] = plural(phrase, data[key])
        # Localised variants carried in the data (e.g. combo_ja / combo_en) collapse to the current language.
        lang = i18n.language()
        for key in list(params):
            if key.endswith(f"_{lang}"):
                params[key[: -len(lang) - 1]] = params[key]
        return params

    def event(self, event: Event, names: list[str]) -> str:
        """The log line of `event`, or "" for events without one (pure animation cues)."""
        key = f"{self.game_id}.log.{event.kind}"
        if not i18n.has(key):
            return ""
        return t(key, **self.params(event.kind, event.data, names))

    def reason(self, exc: IllegalAction, names: list[str]) -> str:
        """The engine's reason for refusing an action, in the player's language."""
        key = exc.key if "." in exc.key else f"app.{exc.key}"
        if exc.key.startswith("illegal.") and not i18n.has(key):
            key = f"app.{exc.key}"  # the engine's own reasons (illegal.generic, illegal.not_your_turn …)
        if not i18n.has(key):
            return t("app.illegal.generic")
        return t(key, **self.params(f"illegal.{key.rsplit('.', 1)[-1]}", exc.params, names))


@cache
def words_for(game_id: str) -> Words:
    """The game's Words (tabletop.ui.words.<game_id>.WORDS); a plain Words for a game without one."""
    try:
        module = importlib.import_module(f"{__name__}.{game_id}")
    except ModuleNotFoundError as exc:
        if exc.name != f"{__name__}.{game_id}":
            raise
        words = Words()
        words.game_id = game_id
        return words
    return module.WORDS
