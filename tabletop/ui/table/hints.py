"""Undo and hints are for one human at the screen against AI; the hint worker asks the AI what it would play.

The hint thinks with the hard search for normal's time: a game may stop its normal level early (the profile's
level_iterations, so the ladder has a middle), while the hint should think as deep as a short wait allows.
"""

from __future__ import annotations

import random

from tabletop.ai.advice import MoveAdvice
from tabletop.ai.levels import SEARCH_LEVELS
from tabletop.ai.worker import AIRequest, AIWorker, AIWorkerError
from tabletop.engine.core import Action
from tabletop.i18n import t
from tabletop.session import Session

HINT_SECONDS = SEARCH_LEVELS["normal"].seconds  # the hint thinks as long as normal may


def solo_human(session: Session) -> int | None:
    """The one human in a game against AI, or alone in a co-operative game (the Haunted House played solo:
    the co-op planner hints there), at the screen (undo and hints are offered only then)."""
    humans = session.humans()
    alone = len(humans) == 1 and not session.is_phone(humans[0])
    return humans[0] if alone and (session.players > 1 or session.game.cooperative) else None


def tools_reason(session: Session, solo: int | None) -> str | None:
    """Why undo and hints are off for this whole game, in words; None when one human at the screen has them."""
    if solo is not None:
        return None
    slug = "no_human" if not session.humans() else "phone" if session.phone_seats() else "several"
    return t(f"app.tool_reason.{slug}")


def hint_reason(session: Session, solo: int) -> str | None:
    """Why H gives `solo`, the human with the tools, no hint now, in words; None when it may.
    Checked every frame: it never lists the legal actions."""
    if session.state.is_over():
        return t("app.undo_reason.over")
    return None if solo in session.state.to_act() else t("app.tool_reason.not_your_turn")


class Hinter:
    """The hint asked for, and the answer: `suggestion` (the best move) with `advice` (the top moves explained),
    shown by the hint panel while `suggestion` is set."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.worker: AIWorker | None = None
        self.thinking = False
        self.suggestion: Action | None = None
        self.advice: list[tuple[Action, MoveAdvice]] = []
        self._for = -1  # the number of actions played when the hint was asked

    def ask(self, seat: int, fast: bool) -> bool:
        """Ask what `seat` should play, from its own view; False when it has nothing to choose."""
        state = self.session.state
        legal = state.legal_actions(seat)
        if not legal:
            return False
        if self.worker is None:
            self.worker = AIWorker(mode="sync" if fast else "process")
        self.thinking = True
        self._for = len(self.session.record.actions)
        seed = random.Random(f"hint/{self.session.record.seed}/{len(self.session.record.actions)}").getrandbits(31)
        self.worker.submit(AIRequest(self.session.game.id, "hard", state.view(seat), tuple(str(a) for a in legal),
                                     seed, budget=HINT_SECONDS, advice=True))
        return True

    def poll(self, seat: int | None) -> bool:
        """Looks for the answer; True when a suggestion for `seat` came (the position has not moved on)."""
        if not self.thinking or self.worker is None:
            return False
        try:
            chosen = self.worker.poll()
        except AIWorkerError:
            self.thinking = False
            return False
        if chosen is None:
            return False
        self.thinking = False
        if self._for != len(self.session.record.actions):
            return False  # the position moved on (undo, or the human played)
        legal = self.session.state.legal_actions(seat) if seat is not None else []
        advice = []
        for item in chosen:  # the top moves, best first (tabletop.ai.advice.MoveAdvice)
            try:
                action = self.session.game.parse_action(item.action)
            except ValueError:
                continue
            if action in legal:
                advice.append((action, item))
        if not advice:
            return False
        self.suggestion, self.advice = advice[0][0], advice
        return True

    def stale(self, seat: int, solo: int | None) -> bool:
        """A move by `seat` leaves the shown suggestion stale: the human's own, or one the human can no longer play."""
        return seat == solo or solo is None or self.suggestion not in self.session.state.legal_actions(solo)

    def close(self) -> None:
        if self.worker is not None:
            self.worker.close()
