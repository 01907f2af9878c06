"""Events in plain language, in the player's language, with seat numbers shown as names.

The wording lives with each game's Words (tabletop.ui.words); this is the log's one entry point.
"""

from __future__ import annotations

from tabletop.engine.core import Event
from tabletop.ui.words import words_for


def format_event(game_id: str, event: Event, names: list[str]) -> str:
    """The log line of `event`, or "" for events without one (pure animation cues stay out of the log)."""
    return words_for(game_id).event(event, names)
