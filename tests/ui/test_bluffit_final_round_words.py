"""BLUFFIT's final round is called the final round everywhere a player reads it: the header says "Final
round", so the log must not call it "Round 11" (or 第11ラウンド)."""

from __future__ import annotations

import random

import pytest

from tabletop import i18n
from tabletop.engine.records import Seat
from tabletop.games.bluffit.state import FINAL_ROUND
from tabletop.session import Session
from tabletop.ui.eventlog import format_event


@pytest.mark.parametrize("language, final, numbered",
                         [("en", "Final round", "Round 11"), ("ja", "最終ラウンド", "第11ラウンド")])
def test_the_final_rounds_log_lines_name_it_the_final_round(language, final, numbered) -> None:
    session = Session.new("bluffit", 3, [Seat(n, "random") for n in "ABC"], {}, 3)
    rng = random.Random(1)
    while not session.state.is_over():
        seat = session.state.to_act()[0]
        session.apply(seat, rng.choice(session.state.legal_actions(seat)))
    final_events = [e.event for e in session.log
                    if e.event.kind in ("bluff_start", "round_scored") and e.event.data.get("round") == FINAL_ROUND]
    assert {e.kind for e in final_events} == {"bluff_start", "round_scored"}
    previous = i18n.language()
    i18n.set_language(language)
    try:
        lines = [format_event("bluffit", e, ["A", "B", "C"]) for e in final_events]
        earlier = [format_event("bluffit", e.event, ["A", "B", "C"]) for e in session.log
                   if e.event.kind == "bluff_start" and e.event.data.get("round") == 1]
    finally:
        i18n.set_language(previous)
    assert all(line.startswith(final) and numbered not in line for line in lines), lines
    assert earlier and final not in earlier[0]  # the numbered rounds keep their numbers
