"""Who sees what at the screen: the one place that decides whose private view the desktop shows.

One person against AI sees their own view all the time. When more than one person can see the desktop
(a phone seat, or two people playing on it), it shows the public view, and a person at the screen sees
their own only behind the curtain (`revealed`) or while holding it after a private move (`hold`).
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.engine.core import Action, Event
from tabletop.session import Session


class HotSeat:
    """Reads the Session; keeps who revealed their view, who holds it, and whose view was last on screen."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.revealed: int | None = None  # the human whose private view is on screen (hot-seat)
        self.hold: int | None = None  # keep showing this human's view until they hand over
        self.at_screen: int | None = None  # the human whose private view is drawn (hot-seat hand-overs)
        self._decision: tuple | None = None  # what the person at the screen is deciding (see decision_opened)
        self._decision_at: tuple[tuple[int, int], tuple] | None = None

    def viewer(self) -> int | None:
        """The seat whose private view the desktop shows now, or None for the public view."""
        screen = self.session.screen_humans()
        if not self.session.shared_screen():
            return screen[0] if screen else None
        if self.hold is not None:
            return self.hold
        acting = self.session.screen_humans_to_act()
        return self.revealed if self.revealed in acting else None

    def curtain_needed(self) -> int | None:
        """The person at the screen who must come to it (behind the curtain) before playing, if any."""
        if not self.session.shared_screen() or self.hold is not None:
            return None
        acting = self.session.screen_humans_to_act()
        if acting and self.revealed not in acting:
            return acting[0]
        return None

    def handed_over(self) -> bool:
        """True once each time the seat whose view is on a shared screen changes: the next person starts clean."""
        if not self.session.shared_screen():
            return False
        seat = self.viewer()
        if seat == self.at_screen:
            return False
        self.at_screen = seat
        return True

    def after_move(self, seat: int, events: Sequence[Event]) -> bool:
        """A person at a shared screen moved: they hold their view when the move showed them something
        private, else it stays revealed only while they act on. True when the screen's owner may change."""
        if seat not in self.session.screen_humans() or not self.session.shared_screen():
            return False
        private = any(e.visible_to is not None and seat in e.visible_to for e in events)
        if private and not self.session.state.is_over():
            self.hold = seat  # let them see what only they may see before handing over
        else:
            self.revealed = seat if seat in self.session.screen_humans_to_act() else None
        return True

    def decision(self, covered: bool) -> tuple | None:
        """(seat, kinds of action open to it) for the person at the screen, or None if they cannot act now
        (`covered`: the menu or the big log is over the table)."""
        viewer = self.viewer()
        state = self.session.state
        if viewer is None or self.hold is not None or covered or viewer not in state.to_act():
            return None
        moment = (viewer, len(self.session.record.actions))
        if self._decision_at is None or self._decision_at[0] != moment:  # legal actions only once per move
            kinds = tuple(sorted({type(a).__name__ for a in state.legal_actions(viewer)}))
            self._decision_at = (moment, (viewer, kinds))
        return self._decision_at[1]

    def decision_opened(self, covered: bool) -> bool:
        """True when a decision opens for the person at the screen (their turn after another's, a new kind of
        choice, the menu or big log closing over it): a transition, in which the input gate keeps a press
        made for what was there before from choosing."""
        decision = self.decision(covered)
        opened = decision is not None and decision != self._decision
        self._decision = decision
        return opened

    def release(self) -> None:
        """The holder is done looking: the screen goes public until the next person comes to it."""
        self.hold = None
        self.revealed = None

    def screen_actor(self, screen_actions: tuple[type[Action], ...]) -> int | None:
        """A phone seat whose move is public and made on the shared screen (the KAKAPO's placement)."""
        if not screen_actions or self.viewer() is not None:
            return None
        state = self.session.state
        for seat in state.to_act():
            if self.session.is_phone(seat):
                legal = state.legal_actions(seat)
                if legal and all(isinstance(a, screen_actions) for a in legal):
                    return seat
        return None
