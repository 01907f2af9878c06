"""Results: the story of the finished game (who won and why, each player's fate and score, a
round-by-round table or the game's facts, KAKAPO's final board); play again, replay, title.

The words come from `tabletop.ui.results` (one module per game, built from the session's events
and final state); this scene only lays them out: standings on the left, the table or the facts on
the right.

A review shows only to its own seat: on the desktop, only the people at the screen (alone: at once; with
anyone else who can see the desktop: behind the curtain, one seat at a time); a phone seat's review goes to
that seat's phone alone, through the phone table the game handed over, which stays open until the results
are left.
"""

from __future__ import annotations

import pygame

from tabletop import i18n
from tabletop.ai.review import Review
from tabletop.ai.worker import AIWorkerError
from tabletop.i18n import t
from tabletop.remote import messages
from tabletop.session import Session
from tabletop.ui import style
from tabletop.ui.input_gate import KeySettle
from tabletop.ui.painter import Painter
from tabletop.ui.phone_table import PHONE_EVENT, PhoneTable
from tabletop.ui.results import build_story, draw_picture, review_tab
from tabletop.ui.results.model import ResultsStory, ScoreTable, Standing
from tabletop.ui.results.review_runner import ReviewRunner
from tabletop.ui.results.review_words import ReviewRow, rows
from tabletop.ui.scene import Scene
from tabletop.ui.widgets import Button

BODY_TOP = 150
BODY_BOTTOM = 622
LEFT = pygame.FRect(32, BODY_TOP, 560, BODY_BOTTOM - BODY_TOP)
RIGHT = pygame.FRect(612, BODY_TOP, 636, BODY_BOTTOM - BODY_TOP)
NOTE_STEP = 19
TONES = {"good": style.GOOD, "bad": style.BAD, "accent": style.ACCENT}
GO_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)  # play again, or the focused button
REVIEW_POLL = 0.05  # seconds between looks for the review worker's answers
ROW_KEYS = {pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2}  # open a marked move of the review on screen


