"""Take back a human's last action in a game against AI, unless doing so would un-know something.

Pure (no pygame, no clocks): it works on a `Record` and replays it through the rules.

The rule (boardgame.io's "dice and reveals are not undoable", made exact):

Let k be the index of `seat`'s last action in the record. Undo removes that action
and every action after it (the AI moves that answered it) and is allowed iff

1. the game is not over, and `seat` has acted at all;
2. replaying the first k actions succeeds (the record is sound) — the undone
   position is then, by determinism, exactly the position before the action
   (`to_json()` equal, hidden cards and the chance counter included);
3. no chance was drawn by the removed actions: the state's `Chance` counter
   (`to_json()["chance"]["counter"]`) is the same after them as before them —
   a shuffle, a die roll or a new deal after the action refuses the undo;
4. none of the events the removed actions emitted was private to a set of seats
   that includes `seat` (`Event.visible_to` containing it): those show the player
   something hidden (a compared strength card, a drawn card), which cannot be un-seen.

Public events (a card played face up by an AI) are fine: taking the move back shows
every seat the same position again. The answer says why when undo is refused, as
an i18n slug (`app.undo_refused.<reason>`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabletop.engine import registry
from tabletop.engine.core import State
from tabletop.engine.records import Record, RecordError, replay

REASONS = ("nothing", "over", "chance", "private", "broken")


@dataclass(frozen=True)
class UndoCheck:
    allowed: bool
    keep: int  # actions to keep in the record when undoing (meaningful only when allowed)
    reason: str = ""  # one of REASONS when refused


def _chance_counter(state: State) -> Any:
    data = state.to_json()
    chance = data.get("chance") if isinstance(data, dict) else None
    if isinstance(chance, dict) and "counter" in chance:
        return chance["counter"]
    inner = getattr(state, "chance", None)
    return getattr(inner, "counter", None)


def last_action_of(record: Record, seat: int) -> int | None:
    for index in range(len(record.actions) - 1, -1, -1):
        if record.actions[index][0] == seat:
            return index
    return None


def check_undo(record: Record, seat: int) -> UndoCheck:
    """May `seat` take back its last action (with the actions after it)? See the module docstring."""
    keep = last_action_of(record, seat)
    if keep is None:
        return UndoCheck(False, 0, "nothing")
    try:
        before = replay(record, upto=keep).state
    except RecordError:
        return UndoCheck(False, keep, "broken")
    game = registry.get_game(record.game)
    state = before.clone()
    counter = _chance_counter(state)
    try:
        for index in range(keep, len(record.actions)):
            who, text = record.actions[index]
            events = state.apply(who, game.parse_action(text))
            if any(e.visible_to is not None and seat in e.visible_to for e in events):
                return UndoCheck(False, keep, "private")
    except ValueError:
        return UndoCheck(False, keep, "broken")
    if state.is_over():
        return UndoCheck(False, keep, "over")
    if _chance_counter(state) != counter:
        return UndoCheck(False, keep, "chance")
    return UndoCheck(True, keep)


def undone(record: Record, seat: int) -> tuple[Record, State]:
    """The record without `seat`'s last action and what followed, and its state; ValueError if refused."""
    verdict = check_undo(record, seat)
    if not verdict.allowed:
        raise ValueError(f"undo refused: {verdict.reason}")
    shorter = Record(record.game, record.players, record.seed, dict(record.options), list(record.seats),
                     list(record.actions[: verdict.keep]), record.version, dict(record.meta))
    return shorter, replay(shorter).state
