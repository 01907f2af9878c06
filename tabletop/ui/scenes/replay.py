"""Replay viewer: step through any record with the game's own Board, as any seat or as the table.

The record is played through once on entry (every position kept as a clone), so
stepping is instant in both directions. The board draws one View: the public one
("Table") or a seat's, chosen with the View buttons or V; switching seats as the
game goes shows every hand, and the header always says whose view is on screen.
Nothing can be played (no legal actions are offered).

Play runs the game forward on its own, one action every `STEP_SECONDS` at 1×
(2× and 4× halve and quarter it) and stops at the end. While it plays the scene
asks the app for a frame when the next action is due; paused, it asks for none.

Keys: Space play/pause, 1/2/4 the speed, ←/→ one action (pauses), Home/End the
start and the end, PgUp/PgDn ten actions, V the next view, Esc back. The slider
jumps anywhere (click or drag); jumps keep playing.

Opened from the results' Review tab (`review=` a marked move), the replay starts at that move's moment
from the reviewed seat's own view and keeps to it (a review is private to its seat: no other view is
offered), with the AI's alternative over the board while that moment is on screen.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from tabletop import i18n
from tabletop.engine import registry
from tabletop.engine.core import Action, Event, Game, State
from tabletop.engine.records import Record, RecordError, Seat
from tabletop.i18n import t
from tabletop.session import LogEntry, Session
from tabletop.ui import style
from tabletop.ui.eventlog import format_event
from tabletop.ui.games import TableContext, board_class
from tabletop.ui.motion import seat_anchor
from tabletop.ui.name_lines import fit_names_to_lines
from tabletop.ui.painter import Painter
from tabletop.ui.results import review_note
from tabletop.ui.results.review_words import ReviewRow
from tabletop.ui.scene import Scene
from tabletop.ui.scroll import WIDTH as SCROLL_W
from tabletop.ui.scroll import Scroller
from tabletop.ui.table_services import SessionServices
from tabletop.ui.widgets import Button, TextField
from tabletop.ui.words import words_for

if TYPE_CHECKING:
    from tabletop.ui.app import App

HEADER_H = 56  # the band over the board with the heading and the point of view
SIDE = pygame.FRect(960, 64, 308, 644)
SLIDER = pygame.FRect(SIDE.x + 20, 0, SIDE.w - 40, 14)  # y set in layout
STEP_SECONDS = 1.0  # between two actions at 1×: time to see each move land
SPEEDS = (1, 2, 4)
SPEED_KEYS = {pygame.K_1: 1, pygame.K_2: 2, pygame.K_4: 4, pygame.K_KP1: 1, pygame.K_KP2: 2, pygame.K_KP4: 4}


class ReplayScene(SessionServices, Scene):
    name = "replay"

    def __init__(self, app: App, record: Record, review: ReviewRow | None = None) -> None:
        super().__init__(app)
        self.record = record
        self.review = review  # a reviewed move: the replay stays on its seat's view and shows the alternative
        self.error = ""
        self.states: list[State] = []
        self.events: list[list[Event]] = []
        self.step = 0
        self.seat_shown: int | None = None
        self.clock = 0.0
        self.dragging = False
        self.playing = False
        self.speed = 1
        self.until_next = 0.0  # seconds until autoplay's next action
        self.log_scroller = Scroller()
        self.slider = pygame.FRect(SLIDER)
        self.ai_delay = 0.0  # boards may pause "the AI" for an animation; nothing waits on it here
        self.board: Any = None  # no board when the record cannot be replayed (`error` says why)
        try:
            self.game = registry.get_game(record.game)
            self._play_through(self.game)
        except (RecordError, registry.UnknownGame, ValueError) as exc:
            self.error = str(exc)
        if self.states:
            # The board sees a session with no humans: nothing it does is recorded as a player's progress.
            seats = [Seat(s.name, "replay") for s in record.seats]
            self.session = Session(self.game, Record(record.game, record.players, record.seed, record.options,
                                                     seats, [], record.version, chance=record.chance), self.states[0])
            self.board = board_class(record.game)(self)
        self.step = 0
        if review is not None:
            self.seat_shown = review.seat
            self.step = max(0, min(self.total, review.index))  # the moment just before the reviewed move
        self._sync()

    def _play_through(self, game: Game) -> None:
        state = self.record.new_state()
        self.states = [state.clone()]
        for index, (seat, text) in enumerate(self.record.actions):
            try:
                self.events.append(state.apply(seat, game.parse_action(text)))
            except ValueError as exc:
                raise RecordError(f"{text!r}: {exc}", None, index) from None
            self.states.append(state.clone())

    @property
    def total(self) -> int:
        return max(0, len(self.states) - 1)

    @property
    def state(self) -> State | None:
        return self.states[self.step] if self.states else None

    # ----- services for the board (ui/table_services.py; the rest in SessionServices) ----
    def show_toast(self, text: str, *args: object) -> None:  # boards may call it; a replay stays quiet
        pass

    def viewer(self) -> int | None:
        return self.seat_shown

    def explain(self, action: Action, seat: int | None = None) -> str | None:
        return None  # nobody moves in a replay: no choice is refused

    def seat_anchor(self, seat: int) -> pygame.Vector2:
        return seat_anchor(self.record.players, seat)  # moves fly from where the table's seats sit

    # ----- navigation ---------------------------------------------------------------------
    def play(self) -> None:
        """Start autoplay (from the beginning when at the end); the first action comes one interval later."""
        if not self.states:
            return
        if self.step >= self.total:
            self.go(0)
        self.playing = True
        self.until_next = STEP_SECONDS / self.speed
        self.layout()

    def stop_playing(self) -> None:
        if self.playing:
            self.playing = False
            self.layout()

    def pause(self) -> None:  # another scene covers the replay: nobody is watching
        self.stop_playing()

    def toggle_play(self) -> None:
        if self.playing:
            self.stop_playing()
        else:
            self.play()

    def set_speed(self, speed: int) -> None:
        """A new speed; the wait already under way shrinks or grows in proportion."""
        self.until_next *= self.speed / speed
        self.speed = speed
        self.layout()

    def step_by(self, delta: int) -> None:
        """One action back or forward by hand: autoplay stops so the move can be studied."""
        self.playing = False
        self.go(self.step + delta)

    def go(self, step: int) -> None:
        step = max(0, min(self.total, step))
        forward_one = step == self.step + 1
        self.step = step
        self._sync()
        if forward_one and self.board is not None and step > 0:
            try:
                self.board.on_events(self.events[step - 1], self.record.actions[step - 1][0])
            except Exception:  # an animation cue a board cannot take out of a live game is not worth a crash
                pass
        self.layout()

    def _sync(self) -> None:
        if self.board is None:
            return
        self.session.state = self.states[self.step]
        self.session.record.actions[:] = self.record.actions[: self.step]
        self.session.log = [LogEntry(self.record.actions[i][0], e, i) for i in range(self.step)
                            for e in self.events[i]]
        self.log_scroller.offset = 10**9

    def set_viewer(self, seat: int | None) -> None:
        if self.review is not None:
            return  # a review's replay keeps to its seat's view
        self.seat_shown = seat
        self.layout()

    def at_reviewed_moment(self) -> bool:
        return self.review is not None and self.step == self.review.index

    def next_viewer(self) -> None:
        order: list[int | None] = [None, *range(self.record.players)]
        self.set_viewer(order[(order.index(self.seat_shown) + 1) % len(order)])

    def enter(self) -> None:
        super().enter()
        self.app.painter.player_names = frozenset(s.name for s in self.record.seats)  # shortened where cramped

    def layout(self) -> None:
        w: list[Button | TextField] = [Button(pygame.FRect(1140, 10, 128, 40), t("app.back"), self.app.stack.pop,
                                  size=style.SMALL, hotkey=pygame.K_ESCAPE)]
        if self.playing and self.step >= self.total:
            self.playing = False  # the end stops autoplay however it was reached
        x0, y = SIDE.x + 12, SIDE.y + 40
        options: list[tuple[int | None, str]] = [(None, t("app.replay_all"))]
        options += [(i, s.name) for i, s in enumerate(self.record.seats)]
        if self.review is not None:  # the reviewed seat's view only; a way back to the reviewed moment
            options = [(self.review.seat, self.record.seats[self.review.seat].name)]
            reviewed = self.review.index
            w.append(Button(pygame.FRect(x0 + 146, y, 138, 30), t("results.review_at"),
                            lambda: self.go(reviewed), enabled=not self.at_reviewed_moment(),
                            size=style.TINY))
        for k, (seat, label) in enumerate(options):
            col, row = k % 2, k // 2
            w.append(Button(pygame.FRect(x0 + col * 146, y + row * 34, 138, 30), label,
                            partial(self.set_viewer, seat), selected=self.seat_shown == seat, size=style.TINY))
        y += 34 * ((len(options) + 1) // 2) + 12
        controls = (("|◀", lambda: self.go(0)), ("◀", lambda: self.step_by(-1)),
                    ("▶", lambda: self.step_by(1)), ("▶|", lambda: self.go(self.total)))
        for k, (label, action) in enumerate(controls):
            w.append(Button(pygame.FRect(x0 + k * 74, y, 68, 34), label, action, size=style.SMALL,
                            enabled=bool(self.states)))
        y += 40
        play_label = t("app.replay_pause") if self.playing else t("app.replay_play")
        w.append(Button(pygame.FRect(x0, y, 110, 34), play_label, self.toggle_play, size=style.SMALL, primary=True,
                        enabled=bool(self.states)))
        for k, speed in enumerate(SPEEDS):
            w.append(Button(pygame.FRect(x0 + 116 + k * 60, y, 54, 34), t("app.replay_speed", n=speed),
                            partial(self.set_speed, speed), selected=self.speed == speed, size=style.SMALL))
        # The step line sits between the speed buttons and the slider: the gap grows with the text.
        grown = 24 * (self.app.painter.text_scale - 1)
        self.slider = pygame.FRect(SIDE.x + 20, y + 66 + grown, SIDE.w - 40, 14)
        self.widgets = w

    # ----- input -----------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN and self._key(event.key):
            return None
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP) and self._mouse(event):
            return None
        if event.type == pygame.MOUSEWHEEL:
            self.log_scroller.scroll(-3 * event.y)
            return None
        return super().handle(event)

    def _key(self, key: int) -> bool:
        """The replay's keys (see the module's docstring); True when one was used."""
        moves: dict[int, Callable[[], None]] = {
            pygame.K_RIGHT: lambda: self.step_by(1), pygame.K_LEFT: lambda: self.step_by(-1),
            pygame.K_PAGEDOWN: lambda: self.go(self.step + 10), pygame.K_PAGEUP: lambda: self.go(self.step - 10),
            pygame.K_SPACE: self.toggle_play, pygame.K_HOME: lambda: self.go(0),
            pygame.K_END: lambda: self.go(self.total)}
        if key in moves:
            moves[key]()
        elif key in SPEED_KEYS:
            self.set_speed(SPEED_KEYS[key])
        elif key == pygame.K_v and self.review is None:
            self.next_viewer()
        else:
            return False
        return True

    def _mouse(self, event: pygame.event.Event) -> bool:
        """The log's scrollbar and the slider (click or drag); True when the event was theirs."""
        pos = self.app.mouse(event.pos)
        if self.log_scroller.handle_mouse(event, pos):
            return True
        grab = self.slider.inflate(0, 20)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and grab.collidepoint(pos):
            self.dragging = True
            self._slide_to(pos.x)
            return True
        if event.type == pygame.MOUSEMOTION and self.dragging:
            if event.buttons[0]:
                self._slide_to(pos.x)
                return True
            self.dragging = False
        if event.type == pygame.MOUSEBUTTONUP and self.dragging:
            self.dragging = False
            return True
        return False

    def _slide_to(self, x: float) -> None:
        if self.total:
            fraction = (x - self.slider.x) / self.slider.w
            self.go(round(max(0.0, min(1.0, fraction)) * self.total))

    def update(self, dt: float) -> None:
        self.clock += dt
        self.ai_delay = 0.0
        if self.playing:
            self.until_next -= dt
            while self.playing and self.until_next <= 0:
                self.until_next += STEP_SECONDS / self.speed
                self.go(self.step + 1)  # stops autoplay at the end (layout)
        if self.board is not None:
            self.board.update(dt)

    def next_frame_in(self) -> float | None:
        """The board's own animations, and while playing the moment the next action is due; nothing when paused."""
        due = [self.board.next_frame_in() if self.board is not None else None]
        if self.playing:
            due.append(max(0.0, self.until_next))
        waits = [d for d in due if d is not None]
        return min(waits) if waits else None

    def viewer_text(self) -> str:
        """Whose view the board shows: a seat's (by name) or the public one every player saw."""
        if self.seat_shown is None:
            return t("app.replay_viewing_public")
        return t("app.replay_viewing_seat", name=self.record.seats[self.seat_shown].name)

    # ----- drawing ----------------------------------------------------------------------
    def context(self) -> TableContext:
        state = self.state
        assert state is not None
        names = [s.name for s in self.record.seats]
        return TableContext(state.view(self.seat_shown), self.seat_shown, names, [], lambda _action: None,
                            self.app.mouse(pygame.mouse.get_pos()), self.clock, {"replay": True})

    def draw(self, p: Painter) -> None:
        title = registry.entry(self.record.game).title[i18n.language()]
        p.rect((0, 0, 1280, HEADER_H), style.FELT_DARK)
        head = p.text(t("app.replay_title", game=title), (20, 4), style.H2, style.TEXT_LIGHT, bold=True,
                      max_width=330)
        viewer_y = p.under(head, 33)
        # Under the heading while both lines fit the header; with larger text the point of view heads the
        # side column instead (over the view buttons).
        in_header = viewer_y + style.SMALL * p.scale_now * 1.2 <= HEADER_H + 2
        if self.record.seats and in_header:
            p.text(self.viewer_text(), (20, viewer_y), style.SMALL, style.ACCENT, bold=True, max_width=330)
        if self.error or self.board is None or self.state is None:
            p.panel((140, 240, 1000, 160))
            p.wrapped(self.error or t("app.unreadable"), (170, 270, 940, 110), style.BODY, style.BAD)
            self.draw_widgets(p)
            return
        ctx = self.context()
        p.text(self.board.status(ctx), (660, 28), style.BODY, style.ACCENT, bold=True, anchor="center",
               max_width=560)
        self.board.draw(p, ctx)
        if self.review is not None and self.at_reviewed_moment():
            review_note.draw(p, self.review)
        with p.scaled():
            self._draw_side(p, ctx, viewer_here=bool(self.record.seats) and not in_header)
        self.draw_widgets(p)

    def _draw_side(self, p: Painter, ctx: TableContext, viewer_here: bool) -> None:
        """`viewer_here`: the column's first line says whose view is on screen (the header has no room)."""
        p.panel(SIDE)
        if viewer_here:
            p.text(self.viewer_text(), (SIDE.x + 12, SIDE.y + 10), style.TINY, style.ACCENT, bold=True,
                   max_width=SIDE.w - 24)
        else:
            p.text(t("app.replay_view"), (SIDE.x + 12, SIDE.y + 10), style.TINY, style.TEXT_MUTED)
        s = self.slider
        step_text = t("app.replay_step", n=self.step, total=self.total) if self.step else t("app.replay_start")
        p.text(step_text, (s.x, s.y - 8), style.SMALL, style.TEXT_LIGHT, bold=True, anchor="bottomleft")
        p.rect(s, style.FELT_DARK, 7)
        fraction = self.step / self.total if self.total else 1.0
        p.rect((s.x, s.y, max(14.0, s.w * fraction), s.h), style.ACCENT_DARK, 7)
        knob = (s.x + s.w * fraction, s.centery)
        p.circle(knob, 11, style.ACCENT)
        p.circle(knob, 11, style.INK, width=2)
        k = p.scale_now  # the rows below grow with the text-size setting
        keys = t("app.replay_keys")
        keys_need = len(p.wrap_lines(keys, SIDE.w - 24, style.TINY)) * style.TINY * 1.15 * k
        rows = self._seat_rows(p, ctx)
        final_h = 3 * style.TINY * 1.3 * k if self.state is not None and self.state.is_over() else 0.0
        if s.bottom + 14 + keys_need + 46 * k + sum(h for _, h in rows) + final_h + 90 * k <= SIDE.bottom:
            keys_h = p.wrapped(keys, (SIDE.x + 12, s.bottom + 8, SIDE.w - 24, 120), style.TINY, style.TEXT_MUTED,
                               line_gap=1.15)
        else:  # large text and many seats: the seats and the log come first (the keys are on the buttons and F1)
            keys_h = 0.0
        y = s.bottom + 14 + keys_h
        if self.step:
            # A long action (a KAKAPO placement) continues on a second line rather than shrinking past reading.
            seat, _ = self.record.actions[self.step - 1]
            line_h = style.SMALL * 1.2 * k
            words = f"{ctx.names[seat]}: {self._last_action_words(ctx)}"
            count = len(p.wrap_lines(words, SIDE.w - 24, style.SMALL))
            used = p.wrapped(words, (SIDE.x + 12, y, SIDE.w - 24, line_h * count), style.SMALL, style.TEXT_LIGHT,
                             line_gap=1.2)
            y += max(0.0, used - line_h)
        y += 24 * k
        state = self.state
        if state is not None and state.is_over():
            scores = state.result().scores
            shown = "  ".join(f"{ctx.names[i]} {int(v) if float(v).is_integer() else round(v, 1)}"
                              for i, v in enumerate(scores))
            final = fit_names_to_lines(p, t("app.replay_final", scores=shown), SIDE.w - 24, style.TINY, 3,
                                       names=frozenset(ctx.names))
            y += p.wrapped(final, (SIDE.x + 12, y, SIDE.w - 24, 3 * style.TINY * 1.3 * k + 1), style.TINY,
                           style.ACCENT, line_gap=1.3) - 22 * k
        y += 22 * k
        line_h = style.TINY * 1.3 * k
        for seat, (lines, height) in enumerate(rows):
            p.seat_disc((SIDE.x + 24, y + 10), 9, seat)
            for i, line in enumerate(lines):
                p.text(line, (SIDE.x + 40, y + 10 + i * line_h), style.TINY, style.TEXT_LIGHT, anchor="midleft",
                       bold=seat == self.seat_shown, max_width=SIDE.w - 52)
            y += height
        y += 6
        area = pygame.FRect(SIDE.x + 12, y + 24 * k, SIDE.w - 24, SIDE.bottom - y - 30 * k)
        if area.h >= style.TINY * 1.35 * k * 2:  # at least two rows, or no log at all (nor its heading)
            p.line((SIDE.x + 10, y), (SIDE.right - 10, y), style.PANEL_EDGE)
            p.text(t("app.game_log"), (SIDE.x + 12, y + 4), style.TINY, style.TEXT_MUTED)
            self._draw_log(p, area)

    def _seat_rows(self, p: Painter, ctx: TableContext) -> list[tuple[list[str], float]]:
        """Each seat's line, wrapped (a long one continues on a second line rather than shrinking), with its
        row height: measured once per frame, for the room the column has and for drawing."""
        k = p.scale_now
        line_h = style.TINY * 1.3 * k
        rows = []
        for seat, name in enumerate(ctx.names):
            info = self.board.seat_info(ctx, seat) if self.board is not None else ""
            lines = p.wrap_lines(f"{name}  {info}", SIDE.w - 52, style.TINY, bold=seat == self.seat_shown)[:2]
            rows.append((lines, max(22.0, 22 * k + (len(lines) - 1) * line_h)))
        return rows

    def _last_action_words(self, ctx: TableContext) -> str:
        """The last action in words; a secret choice (a sealed bid) stays secret from other seats' views."""
        seat, notation = self.record.actions[self.step - 1]
        action = self.game.parse_action(notation)
        words = words_for(self.record.game)
        secret = self.states[self.step - 1].public_action_text(seat, action) != notation
        if secret and self.seat_shown != seat:
            return words.secret_action(action, ctx.names)
        return words.action(action, ctx.names)

    def _draw_log(self, p: Painter, area: pygame.FRect) -> None:
        if self.board is None:
            return
        names = [s.name for s in self.record.seats]
        size = style.TINY
        step = size * 1.35 * p.scale_now
        rows: list[tuple[str, bool]] = []
        for entry in self.session.log[-80:]:
            if not entry.event.visible_for(self.seat_shown):
                continue
            text = format_event(self.record.game, entry.event, names)
            if text:
                for part in p.wrap_lines(text, area.w - SCROLL_W - 6, size):
                    rows.append((part, entry.index == self.step - 1))
        capacity = max(1, int(area.h // step))
        self.log_scroller.set_size(len(rows), capacity)
        start = self.log_scroller.offset
        for i, (text, fresh) in enumerate(rows[start:start + capacity]):
            p.text(text, (area.x, area.y + i * step), size, style.TEXT_LIGHT if fresh else style.TEXT_MUTED)
        self.log_scroller.draw(p, pygame.FRect(area.right - SCROLL_W, area.y, SCROLL_W, area.h))
