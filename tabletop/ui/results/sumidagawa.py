"""Sumidagawa's results: one row per game of the session with the order players went out and the points
each place earned (§13: the last player left scores 1), then the session totals."""

from __future__ import annotations

from dataclasses import dataclass, field

from tabletop import i18n
from tabletop.i18n import t
from tabletop.session import Session
from tabletop.ui.results.facts import final_move_lines, public_events, ranked_standings
from tabletop.ui.results.model import Fact, ResultsStory, ScoreTable
from tabletop.ui.results.words import count, join_names, place, winners_headline

FINAL_MOVE = ("play", "out", "jun_end", "jun_end_dakuryu", "game_end", "game_aborted")


@dataclass
class GameScore:
    number: int
    order: list[int] = field(default_factory=list)  # seats from first out to the one left at the end
    points: dict[int, int] = field(default_factory=dict)
    aborted: bool = False


def games(session: Session) -> list[GameScore]:
    out: list[GameScore] = []
    current = GameScore(1)
    for e in public_events(session):
        if e.kind == "points":
            current.order.append(e.data["seat"])
            current.points[e.data["seat"]] = e.data["points"]
        elif e.kind in ("game_end", "game_aborted"):
            current.number, current.aborted = e.data["game"], e.kind == "game_aborted"
            out.append(current)
            current = GameScore(e.data["game"] + 1)
    return out


def _cell(g: GameScore, seat: int) -> str:
    if g.aborted:
        return "—"
    return t("results.sumidagawa.cell", place=place(g.order.index(seat) + 1), points=g.points[seat])


def _order(g: GameScore, names: list[str]) -> str:
    """'Aki → Ben → Chie': first out to the one left holding cards."""
    return t("results.sumidagawa.stopped") if g.aborted else " → ".join(names[s] for s in g.order)


def story(session: Session) -> ResultsStory:
    names = session.names()
    result = session.state.result()
    played = games(session)
    rows = [[t("results.sumidagawa.game_n", game=g.number), *(_cell(g, s) for s in range(session.players)),
             _order(g, names)] for g in played]
    marks = {(i, 1 + g.order[0]) for i, g in enumerate(played) if g.order}
    table = ScoreTable(t("results.sumidagawa.table_title"),
                       [t("results.sumidagawa.game"), *names, t("results.sumidagawa.order")], rows,
                       [t("results.total"), *(str(int(s)) for s in result.scores), ""], marks)
    winners = [names[s] for s in result.winners]
    firsts = {s: sum(1 for g in played if g.order and g.order[0] == s) for s in range(session.players)}
    notes = {s: [t("results.sumidagawa.first_out", times=count("times", firsts[s]))] for s in firsts if firsts[s]}
    reason = t("results.sumidagawa.reason", names=join_names(winners), points=count("points", max(result.scores)),
               games=count("games", len(played)))
    facts = [Fact(t("results.sumidagawa.games_played"), count("games", len(played)))]
    return ResultsStory("sumidagawa", winners_headline(winners), "accent", reason,
                        ranked_standings(session, notes), table, facts)


WORDING = {  # the log's play line lists card codes; the banner names the combination only
    "play": lambda e, names: t("results.sumidagawa.final_play", name=names[e.data["seat"]],
                               combo=e.data["combo_ja"] if i18n.language() == "ja" else e.data["combo_en"],
                               value=e.data["declared"]),
}


def final_move(session: Session) -> list[str]:
    return final_move_lines(session, FINAL_MOVE, wording=WORDING)
