"""Haunted House's results: how many jewels came out, how many turns it took, what ended the game,
and what each player's hunters did."""

from __future__ import annotations

from typing import cast

from tabletop.games.haunted_house.state import JEWELS, OUTCOME_NAMES, SPIRITS_TO_LOSE, HauntedHouseState
from tabletop.i18n import t
from tabletop.session import Session
from tabletop.ui.results.facts import final_move_lines, public_events
from tabletop.ui.results.model import Fact, ResultsStory, Standing
from tabletop.ui.results.words import count, join_names, of

FINAL_MOVE = ("die_rolled", "moved", "stayed", "jewel_deposited", "fight_rolled", "spirit_formed",
              "game_lost_six_spirits", "game_lost_hopeless", "game_lost_gave_up")


def _hunter(ch: int) -> str:
    return t("haunted_house.ui.hunter_name", hunter=t(f"haunted_house.hunter.{ch + 1}"))


def story(session: Session) -> ResultsStory:
    state = cast(HauntedHouseState, session.state)  # the results of a haunted house session
    names = session.names()
    out = [0] * len(state.pos)  # jewels each hunter brought out
    for e in public_events(session):
        if e.kind == "jewel_deposited":
            out[e.data["character"]] += 1
    outcome = OUTCOME_NAMES[state.outcome]
    won = outcome == "won"
    turns = state.turn_no + 1
    reason = t(f"results.haunted_house.reason_{outcome}", jewels=count("jewels", state.deposited),
               turns=count("turns", turns))
    standings = []
    for seat in range(session.players):
        notes = [t("results.haunted_house.hunter_jewels", hunter=_hunter(ch), jewels=count("jewels", out[ch]))
                 for ch in range(len(state.pos)) if state.owners[ch] == seat]
        standings.append(Standing(seat, names[seat], "", won, "", notes))
    facts = [Fact(t("results.haunted_house.jewels_out"), of(state.deposited, JEWELS, "jewels")),
             Fact(t("results.haunted_house.turns"), count("turns", turns)),
             Fact(t("results.haunted_house.spirits"), of(state.spirits.bit_count(), SPIRITS_TO_LOSE, "spirits")),
             Fact(t("results.haunted_house.ended_by"), t(f"results.haunted_house.ending_{outcome}")),
             Fact(t("results.haunted_house.rules"), t("results.haunted_house.advanced") if state.advanced
                  else t("results.haunted_house.basic"))]
    best = max(range(len(out)), key=lambda ch: out[ch])
    if out[best]:
        facts.append(Fact(t("results.haunted_house.top_hunter"), join_names([_hunter(ch) for ch in range(len(out))
                                                                             if out[ch] == out[best]])))
    verdict = t("results.haunted_house.won") if won else t("results.haunted_house.lost")
    return ResultsStory("haunted_house", verdict, "good" if won else "bad", reason, standings, facts=facts)


def final_move(session: Session) -> list[str]:
    return final_move_lines(session, FINAL_MOVE)
