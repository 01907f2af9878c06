"""The game log as rows of text with a scrollbar: one renderer for the side column's log and the big log (L).

`LogLines` formats each event once (a move formats only its own events); `LogView` wraps the lines a
viewer may read into rows (each line wrapped once, kept between moves), fits them to an area and paints
them, the latest line bright. The two logs differ only in their area, text size, spacing and how many
lines they keep.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from tabletop import i18n
from tabletop.engine.core import Event
from tabletop.session import Session
from tabletop.ui import style
from tabletop.ui.eventlog import format_event
from tabletop.ui.painter import Painter
from tabletop.ui.scroll import WIDTH as SCROLL_W
from tabletop.ui.scroll import Scroller

Row = tuple[str, bool]  # a wrapped part of a log line, and whether the line is the latest one


class LogLines:
    """An event's log line, formatted once: kept per event object (held, so its id is not reused) for the
    current language and names."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self._memo_key: tuple[str, tuple[str, ...]] = ("", ())
        self._memo: dict[int, tuple[Event, str]] = {}  # id(event) -> (event, its log line)

    def line(self, event: Event) -> str:
        memo_key = (i18n.language(), tuple(self.session.names()))
        if self._memo_key != memo_key or len(self._memo) > 4000:
            self._memo_key, self._memo = memo_key, {}
        known = self._memo.get(id(event))
        if known is not None and known[0] is event:
            return known[1]
        text = format_event(self.session.game.id, event, list(memo_key[1]))
        self._memo[id(event)] = (event, text)
        return text


@dataclass
class LogPage:
    """What one frame shows of the log: the rows in view and where they and the scrollbar go."""

    rows: tuple[Row, ...]
    total: int  # rows in the whole log
    start: int
    capacity: int
    area: pygame.FRect
    step: float
    track: pygame.FRect


class LogView:
    """The log's rows for one area: `size` text, rows `spacing` times the size apart, the last `limit` lines
    (all when None), a `gap` between the text and the scrollbar."""

    def __init__(self, lines: LogLines, size: float, spacing: float, gap: float, limit: int | None) -> None:
        self.lines = lines
        self.size, self.spacing, self.gap, self.limit = size, spacing, gap, limit
        self.scroller = Scroller()
        self._rows_key: tuple = ()
        self._rows: list[Row] = []
        self._wrap_key: tuple = ()
        self._wrapped: dict[str, list[str]] = {}

    def rows(self, p: Painter, viewer: int | None, width: float, size: float) -> list[Row]:
        """The log wrapped into rows; rebuilt only when the log, viewer, language or scale changes."""
        log = self.lines.session.log
        key = (len(log), id(log[-1].event) if log else None, viewer, i18n.language(), p.vp.scale, width,
               p.scale_now, size)
        if self._rows_key == key:
            return self._rows
        lines = self._readable(viewer)
        # Wrapped lines are kept between moves, so a new log line costs one wrap, not sixty.
        wrap_key = (viewer, i18n.language(), p.vp.scale, width, p.scale_now, size)
        if self._wrap_key != wrap_key or len(self._wrapped) > 600:
            self._wrap_key, self._wrapped = wrap_key, {}
        rows: list[Row] = []
        latest = lines[-1][1] if lines else -1
        for text, index in lines:
            parts = self._wrapped.get(text)
            if parts is None:
                parts = self._wrapped[text] = p.wrap_lines(text, width, size)
            rows.extend((part, index == latest) for part in parts)
        self._rows_key, self._rows = key, rows
        return rows

    def _readable(self, viewer: int | None) -> list[tuple[str, int]]:
        """(line, action index) for the lines `viewer` may read, oldest first; only the last `limit` are formatted."""
        lines: list[tuple[str, int]] = []
        for entry in reversed(self.lines.session.log):
            if self.limit is not None and len(lines) >= self.limit:
                break
            if not entry.event.visible_for(viewer):
                continue
            text = self.lines.line(entry.event)
            if text:
                lines.append((text, entry.index))
        lines.reverse()
        return lines

    def page(self, p: Painter, viewer: int | None, area: pygame.FRect, from_end: int | None = None) -> LogPage:
        """Fits the rows to `area` and sets the scrollbar's size. `from_end` keeps the view that many rows
        above the latest (the side column's log follows new lines); None keeps the scroller's own offset."""
        step = self.size * self.spacing * p.scale_now
        rows = self.rows(p, viewer, area.w - SCROLL_W - self.gap, self.size)
        capacity = max(1, int(area.h // step))
        self.scroller.set_size(len(rows), capacity)
        if from_end is not None:
            self.scroller.offset = self.scroller.max_offset - min(from_end, self.scroller.max_offset)
        start = self.scroller.offset
        track = pygame.FRect(area.right - SCROLL_W, area.y, SCROLL_W, area.h)
        return LogPage(tuple(rows[start:start + capacity]), len(rows), start, capacity, area, step, track)

    def paint(self, p: Painter, page: LogPage) -> None:
        """The rows in view, the latest line bright, and the scrollbar (remembered for its hit tests)."""
        for i, (text, fresh) in enumerate(page.rows):
            p.text(text, (page.area.x, page.area.y + i * page.step), self.size,
                   style.TEXT_LIGHT if fresh else style.TEXT_MUTED)
        self.scroller.draw(p, page.track)
