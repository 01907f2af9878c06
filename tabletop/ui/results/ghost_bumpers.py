"""Ghost Bumpers' results: each round's points per player and how the round ended, then the totals."""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from tabletop.games.ghost_bumpers.state import GhostBumpersState
from tabletop.i18n import t
from tabletop.session import Session
from tabletop.ui.results.facts import final_move_lines, public_events, ranked_standings
from tabletop.ui.results.model import Fact, ResultsStory, ScoreTable
from tabletop.ui.results.words import count, join_names, signed_points, winners_headline

FINAL_MOVE = ("play", "play_z", "trick_won", "scared", "paranoia")


@dataclass
class RoundScore:
    number: int
    points: list[int]
    reason: str  # "scare", "paranoia" or "hands_empty"
    scared: int | None  # the seat that revealed the scared card (scores 0; 10 on paranoia)


def round_scores(session: Session) -> list[RoundScore]:
    rounds: list[RoundScore] = []
    scared: int | None = None
    for e in public_events(session):
        if e.kind in ("scared", "paranoia"):
            scared = e.data["seat"]
        elif e.kind == "round_end":
            reason = e.data["reason"]
            rounds.append(RoundScore(e.data["round"], [0] * session.players, reason,
                                     scared if reason != "hands_empty" else None))
            scared = None
        elif e.kind == "round_score" and rounds:
            rounds[-1].points[e.data["seat"]] = e.data["points"]
    return rounds


def _how(r: RoundScore, names: list[str]) -> str:
    if r.reason == "paranoia" and r.scared is not None:  # paranoia always names its seat
        return t("results.ghost_bumpers.paranoia", name=names[r.scared])
    if r.reason == "scare" and r.scared is not None:
        return t("results.ghost_bumpers.scared", name=names[r.scared])
    return t("results.ghost_bumpers.hands_empty")


def story(session: Session) -> ResultsStory:
    state = cast(GhostBumpersState, session.state)  # the results of a Ghost Bumpers session
    names = session.names()
    result = state.result()
    rounds = round_scores(session)
    rows = [[t("results.round_n", round=r.number), *(signed_points(p) for p in r.points), _how(r, names)]
            for r in rounds]
    marks = {(i, 1 + r.scared) for i, r in enumerate(rounds) if r.scared is not None}
    table = ScoreTable(t("results.ghost_bumpers.table_title"), [t("results.round"), *names,
                                                                  t("results.ghost_bumpers.ending")],
                       rows, [t("results.total"), *(str(int(s)) for s in result.scores), ""], marks)
    winners = [names[s] for s in result.winners]
    best = count("points", max(result.scores))
    if state.mode == "target" and max(result.scores) >= state.target:
        reason = t("results.ghost_bumpers.reason_target", names=join_names(winners), points=best,
                   target=count("points", state.target))
    else:
        reason = t("results.ghost_bumpers.reason_rounds", names=join_names(winners), points=best,
                   rounds=count("rounds", len(rounds)))
    goal = (t("results.ghost_bumpers.goal_target", target=count("points", state.target)) if state.mode == "target"
            else t("results.ghost_bumpers.goal_rounds", rounds=count("rounds", state.rounds)))
    facts = [Fact(t("results.ghost_bumpers.goal"), goal),
             Fact(t("results.fact.rounds"), count("rounds", len(rounds)))]
    return ResultsStory("ghost_bumpers", winners_headline(winners), "accent", reason,
                        ranked_standings(session), table, facts)


def final_move(session: Session) -> list[str]:
    return final_move_lines(session, FINAL_MOVE)
