"""The results' score table: a row per round (or game) and a column per seat, its notes wrapped where the text
size needs the room, and its rows scrolled where they do not all fit (the latest shown first)."""

from __future__ import annotations

import pygame

from tabletop.ui import style
from tabletop.ui.name_lines import fit_names_to_lines
from tabletop.ui.painter import Painter
from tabletop.ui.results.model import ScoreTable


class ScoreTableView:
    """Draws a `ScoreTable` and keeps where it is scrolled: `first` is the first body row shown (None: the
    latest rows), `scroll` where the table was drawn and the row it may start at, at the latest."""

    def __init__(self) -> None:
        self.first: int | None = None
        self.scroll: tuple[pygame.FRect, int] | None = None

    def draw(self, p: Painter, table: ScoreTable, area: pygame.FRect) -> float:
        """The table in `area`; returns the height used. At 100 % its rows shrink to fit; above it they keep
        their text's size and a note cell wraps onto more lines instead. The earliest rows give way to the
        latest where they do not all fit."""
        rows = [table.header, *table.rows, *([table.footer] if table.footer else [])]
        top = 14 + style.BODY * 1.45 * p.scale_now  # the title's line grows with the text: the rows start under it
        size, heights = self._row_heights(p, table, area)
        widths = self._column_widths(p, table, area.w - 24, size)
        room = area.h - top - 8 - heights[0] - (heights[-1] if table.footer else 0)
        end = 1 + len(table.rows)  # past the last body row
        latest = end  # the earliest body row from which the rest fit
        while latest > 1 and sum(heights[latest - 1:end]) <= room:
            latest -= 1
        first = latest if self.first is None else max(1, min(latest, self.first))
        last = first  # past the last body row shown
        while last < end and sum(heights[first:last + 1]) <= room:
            last += 1
        lines = [(0, -1), *((i, i - 1) for i in range(first, last)), *([(len(rows) - 1, -1)] if table.footer else [])]
        height = min(area.h, top + 8 + sum(heights[i] for i, _ in lines))
        box = pygame.FRect(area.x, area.y, area.w, height)
        self.scroll = (box, latest) if latest > 1 else None
        p.panel(box)
        if latest > 1:  # a bar at the right edge: where the rows shown are among all of them
            track = pygame.FRect(box.right - 7, area.y + top + heights[0], 4,
                                 sum(heights[first:last]))
            p.rect(track, style.FELT_DARK, 2)
            p.rect((track.x, track.y + track.h * (first - 1) / len(table.rows), track.w,
                    track.h * (last - first) / len(table.rows)), style.ACCENT, 2)
        p.text(table.title, (area.x + 14, area.y + 10), style.BODY, style.TEXT_LIGHT, bold=True,
               max_width=area.w - 28)
        note_column = self._has_note_column(p, table, size)
        y = area.y + top
        for shown, (i, row_index) in enumerate(lines):
            cells, row_h = rows[i], heights[i]
            kind = "row" if row_index >= 0 else "header" if i == 0 else "footer"
            if kind != "row":
                p.rect((area.x + 8, y, area.w - 16, row_h - 2), (44, 50, 58), 6)
            elif shown % 2 == 0:
                p.alpha_rect((area.x + 8, y, area.w - 16, row_h - 2), style.SHADOW, 50, 4)
            x = area.x + 12
            for c, (text, w) in enumerate(zip(cells, widths)):
                marked = (row_index, c) in table.marks
                if marked:
                    p.rect((x + 2, y + 2, w - 4, row_h - 6), style.ACCENT_DARK, 4)
                colour = style.TEXT_MUTED if kind == "header" and c == 0 else style.TEXT_LIGHT
                bold = kind != "row" or c == 0
                if note_column and c == len(cells) - 1 and len(widths) == len(table.header):
                    self._draw_note(p, text, pygame.FRect(x + 6, y, w - 10, row_h - 2), size, colour, bold)
                elif c == 0:
                    p.text(text, (x + 6, y + row_h / 2 - 1), size, colour, bold, "midleft", max_width=w - 10)
                else:
                    p.text(text, (x + w / 2, y + row_h / 2 - 1), size, colour, bold, "center", max_width=w - 8)
                x += w
            y += row_h
        return height

    def _row_heights(self, p: Painter, table: ScoreTable, area: pygame.FRect) -> tuple[float, list[float]]:
        """The table's text size and each row's height (header, rows, footer). At 100 % the rows share `area`
        (34 px down to 18, the text a size smaller under 24); above it they keep the 100 % size at the least
        and the room of its letters, and a row whose note wraps is as tall as its lines."""
        rows = [table.header, *table.rows, *([table.footer] if table.footer else [])]
        k = p.scale_now
        top = 14 + style.BODY * 1.45 * k
        row_h = max(18.0 * k, min(34.0 * k, (area.h - top - 8) / max(1, len(rows))))
        if k <= 1:
            return (style.SMALL if row_h >= 24 else style.TINY), [row_h] * len(rows)
        size = style.SMALL
        row_h = max(row_h, size * k * 1.35)
        widths = self._column_widths(p, table, area.w - 24, size)
        if not self._has_note_column(p, table, size) or len(widths) != len(table.header):
            return size, [row_h] * len(rows)
        heights = []
        for i, cells in enumerate(rows):
            bold = i == 0 or (table.footer is not None and i == len(rows) - 1)
            _text, lines = self._note_text(p, cells[-1], widths[-1] - 16, size, bold)
            heights.append(max(row_h, lines * size * k * 1.15 + 8))
        return size, heights

    @staticmethod
    def _needs(p: Painter, table: ScoreTable, size: float) -> list[float]:
        """Each column's widest text (bold, at the size drawn, the text setting included) plus its padding."""
        rows = [table.header, *table.rows, *([table.footer] if table.footer else [])]
        return [max(p.measure(r[c], size * p.scale_now, bold=True) for r in rows if c < len(r)) + 16
                for c in range(len(table.header))]

    def _has_note_column(self, p: Painter, table: ScoreTable, size: float) -> bool:
        """A trailing column of words (how the round ended, the order out) rather than one more seat (a long
        name heads a seat's column)."""
        return len(table.header) > 2 and table.header[-1] not in p.player_names and \
            self._needs(p, table, size)[-1] > 130 * p.scale_now

    def _column_widths(self, p: Painter, table: ScoreTable, width: float, size: float) -> list[float]:
        """The label column as wide as its text needs; the seat columns wide enough for the names (fitted
        down to the readable minimum at 100 %, shortened by the shared rule above it); a trailing note column
        gets the rest, its words wrapping if need be."""
        n = len(table.header)
        need = self._needs(p, table, size)
        grown = p.scale_now > 1  # above 100 % no label is fitted smaller: the seats' names give way instead
        label = need[0] if grown else min(need[0], width * 0.28)
        seats = n - 1
        trailing = 0.0
        if self._has_note_column(p, table, size):
            seats -= 1
            # A seat column is as wide as its name at the readable minimum, but no wider than a short name
            # needs: a longer one is shortened by the shared rule, and the notes keep their room.
            cells = [r[c] for r in [*table.rows, *([table.footer] if table.footer else [])]
                     for c in range(1, 1 + seats) if c < len(r)]
            widest = max((p.measure(cell, size * p.scale_now, bold=True) for cell in cells), default=0.0)
            fitted = min(max(p.measure(name, p.min_text, bold=True) for name in table.header[1:1 + seats]),
                         max(64 * p.scale_now, widest)) + 16
            if grown:
                fitted = max(widest + 16, min(fitted, 64 * p.scale_now))
                trailing = min(need[-1], max(width * 0.3, width - label - seats * fitted))
            else:
                room = width * 0.84 - seats * fitted  # for the labels, the notes keeping a sixth (wrapping)
                if label > room:  # many seats: the row labels are fitted down too
                    rows = [table.header, *table.rows, *([table.footer] if table.footer else [])]
                    label = max(max(p.measure(r[0], p.min_text, bold=True) for r in rows) + 16, room)
                trailing = min(need[-1], max(width * 0.16, width - label - seats * fitted))
        each = (width - label - trailing) / max(1, seats)
        return [label, *([each] * seats), *([trailing] if trailing else [])]

    @staticmethod
    def _note_text(p: Painter, text: str, width: float, size: float, bold: bool) -> tuple[str, int]:
        """Above 100 %: a note cell's text at `size` and the lines it takes in `width` (up to two, the names
        in it shortened by the shared rule where it would take more)."""
        if p.measure(text, size * p.scale_now, bold) <= width:
            return text, 1
        text = fit_names_to_lines(p, text, width, size, 2, bold)
        return text, len(p.wrap_lines(text, width, size, bold))

    def _draw_note(self, p: Painter, text: str, box: pygame.FRect, size: float, colour: style.Color,
                   bold: bool) -> None:
        """A note cell: at 100 %, one line fitted to the box, or two lines at the readable minimum when it is
        longer; above it, at its size on as many lines as its row grew for."""
        if p.scale_now > 1:
            text, lines = self._note_text(p, text, box.w - 6, size, bold)
            if lines == 1:
                p.text(text, (box.x, box.centery), size, colour, bold, "midleft", max_width=box.w)
                return
            step = size * p.scale_now * 1.15
            p.wrapped(text, (box.x, box.centery - lines * step / 2, box.w, lines * step + 1), size, colour, bold,
                      line_gap=1.15)
            return
        if p.measure(text, p.min_text, bold) <= box.w:
            p.text(text, (box.x, box.centery), size, colour, bold, "midleft", max_width=box.w)
            return
        small = p.min_text / p.scale_now  # the painter scales sizes by the setting: this draws at min_text
        room = max(1, int((box.h + 4) // (p.min_text * 1.15)))  # the lines the row has room for
        text = fit_names_to_lines(p, text, box.w, small, room, bold)
        p.wrapped(text, (box.x, box.y, box.w, box.h + 4), small, colour, bold, line_gap=1.15)
