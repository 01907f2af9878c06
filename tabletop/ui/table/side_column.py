"""The column beside the board: a row per seat, the turn line, the log's header and the log.

Each seat row and the log are cached layers (keyed on what they show, the viewer's lines included), opaque
(they paint the panel's fill), so a frame repaints only the part that changed. The log keeps two looks (a
hot-seat hand-over and back): each move's new log reuses the oldest one's surface.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from tabletop import i18n
from tabletop.i18n import t
from tabletop.ui import style
from tabletop.ui.layer_cache import LayerCache
from tabletop.ui.painter import Painter
from tabletop.ui.table.log_view import LogLines, LogView
from tabletop.ui.words import join_names

SIDE = pygame.FRect(960, 64, 308, 644)
HOLD_BUTTON = pygame.FRect(SIDE.x + 10, SIDE.bottom - 52, SIDE.w - 20, 42)  # hot-seat: "done looking, hand over"
WAIT_NAMES_MAX = 2  # the turn line names this many seats still to act; more are counted
SeatFacts = tuple[int, str, bool, bool, str]  # seat, label, the viewer's own, still to act, the board's line


def seat_label(name: str, kind: str, phone_here: bool) -> str:
    """A seat's name with who plays it: "· AI", or its phone and whether the phone is here."""
    if kind == "human":
        return name
    if kind != "phone":
        return f"{name} · AI"
    return t("phone.seat_label" if phone_here else "phone.seat_label_away", name=name)


def turn_line(names: list[str], acting: tuple[int, ...], viewer: int | None, hold: int | None,
              thinking: tuple[int, int] | None) -> str:
    """Whose turn it is, under the seat rows (`thinking`: the AI seat thinking and how many dots, less one)."""
    if hold is not None:
        return t("app.hold_line", name=names[hold])
    if thinking is not None:
        return t("app.thinking", name=names[thinking[0]]).rstrip("…") + "." * (1 + thinking[1])
    if viewer is not None and viewer in acting:
        return t("app.your_turn", name=names[viewer])
    if len(acting) > WAIT_NAMES_MAX:  # a simultaneous phase: the seat rows mark each one still to act
        return i18n.plural("app.waiting_for_many", len(acting))
    if acting:
        return t("app.waiting_for", name=join_names(names[s] for s in acting))
    return t("app.game_over")


def row_height(players: int, text_scale: float) -> float:
    """Seat rows grow with the text-size setting (two lines of text each)."""
    return (52 if players <= 4 else 46) * text_scale


def log_header_y(players: int, text_scale: float) -> float:
    return SIDE.y + 10 + row_height(players, text_scale) * players + 34 * text_scale


def seat_anchor(players: int, text_scale: float, seat: int) -> pygame.Vector2:
    """The centre of the seat's disc, from the rows' own layout (they grow with text)."""
    row = row_height(players, text_scale)
    return pygame.Vector2(SIDE.x + 26, SIDE.y + 10 + row * seat + row / 2)


def paint_seat(p: Painter, facts: SeatFacts, top: float, row: float) -> None:
    """One seat row (a layer: the panel's fill first, so its text blends as on the panel)."""
    seat, label, viewing, acting, info = facts
    p.rect((SIDE.x + 4, top, SIDE.w - 8, row), style.PANEL_DARK)
    k = p.scale_now
    r = pygame.FRect(SIDE.x + 8, top, SIDE.w - 16, row - 6)
    if acting:
        p.rect(r, (64, 58, 36), 8)
        p.rect(r, style.ACCENT, 8, width=2)
    p.seat_disc((r.x + 18, r.y + r.h / 2), 13, seat)
    p.text(label, (r.x + 38, r.y + 1), style.SMALL, style.TEXT_LIGHT, bold=viewing, max_width=r.w - 46)
    # The second line sits 2 px higher in the shorter rows of five or six seats, off the row's lit edge.
    line2 = (22 if r.h >= 44 * k else 20) * k
    if p.measure(info, p.min_text) <= r.w - 46:
        p.text(info, (r.x + 38, r.y + line2), style.TINY, style.TEXT_MUTED, max_width=r.w - 46)
    else:  # a long seat line (Haunted House's hunters) takes two lines at the readable minimum
        p.wrapped(info, (r.x + 38, r.y + line2, r.w - 46, r.bottom - r.y - line2 + 4), p.min_text / k,
                  style.TEXT_MUTED, line_gap=1.1)


