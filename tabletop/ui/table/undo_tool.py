"""Undo at the table: whether the one human against AI may take back their last action now, and why not.

tabletop.undo decides by replaying the record (up to a few ms), so its verdict is kept per move."""

from __future__ import annotations

from tabletop.i18n import t
from tabletop.session import Session
from tabletop.undo import UndoCheck, check_undo


class UndoTool:
    def __init__(self, session: Session) -> None:
        self.session = session
        self.cache: tuple[int, UndoCheck | None] = (-1, None)  # (actions played, the verdict then)

    def check(self, seat: int | None) -> UndoCheck | None:
        if seat is None:
            return None
        n = len(self.session.record.actions)
        if self.cache[0] != n:
            self.cache = (n, check_undo(self.session.record, seat))
        return self.cache[1]

    def allowed(self, seat: int | None) -> bool:
        if self.session.state.is_over():
            return False
        verdict = self.check(seat)
        return bool(verdict and verdict.allowed)

    def offered(self, seat: int | None, settled: bool) -> bool:
        """The Undo button is on when a human may act and undo is allowed. The check waits until the move's
        motion has ended (`settled`), so it never lengthens a frame that shows the move landing; until then
        the button is off (a press would check anyway)."""
        if not self.session.humans_to_act():
            return False
        if self.cache[0] == len(self.session.record.actions) or settled:
            return self.allowed(seat)
        return False

    def refusal(self, seat: int) -> str | None:
        """Why `seat` may not undo now, in words; None when it may."""
        verdict = self.check(seat)
        if verdict is not None and verdict.allowed:
            return None
        reason = verdict.reason if verdict is not None else "nothing"
        return t(f"app.undo_reason.{reason}")
