"""Issue 38, finding 11 (the fight's log line): each count of marks is worded with its own plural."""

from __future__ import annotations

import pytest

from tabletop import i18n
from tabletop.engine.core import Event
from tabletop.ui.eventlog import format_event


@pytest.mark.parametrize(("lang", "ghosts", "spirits", "expected"), [
    ("en", 2, 0, "The Red hunter fights in room C: 2 ghost marks and 0 evil-spirit marks"),
    ("en", 1, 1, "The Red hunter fights in room C: 1 ghost mark and 1 evil-spirit mark"),
    ("ja", 2, 0, "赤のハンターが部屋Cで戦った：おばけマーク2個、悪霊マーク0個"),
])
def test_fight_log_counts_each_kind_of_mark(lang, ghosts, spirits, expected):
    i18n.set_language(lang)
    try:
        event = Event("fight_rolled", {"hunter": 1, "room": "C", "ghost_marks": ghosts, "spirit_marks": spirits})
        assert format_event("haunted_house", event, ["Aki"]) == expected
    finally:
        i18n.set_language("en")
