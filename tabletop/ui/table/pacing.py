"""The AI's moves at the table: asked of a worker off the frame, and paced so the people can follow them."""

from __future__ import annotations

import random
from collections.abc import Callable

from tabletop.ai.worker import AIRequest, AIWorker, AIWorkerError
from tabletop.engine.core import Action
from tabletop.session import Session
from tabletop.ui import style


class AIPacer:
    """`thinking` is the seat whose move the worker is working out; `delay` the seconds before the next AI
    move may be asked for (the AI's pace, or the time an announced move needs to be read)."""

    def __init__(self, session: Session, fast: bool) -> None:
        self.session = session
        self.worker = AIWorker(mode="sync" if fast else "process")
        self.thinking: int | None = None
        self.delay = 0.0

    def after_move(self, seat: int, shown: float, speed: str, fast: bool) -> None:
        """A move landed: an AI's is followed by its pace; any waits until the announcement shown for
        `shown` seconds was read (the moments' pacing hook)."""
        if fast:
            return
        if not self.session.is_human(seat):
            self.delay = style.AI_PACE.get(speed, 0.7)
        self.delay = max(self.delay, shown)

    def tick(self, dt: float) -> None:
        self.delay = max(0.0, self.delay - dt)

    def think(self, act: Callable[[int, Action], bool], complain: Callable[[str], None]) -> None:
        """Plays the answer when it came, else asks for the next AI seat's move once the pace allows."""
        if self.thinking is not None:
            self._answer(act, complain)
            return
        ai = self.session.ai_to_act()
        if not ai or self.delay > 0:
            return
        seat, state = ai[0], self.session.state
        legal = state.legal_actions(seat)
        level = self.session.record.seats[seat].kind
        seed = random.Random(f"{self.session.record.seed}/{len(self.session.record.actions)}/{seat}").getrandbits(31)
        self.thinking = seat
        self.worker.submit(AIRequest(self.session.game.id, level, state.view(seat), tuple(str(a) for a in legal),
                                     seed))

    def _answer(self, act: Callable[[int, Action], bool], complain: Callable[[str], None]) -> None:
        try:
            chosen = self.worker.poll()
        except AIWorkerError as exc:
            complain(str(exc).splitlines()[0])
            self.thinking = None
            return
        if chosen is None or self.thinking is None:
            return
        seat, self.thinking = self.thinking, None
        state = self.session.state
        if seat in state.to_act():
            try:
                action = self.session.game.parse_action(chosen)
            except ValueError:
                return
            if action in state.legal_actions(seat):
                act(seat, action)

    def stop(self) -> None:
        """Forget the move being thought about and the pace (an undo)."""
        self.worker.cancel()
        self.thinking = None
        self.delay = 0.0
