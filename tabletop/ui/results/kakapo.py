"""KAKAPO's results: the mission, how many rounds it took, which birds were scanned (and by whose
placements), what decided it, and a small picture of the final board (drawn by kakapo_picture)."""

from __future__ import annotations

from typing import cast

from tabletop.games.kakapo import grid, pieces
from tabletop.games.kakapo.state import KakapoState
from tabletop.i18n import t
from tabletop.session import Session
from tabletop.ui.results.facts import final_move_lines, public_events
from tabletop.ui.results.model import Fact, ResultsStory, Standing
from tabletop.ui.results.words import count, join_names, of

FINAL_MOVE = ("place", "scanned", "failed_unplaceable", "failed_rounds")


def _bird(bird_id: str) -> str:
    return t(f"kakapo.bird.{bird_id}")


def story(session: Session) -> ResultsStory:
    state = cast(KakapoState, session.state)  # the results of a KAKAPO session
    names = session.names()
    mission = state.rules.mission
    placed = [0] * session.players
    scans: list[tuple[str, int]] = []  # (bird id, seat whose placement scanned it), in order
    ending: dict = {}
    for e in public_events(session):
        if e.kind == "place":
            placed[e.data["seat"]] += 1
        elif e.kind == "scanned":
            scans.append((e.data["bird"], e.data["seat"]))
        elif e.kind in ("won", "failed_rounds", "failed_unplaceable"):
            ending = {"kind": e.kind, **e.data}
    won = state.outcome == "won"
    scanned, required = len(scans), state.rules.required
    if won:
        bird, seat = scans[-1]
        reason = t("results.kakapo.reason_won", name=names[seat], bird=_bird(bird),
                   round=state.round, scanned=scanned, needed=count("birds", required))
    elif state.outcome == "failed_unplaceable":
        reason = t("results.kakapo.reason_unplaceable", name=names[ending["seat"]], round=state.round,
                   piece=_piece(ending["piece"]))
    else:
        reason = t("results.kakapo.reason_rounds", rounds=count("rounds", state.limit), scanned=scanned,
                   needed=count("birds", required))
    standings = []
    for seat in range(session.players):
        mine = [_bird(b) for b, s in scans if s == seat]
        notes = [count("pieces_placed", placed[seat])]
        if mine:
            notes.append(t("results.kakapo.scanned_by", birds=join_names(mine)))
        standings.append(Standing(seat, names[seat], "", won, "", notes))
    title = t("kakapo.mission_line", mode=t(f"kakapo.mode_short.{mission.mode}"), number=mission.number,
              title=t(f"kakapo.mission.{mission.id}"))
    left = [_bird(b.id) for i, b in enumerate(mission.birds) if not state.scanned >> i & 1]
    facts = [Fact(t("results.kakapo.mission"), title),
             Fact(t("results.kakapo.rounds_used"), of(state.round, state.limit, "rounds")),
             Fact(t("results.kakapo.birds"), t("results.kakapo.birds_value", scanned=scanned, required=required,
                                                 birds=count("birds", len(mission.birds)))),
             Fact(t("results.kakapo.scanned_list"), join_names([_bird(b) for b, _ in scans]) if scans else "—")]
    if left:
        facts.append(Fact(t("results.kakapo.unscanned_list"), join_names(left)))
    verdict = t("results.kakapo.won") if won else t("results.kakapo.failed")
    return ResultsStory("kakapo", verdict, "good" if won else "bad", reason, standings, facts=facts, picture=True)


def _piece(card: str) -> str:
    """A piece's card id ("P3": colour letter, value) in words: "the purple 3"."""
    return t("results.kakapo.piece", colour=t(f"kakapo.colour.{card[0]}"), value=card[1:])


def _placed_cell(data: dict) -> str:
    """A place event's cell, named as the board labels it, by a cell the piece covers (not its box's corner)."""
    piece = pieces.parse_card(data["piece"])
    orient = pieces.orientation_of_label(piece, data["orientation"])
    if orient is None:  # a record from elsewhere with an unknown label: the engine's anchor, as recorded
        return data["at"]
    return grid.cell_name(*pieces.named_cell(piece, orient, *grid.parse_cell_name(data["at"])))


WORDING = {
    "place": lambda e, names: t("results.kakapo.final_place", name=names[e.data["seat"]], piece=_piece(e.data["piece"]),
                                cell=_placed_cell(e.data)),
    "scanned": lambda e, names: t("results.kakapo.final_scanned", bird=_bird(e.data["bird"])),
    "failed_unplaceable": lambda e, names: t("results.kakapo.final_unplaceable", piece=_piece(e.data["piece"])),
    "failed_rounds": lambda e, names: t("results.kakapo.final_rounds"),
}


def final_move(session: Session) -> list[str]:
    return final_move_lines(session, FINAL_MOVE, wording=WORDING)