class SideColumn:
    """Draws the column and scrolls its log; `log_scroll` is how many rows the log is scrolled up from its end."""

    def __init__(self, lines: LogLines, players: int, text_scale: Callable[[], float]) -> None:
        self.players = players
        self.text_scale = text_scale  # the setting's (the painter drawing a frame may be another)
        self.side_layers = LayerCache(size=24, opaque=True)
        self.log_layers = LayerCache(size=2, opaque=True)
        self.log = LogView(lines, style.TINY, 1.35, 6, limit=60)  # only the last 60 lines are shown
        self.log_scroll = 0
        # The log's length and scrollbar when last drawn: on a busy frame new lines may wait (see _draw_log).
        self._log_drawn: tuple[int, pygame.FRect] | None = None

    def draw(self, p: Painter, viewer: int | None, seats: list[SeatFacts], turn_line: str, buttons_left: float,
             bottom: float) -> None:
        """Seats, turn line, log header (its label left of the tool buttons at `buttons_left`) and the log down
        to `bottom`."""
        p.panel(SIDE)
        y = SIDE.y + 10
        row = self.row_height()
        k = p.scale_now  # rows grow with the text-size setting
        for facts in seats:
            # The layer runs from the panel's fill edge to edge and row to row, so it covers all the row draws.
            self.side_layers.draw(p, pygame.FRect(SIDE.x + 4, y, SIDE.w - 8, row), ("seat", y, row, facts),
                                  partial(paint_seat, facts=facts, top=y, row=row),
                                  late=("seat", facts[0], viewer))
            y += row
        p.text(turn_line, (SIDE.x + 12, y + 4), style.SMALL, style.ACCENT, bold=True, max_width=SIDE.w - 24)
        y += 34 * k
        p.line((SIDE.x + 10, y), (SIDE.right - 10, y), style.PANEL_EDGE)
        # The header's label takes what the tool buttons leave; without room the Log button names the log.
        room = buttons_left - SIDE.x - 18
        if p.measure(t("app.game_log"), style.TINY) <= room:  # never smaller than at 100 %
            p.text(t("app.game_log"), (SIDE.x + 12, y + 6), style.TINY, style.TEXT_MUTED, max_width=room)
        header = 28 * k
        self._draw_log(p, viewer, pygame.FRect(SIDE.x + 12, y + header, SIDE.w - 24, bottom - y - header - 8))

    def _draw_log(self, p: Painter, viewer: int | None, area: pygame.FRect) -> None:
        rect = pygame.FRect(SIDE.x + 8, area.y - 2, SIDE.w - 16, SIDE.bottom - 6 - (area.y - 2))
        late = ("log", viewer, p.vp.scale)
        log_length = len(self.log.lines.session.log)
        # The frame a move lands in is the dearest (the move, its motion, the board's new text): new lines
        # may wait a frame or two like any late zone (tabletop.ui.layer_cache), checked before the lines are
        # wrapped, which is the costly part of the log's key. The scrollbar keeps the picture's track.
        if self._log_drawn is not None and self._log_drawn[0] < log_length and \
                self.log_layers.keep_last(p, rect, late):
            self.log.scroller.track = self._log_drawn[1]
            return
        page = self.log.page(p, viewer, area, from_end=self.log_scroll)
        self.log_scroll = min(self.log_scroll, self.log.scroller.max_offset)
        # Keyed on the viewer and the very rows shown: a hot-seat player never gets another's cached lines.
        key = ("log", viewer, page.rows, page.total, page.capacity, page.start, tuple(area), self.log.size,
               page.step)

        def paint(q: Painter) -> None:
            q.rect(rect, style.PANEL_DARK)
            self.log.paint(q, page)

        self.log_layers.draw(p, rect, key, paint, late=late)
        self.log.scroller.track = page.track  # hit tests, also when the layer came from the cache
        self._log_drawn = (log_length, page.track)

    def row_height(self) -> float:
        return row_height(self.players, self.text_scale())

    def log_header_y(self) -> float:
        return log_header_y(self.players, self.text_scale())

    def seat_anchor(self, seat: int) -> pygame.Vector2:
        return seat_anchor(self.players, self.text_scale(), seat)

    def wheel(self, rows: int) -> None:
        """The wheel over the column scrolls the log (up is older)."""
        self.log_scroll = max(0, min(self.log.scroller.max_offset, self.log_scroll + rows))

    def handle_mouse(self, event: pygame.event.Event, pos: pygame.Vector2) -> bool:
        """A click or drag on the log's scrollbar; True when it took the event."""
        if not self.log.scroller.handle_mouse(event, pos):
            return False
        self.log_scroll = self.log.scroller.max_offset - self.log.scroller.offset
        return True
