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

from functools import partial
from typing import TYPE_CHECKING

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
from tabletop.ui.results.model import ResultsStory, Standing
from tabletop.ui.results.review_runner import ReviewRunner
from tabletop.ui.results.review_words import ReviewRow, rows
from tabletop.ui.results.score_table import ScoreTableView
from tabletop.ui.scene import Scene
from tabletop.ui.widgets import Button

if TYPE_CHECKING:
    from tabletop.ui.app import App

BODY_TOP = 150  # the panels' top at the least: lower where the header's lines grew with the text size
BUTTONS_Y = 650
LEFT_X, LEFT_W = 32.0, 560.0
RIGHT_X, RIGHT_W = 612.0, 636.0
NAME_ROW = 48  # a standing's name line at 100 %; its notes follow, NOTE_STEP apart (both grow with the text)
NOTE_STEP = 19
FACT_STEP = 26  # a fact's value line at 100 %
TONES = {"good": style.GOOD, "bad": style.BAD, "accent": style.ACCENT}
GO_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)  # the focused button, if one is focused
REVIEW_POLL = 0.05  # seconds between looks for the review worker's answers
ROW_KEYS = {pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2}  # open a marked move of the review on screen


class ResultsScene(Scene):
    name = "results"
    updates_when_covered = True  # the reviews keep coming in under a curtain or a replay
    review_iterations: int | None = None  # None: the review's fixed per-game budget (tests lower it)

    def __init__(self, app: App, session: Session, tab: str = "results", phones: PhoneTable | None = None) -> None:
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
        self.unfocused_press = False  # Enter or Space with no button focused: the screen says how to choose
        # Scrolled by the wheel or Page Up/Down where the text size leaves no room for all: the score table
        # (ui/results/score_table.py keeps its first row) and the first card of the review.
        self.score_table = ScoreTableView()
        self.review_first = 0

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
        self.focus = None  # no button is armed for Enter: the ending is looked at before anything goes on
        self.app.painter.player_names = frozenset(self.session.names())  # shortened by one rule where cramped
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
            # No key starts a new game: Play again is a deliberate choice (a click, or Tab to it and Enter).
            Button(pygame.FRect(270, BUTTONS_Y, 220, 50), t("app.play_again"), self.play_again, primary=True),
            Button(pygame.FRect(530, BUTTONS_Y, 220, 50), t("app.watch_replay"), self.watch_replay,
                   hotkey=pygame.K_r),
            Button(pygame.FRect(790, BUTTONS_Y, 220, 50), t("app.to_title"), self.to_title, hotkey=pygame.K_ESCAPE),
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
                                           partial(self.show_review_of, seat), selected=self.review_seat == seat,
                                           size=style.TINY))

    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Enter and Space act only on a focused button (the screen opens with none), and only from a player
        who has stopped pressing them: the Enter that passed the turns never carries on into a new game."""
        if event.type == PHONE_EVENT:
            return None  # it only woke the loop: update() reads the phones' messages
        if event.type == pygame.KEYDOWN and event.key in GO_KEYS:
            settled = self.settle.take()  # a press in the wait starts the wait again, focused or not
            if self.focus is None:
                self.unfocused_press = True  # the screen says how to choose
                return None
            if not settled:
                return None
        if self._scroll(event):
            return None
        if self.tab == "review" and self.review_rows:
            if event.type == pygame.KEYDOWN and event.key in ROW_KEYS:
                self.open_reviewed_move(ROW_KEYS[event.key])
                return None
            if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
                pos, k = self.app.mouse(event.pos), self.app.painter.scale_now
                first = min(self.review_first, review_tab.last_first(k, len(self.review_rows)))
                over = next((r for r in range(len(self.review_rows)) if review_tab.shown(r, k, first)
                             and review_tab.card_rect(r, k, first).collidepoint(pos)), None)
                if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and over is not None:
                    self.open_reviewed_move(over)
                    return None
                if over != self.hovered_row:
                    self.hovered_row = over
                    self.app.request_frame()
        return super().handle(event)

    def _scroll(self, event: pygame.event.Event) -> bool:
        """The wheel or Page Up/Down scrolls what the text size left no room for: the review's cards, or the
        table's rows (the wheel over the table). Returns whether it did."""
        if event.type == pygame.MOUSEWHEEL:
            step = -1 if event.y > 0 else 1
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            step = -1 if event.key == pygame.K_PAGEUP else 1
        else:
            return False
        if self.tab == "review":
            latest = review_tab.last_first(self.app.painter.scale_now, len(self.review_rows))
            first = max(0, min(latest, self.review_first + step))
            changed = first != self.review_first
            self.review_first = first
        else:
            if self.score_table.scroll is None:
                return False
            box, latest = self.score_table.scroll
            if event.type == pygame.MOUSEWHEEL and not box.collidepoint(self.app.mouse(pygame.mouse.get_pos())):
                return False
            now = latest if self.score_table.first is None else self.score_table.first
            first = max(1, min(latest, now + step))
            changed = first != now
            self.score_table.first = first
        if changed:
            self.app.request_frame()
        return changed

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
        top = self._draw_header(p, story, title)
        bottom = self._body_bottom(p)
        left = pygame.FRect(LEFT_X, top, LEFT_W, bottom - top)
        right = pygame.FRect(RIGHT_X, top, RIGHT_W, bottom - top)
        if story.picture:  # narrow standings, the picture, the facts
            self._draw_standings(p, story.standings, pygame.FRect(left.x, left.y, 380, left.h))
            self._draw_picture(p, pygame.FRect(428, right.y, 820, right.h))
        elif story.table is not None:  # standings and facts left, the table right (facts under it if need be)
            room = left.h - self._facts_height(p, story, left.w) - 12  # for the standings, the facts under them
            if self._standings_fit(p, story.standings, room):  # their names' lines closer if need be
                used = self._draw_standings(p, story.standings, pygame.FRect(left.x, left.y, left.w, room))
                self.score_table.draw(p, story.table, right)
                self._draw_facts(p, story, pygame.FRect(left.x, left.y + used + 12, left.w, left.h - used - 12))
            else:
                self._draw_standings(p, story.standings, left)
                facts_h = self._facts_height(p, story, right.w)
                table_h = self.score_table.draw(p, story.table, pygame.FRect(right.x, right.y, right.w,
                                                                        right.h - facts_h - 12))
                self._draw_facts(p, story, pygame.FRect(right.x, right.y + table_h + 12, right.w,
                                                        right.h - table_h - 12))
        else:
            self._draw_standings(p, story.standings, pygame.FRect(left.x, left.y, 640, left.h))
            self._draw_facts(p, story, pygame.FRect(692, right.y, 556, right.h))
        self.draw_widgets(p)
        if self.unfocused_press and self.focus is None:
            line = t("results.keys_choose")
        else:
            line = t("results.keys_wait") if self.settle.wait_left() else ""
        if line:  # over the row of buttons
            row = self.widgets[0].rect.union(self.widgets[2].rect)
            p.text(line, (row.centerx, row.y - 4), style.TINY, style.TEXT_MUTED, anchor="midbottom",
                   max_width=row.w)

    @staticmethod
    def _draw_header(p: Painter, story: ResultsStory, title: str) -> float:
        """The title, the verdict and the reason, each under the one before as the text size grows them;
        returns the top for the panels under them."""
        head = p.text(f"{t('app.results')} — {title}", (640, 18), style.H1, style.TEXT_LIGHT, bold=True,
                      anchor="midtop", max_width=660)
        verdict = p.text(story.verdict, (640, p.under(head, 70)), style.H2, TONES[story.tone], bold=True,
                         anchor="midtop", max_width=1200)
        y = p.under(verdict, 106)
        step = style.BODY * p.scale_now * 1.15
        used = p.wrapped(story.reason, (80, y, 1120, 3 * step), style.BODY, style.TEXT_LIGHT, align="center",
                         line_gap=1.15)
        return max(BODY_TOP, y + used + 10)

    @staticmethod
    def _body_bottom(p: Painter) -> float:
        """The panels end above the line that may come up over Play again (it grows with the text)."""
        return BUTTONS_Y - 6 - style.TINY * p.scale_now * 1.45

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
            first = min(self.review_first, review_tab.last_first(p.scale_now, len(self.review_rows)))
            review_tab.draw_review(p, self.session.game, review, names[seat], self.review_rows, self.hovered_row,
                                   first)
        elif self.review_error:
            review_tab.draw_failed(p)
        else:
            done, total = self.reviewer.progress(seat) if self.reviewer is not None else (0, 0)
            waiting = self.reviewer is None or not self.reviewer.started(seat)
            review_tab.draw_progress(p, names[seat], done, total, waiting=waiting)

    @staticmethod
    def _standing_rows(p: Painter, standings: list[Standing], height: float) -> tuple[float, float]:
        """A name line's height and the step between notes, both grown with the text size; a name line
        gives up its spare room (down to its letters) where every seat would not fit `height` otherwise."""
        k = p.scale_now
        name_h, step = NAME_ROW + style.H2 * 1.3 * (k - 1), NOTE_STEP * k  # the name line grows by its letters
        total = sum(name_h + step * len(s.notes) for s in standings) + 16
        if total > height and standings:
            name_h = max(style.H2 * k * 1.3 + 4, name_h - (total - height) / len(standings))
        return name_h, step

    @staticmethod
    def _standings_fit(p: Painter, standings: list[Standing], height: float) -> bool:
        """Whether every seat fits `height` with its name line down to its letters (see `_standing_rows`)."""
        k = p.scale_now
        return sum(style.H2 * k * 1.3 + 4 + NOTE_STEP * k * len(s.notes) for s in standings) + 16 <= height

    def _draw_standings(self, p: Painter, standings: list[Standing], area: pygame.FRect) -> float:
        """Seats from the top, each with its notes under the name; returns the height used."""
        name_h, step = self._standing_rows(p, standings, area.h)
        total = sum(name_h + step * len(s.notes) for s in standings) + 16
        p.panel((area.x, area.y, area.w, min(total, area.h)))
        y = area.y + 8
        coop = all(not s.place for s in standings)
        name_x = area.x + (56 if coop else 150)
        place_size = style.H2 if all(p.measure(s.place, style.H2, bold=True) <= 80 for s in standings) else style.BODY
        for s in standings:
            h = name_h + step * len(s.notes)
            if y + h > area.bottom:
                break
            mid = y + name_h * 0.4  # the name line's middle: its letters end above the first note
            if s.winner:
                p.rect((area.x + 6, y, area.w - 12, h - 6), (70, 62, 30), 8)
            if s.place:
                p.text(s.place, (area.x + 18, mid), place_size, style.ACCENT if s.winner else style.TEXT_MUTED,
                       bold=True, anchor="midleft", max_width=96)
            cx = name_x - 24
            p.circle((cx, mid), 14, style.SEAT_COLORS[s.seat % 6])
            p.text(style.SEAT_GLYPHS[s.seat % 6], (cx, mid), style.SMALL, style.INK, anchor="center", icon=True)
            score_w = p.measure(s.score, style.H2 * p.scale_now, bold=True) if s.score else 0
            p.text(s.name, (name_x, mid), style.H2, style.TEXT_LIGHT, anchor="midleft",
                   max_width=area.right - name_x - score_w - 30)
            if s.score:
                p.text(s.score, (area.right - 16, mid), style.H2, style.TEXT_LIGHT, bold=True, anchor="midright")
            for i, note in enumerate(s.notes):
                p.text(note, (name_x, y + name_h - 10 * p.scale_now + i * step), style.SMALL, style.TEXT_MUTED,
                       max_width=area.right - name_x - 16)
            y += h
        return min(total, area.h)

    @staticmethod
    def _fact_lines(p: Painter, story: ResultsStory, width: float) -> tuple[float, list[tuple[str, list[str]]]]:
        """The label column's width and each fact's value wrapped to at most two lines."""
        k = p.scale_now
        label_w = min(200.0 * k, width * 0.4, max(p.measure(f.label, style.SMALL * k) for f in story.facts) + 20)
        value_w = width - label_w - 36
        return label_w, [(f.label, p.wrap_lines(f.value, value_w, style.BODY)[:2]) for f in story.facts]

    @staticmethod
    def _facts_top(p: Painter) -> float:
        """The first fact's offset in the panel: under the panel's heading, which grows with the text."""
        return 10 + 32 * p.scale_now

    def _facts_height(self, p: Painter, story: ResultsStory, width: float) -> float:
        if not story.facts:
            return 0
        line = FACT_STEP * p.scale_now
        return self._facts_top(p) + 4 + sum(line * len(v) + 6 for _, v in self._fact_lines(p, story, width)[1])

    def _draw_facts(self, p: Painter, story: ResultsStory, area: pygame.FRect) -> None:
        if not story.facts or area.h < 40:
            return
        label_w, lines = self._fact_lines(p, story, area.w)
        value_w = area.w - label_w - 36
        line_h = FACT_STEP * p.scale_now
        p.panel((area.x, area.y, area.w, min(area.h, self._facts_height(p, story, area.w))))
        p.text(t("results.facts"), (area.x + 14, area.y + 10), style.BODY, style.TEXT_LIGHT, bold=True,
               max_width=area.w - 28)
        y = area.y + self._facts_top(p)
        for label, values in lines:
            if y + line_h * len(values) > area.bottom:
                break
            p.text(label, (area.x + 14, y + 3 * p.scale_now), style.SMALL, style.TEXT_MUTED, max_width=label_w - 10)
            for i, line in enumerate(values):
                p.text(line, (area.x + 14 + label_w, y + i * line_h), style.BODY, style.TEXT_LIGHT,
                       max_width=value_w)
            y += line_h * len(values) + 6

    def _draw_picture(self, p: Painter, area: pygame.FRect) -> None:
        """The final position (KAKAPO's board) with the facts beside it."""
        side = 300.0
        label_h = 12 + 22 * p.scale_now  # the label's line, grown with the text: the board starts under it
        p.panel((area.x, area.y, side + 24, side + label_h + 12))
        p.text(t("results.final_board"), (area.x + 12, area.y + 8), style.SMALL, style.TEXT_MUTED, max_width=side)
        draw_picture(p, self.session, pygame.FRect(area.x + 12, area.y + label_h, side, side))
        gap = side + 40
        self._draw_facts(p, self.story, pygame.FRect(area.x + gap, area.y, area.w - gap, area.h))
