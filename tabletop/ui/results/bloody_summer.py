"""BLOODY SUMMER's results: who escaped, who was wounded, who was killed by which check, and why the winner won.

The spec (§3.4) has exactly one winner and "the other players simply lose (no ranking)": so no
seat gets a number. The winner is listed first, then the losers who were still alive, then the
killed (the latest death first); each line says what happened to that player.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import cast

from tabletop.games.bloody_summer.state import BloodySummerState
from tabletop.i18n import t
from tabletop.session import Session
from tabletop.ui.results.facts import final_move_lines, public_events
from tabletop.ui.results.model import Fact, ResultsStory, ScoreTable, Standing
from tabletop.ui.results.words import count, listing

FINAL_MOVE = ("play", "check", "killed", "escape", "survivor")


@dataclass
class Fate:
    wounded_round: int | None = None
    wounded_by: list[int] = field(default_factory=list)  # the drawn cards of the wounding check
    killed_round: int | None = None
    killed_by: list[int] = field(default_factory=list)
    killed_order: int = 0  # 1 = the first player killed
    checks: int = 0


@dataclass
class Check:
    round: int
    seat: int
    drawn: list[int]
    pile: int
    outcome: str = "safe"  # "safe", "wounded" or "killed"


@dataclass
class Chronicle:
    fates: list[Fate]
    checks: list[Check] = field(default_factory=list)
    rounds: int = 1
    reversed_round: int | None = None
    escape_round: int | None = None
    escape_combo: str = ""


def chronicle(session: Session) -> Chronicle:
    """What happened to each player, from the public events in order."""
    story = Chronicle([Fate() for _ in range(session.players)])
    round_no, drawn, kills = 1, [], 0
    last_play: dict[int, str] = {}
    for e in public_events(session):
        seat: int = e.data.get("seat", -1)  # -1: an event that names no seat (a round); only seat events read it
        if e.kind == "round":
            round_no = story.rounds = e.data["round"]
        elif e.kind == "play":
            last_play[seat] = e.data["combo"]
        elif e.kind == "check":
            drawn = list(e.data["drawn"])
            story.fates[seat].checks += 1
            story.checks.append(Check(round_no, seat, drawn, len(e.data["pile"])))
        elif e.kind in ("wounded", "killed"):
            story.checks[-1].outcome = e.kind
        if e.kind == "wounded":
            story.fates[seat].wounded_round, story.fates[seat].wounded_by = round_no, drawn
        elif e.kind == "killed":
            kills += 1
            fate = story.fates[seat]
            fate.killed_round, fate.killed_by, fate.killed_order = round_no, drawn, kills
        elif e.kind == "reversed":
            story.reversed_round = round_no + 1  # it applies from the next play phase (§3.3)
        elif e.kind == "escape":
            story.escape_round, story.escape_combo = round_no, last_play.get(seat, "")
    return story


def _notes(fate: Fate, escaped: bool) -> list[str]:
    notes = []
    if escaped:
        notes.append(t("results.bloody_summer.escaped"))
    if fate.killed_round is not None:
        notes.append(t("results.bloody_summer.killed", round=fate.killed_round, cards=listing(fate.killed_by)))
    if fate.wounded_round is not None:
        notes.append(t("results.bloody_summer.wounded", round=fate.wounded_round, cards=listing(fate.wounded_by)))
    if fate.killed_round is None and fate.wounded_round is None and not escaped:
        notes.append(t("results.bloody_summer.unharmed"))
    notes.append(count("checks", fate.checks))
    return notes


def story(session: Session) -> ResultsStory:
    state = cast(BloodySummerState, session.state)  # the results of a BLOODY SUMMER session
    names = session.names()
    winner = state.winner
    assert winner is not None  # the results show a finished game, which has its one winner
    chron = chronicle(session)
    fates = chron.fates
    escaped = state.win_reason == "escape"
    if escaped:
        reason = t("results.bloody_summer.reason_escape", name=names[winner], round=chron.escape_round,
                   cards=chron.escape_combo)
    else:
        last = max(range(session.players), key=lambda s: fates[s].killed_order)
        reason = t("results.bloody_summer.reason_survivor", name=names[winner], victim=names[last],
                   round=fates[last].killed_round)
    standings = [Standing(winner, names[winner], t("results.winner"), True, "", _notes(fates[winner], escaped))]
    losers = [s for s in range(session.players) if s != winner]
    alive = sorted((s for s in losers if fates[s].killed_round is None),
                   key=lambda s: (fates[s].wounded_round is not None, s))
    dead = sorted((s for s in losers if fates[s].killed_round is not None), key=lambda s: -fates[s].killed_order)
    for seat in alive + dead:
        standings.append(Standing(seat, names[seat], t("results.lost"), False, "", _notes(fates[seat], False)))
    reversal = (t("results.bloody_summer.reversed_from", round=chron.reversed_round)
                if chron.reversed_round is not None else t("results.bloody_summer.never_reversed"))
    facts = [Fact(t("results.fact.rounds"), count("rounds", chron.rounds)),
             Fact(t("results.bloody_summer.order"), reversal),
             Fact(t("results.bloody_summer.casualties"),
                  t("results.bloody_summer.casualty_count",
                    wounded=count("players", sum(f.wounded_round is not None for f in fates)),
                    killed=count("players", sum(f.killed_round is not None for f in fates))))]
    return ResultsStory("bloody_summer", t("results.winner_is", names=names[winner]), "accent", reason, standings,
                        _checks_table(chron, names), facts)


def _checks_table(chron: Chronicle, names: list[str]) -> ScoreTable:
    """Every visit of the killer: the round, who was checked, the pile, the cards drawn and what happened."""
    rows = [[t("results.round_n", round=c.round), names[c.seat], count("cards", c.pile), listing(c.drawn),
             t(f"results.bloody_summer.outcome_{c.outcome}")] for c in chron.checks]
    marks = {(i, 4) for i, c in enumerate(chron.checks) if c.outcome != "safe"}
    header = [t("results.round"), t("results.bloody_summer.checked"), t("results.bloody_summer.pile"),
              t("results.bloody_summer.drawn"), t("results.bloody_summer.outcome")]
    return ScoreTable(t("results.bloody_summer.table_title"), header, rows, None, marks)


def final_move(session: Session) -> list[str]:
    return final_move_lines(session, FINAL_MOVE)
