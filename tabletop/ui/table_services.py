"""The one seam between a board and the scene that shows it (the table, or a replay).

A board reads the game only through these calls: who sits at the screen, the public view, the
public log, who is human. It reaches the screen only through them too: the pointer, the layout's
seat anchors, sounds, toasts, and the press gate. Anything else a board needs is in its
`TableContext` for the frame. Keeping the seam this narrow is what lets the privacy tests reason
about a board: it is never handed the session or the full state.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

import pygame

from tabletop.engine.core import Action, View

if TYPE_CHECKING:
    from tabletop.session import LogEntry, Session
    from tabletop.ui.app import App
    from tabletop.ui.painter import Painter
    from tabletop.ui.viewport import Viewport
    from tabletop.userdata import Settings


class TableServices(Protocol):
    """What the table (or a replay) offers the board it shows."""

    @property
    def players(self) -> int:
        """How many seats the game has."""

    @property
    def clock(self) -> float:
        """Seconds since the scene opened: the time that pulses and blinks are drawn from."""

    @property
    def painter(self) -> Painter:
        """The window's painter, for measuring text outside `draw` (where an animation starts)."""

    @property
    def viewport(self) -> Viewport:
        """Virtual to window pixels, for art cached at the window's own scale."""

    @property
    def settings(self) -> Settings:
        """The player's settings (motion and AI speed: how long things take to watch)."""

    def viewer(self) -> int | None:
        """The seat whose private view the screen shows now, or None for the public view."""

    def public_view(self) -> View:
        """What every seat may see (the view of no seat)."""

    def log_entries(self) -> Sequence[LogEntry]:
        """The game's log so far; boards show each seat only what `Words.event` lets it read."""

    def is_human(self, seat: int) -> bool:
        """The seat is a person's (at this screen or on a phone), not an AI's."""

    def any_human(self) -> bool:
        """Someone plays (a game of AIs only is watched)."""

    def screen_humans(self) -> list[int]:
        """The seats played at this screen."""

    def shared_screen(self) -> bool:
        """More than one person looks at this screen, so it shows only public things between turns."""

    def seat_anchor(self, seat: int) -> pygame.Vector2:
        """Where a seat sits in the side column (its disc): where what that seat plays flies from."""

    def pointer(self, pos: tuple[float, float]) -> pygame.Vector2:
        """A window position (an event's `pos`) in virtual pixels."""

    def sound(self, name: str) -> None:
        """Plays one of the app's sounds."""

    def show_toast(self, text: str) -> None:
        """A short message over the table (an illegal move's reason)."""

    def explain(self, action: Action, seat: int | None = None) -> str | None:
        """Why `action` is illegal for `seat` (the viewer by default) now, in words; None if it is legal."""

    def fresh_press(self) -> None:
        """The next press must be a new one: a sheet covered the table, so a held key or button is stale."""


class SessionServices:
    """The services any scene showing a `Session` gives its board the same way (the table and a replay);
    each scene adds who sits at the screen (`viewer`), toasts, explanations and seat anchors of its own."""

    app: App
    session: Session

    @property
    def players(self) -> int:
        return self.session.players

    @property
    def painter(self) -> Painter:
        return self.app.painter

    @property
    def viewport(self) -> Viewport:
        return self.app.viewport

    @property
    def settings(self) -> Settings:
        return self.app.settings

    def public_view(self) -> View:
        return self.session.state.view(None)

    def log_entries(self) -> Sequence[LogEntry]:
        return self.session.log

    def is_human(self, seat: int) -> bool:
        return self.session.is_human(seat)

    def any_human(self) -> bool:
        return bool(self.session.humans())

    def screen_humans(self) -> list[int]:
        return self.session.screen_humans()

    def shared_screen(self) -> bool:
        return self.session.shared_screen()

    def pointer(self, pos: tuple[float, float]) -> pygame.Vector2:
        return self.app.mouse(pos)

    def sound(self, name: str) -> None:
        self.app.sound(name)

    def fresh_press(self) -> None:
        self.app.stack.gate.arm()
