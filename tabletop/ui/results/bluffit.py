"""BLUFFIT's results: the points each player banked round by round, the final round's net change, totals."""

from __future__ import annotations

from tabletop.games.bluffit.cards import parse_card, value
from tabletop.i18n import t
from tabletop.session import Session
from tabletop.ui.results.facts import final_move_lines, public_events, ranked_standings
from tabletop.ui.results.model import Fact, ResultsStory, ScoreTable
from tabletop.ui.results.words import count, join_names, signed_points, winners_headline

FINAL_ROUND = 11
FINAL_MOVE = ("claim", "challenge", "challenge_won", "challenge_lost", "both_lose")


def round_points(session: Session) -> dict[int, list[int]]:
    """Per round (1–10): the points each seat banked (the values of the scoring cards it kept)."""
    out: dict[int, list[int]] = {}
    for e in public_events(session):
        if e.kind == "round_scored" and e.data["round"] < FINAL_ROUND:
            banked = e.data["banked"]
            out[e.data["round"]] = [sum(value(parse_card(c)) for c in banked.get(str(s), []))
                                    for s in range(session.players)]
    return out


def story(session: Session) -> ResultsStory:
    names = session.names()
    result = session.state.result()
    totals = [int(s) for s in result.scores]
    rounds = round_points(session)
    rows = [[t("results.round_n", round=r), *(signed_points(p) for p in pts)] for r, pts in sorted(rounds.items())]
    marks = {(i, 1 + s) for i, (_, pts) in enumerate(sorted(rounds.items())) for s in range(len(pts))
             if pts[s] and pts[s] == max(pts)}
    played_final = any(e.kind == "final_round" for e in public_events(session))
    if played_final:  # bids from score piles are lost; cards won in the final round are banked
        before = [sum(pts[s] for pts in rounds.values()) for s in range(session.players)]
        rows.append([t("results.bluffit.final_round"), *(signed_points(totals[s] - before[s])
                                                         for s in range(session.players))])
    table = ScoreTable(t("results.bluffit.table_title"), [t("results.round"), *names], rows,
                       [t("results.total"), *(str(v) for v in totals)], marks)
    winners = [names[s] for s in result.winners]
    best = count("points", max(totals))
    reason = (t("results.bluffit.reason_tie", names=join_names(winners), points=best) if len(winners) > 1
              else t("results.bluffit.reason", name=winners[0], points=best))
    facts = [Fact(t("results.bluffit.final_round"),
                  t("results.bluffit.final_played") if played_final else t("results.bluffit.final_skipped"))]
    return ResultsStory("bluffit", winners_headline(winners), "accent", reason,
                        ranked_standings(session), table, facts)


def final_move(session: Session) -> list[str]:
    return final_move_lines(session, FINAL_MOVE)
