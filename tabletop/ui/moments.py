"""A hidden-information move gets its moment on the table, not only a line in the log.

When a seat that is not played at this screen (an AI, a phone) makes a move whose events include one of its
game's `Words.moments` (a challenge, a reveal, a take: declared per game, with its words), those events' log
lines are announced in a banner over the top of the board. The banner stays `style.MOMENT_PACE` seconds for
the chosen AI speed (half as long again for each further line); the table's AI pace waits as long, so the
next AI move comes after it has been read. A click on the banner, or a move by the person at the screen,
puts it away sooner. While it shows, the table asks for one frame when it ends: an idle table still sleeps.

Privacy: the banner is built only from the move's events, and each line only from an event the viewer may
see, checked again at every draw (a hot-seat hand-over never shows one seat's private line to the next).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from tabletop.engine.core import Event
from tabletop.ui import style
from tabletop.ui.eventlog import format_event
from tabletop.ui.games import BOARD_AREA
from tabletop.ui.painter import Painter
from tabletop.ui.words import words_for

TOP = BOARD_AREA.y + 8  # the banner's top edge, over the board's upper part (the toast and hints sit low)
PAD = 14
DISC = 14  # the mover's seat disc, left of the lines
SIZE = style.BODY
LINE_STEP = 1.3  # rows are this many text sizes apart
EXTRA_LINE = 0.5  # each line after the first adds this share of the first line's time


@dataclass
class Moment:
    seat: int
    events: tuple[Event, ...]
    left: float  # seconds it still shows


def seconds_for(lines: int, speed: str) -> float:
    """How long `lines` lines stay at the AI speed `speed`: at least instant's time, whatever the setting."""
    base = max(style.MOMENT_PACE["instant"], style.MOMENT_PACE.get(speed, style.MOMENT_PACE["normal"]))
    return base * (1 + EXTRA_LINE * max(0, lines - 1))


class Moments:
    """The table's announcer: `on_move` after every move, `update`, `draw` over the board, `handle` for clicks."""

    def __init__(self, game_id: str, speed: Callable[[], str]) -> None:
        self.game_id = game_id
        self.kinds = words_for(game_id).moments
        self.speed = speed  # the AI speed setting now
        self.shown: Moment | None = None
        self.rect: pygame.FRect | None = None  # where the banner was drawn last (a click there puts it away)

    def lines(self, viewer: int | None, names: list[str]) -> list[str]:
        """The banner's lines for `viewer`: the log's words of the events it may see, each once, counted
        where the move repeats it (three cards turned over: "… reveals an unafraid card ×3")."""
        if self.shown is None:
            return []
        counts: dict[str, int] = {}
        for e in self.shown.events:
            line = format_event(self.game_id, e, names) if e.visible_for(viewer) else ""
            if line:
                counts[line] = counts.get(line, 0) + 1
        return [line if n == 1 else f"{line} ×{n}" for line, n in counts.items()]

    def on_move(self, seat: int, events: list[Event], at_screen: bool, viewer: int | None,
                names: list[str]) -> float:
        """A move landed. Returns the seconds the next AI move waits for its announcement (0: none)."""
        if at_screen:  # the person at the screen moved: they have read what was shown
            self.shown = None
            return 0.0
        moment = tuple(e for e in events if e.kind in self.kinds)
        if not moment:
            return 0.0
        self.shown = Moment(seat, moment, 0.0)
        count = len(self.lines(viewer, names))
        if not count:  # nothing in it this viewer may see
            self.shown = None
            return 0.0
        self.shown.left = seconds_for(count, self.speed())
        return self.shown.left

    def clear(self) -> None:
        self.shown = None

    def update(self, dt: float) -> None:
        if self.shown is not None:
            self.shown.left -= dt
            if self.shown.left <= 0:
                self.shown = None

    def next_frame_in(self) -> float | None:
        """The frame that takes the banner away, when one shows (no frames in between: it does not move)."""
        return max(0.0, self.shown.left) if self.shown is not None else None

    def handle(self, event: pygame.event.Event, mouse: Callable[[tuple[int, int]], pygame.Vector2]) -> bool:
        """A left click on the banner puts it away (and does nothing else)."""
        if self.shown is None or self.rect is None or event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return False
        if not self.rect.collidepoint(mouse(event.pos)):
            return False
        self.shown = None
        return True

    def draw(self, p: Painter, viewer: int | None, names: list[str]) -> None:
        lines = self.lines(viewer, names)
        self.rect = None
        if self.shown is None or not lines:
            return
        k = p.scale_now
        text_x = PAD + 2 * DISC * k + 12
        widest = BOARD_AREA.w - 40 - text_x - PAD
        rows: list[tuple[str, bool]] = []
        for i, line in enumerate(lines):  # the first line (what was done) in bold, what it showed after it
            rows += [(row, i == 0) for row in p.wrap_lines(line, widest, SIZE, bold=i == 0)]
        text_w = min(widest, max(p.measure(row, SIZE * k, bold) for row, bold in rows))
        step = SIZE * LINE_STEP * k
        rect = pygame.FRect(0, TOP, text_x + text_w + PAD, 2 * PAD * 0.8 + len(rows) * step)
        rect.centerx = BOARD_AREA.centerx
        p.panel(rect)
        p.rect(rect, style.ACCENT, style.RADIUS, width=2)
        y = rect.y + PAD * 0.8
        p.seat_disc((rect.x + PAD + DISC * k, y + step / 2), DISC * k, self.shown.seat)
        for i, (row, bold) in enumerate(rows):
            p.text(row, (rect.x + text_x, y + i * step), SIZE, style.TEXT_LIGHT,
                   bold=bold, max_width=text_w + 1)
        self.rect = rect
