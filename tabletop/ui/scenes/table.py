"""The table: one scene for every game. Seats, turn, log, AI pacing, curtain and autosave live here;
the game's Board (tabletop.ui.games.<id>) draws the View and turns input into Actions.
"""

from __future__ import annotations

import random

import pygame

from tabletop import i18n
from tabletop.ai.advice import MoveAdvice
from tabletop.ai.levels import SEARCH_LEVELS
from tabletop.ai.worker import AIRequest, AIWorker, AIWorkerError
from tabletop.engine.core import Action, Event, IllegalAction
from tabletop.i18n import t
from tabletop.save_writer import saves
from tabletop.session import Session
from tabletop.ui import hint_panel, style
from tabletop.ui.eventlog import format_event
from tabletop.ui.games import BOARD_AREA, TableContext, board_class, progress_keeper
from tabletop.ui.input_gate import KeySettle
from tabletop.ui.layer_cache import LayerCache, frame_ledger
from tabletop.ui.moments import Moments
from tabletop.ui.painter import Painter
from tabletop.ui.phone_table import PHONE_EVENT, PhoneTable
from tabletop.ui.results.ending import EndingBanner
from tabletop.ui.scene import Scene
from tabletop.ui.scenes import goal_card
from tabletop.ui.scenes.curtain import CurtainScene
from tabletop.ui.scroll import WIDTH as SCROLL_W
from tabletop.ui.scroll import Scroller
from tabletop.ui.table_services import SessionServices
from tabletop.ui.widgets import Button
from tabletop.ui.words import words_for
from tabletop.undo import UndoCheck, check_undo
from tabletop.userdata import archive_and_delete_save_soon, save_game_soon

SIDE = pygame.FRect(960, 64, 308, 644)
HOLD_BUTTON = pygame.FRect(SIDE.x + 10, SIDE.bottom - 52, SIDE.w - 20, 42)  # hot-seat: "done looking, hand over"
BIG_LOG = pygame.FRect(140, 60, 1000, 600)
RESULTS_DELAY = 3.0  # all-AI games: seconds on the final board before the results (humans ask for them)
THINKING_STEP = 1 / 3  # the thinking dots change three times a second
HINT_SECONDS = SEARCH_LEVELS["normal"].seconds  # the hint thinks as long as normal may
AI_POLL = 0.03  # seconds between looks for the AI worker's answer (no frame drawn unless it came)
MENU_TOP = 240  # the table menu's panel; its buttons follow under the heading
WAIT_NAMES_MAX = 2  # the turn line names this many seats still to act; more are counted
ARROW_KEYS = (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT)


