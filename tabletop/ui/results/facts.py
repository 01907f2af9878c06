"""Reading a finished session for its results: public events, the final move, ranked standings."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from tabletop.engine.core import Event
from tabletop.session import Session
from tabletop.ui.eventlog import format_event
from tabletop.ui.results.model import Standing
from tabletop.ui.results.words import count, place


def public_events(session: Session) -> Iterator[Event]:
    """Every event of the game that all players saw (results never show a private card)."""
    for entry in session.log:
        if entry.event.visible_for(None):
            yield entry.event


Wording = Callable[[Event, list[str]], str]


def final_move_lines(session: Session, kinds: tuple[str, ...], limit: int = 3,
                     wording: dict[str, Wording] | None = None) -> list[str]:
    """The last action's public events of `kinds` in the player's words: the game log's line, or the
    game's own `wording` for events whose log line carries notation (at most `limit` lines; the first and
    the last are always kept, as they say what was played and how it ended)."""
    if not session.log:
        return []
    last = session.log[-1].index
    names = session.names()
    wording = wording or {}
    lines = [wording[e.event.kind](e.event, names) if e.event.kind in wording
             else format_event(session.game.id, e.event, names) for e in session.log
             if e.index == last and e.event.visible_for(None) and e.event.kind in kinds]
    lines = [line for line in lines if line]
    if len(lines) > limit:
        lines = lines[: limit - 1] + lines[-1:]
    return lines


def ranked_standings(session: Session, notes: dict[int, list[str]] | None = None) -> list[Standing]:
    """Seats by rank (ties share a place), each with its score as counted points."""
    result = session.state.result()
    names = session.names()
    order = sorted(range(session.players), key=lambda s: (result.ranks[s], s))
    return [Standing(seat, names[seat], place(result.ranks[seat]), seat in result.winners,
                     count("points", result.scores[seat]), list((notes or {}).get(seat, [])))
            for seat in order]