class ResultsScene(Scene):
    name = "results"
    updates_when_covered = True  # the reviews keep coming in under a curtain or a replay
    review_iterations: int | None = None  # None: the review's fixed per-game budget (tests lower it)

    def __init__(self, app, session: Session, tab: str = "results", phones: PhoneTable | None = None) -> None:
        super().__init__(app)
        self.session = session
        self.phones = phones  # the game's phone table, kept open for the phones' reviews; closed when left
        if phones is not None:
            phones.notify = lambda line: None  # no toasts here: a phone coming and going changes nothing on screen
            phones.review_of = self._phone_review
        self.result = session.state.result()
        self._story: tuple[str, ResultsStory] | None = None
        self.settle = KeySettle(app.stack.gate)
        self.tab = tab  # "results" or "review" (History opens a past game's review)
        self.replayed = False  # opened from History: no sound of winning or losing again
        self.review_seat: int | None = self.solo_seat()  # whose review may be on screen now
        self.reviewer: ReviewRunner | None = None
        self.review_error = False
        self._rows: tuple[tuple[str, int], list[ReviewRow]] | None = None  # review_rows, worded once per language
        self.hovered_row: int | None = None

    # ----- the review -------------------------------------------------------------------
    def reviewed_here(self) -> list[int]:
        """The seats whose review this screen may show: at the end of a game only the people at the screen (a
        phone seat's review goes to its phone); a past game opened from History has no phones, so every human."""
        return self.session.humans() if self.replayed else self.session.screen_humans()

    def solo_seat(self) -> int | None:
        """The one human whose review needs no curtain (None: none, several humans, or phone players who see
        the desktop too)."""
        humans = self.reviewed_here()
        shared = not self.replayed and self.session.shared_screen()
        return humans[0] if len(humans) == 1 and not shared else None

    def _phone_review(self, seat: int) -> dict | None:
        """A phone seat's review for its own phone (called by the phone table in that phone's language)."""
        if self.reviewer is None or seat not in self.reviewer.seats:
            return None
        return messages.review_field(self.session.game, self.reviewer.review(seat), self.reviewer.progress(seat),
                                     self.session.names(), failed=self.review_error)

    def start_review(self) -> None:
        if self.reviewer is None and self.session.humans():
            self.reviewer = ReviewRunner(self.session.record, self.session.humans(),
                                         mode="sync" if self.app.fast else "process",
                                         iterations=self.review_iterations)

    def exit(self) -> None:
        if self.reviewer is not None:
            self.reviewer.close()  # leaving cancels a review under way
        if self.phones is not None:
            self.phones.close()  # the phones are told the table closed
            self.phones = None
        super().exit()

    def update(self, dt: float) -> None:
        if self.phones is not None:
            self.phones.pump(act=lambda seat, action: False)  # joins and languages; the phone table refuses moves
        if self.reviewer is None or not self.reviewer.running:
            return
        try:
            changed = self.reviewer.poll()
        except AIWorkerError:
            self.reviewer.close()
            self.review_error, changed = True, True
        if changed and self.phones is not None:
            self.phones.publish()  # a phone seat's progress, or its finished review
        if changed and self.tab == "review":
            self.app.request_frame()

    def next_poll_in(self) -> float | None:
        return REVIEW_POLL if self.reviewer is not None and self.reviewer.running else None

    def set_tab(self, tab: str) -> None:
        if tab == self.tab:
            return
        self.tab = tab
        if self.solo_seat() is None:
            self.review_seat = None  # hot-seat: the next look at a review passes the curtain again
        if tab == "review":
            self.start_review()
        self.layout()

    def show_review_of(self, seat: int) -> None:
        """Hot-seat: the curtain first, then that seat's review (only its own)."""
        from tabletop.ui.scenes.curtain import CurtainScene

        self.review_seat = None
        self.app.stack.push(CurtainScene(self.app, self.session.names()[seat], seat, lambda: self._reveal(seat)))

    def _reveal(self, seat: int) -> None:
        self.review_seat = seat
        self.tab = "review"
        self.layout()

    def open_reviewed_move(self, rank: int) -> None:
        """The replay at a marked move, from the reviewed seat's own view, with the AI's alternative shown."""
        from tabletop.ui.scenes.replay import ReplayScene

        if 0 <= rank < len(self.review_rows) and self.review_seat is not None:
            self.app.stack.push(ReplayScene(self.app, self.session.record, review=self.review_rows[rank]))

    @property
    def story(self) -> ResultsStory:
        """The results in the current language (rebuilt when the language changes)."""
        if self._story is None or self._story[0] != i18n.language():
            self._story = (i18n.language(), build_story(self.session))
        return self._story[1]

    def enter(self) -> None:
        if self.review_seat is None:
            self.review_seat = self.solo_seat()  # History marks the scene replayed after making it
        super().enter()
        self.settle = KeySettle(self.app.stack.gate)  # counted from the moment the results are on screen
        if not self.app.fast or self.tab == "review" or self.phones is not None:
            self.start_review()  # in the background from the first frame: ready by the time it is looked at
        if self.replayed:
            return
        human_won = any(s in self.result.winners for s in self.session.humans())
        if self.result.coop_success is not None:
            human_won = self.result.coop_success
        self.app.sound("win" if human_won or not self.session.humans() else "lose")

    def layout(self) -> None:
        self.widgets = [
            Button(pygame.FRect(270, 650, 220, 50), t("app.play_again"), self.play_again, primary=True,
                   hotkey=pygame.K_RETURN),
            Button(pygame.FRect(530, 650, 220, 50), t("app.watch_replay"), self.watch_replay, hotkey=pygame.K_r),
            Button(pygame.FRect(790, 650, 220, 50), t("app.to_title"), self.to_title, hotkey=pygame.K_ESCAPE),
            Button(pygame.FRect(20, 12, 130, 36), t("results.tab_results"), lambda: self.set_tab("results"),
                   selected=self.tab == "results", size=style.SMALL),
            Button(pygame.FRect(156, 12, 130, 36), t("results.tab_review"), lambda: self.set_tab("review"),
                   selected=self.tab == "review", size=style.SMALL, hotkey=pygame.K_v),
        ]
        humans = self.reviewed_here()
        if self.tab == "review" and self.solo_seat() is None:
            for k, seat in enumerate(humans):
                name = self.session.names()[seat]
                self.widgets.append(Button(pygame.FRect(300 + k * 236, 12, 228, 36),
                                           t("results.review_show_for", name=name),
                                           lambda s=seat: self.show_review_of(s), selected=self.review_seat == seat,
                                           size=style.TINY))

    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Enter and Space start a new game only from a player who has stopped pressing them."""
        if event.type == PHONE_EVENT:
            return None  # it only woke the loop: update() reads the phones' messages
        if event.type == pygame.KEYDOWN and event.key in GO_KEYS and not self.settle.take():
            return None
        if self.tab == "review" and self.review_rows:
            if event.type == pygame.KEYDOWN and event.key in ROW_KEYS:
                self.open_reviewed_move(ROW_KEYS[event.key])
                return None
            if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
                pos = self.app.mouse(event.pos)
                over = next((k for k in range(len(self.review_rows)) if review_tab.card_rect(k).collidepoint(pos)),
                            None)
                if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and over is not None:
                    self.open_reviewed_move(over)
                    return None
                if over != self.hovered_row:
                    self.hovered_row = over
                    self.app.request_frame()
        return super().handle(event)

    def next_frame_in(self) -> float | None:
        return self.settle.wait_left()  # the "wait a moment" line goes when the wait ends

    def play_again(self) -> None:
        from tabletop.ui.scenes.table import TableScene

        r = self.session.record
        fresh = Session.new(r.game, r.players, [type(s)(s.name, s.kind) for s in r.seats], r.options)
        self.app.stack.replace(TableScene(self.app, fresh))

    def watch_replay(self) -> None:
        from tabletop.ui.scenes.replay import ReplayScene

        self.app.stack.push(ReplayScene(self.app, self.session.record))

    def to_title(self) -> None:
        self.app.stack.pop()

    # ----- drawing ----------------------------------------------------------------------
    def draw(self, p: Painter) -> None:
        title = self.session.game.title[i18n.language()]
        if self.tab == "review":
            self._draw_review(p)
            self.draw_widgets(p)
            return
        story = self.story
        p.text(f"{t('app.results')} — {title}", (640, 18), style.H1, style.TEXT_LIGHT, bold=True, anchor="midtop",
               max_width=660)
        p.text(story.verdict, (640, 70), style.H2, TONES[story.tone], bold=True, anchor="midtop", max_width=1200)
        p.wrapped(story.reason, (80, 106, 1120, 44), style.BODY, style.TEXT_LIGHT, align="center", line_gap=1.15)
        if story.picture:  # narrow standings, the picture, the facts
            self._draw_standings(p, story.standings, pygame.FRect(LEFT.x, LEFT.y, 380, LEFT.h))
            self._draw_picture(p, pygame.FRect(428, RIGHT.y, 820, RIGHT.h))
        elif story.table is not None:  # standings and facts left, the table right (facts under it if need be)
            used = self._draw_standings(p, story.standings, LEFT)
            below = pygame.FRect(LEFT.x, LEFT.y + used + 12, LEFT.w, LEFT.h - used - 12)
            if self._facts_height(p, story, below.w) <= below.h:
                self._draw_table(p, story.table, RIGHT)
                self._draw_facts(p, story, below)
            else:
                facts_h = self._facts_height(p, story, RIGHT.w)
                table_h = self._draw_table(p, story.table, pygame.FRect(RIGHT.x, RIGHT.y, RIGHT.w,
                                                                        RIGHT.h - facts_h - 12))
                self._draw_facts(p, story, pygame.FRect(RIGHT.x, RIGHT.y + table_h + 12, RIGHT.w,
                                                        RIGHT.h - table_h - 12))
        else:
            self._draw_standings(p, story.standings, pygame.FRect(LEFT.x, LEFT.y, 640, LEFT.h))
            self._draw_facts(p, story, pygame.FRect(692, RIGHT.y, 556, RIGHT.h))
        self.draw_widgets(p)
        if self.settle.wait_left():
            play = self.widgets[0].rect
            p.text(t("results.keys_wait"), (play.centerx, play.y - 4), style.TINY, style.TEXT_MUTED,
                   anchor="midbottom", max_width=play.w + 20)

    def shown_review(self) -> Review | None:
        """The finished review of the seat at the screen, if the Review tab is open and it is ready."""
        if self.tab != "review" or self.review_seat is None or self.reviewer is None:
            return None
        return self.reviewer.review(self.review_seat)

    @property
    def review_rows(self) -> list[ReviewRow]:
        """The marked moves on screen, in card order (worded in the current language)."""
        review = self.shown_review()
        if review is None:
            return []
        key = (i18n.language(), id(review))
        if self._rows is None or self._rows[0] != key:
            self._rows = (key, rows(self.session.game, review, self.session.names()))
        return self._rows[1]

    def _draw_review(self, p: Painter) -> None:
        """The review of the seat at the screen (or how far it has come); nothing of a seat not yet revealed."""
        names = self.session.names()
        seat = self.review_seat
        if not self.reviewed_here():
            on_phones = bool(self.session.phone_seats())  # a phone seat's review is for its phone alone
            review_tab.draw_message(p, t("results.review_on_phones" if on_phones else "results.review_no_humans"))
            return
        if seat is None:
            review_tab.draw_message(p, t("results.review_private"))
            return
        review = self.shown_review()
        if review is not None:
            review_tab.draw_review(p, self.session.game, review, names[seat], self.review_rows, self.hovered_row)
        elif self.review_error:
            review_tab.draw_failed(p)
        else:
            done, total = self.reviewer.progress(seat) if self.reviewer is not None else (0, 0)
            waiting = self.reviewer is None or not self.reviewer.started(seat)
            review_tab.draw_progress(p, names[seat], done, total, waiting=waiting)

    def _standing_height(self, s: Standing) -> float:
        return 48 + NOTE_STEP * len(s.notes)

    def _draw_standings(self, p: Painter, standings: list[Standing], area: pygame.FRect) -> float:
        """Seats from the top, each with its notes under the name; returns the height used."""
        total = sum(self._standing_height(s) for s in standings) + 16
        p.panel((area.x, area.y, area.w, min(total, area.h)))
        y = area.y + 8
        coop = all(not s.place for s in standings)
        name_x = area.x + (56 if coop else 150)
        place_size = style.H2 if all(p.measure(s.place, style.H2, bold=True) <= 80 for s in standings) else style.BODY
        for s in standings:
            h = self._standing_height(s)
            if y + h > area.bottom:
                break
            if s.winner:
                p.rect((area.x + 6, y, area.w - 12, h - 6), (70, 62, 30), 8)
            if s.place:
                p.text(s.place, (area.x + 18, y + 19), place_size, style.ACCENT if s.winner else style.TEXT_MUTED, bold=True, anchor="midleft", max_width=96)
            cx = name_x - 24
            p.circle((cx, y + 19), 14, style.SEAT_COLORS[s.seat % 6])
            p.text(style.SEAT_GLYPHS[s.seat % 6], (cx, y + 19), style.SMALL, style.INK, anchor="center", icon=True)
            score_w = p.measure(s.score, style.H2, bold=True) if s.score else 0
            p.text(s.name, (name_x, y + 19), style.H2, style.TEXT_LIGHT, anchor="midleft",
                   max_width=area.right - name_x - score_w - 30)
            if s.score:
                p.text(s.score, (area.right - 16, y + 19), style.H2, style.TEXT_LIGHT, bold=True, anchor="midright")
            for i, note in enumerate(s.notes):
                p.text(note, (name_x, y + 38 + i * NOTE_STEP), style.SMALL, style.TEXT_MUTED,
                       max_width=area.right - name_x - 16)
            y += h
        return min(total, area.h)

    def _draw_table(self, p: Painter, table: ScoreTable, area: pygame.FRect) -> float:
        """The table in `area` (rows shrink to fit, then the earliest rows give way); returns the height used."""
        rows = [table.header, *table.rows, *([table.footer] if table.footer else [])]
        top = 14 + style.BODY * 1.45 * p.scale_now  # the title's line grows with the text: the rows start under it
        row_h = max(18.0, min(34.0, (area.h - top - 8) / max(1, len(rows))))
        size = style.SMALL if row_h >= 24 else style.TINY
        height = min(area.h, top + 8 + row_h * len(rows))
        p.panel((area.x, area.y, area.w, height))
        p.text(table.title, (area.x + 14, area.y + 10), style.BODY, style.TEXT_LIGHT, bold=True,
               max_width=area.w - 28)
        widths = self._column_widths(p, table, area.w - 24, size)
        y = area.y + top
        shown = int((area.bottom - y) // row_h)
        skip = max(0, len(rows) - shown)  # too many rows: the latest ones are shown
        lines = [(table.header, -1), *((r, skip + i) for i, r in enumerate(table.rows[skip:])),
                 *([(table.footer, -1)] if table.footer else [])]
        for i, (cells, row_index) in enumerate(lines):
            kind = "row" if row_index >= 0 else "header" if i == 0 else "footer"
            if kind != "row":
                p.rect((area.x + 8, y, area.w - 16, row_h - 2), (44, 50, 58), 6)
            elif i % 2 == 0:
                p.alpha_rect((area.x + 8, y, area.w - 16, row_h - 2), style.SHADOW, 50, 4)
            x = area.x + 12
            for c, (text, w) in enumerate(zip(cells, widths)):
                marked = (row_index, c) in table.marks
                if marked:
                    p.rect((x + 2, y + 2, w - 4, row_h - 6), style.ACCENT_DARK, 4)
                colour = style.TEXT_MUTED if kind == "header" and c == 0 else style.TEXT_LIGHT
                bold = kind != "row" or c == 0
                note = c == len(cells) - 1 and len(widths) > 2 and len(widths) == len(table.header) and \
                    self._has_note_column(p, table, size)
                if note:
                    self._draw_note(p, text, pygame.FRect(x + 6, y, w - 10, row_h - 2), size, colour, bold)
                elif c == 0:
                    p.text(text, (x + 6, y + row_h / 2 - 1), size, colour, bold, "midleft", max_width=w - 10)
                else:
                    p.text(text, (x + w / 2, y + row_h / 2 - 1), size, colour, bold, "center", max_width=w - 8)
                x += w
            y += row_h
        return height

    @staticmethod
    def _needs(p: Painter, table: ScoreTable, size: float) -> list[float]:
        """Each column's widest text (bold, at the size drawn, the text setting included) plus its padding."""
        rows = [table.header, *table.rows, *([table.footer] if table.footer else [])]
        return [max(p.measure(r[c], size * p.scale_now, bold=True) for r in rows if c < len(r)) + 16
                for c in range(len(table.header))]

    def _has_note_column(self, p: Painter, table: ScoreTable, size: float) -> bool:
        """A trailing column of words (how the round ended, the order out) rather than one more seat."""
        return len(table.header) > 2 and self._needs(p, table, size)[-1] > 130 * p.scale_now

    def _column_widths(self, p: Painter, table: ScoreTable, width: float, size: float) -> list[float]:
        """The label column as wide as its text needs; the seat columns wide enough for the names (fitted
        down to the readable minimum); a trailing note column gets the rest, its words wrapping if need be."""
        n = len(table.header)
        need = self._needs(p, table, size)
        label = min(need[0], width * 0.28)
        seats = n - 1
        trailing = 0.0
        if self._has_note_column(p, table, size):
            seats -= 1
            fitted = max(p.measure(name, p.min_text, bold=True) for name in table.header[1:1 + seats]) + 16
            room = width * 0.84 - seats * fitted  # for the labels, the notes keeping a sixth (wrapping)
            if label > room:  # many seats: the row labels are fitted down too
                rows = [table.header, *table.rows, *([table.footer] if table.footer else [])]
                label = max(max(p.measure(r[0], p.min_text, bold=True) for r in rows) + 16, room)
            trailing = min(need[-1], max(width * 0.16, width - label - seats * fitted))
        each = (width - label - trailing) / max(1, seats)
        return [label, *([each] * seats), *([trailing] if trailing else [])]

    @staticmethod
    def _draw_note(p: Painter, text: str, box: pygame.FRect, size: float, colour: style.Color, bold: bool) -> None:
        """A note cell: one line fitted to the box, or two lines at the readable minimum when it is longer."""
        if p.measure(text, p.min_text, bold) <= box.w:
            p.text(text, (box.x, box.centery), size, colour, bold, "midleft", max_width=box.w)
            return
        small = p.min_text / p.scale_now  # the painter scales sizes by the setting: this draws at min_text
        p.wrapped(text, (box.x, box.y, box.w, box.h + 4), small, colour, bold, line_gap=1.15)

    @staticmethod
    def _fact_lines(p: Painter, story: ResultsStory, width: float) -> tuple[float, list[tuple[str, list[str]]]]:
        """The label column's width and each fact's value wrapped to at most two lines."""
        label_w = min(200.0, max(p.measure(f.label, style.SMALL) for f in story.facts) + 20)
        value_w = width - label_w - 36
        return label_w, [(f.label, p.wrap_lines(f.value, value_w, style.BODY)[:2]) for f in story.facts]

    def _facts_height(self, p: Painter, story: ResultsStory, width: float) -> float:
        if not story.facts:
            return 0
        return 46 + sum(26 * len(v) + 6 for _, v in self._fact_lines(p, story, width)[1])

    def _draw_facts(self, p: Painter, story: ResultsStory, area: pygame.FRect) -> None:
        if not story.facts or area.h < 40:
            return
        label_w, lines = self._fact_lines(p, story, area.w)
        value_w = area.w - label_w - 36
        p.panel((area.x, area.y, area.w, min(area.h, self._facts_height(p, story, area.w))))
        p.text(t("results.facts"), (area.x + 14, area.y + 10), style.BODY, style.TEXT_LIGHT, bold=True)
        y = area.y + 42
        for label, values in lines:
            if y + 26 * len(values) > area.bottom:
                break
            p.text(label, (area.x + 14, y + 3), style.SMALL, style.TEXT_MUTED, max_width=label_w - 10)
            for i, line in enumerate(values):
                p.text(line, (area.x + 14 + label_w, y + i * 26), style.BODY, style.TEXT_LIGHT, max_width=value_w)
            y += 26 * len(values) + 6

    def _draw_picture(self, p: Painter, area: pygame.FRect) -> None:
        """The final position (KAKAPO's board) with the facts beside it."""
        side = 300.0
        p.panel((area.x, area.y, side + 24, side + 46))
        p.text(t("results.final_board"), (area.x + 12, area.y + 8), style.SMALL, style.TEXT_MUTED)
        draw_picture(p, self.session, pygame.FRect(area.x + 12, area.y + 34, side, side))
        gap = side + 40
        self._draw_facts(p, self.story, pygame.FRect(area.x + gap, area.y, area.w - gap, area.h))