class TableScene(SessionServices, Scene):
    name = "table"
    goal_card_at_start = True  # a first game of a game opens with the goal card (the tutorial's coach explains)

    def __init__(self, app, session: Session, resumed: bool = False) -> None:
        super().__init__(app)
        self.session = session
        self.board = board_class(session.game.id)(self)
        self.worker = AIWorker(mode="sync" if app.fast else "process")
        self.thinking: int | None = None
        self.ai_delay = 0.0
        self.revealed: int | None = None  # the human whose private view is on screen (hot-seat)
        self.hold: int | None = None  # keep showing this human's view until they hand over
        self.toast = ""
        self.toast_time = 0.0
        self.clock = 0.0
        self.log_scroll = 0
        self.menu_open = False
        self.over_timer = 0.0
        self.finished = False
        self.ending: EndingBanner | None = None  # over the final board until a human asks for the results
        self.resumed = resumed
        # Player experience: log scrollbar and big log (L), undo (Z), a suggested move (H).
        self.log_scroller = Scroller()
        self.log_big = False
        self.big_scroller = Scroller()
        self.hinter: AIWorker | None = None
        self.hinting = False
        self.suggestion: Action | None = None
        self.advice: list[tuple[Action, MoveAdvice]] = []  # the explained hint; shown while suggestion is set
        self.toast_color = style.BAD
        self._undo_cache: tuple[int, UndoCheck | None] = (-1, None)
        self.tool_buttons: dict[str, Button] = {}
        self._drawn_look: tuple = ()  # self._look() when the table was last drawn
        self.at_screen: int | None = None  # the human whose private view is drawn (hot-seat hand-overs)
        self._decision: tuple | None = None  # what the person at the screen is deciding (see _watch_decision)
        self._decision_at: tuple[tuple[int, int], tuple] | None = None
        # The side column's seat rows and log, opaque (they paint the panel's fill): see _draw_side. The log
        # keeps two looks (a hot-seat hand-over and back): each move's new log reuses the oldest one's surface.
        self.side_layers = LayerCache(size=24, opaque=True)
        self.log_layers = LayerCache(size=2, opaque=True)
        # The log's length and scrollbar when last drawn: on a busy frame new lines may wait (see _draw_log).
        self._log_drawn: tuple[int, pygame.FRect] | None = None
        self._line_memo_key: tuple = ()
        self._line_memo: dict[int, tuple[Event, str]] = {}  # id(event) -> (event, its log line); see _log_line
        self.phones: PhoneTable | None = None  # the phone server's desktop half, while seats are played on phones
        self.menu_rows = 4  # buttons in the open menu (its panel's height)
        self.moments = Moments(session.game.id, lambda: app.settings.ai_speed)  # hidden-information moves, on show

    # ----- lifecycle -------------------------------------------------------------------
    def enter(self) -> None:
        super().enter()
        self.app.painter.player_names = frozenset(self.session.names())  # shortened by one rule where cramped
        self.app.sound("shuffle")
        if self.app.goal_cards and self.goal_card_at_start and self.session.humans() and goal_card.due(
                self.session.game.id):
            self.open_goal_card(first=True)  # before any curtain: the card is public, the table shows no hand
            self.board.motion.skip()  # dealt under the card: the table behind it shows the real hand sizes
        if self.session.phone_seats() and not self.session.state.is_over():
            self._open_phones()

    def _open_phones(self) -> None:
        """Start the phone server and show the join screen over the table until every phone seat is taken."""
        from tabletop.ui.scenes.phone_join import PhoneJoinScene

        self.phones = PhoneTable(self.session, self._phone_notice, self.app.after_frame)
        try:
            self.phones.open(bind_host=self.app.phone_bind_host, port=self.app.phone_port)
        except OSError as exc:  # no network, or the port is refused: the seats are played here instead
            self.phones = None
            for seat in self.session.phone_seats():
                self.session.record.seats[seat].kind = "human"
            self.show_toast(t("phone.server_failed", reason=exc.strerror or str(exc)))
            return
        if self.app.phone_url_out is not None:
            self.app.phone_url_out(self.phones.url)
        self.app.stack.push(PhoneJoinScene(self.app, self.phones, self._phones_ready, self._leave_from_join))

    def _leave_from_join(self) -> None:
        self.app.stack.pop()  # the join screen, then the table under it
        self.leave()

    def open_phones(self) -> None:
        """The menu's Phones: the join screen again, to release a lost phone's seat for another device."""
        from tabletop.ui.scenes.phone_join import PhoneJoinScene

        if self.phones is None:
            return
        self.menu_open = False
        self.layout()
        self.app.stack.push(PhoneJoinScene(self.app, self.phones, self._phones_ready, self._leave_from_join,
                                           in_game=True))

    def _phones_ready(self) -> None:
        if self.phones is not None:
            self.phones.start()
        self.layout()
        self.app.stack.gate.arm()  # the press that started the game does not act at the table

    def _phone_notice(self, line: str) -> None:
        self.show_toast(line, style.INFO)
        top = self.app.stack.top
        if top is not self and hasattr(top, "say"):
            top.say(line)

    def _phone_act(self, seat: int, action: Action) -> bool:
        """A phone's move, already checked against its seat and the position it saw (PhoneTable)."""
        if self.menu_open or self.ending is not None:
            return False
        return self.act(seat, action)

    def exit(self) -> None:
        if self.phones is not None:
            self.phones.close()
            self.phones = None
        saves.flush()  # the last move's save is on disk before another screen may read or replace it
        self.worker.close()
        if self.hinter is not None:
            self.hinter.close()

    def layout(self) -> None:
        self.widgets = [
            Button(pygame.FRect(1000, 12, 130, 40), t("app.rules"), self.open_rules, size=style.SMALL,
                   hotkey=pygame.K_F1),
            Button(pygame.FRect(1140, 12, 128, 40), t("app.menu"), self.toggle_menu, size=style.SMALL),
        ]
        if self.menu_open:
            entries = [(t("tutorial.card_menu"), self.open_goal_card), (t("app.settings"), self.open_settings)]
            if self.phones is not None:
                entries.append((t("phone.menu"), self.open_phones))
            entries.append((t("app.leave"), self.leave))
            top = self.menu_buttons_top()
            for i, (label, action) in enumerate(entries):
                self.widgets.append(Button(pygame.FRect(520, top + 60 * i, 240, 48), label, action))
            self.widgets.append(Button(pygame.FRect(520, top + 60 * len(entries), 240, 48), t("app.back"),
                                       self.toggle_menu, primary=True))
            self.menu_rows = len(entries) + 1
        if self.hold is not None:  # under the log, where it covers no board (a hand strip runs to the board's foot)
            self.widgets.append(Button(HOLD_BUTTON, t("app.hold_done"), self.release_hold, primary=True,
                                       hotkey=pygame.K_RETURN, size=style.SMALL))
        if self.ending is not None and not self.menu_open:
            self.widgets.append(self.ending.button())
        self._layout_tools()

    def _seat_row_h(self) -> float:
        """Seat rows in the side column grow with the text-size setting (two lines of text each)."""
        return (52 if self.session.players <= 4 else 46) * self.app.painter.text_scale

    def _log_header_y(self) -> float:
        return SIDE.y + 10 + self._seat_row_h() * self.session.players + 34 * self.app.painter.text_scale

    def _layout_tools(self) -> None:
        """Small buttons on the game log's header line: Hint and Undo (off, saying why when pressed, unless one
        human plays against AI), Log (L)."""
        self.tool_buttons = {}
        if self.menu_open:
            return
        k = self.app.painter.text_scale
        y = self._log_header_y() + 3
        x = SIDE.right - 10
        tools = [("log", self._tool_label("log"), self.toggle_log), ("undo", self._tool_label("undo"), self.undo),
                 ("hint", self._tool_label("hint"), self.suggest)]
        widths = [max(66.0, self.app.painter.measure(label, style.TINY * k) + 14) for _, label, _ in tools]
        room = SIDE.w - 20 - 4 * (len(tools) - 1)
        squeeze = min(1.0, room / sum(widths))  # labels fit the narrower buttons (not below MIN_TEXT)
        for (key, label, action), full in zip(tools, widths, strict=True):
            w = full * squeeze
            x -= w
            button = Button(pygame.FRect(x, y, w, 24 * k), label, action, size=style.TINY)
            self.tool_buttons[key] = button
            self.widgets.append(button)
            x -= 4
        self._update_undo_button()
        if self.suggestion is not None:
            rows, keep = max(1, len(self.advice)), self.board.HAND_AREA
            self.widgets.append(Button(hint_panel.play_button_rect(rows, keep), t("advice.play_first"),
                                       self.play_suggestion, primary=True, size=style.SMALL))
            self.widgets.append(Button(hint_panel.close_button_rect(rows, keep), t("advice.close"),
                                       self.close_hint, size=style.SMALL))

    # ----- who sees what ----------------------------------------------------------------
    def viewer(self) -> int | None:
        """The seat whose private view the desktop shows now, or None for the public view.

        One person at the screen against AI sees their own view. When more than one person can see the
        desktop (a phone seat, or two people playing on it), it shows the public view, and a person at
        the screen sees their own only behind the curtain (`revealed`) or while holding it (`hold`)."""
        screen = self.session.screen_humans()
        if not self.session.shared_screen():
            return screen[0] if screen else None
        if self.hold is not None:
            return self.hold
        acting = self.session.screen_humans_to_act()
        return self.revealed if self.revealed in acting else None

    def _curtain_needed(self) -> int | None:
        if not self.session.shared_screen() or self.hold is not None:
            return None
        acting = self.session.screen_humans_to_act()
        if acting and self.revealed not in acting:
            return acting[0]
        return None

    def _follow_hand_over(self) -> None:
        """In hot-seat, when the seat whose view is on screen changes, the next person starts clean:
        the board keeps only what every seat may see (BoardBase.TABLE_STATE), and the table drops
        the last person's toast, log scroll, big log, focus and menu."""
        if not self.session.shared_screen():
            return
        seat = self.viewer()
        if seat == self.at_screen:
            return
        self.at_screen = seat
        self.board = self.board.for_next_seat()
        self.toast, self.toast_time = "", 0.0
        self.log_scroll = 0
        self.log_big = False
        self.focus = None
        self.menu_open = False
        self.layout()

    def _reveal(self, seat: int) -> None:
        self.revealed = seat
        self.app.sound("turn")

    def release_hold(self) -> None:
        self.hold = None
        self.revealed = None
        self.layout()
        self.app.stack.gate.arm()  # the Confirm that hands over is the last press this seat's view sees

    # ----- acting -----------------------------------------------------------------------
    def act(self, seat: int, action: Action) -> bool:
        try:
            events = self.session.apply(seat, action)
        except IllegalAction as exc:
            self.show_toast(t("app.illegal", reason=self.reason_text(exc)))
            return False
        self._autosave()
        frame_ledger.move_landed()  # the frame drawing this is the dearest: public zones may catch up a frame late
        self.board.on_events(events, seat)
        self.app.sound("card")
        if self.suggestion is not None:
            human = self.solo_human()
            if seat == human or human is None or self.suggestion not in self.session.state.legal_actions(human):
                self.suggestion = None
                self.layout()
        if seat in self.session.screen_humans() and self.session.shared_screen():
            private = any(e.visible_to is not None and seat in e.visible_to for e in events)
            if private and not self.session.state.is_over():
                self.hold = seat  # let them see what only they may see before handing over
            else:
                self.revealed = seat if seat in self.session.screen_humans_to_act() else None
            self.layout()
        if not self.session.is_human(seat) and not self.app.fast:
            self.ai_delay = style.AI_PACE.get(self.app.settings.ai_speed, 0.7)
        shown = self.moments.on_move(seat, events, seat in self.session.screen_humans(), self.viewer(),
                                     self.session.names())
        if not self.app.fast:
            self.ai_delay = max(self.ai_delay, shown)  # the next AI move waits until the announcement was read
        self.log_scroll = 0
        if self.session.is_human(seat):
            self.app.stack.gate.arm()  # the press that commits is the last one this position sees
        self._watch_decision()
        if self.phones is not None:
            self.phones.publish()
        return True

    def _current_decision(self) -> tuple | None:
        """(seat, kinds of action open to it) for the person at the screen, or None if they cannot act now."""
        viewer = self.viewer()
        state = self.session.state
        if viewer is None or self.hold is not None or self.menu_open or self.log_big or viewer not in state.to_act():
            return None
        moment = (viewer, len(self.session.record.actions))
        if self._decision_at is None or self._decision_at[0] != moment:  # legal actions only once per move
            kinds = tuple(sorted({type(a).__name__ for a in state.legal_actions(viewer)}))
            self._decision_at = (moment, (viewer, kinds))
        return self._decision_at[1]

    def _watch_decision(self) -> None:
        """A decision opening for the person at the screen (their turn after another's, a new kind of
        choice, the menu or big log closing over it) is a transition: the input gate keeps a press made
        for what was there before from choosing in it."""
        decision = self._current_decision()
        if decision is not None and decision != self._decision:
            self.app.stack.gate.arm()
        self._decision = decision

    def human_act(self, action: Action) -> None:
        viewer = self.viewer()
        if viewer is not None and viewer in self.session.state.to_act():
            self.act(viewer, action)

    def _autosave(self) -> None:
        """Save after every move, written off the frame (tabletop.save_writer) to the game's own slot."""
        try:
            save_game_soon(self.session.record)
        except OSError as exc:  # the saves folder cannot even be made
            self._save_failed(exc)

    def _save_failed(self, exc: Exception) -> None:
        """A failed write (disk full, folder gone) is shown, never fatal: the atomic write leaves the
        last good save in place and the game goes on. Anything but an OSError is a bug: raised here."""
        if not isinstance(exc, OSError):
            raise exc
        self.show_toast(t("app.save_failed", reason=exc.strerror or str(exc)))

    def show_toast(self, text: str, color: style.Color = style.BAD) -> None:
        self.toast, self.toast_time, self.toast_color = text, 4.0, color

    # ----- teaching: why is it illegal, what would the AI do, take it back ----------------
    def reason_text(self, exc: IllegalAction) -> str:
        """The engine's reason for refusing an action, in the player's language and words."""
        return words_for(self.session.game.id).reason(exc, self.session.names())

    def explain(self, action: Action, seat: int | None = None) -> str | None:
        """Why `action` is illegal for the viewer now (translated), or None if it is legal. Changes nothing."""
        seat = self.viewer() if seat is None else seat
        if seat is None:
            return t("app.not_your_turn")
        try:
            self.session.state.clone().check(seat, action)
        except IllegalAction as exc:
            return self.reason_text(exc)
        return None

    def action_text(self, action: Action) -> str:
        """An action in the player's words (the game's Words; never its notation)."""
        return words_for(self.session.game.id).action(action, self.session.names())

    def solo_human(self) -> int | None:
        """The one human in a game against AI, or alone in a co-operative game (the Haunted House played
        solo: the co-op planner hints there), at the screen (undo and hints are offered only then)."""
        humans = self.session.humans()
        alone = len(humans) == 1 and not self.session.is_phone(humans[0])
        return humans[0] if alone and (self.session.players > 1 or self.session.game.cooperative) else None

    def tools_reason(self) -> str | None:
        """Why undo and hints are off for this whole game, in words; None when one human at the screen has them."""
        humans = self.session.humans()
        if self.solo_human() is not None:
            return None
        slug = "no_human" if not humans else "phone" if self.session.phone_seats() else "several"
        return t(f"app.tool_reason.{slug}")

    def hint_reason(self) -> str | None:
        """Why H gives no hint now, in words; None when it may."""
        seat, state = self.solo_human(), self.session.state
        if seat is None:
            return self.tools_reason()
        if state.is_over():
            return t("app.undo_reason.over")
        return None if seat in state.to_act() else t("app.tool_reason.not_your_turn")  # checked every frame: no legal list

    def _undo_check(self) -> UndoCheck | None:
        seat = self.solo_human()
        if seat is None:
            return None
        n = len(self.session.record.actions)
        if self._undo_cache[0] != n:
            self._undo_cache = (n, check_undo(self.session.record, seat))
        return self._undo_cache[1]

    def _undo_allowed(self) -> bool:
        if self.session.state.is_over():
            return False
        verdict = self._undo_check()
        return bool(verdict and verdict.allowed)

    def _update_undo_button(self) -> None:
        """Undo is offered when the human may act and tabletop.undo allows it. The check replays the record
        (up to a few ms) once per move: it waits until the move's motion has ended, so it never lengthens a
        frame that shows the move landing; until then the button is off (a press would check anyway)."""
        hint = self.tool_buttons.get("hint")
        if hint is not None:
            hint.enabled = self.suggestion is not None or (not self.hinting and self.hint_reason() is None)
        button = self.tool_buttons.get("undo")
        if button is None:
            return
        if not self.session.humans_to_act():
            button.enabled = False
        elif self._undo_cache[0] == len(self.session.record.actions) or self.app.fast or not self.board.busy():
            button.enabled = self._undo_allowed()
        else:
            button.enabled = False

    def undo(self) -> bool:
        """Take back the human's last action (and the AI answers after it) when tabletop.undo allows it."""
        seat = self.solo_human()
        if seat is None or self.finished:
            reason = self.tools_reason() if seat is None else t("app.undo_reason.over")
            self.show_toast(t("app.undo_refused", reason=reason))
            return False
        verdict = self._undo_check()
        if verdict is None or not verdict.allowed:
            reason = verdict.reason if verdict is not None else "nothing"
            self.show_toast(t("app.undo_refused", reason=t(f"app.undo_reason.{reason}")))
            return False
        self.worker.cancel()
        self.thinking = None
        self.ai_delay = 0.0
        if not self.session.undo(seat):
            return False
        self._autosave()
        self.suggestion = None
        self.moments.clear()
        self.log_scroll = 0
        reset = getattr(self.board, "on_undo", None)
        if callable(reset):
            reset()
        self.show_toast(t("app.undone"), style.INFO)
        self.app.sound("click")
        self.layout()
        self.app.stack.gate.arm()  # the position changed under the player's hand
        self._watch_decision()
        return True

    def suggest(self) -> None:
        """Ask the AI what it would play from the human's own view; announced when it answers.

        The hard search for normal's time: a game may stop its normal level early (the profile's level_iterations, so the
        ladder has a middle), while the hint should think as deep as a short wait allows."""
        if self.suggestion is not None:  # H again closes the panel
            self.close_hint()
            return
        reason = self.hint_reason()
        if reason is not None:
            self.show_toast(t("app.hint_refused", reason=reason))
            return
        seat, state = self.solo_human(), self.session.state
        if self.hinting or seat is None:
            return
        legal = state.legal_actions(seat)
        if not legal:
            return
        if self.hinter is None:
            self.hinter = AIWorker(mode="sync" if self.app.fast else "process")
        self.hinting = True
        self._hint_for = len(self.session.record.actions)
        self.show_toast(t("app.hint_thinking"), style.INFO)
        seed = random.Random(f"hint/{self.session.record.seed}/{len(self.session.record.actions)}").getrandbits(31)
        self.hinter.submit(AIRequest(self.session.game.id, "hard", state.view(seat),
                                     tuple(str(a) for a in legal), seed, budget=HINT_SECONDS, advice=True))

    def _poll_hint(self) -> None:
        if not self.hinting or self.hinter is None:
            return
        try:
            chosen = self.hinter.poll()
        except AIWorkerError:
            self.hinting = False
            return
        if chosen is None:
            return
        self.hinting = False
        if getattr(self, "_hint_for", -1) != len(self.session.record.actions):
            return  # the position moved on (undo, or the human played)
        seat = self.solo_human()
        legal = self.session.state.legal_actions(seat) if seat is not None else []
        advice = []
        for item in chosen:  # the top moves, best first (tabletop.ai.advice.MoveAdvice)
            try:
                action = self.session.game.parse_action(item.action)
            except ValueError:
                continue
            if action in legal:
                advice.append((action, item))
        if advice:
            self.suggestion, self.advice = advice[0][0], advice  # announced by the hint panel over the board
            self.toast_time = 0.0
            self.layout()

    def close_hint(self) -> None:
        """The hint panel goes (its close button, H again, or Esc); the board is whole again."""
        self.suggestion, self.advice = None, []
        self.layout()

    def play_suggestion(self) -> None:
        if self.suggestion is not None:
            action, self.suggestion = self.suggestion, None
            self.human_act(action)
            self.layout()

    def toggle_log(self) -> None:
        self.log_big = not self.log_big
        self.big_scroller.offset = 10**9  # open at the latest line

    def _think(self) -> None:
        state = self.session.state
        ai = self.session.ai_to_act()
        if self.thinking is not None:
            try:
                chosen = self.worker.poll()
            except AIWorkerError as exc:
                self.show_toast(str(exc).splitlines()[0])
                self.thinking = None
                return
            if chosen is None:
                return
            seat, self.thinking = self.thinking, None
            if seat in state.to_act():
                try:
                    action = self.session.game.parse_action(chosen)
                except ValueError:
                    return
                if action in state.legal_actions(seat):
                    self.act(seat, action)
            return
        if not ai or self.ai_delay > 0:
            return
        seat = ai[0]
        legal = state.legal_actions(seat)
        level = self.session.record.seats[seat].kind
        seed = random.Random(f"{self.session.record.seed}/{len(self.session.record.actions)}/{seat}").getrandbits(31)
        self.thinking = seat
        self.worker.submit(AIRequest(self.session.game.id, level, state.view(seat), tuple(str(a) for a in legal),
                                     seed))

    def update(self, dt: float) -> None:
        self.clock += dt
        self._follow_hand_over()
        self._watch_decision()
        self.toast_time = max(0.0, self.toast_time - dt)
        self.ai_delay = max(0.0, self.ai_delay - dt)
        self.moments.update(dt)
        self.board.update(dt)
        if self.phones is not None:
            self.phones.pump(act=self._phone_act)
        self._poll_hint()
        for failure in saves.failures():
            self._save_failed(failure)
        self._update_undo_button()
        if self.session.state.is_over():
            self._finish(dt)
            return
        if self.menu_open:
            return
        if not self.app.fast and self.board.busy():
            return  # the board is showing something players should see before the next move
        who = self._curtain_needed()
        if who is not None and self.ai_delay <= 0 and self.thinking is None:
            if not self.session.game.seat_secrets:  # nothing private to hide: the next player just plays
                self._reveal(who)
                return
            self.app.stack.push(CurtainScene(self.app, self.session.names()[who], who, lambda: self._reveal(who)))
            return
        self._think()

    # ----- frames: the app sleeps on input until the table says it changes ----------------
    def next_frame_in(self) -> float | None:
        """0 while the board moves or update() is about to act (an AI move to ask for, a curtain, the
        end); else the next timer: toast, AI pace, the thinking dots, the board's own, the results."""
        if self._look() != self._drawn_look:
            return 0.0  # update() changed what the table shows (a move, a toast, a hint, a hand-over)
        state = self.session.state
        if state.is_over():
            if not self.finished:
                return 0.0
            timers = [self.over_timer] if not self.session.humans() else []
        elif not self.menu_open and self.thinking is None and self.ai_delay <= 0 and not self.board.busy() and (
                self.session.ai_to_act() or self._curtain_needed() is not None):
            return 0.0
        else:
            timers = [self.ai_delay] if self.ai_delay > 0 else []
        if self.thinking is not None:
            timers.append(THINKING_STEP - self.clock % THINKING_STEP)
        if self.toast_time > 0:
            timers.append(self.toast_time)
        if (moment := self.moments.next_frame_in()) is not None:
            timers.append(moment)
        board = self.board.next_frame_in()
        if board is not None:
            timers.append(board)
        if self.ending is not None and (settling := self.ending.settle.wait_left()) is not None:
            timers.append(settling)  # the banner's "wait a moment" goes when the keys act again
        return max(0.0, min(timers)) if timers else None

    def _look(self) -> tuple:
        """What update() may change without input, beyond the timers: compared with the last frame drawn."""
        return (len(self.session.record.actions), self.toast, self.toast_color, self.suggestion, self.thinking,
                self.hinting, self.finished, self.hold, self.revealed, self.menu_open, id(self.board),
                self.ending is None, [(id(w), getattr(w, "enabled", True)) for w in self.widgets])

    def next_poll_in(self) -> float | None:
        """An AI move or a hint is being thought about in another process: look for the answer often."""
        return AI_POLL if self.thinking is not None or self.hinting else None

    def _finish(self, dt: float) -> None:
        if not self.finished:
            self.finished = True
            try:  # the save is deleted only once the game is safely in the history
                archive_and_delete_save_soon(self.session.record)
                keep = progress_keeper(self.session.game.id)  # what the game keeps beside the history
                if keep is not None and self.session.humans():
                    keep(self.session.state.view(None))
            except OSError as exc:
                self._save_failed(exc)
            self.over_timer = 0.0 if self.app.fast else RESULTS_DELAY
            self.worker.cancel()
            self.ending = EndingBanner(self.session, self.show_results, KeySettle(self.app.stack.gate),
                                       lambda: self.app.painter.text_scale)
            self.layout()
        if self.session.humans():
            return  # the final board stays until a player asks for the results
        self.over_timer -= dt
        if self.over_timer <= 0:
            self.show_results()

    def show_results(self) -> None:
        if self.app.stack.top is self:
            from tabletop.ui.scenes.results import ResultsScene

            phones, self.phones = self.phones, None  # the results keep the phones connected, for their reviews
            self.app.stack.replace(ResultsScene(self.app, self.session, phones=phones))

    # ----- menu -------------------------------------------------------------------------
    def menu_buttons_top(self) -> float:
        """The menu's first button: under its heading, which grows with the text size."""
        return MENU_TOP + max(60.0, 24 + style.H2 * 1.45 * self.app.painter.text_scale)

    def toggle_menu(self) -> None:
        self.menu_open = not self.menu_open
        self.layout()
        self._watch_decision()

    def open_rules(self) -> None:
        from tabletop.ui.scenes.rules import RulesScene

        self.app.stack.push(RulesScene(self.app, self.session.game.id))

    def open_goal_card(self, first: bool = False) -> None:
        """The goal and your turn card over the table (at a first game, and from the menu)."""
        self.menu_open = False
        self.layout()
        self.app.stack.push(goal_card.GoalCardScene(self.app, self.session.game.id, first=first))

    def open_settings(self) -> None:
        from tabletop.ui.scenes.settings import SettingsScene

        self.menu_open = False
        self.app.stack.push(SettingsScene(self.app))

    def leave(self) -> None:
        self.worker.cancel()
        self.app.stack.pop()

    # ----- services for the board (ui/table_services.py; the rest in SessionServices) ----
    def seat_anchor(self, seat: int) -> pygame.Vector2:
        """The centre of the seat's disc in the side column, from the rows' own layout (they grow with text)."""
        row = self._seat_row_h()
        return pygame.Vector2(SIDE.x + 26, SIDE.y + 10 + row * seat + row / 2)

    # ----- input ------------------------------------------------------------------------
    def screen_actor(self) -> int | None:
        """A phone seat whose move is public and made on the shared screen (the KAKAPO's placement)."""
        if self.phones is None or not self.board.SCREEN_ACTIONS or self.viewer() is not None:
            return None
        state = self.session.state
        for seat in state.to_act():
            if self.session.is_phone(seat):
                legal = state.legal_actions(seat)
                if legal and all(isinstance(a, self.board.SCREEN_ACTIONS) for a in legal):
                    return seat
        return None

    def context(self) -> TableContext:
        viewer = self.viewer()
        state = self.session.state
        idle = self.menu_open or self.hold is not None
        actor = self.screen_actor()
        if actor is not None:  # the public view, with the phone seat's public move to make here
            legal = [] if idle else state.legal_actions(actor)
            ctx = TableContext(state.view(None), actor, self.session.names(), legal,
                               lambda action: self._phone_act(actor, action) and None,
                               self.app.mouse(pygame.mouse.get_pos()), self.clock)
            ctx.extra["explain"] = lambda action: self.explain(action, actor)
            return ctx
        legal = state.legal_actions(viewer) if viewer is not None and not idle else []
        ctx = TableContext(state.view(viewer), viewer, self.session.names(), legal, self.human_act,
                           self.app.mouse(pygame.mouse.get_pos()), self.clock)
        if self.suggestion is not None:
            ctx.extra["suggestion"] = self.suggestion  # boards may highlight it
        ctx.extra["explain"] = self.explain  # boards may ask why a choice is illegal
        return ctx

    _TOOL_KEYS = {pygame.K_z: "undo", pygame.K_h: "hint", pygame.K_l: "log"}
    _TOOL_LETTERS = {tool: key for key, tool in _TOOL_KEYS.items()}

    def _tool_label(self, tool: str) -> str:
        """"Undo (Z)", or "Undo (Ctrl+Z)" where the board takes the plain letter for itself."""
        ctrl = self._TOOL_LETTERS[tool] in self.board.LETTER_KEYS
        return t(f"app.{tool}_button_ctrl" if ctrl else f"app.{tool}_button")

    def _tool_key(self, event: pygame.event.Event, ctrl: bool) -> bool:
        """Z undo, H hint, L big log; with Ctrl they win over a board that uses the letter itself."""
        if event.type != pygame.KEYDOWN or event.key not in self._TOOL_KEYS or self.menu_open:
            return False
        if bool(event.mod & pygame.KMOD_CTRL) != ctrl:
            return False
        if not ctrl and event.key in self.board.LETTER_KEYS:
            return False  # the board's letter: its tool answers Ctrl only, in every phase, as its button says
        tool = self._TOOL_KEYS[event.key]
        if tool == "log":
            self.toggle_log()
        elif tool == "undo":
            self.undo()
        else:
            self.suggest()
        return True

    def _handle_big_log(self, event: pygame.event.Event) -> bool:
        """While the big log is open it takes the wheel, scroll keys and Esc / L."""
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_l):
                self.log_big = False
                return True
            steps = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -12, pygame.K_PAGEDOWN: 12,
                     pygame.K_HOME: -10**6, pygame.K_END: 10**6}
            if event.key in steps:
                self.big_scroller.scroll(steps[event.key])
                return True
            return event.key not in (pygame.K_F1, pygame.K_F11)  # nothing reaches the table under it
        if event.type == pygame.MOUSEWHEEL:
            self.big_scroller.scroll(-3 * event.y)
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP):
            pos = self.app.mouse(event.pos)
            if self.big_scroller.handle_mouse(event, pos):
                return True
            if event.type == pygame.MOUSEBUTTONDOWN:
                if event.button == 1 and not BIG_LOG.collidepoint(pos):
                    self.log_big = False
                return True
        return False

    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == PHONE_EVENT:
            return None  # it only woke the loop: update() reads the phones' messages
        if self.log_big and self._handle_big_log(event):
            return None
        if self.moments.handle(event, self.app.mouse):
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.suggestion is not None and not self.menu_open:  # Esc closes the hint panel first
                self.close_hint()
            else:
                self.toggle_menu()
            return None
        if self._tool_key(event, ctrl=True):
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not self.menu_open:
            pos = self.app.mouse(event.pos)
            for button in self.tool_buttons.values():
                if not button.enabled and button.rect.collidepoint(pos):
                    button.on_click()  # an off tool says why it is off
                    return None
        if event.type == pygame.MOUSEWHEEL:
            if SIDE.collidepoint(self.app.mouse(pygame.mouse.get_pos())):
                self.log_scroll = max(0, min(self.log_scroller.max_offset, self.log_scroll + event.y))
                return None
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP) and not self.menu_open:
            if self.log_scroller.handle_mouse(event, self.app.mouse(event.pos)):
                self.log_scroll = self.log_scroller.max_offset - self.log_scroller.offset
                return None
        # Boards see keys before the top bar's focus navigation (which would swallow arrows and Enter),
        # unless the player has focused a top-bar button with Tab.
        if self.ending is not None and not self.menu_open and self.ending.handle(event, self.app.mouse):
            return None
        board_first = event.type == pygame.KEYDOWN and not self.menu_open and self.focus is None
        if board_first and self.board.handle(event, self.context()):
            return None
        # An arrow the board did not use starts no walk through the top bar: only Tab does. Otherwise a
        # stray arrow while rolling would leave the Menu button focused, and Space or Enter, the board's
        # keys, would open the menu instead of playing.
        stray_arrow = board_first and event.key in ARROW_KEYS
        if not stray_arrow and super().handle(event) is None:
            return None
        if self.menu_open:
            return None
        if not board_first and self.board.handle(event, self.context()):
            return None
        if self._tool_key(event, ctrl=False):
            return None
        return event

    # ----- drawing ----------------------------------------------------------------------
    def draw(self, p: Painter) -> None:
        self._drawn_look = self._look()
        ctx = self.context()
        p.rect((0, 0, 1280, 56), style.FELT_DARK)
        title = self.session.game.title[i18n.language()]
        p.text(title, (20, 28), style.H2, style.TEXT_LIGHT, bold=True, anchor="midleft", max_width=300)
        p.text(self.board.status(ctx), (640, 28), style.BODY, style.ACCENT, bold=True, anchor="center",
               max_width=560)
        self.board.draw(p, ctx)
        with p.scaled():  # the side column follows the text-size setting
            self._draw_side(p, ctx)
        with p.overlay():  # floating panels over the table: what they hide in part is not cut text
            self._draw_overlays(p)
        self.draw_widgets(p)
        if self.log_big:
            with p.overlay(), p.scaled():
                self._draw_big_log(p, ctx)

    def _draw_overlays(self, p: Painter) -> None:
        """The announced move, the toast, the hint banner, the menu or the end-of-game banner."""
        self.moments.draw(p, self.viewer(), self.session.names())  # the menu's veil covers it while open
        if self.toast_time > 0:
            width = min(900, p.measure(self.toast, style.BODY) + 40)
            p.panel((BOARD_AREA.centerx - width / 2, 620, width, 44))
            p.text(self.toast, (BOARD_AREA.centerx, 642), style.BODY, self.toast_color, anchor="center",
                   max_width=width - 20)
        if self.suggestion is not None:
            advice = self.advice if self.advice and self.advice[0][0] == self.suggestion else [(self.suggestion, None)]
            hint_panel.draw(p, hint_panel.rows_for(advice, words_for(self.session.game.id),
                                                   self.session.names(), self.session.game.cooperative),
                            self.board.HAND_AREA)
        if self.menu_open:
            p.alpha_rect((0, 0, 1280, 720), style.SHADOW, 150)
            p.panel((480, MENU_TOP, 320, self.menu_buttons_top() - MENU_TOP + 10 + 60 * self.menu_rows))
            p.text(t("app.menu"), (640, MENU_TOP + 16), style.H2, style.TEXT_LIGHT, bold=True, anchor="midtop")
        elif self.ending is not None:
            self.ending.draw(p)

    def _turn_line(self, ctx: TableContext) -> str:
        names = self.session.names()
        if self.hold is not None:
            return t("app.hold_line", name=names[self.hold])
        if self.thinking is not None:
            dots = "." * (1 + int(self.clock / THINKING_STEP) % 3)
            return t("app.thinking", name=names[self.thinking]).rstrip("…") + dots
        acting = self.session.state.to_act()
        if ctx.viewer is not None and ctx.viewer in acting:
            return t("app.your_turn", name=names[ctx.viewer])
        if len(acting) > WAIT_NAMES_MAX:  # a simultaneous phase: the seat rows mark each one still to act
            return i18n.plural("app.waiting_for_many", len(acting))
        if acting:
            return t("app.waiting_for", name="・".join(names[s] for s in acting) if i18n.language() == "ja"
                     else ", ".join(names[s] for s in acting))
        return t("app.game_over")

    def _seat_label(self, seat: int, name: str, kind: str) -> str:
        """A seat's name with who plays it: "· AI", or its phone and whether the phone is here."""
        if kind == "human":
            return name
        if kind != "phone":
            return f"{name} · AI"
        here = self.phones is not None and seat in self.phones.connected()
        return t("phone.seat_label" if here else "phone.seat_label_away", name=name)

    def _draw_side(self, p: Painter, ctx: TableContext) -> None:
        """Seats, turn line, log header and log. Each seat row and the log are cached layers (keyed on
        what they show, the viewer's lines included), so a frame repaints only the part that changed."""
        p.panel(SIDE)
        names = self.session.names()
        acting = set(self.session.state.to_act())
        y = SIDE.y + 10
        row = self._seat_row_h()
        k = p.scale_now  # rows grow with the text-size setting (see _seat_row_h)
        for seat, name in enumerate(names):
            kind = self.session.record.seats[seat].kind
            info = self.board.seat_info(ctx, seat)
            if self.thinking == seat:
                info = "●" * (1 + int(self.clock / THINKING_STEP) % 3)  # the thinking pulse
            facts = (seat, self._seat_label(seat, name, kind), seat == ctx.viewer, seat in acting, info)
            # The layer runs from the panel's fill edge to edge and row to row, so it covers all the row draws.
            self.side_layers.draw(p, pygame.FRect(SIDE.x + 4, y, SIDE.w - 8, row), ("seat", y, row, facts),
                                  lambda q, f=facts, top=y: self._paint_seat(q, f, top, row),
                                  late=("seat", seat, ctx.viewer))
            y += row
        p.text(self._turn_line(ctx), (SIDE.x + 12, y + 4), style.SMALL, style.ACCENT, bold=True,
               max_width=SIDE.w - 24)
        y += 34 * k
        p.line((SIDE.x + 10, y), (SIDE.right - 10, y), style.PANEL_EDGE)
        # The header's label takes what the tool buttons leave; without room the Log button names the log.
        buttons_left = min((b.rect.x for b in self.tool_buttons.values()), default=SIDE.right - 10)
        room = buttons_left - SIDE.x - 18
        if p.measure(t("app.game_log"), style.TINY) <= room:  # never smaller than at 100 %
            p.text(t("app.game_log"), (SIDE.x + 12, y + 6), style.TINY, style.TEXT_MUTED, max_width=room)
        header = 28 * k
        bottom = HOLD_BUTTON.y - 6 if self.hold is not None else SIDE.bottom
        self._draw_log(p, ctx, pygame.FRect(SIDE.x + 12, y + header, SIDE.w - 24, bottom - y - header - 8))

    @staticmethod
    def _paint_seat(p: Painter, facts: tuple, top: float, row: float) -> None:
        """One seat row of the side column (a layer: the panel's fill first, so its text blends as on the panel)."""
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

    def _log_rows(self, p: Painter, viewer: int | None, width: float, size: float) -> list[tuple[str, bool]]:
        """The log wrapped into rows; rebuilt only when the log, viewer, language or scale changes."""
        log = self.session.log
        key = (len(log), id(log[-1].event) if log else None, viewer, i18n.language(), p.vp.scale, width, p.scale_now)
        if getattr(self, "_log_cache_key", None) == key:
            return self._log_cache
        lines: list[tuple[str, int]] = []
        for entry in reversed(self.session.log):  # only the last 60 lines are shown: format no more
            if len(lines) >= 60:
                break
            if not entry.event.visible_for(viewer):
                continue
            text = self._log_line(entry.event)
            if text:
                lines.append((text, entry.index))
        lines.reverse()
        # Wrapped lines are kept between moves, so a new log line costs one wrap, not sixty.
        wrap_key = (viewer, i18n.language(), p.vp.scale, width, p.scale_now, size)
        if getattr(self, "_wrap_key", None) != wrap_key or len(self._wrapped) > 600:
            self._wrap_key, self._wrapped = wrap_key, {}
        rows: list[tuple[str, bool]] = []
        latest = lines[-1][1] if lines else -1
        for text, index in lines:
            parts = self._wrapped.get(text)
            if parts is None:
                parts = self._wrapped[text] = p.wrap_lines(text, width, size)
            for part in parts:
                rows.append((part, index == latest))
        self._log_cache_key, self._log_cache = key, rows
        return rows

    def _log_line(self, event: Event) -> str:
        """An event's log line, formatted once: a move formats only its own events, not the shown tail again.
        Kept per event object (held, so its id is not reused) for the current language and names."""
        memo_key = (i18n.language(), tuple(self.session.names()))
        if self._line_memo_key != memo_key or len(self._line_memo) > 4000:
            self._line_memo_key, self._line_memo = memo_key, {}
        known = self._line_memo.get(id(event))
        if known is not None and known[0] is event:
            return known[1]
        text = format_event(self.session.game.id, event, list(memo_key[1]))
        self._line_memo[id(event)] = (event, text)
        return text

    def _draw_log(self, p: Painter, ctx: TableContext, area: pygame.FRect) -> None:
        rect = pygame.FRect(SIDE.x + 8, area.y - 2, SIDE.w - 16, SIDE.bottom - 6 - (area.y - 2))
        late = ("log", ctx.viewer, p.vp.scale)
        # The frame a move lands in is the dearest (the move, its motion, the board's new text): new lines
        # may wait a frame or two like any late zone (tabletop.ui.layer_cache), checked before the lines are
        # wrapped, which is the costly part of the log's key. The scrollbar keeps the picture's track.
        if self._log_drawn is not None and self._log_drawn[0] < len(self.session.log) and \
                self.log_layers.keep_last(p, rect, late):
            self.log_scroller.track = self._log_drawn[1]
            return
        size = style.TINY
        step = size * 1.35 * p.scale_now
        text_w = area.w - SCROLL_W - 6
        rows = self._log_rows(p, ctx.viewer, text_w, size)
        capacity = max(1, int(area.h // step))
        self.log_scroller.set_size(len(rows), capacity)
        self.log_scroll = min(self.log_scroll, self.log_scroller.max_offset)
        self.log_scroller.offset = self.log_scroller.max_offset - self.log_scroll
        start = self.log_scroller.offset
        shown = tuple(rows[start:start + capacity])
        track = pygame.FRect(area.right - SCROLL_W, area.y, SCROLL_W, area.h)
        # Keyed on the viewer and the very rows shown: a hot-seat player never gets another's cached lines.
        key = ("log", ctx.viewer, shown, len(rows), capacity, start, tuple(area), size, step)

        def paint(q: Painter) -> None:
            self._paint_log(q, shown, area, size, step, track)

        self.log_layers.draw(p, rect, key, paint, late=late)
        self.log_scroller.track = track  # hit tests, also when the layer came from the cache
        self._log_drawn = (len(self.session.log), track)

    def _paint_log(self, p: Painter, shown: tuple[tuple[str, bool], ...], area: pygame.FRect, size: float,
                   step: float, track: pygame.FRect) -> None:
        p.rect((SIDE.x + 8, area.y - 2, SIDE.w - 16, SIDE.bottom - 6 - (area.y - 2)), style.PANEL_DARK)
        for i, (text, fresh) in enumerate(shown):
            p.text(text, (area.x, area.y + i * step), size, style.TEXT_LIGHT if fresh else style.TEXT_MUTED)
        self.log_scroller.draw(p, track)

    def _draw_big_log(self, p: Painter, ctx: TableContext) -> None:
        """The whole game log, large (L): the log panel's lines at body size, scrollable."""
        p.alpha_rect((0, 0, 1280, 720), style.SHADOW, 150)
        p.panel(BIG_LOG)
        p.text(t("app.game_log"), (BIG_LOG.x + 24, BIG_LOG.y + 16), style.H2, style.TEXT_LIGHT, bold=True)
        p.text(t("app.log_close_hint"), (BIG_LOG.right - 24, BIG_LOG.y + 22), style.SMALL, style.TEXT_MUTED,
               anchor="topright")
        size = style.BODY
        step = size * 1.4 * p.scale_now
        area = pygame.FRect(BIG_LOG.x + 24, BIG_LOG.y + 64, BIG_LOG.w - 48, BIG_LOG.h - 84)
        rows = self._big_log_rows(p, ctx.viewer, area.w - SCROLL_W - 10, size)
        capacity = max(1, int(area.h // step))
        self.big_scroller.set_size(len(rows), capacity)
        start = self.big_scroller.offset
        for i, (text, fresh) in enumerate(rows[start:start + capacity]):
            p.text(text, (area.x, area.y + i * step), size, style.TEXT_LIGHT if fresh else style.TEXT_MUTED)
        if not rows:
            p.text(t("app.log_empty"), area.center, style.BODY, style.TEXT_MUTED, anchor="center")
        self.big_scroller.draw(p, pygame.FRect(area.right - SCROLL_W, area.y, SCROLL_W, area.h))

    def _big_log_rows(self, p: Painter, viewer: int | None, width: float, size: float) -> list[tuple[str, bool]]:
        key = (len(self.session.log), viewer, i18n.language(), p.vp.scale, width, p.scale_now)
        if getattr(self, "_big_cache_key", None) == key:
            return self._big_cache
        names = self.session.names()
        lines = [(format_event(self.session.game.id, e.event, names), e.index) for e in self.session.log
                 if e.event.visible_for(viewer)]
        lines = [(text, index) for text, index in lines if text]
        latest = lines[-1][1] if lines else -1
        rows: list[tuple[str, bool]] = []
        for text, index in lines:
            for part in p.wrap_lines(text, width, size):
                rows.append((part, index == latest))
        self._big_cache_key, self._big_cache = key, rows
        return rows

