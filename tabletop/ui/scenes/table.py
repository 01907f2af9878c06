"""The table: one scene for every game. It ties the table's parts (tabletop.ui.table: who sees what, the AI's
pace, hints, autosave, the side column and the logs, the menu and tools) to the game's Board
(tabletop.ui.games.<id>), which draws the View and turns input into Actions.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from tabletop import i18n
from tabletop.ai.advice import MoveAdvice
from tabletop.engine.core import Action, IllegalAction
from tabletop.i18n import t
from tabletop.save_writer import saves
from tabletop.session import Session
from tabletop.ui import hint_panel, style
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
from tabletop.ui.scroll import Scroller
from tabletop.ui.table import controls, phones
from tabletop.ui.table.autosave import Autosave
from tabletop.ui.table.big_log import BigLog
from tabletop.ui.table.forward import Forward
from tabletop.ui.table.hints import HINT_SECONDS as HINT_SECONDS  # the hint's budget, read by tests
from tabletop.ui.table.hints import Hinter
from tabletop.ui.table.hot_seat import HotSeat
from tabletop.ui.table.log_view import LogLines, Row
from tabletop.ui.table.pacing import AIPacer
from tabletop.ui.table.side_column import HOLD_BUTTON, SIDE, SeatFacts, SideColumn, seat_label, turn_line
from tabletop.ui.table.teaching import TeachingTools
from tabletop.ui.table.undo_tool import UndoTool
from tabletop.ui.table_services import SessionServices
from tabletop.ui.widgets import Button
from tabletop.ui.words import words_for
from tabletop.undo import UndoCheck

if TYPE_CHECKING:
    from tabletop.ui.app import App

__all__ = ["HINT_SECONDS", "HOLD_BUTTON", "SIDE", "THINKING_STEP", "TableScene"]

RESULTS_DELAY = 3.0  # all-AI games: seconds on the final board before the results (humans ask for them)
THINKING_STEP = 1 / 3  # the thinking dots change three times a second
AI_POLL = 0.03  # seconds between looks for the AI worker's answer (no frame drawn unless it came)
ARROW_KEYS = (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT)
MOUSE_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP)


class TableScene(TeachingTools, SessionServices, Scene):
    name = "table"
    goal_card_at_start = True  # a first game of a game opens with the goal card (the tutorial's coach explains)

    # What the parts keep, read and set through the table as before (the tutorial and tests do).
    hold = Forward[int | None]("seats", "hold")
    revealed = Forward[int | None]("seats", "revealed")
    thinking = Forward[int | None]("pacer", "thinking")
    ai_delay = Forward[float]("pacer", "delay")
    suggestion = Forward[Action | None]("hinter", "suggestion")
    advice = Forward[list[tuple[Action, MoveAdvice]]]("hinter", "advice")
    hinting = Forward[bool]("hinter", "thinking")
    log_big = Forward[bool]("big_log", "open")
    log_scroll = Forward[int]("side", "log_scroll")
    side_layers = Forward[LayerCache]("side", "side_layers")
    log_layers = Forward[LayerCache]("side", "log_layers")
    _undo_cache = Forward[tuple[int, UndoCheck | None]]("undo_tool", "cache")

    def __init__(self, app: App, session: Session, resumed: bool = False) -> None:
        super().__init__(app)
        self.session = session
        self.seats = HotSeat(session)  # who sees what
        self.pacer = AIPacer(session, app.fast)
        self.hinter = Hinter(session)
        self.undo_tool = UndoTool(session)
        self.autosave = Autosave(session.record, self.show_toast)
        lines = LogLines(session)  # each event's line, formatted once for both logs
        self.side = SideColumn(lines, session.players, lambda: app.painter.text_scale)
        self.big_log = BigLog(lines)  # the whole log, large (L)
        self.board = board_class(session.game.id)(self)
        self.toast = ""
        self.toast_time = 0.0
        self.toast_color = style.BAD
        self.clock = 0.0
        self.menu_open = False
        self.menu_rows = 4  # buttons in the open menu (its panel's height)
        self.over_timer = 0.0
        self.finished = False
        self.ending: EndingBanner | None = None  # over the final board until a human asks for the results
        self.resumed = resumed
        self.tool_buttons: dict[str, Button] = {}
        self._drawn_look: tuple = ()  # self._look() when the table was last drawn
        self.phones: PhoneTable | None = None  # the phone server's desktop half, while seats are played on phones
        self.moments = Moments(session.game.id, lambda: app.settings.ai_speed)  # hidden-information moves, on show

    @property
    def log_scroller(self) -> Scroller:
        return self.side.log.scroller

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
        opened = phones.open_server(self.app, self.session, self._phone_notice)
        if isinstance(opened, str):
            self.show_toast(opened)
            return
        self.phones = opened
        phones.join_screen(self.app, opened, self._phones_ready, self.leave)

    def open_phones(self) -> None:
        """The menu's Phones: the join screen again, to release a lost phone's seat for another device."""
        if self.phones is None:
            return
        self.menu_open = False
        self.layout()
        phones.join_screen(self.app, self.phones, self._phones_ready, self.leave, in_game=True)

    def _phones_ready(self) -> None:
        if self.phones is not None:
            self.phones.start()
        self.layout()
        self.app.stack.gate.arm()  # the press that started the game does not act at the table

    def _phone_notice(self, line: str) -> None:
        self.show_toast(line, style.INFO)
        phones.pass_on(self.app, self, line)

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
        self.pacer.worker.close()
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
            self.widgets.extend(controls.menu_buttons(entries, self.toggle_menu, self.app.painter.text_scale))
            self.menu_rows = len(entries) + 1
        if self.hold is not None:  # under the log, where it covers no board (a hand strip runs to the board's foot)
            self.widgets.append(Button(HOLD_BUTTON, t("app.hold_done"), self.release_hold, primary=True,
                                       hotkey=pygame.K_RETURN, size=style.SMALL))
        if self.ending is not None and not self.menu_open:
            self.widgets.append(self.ending.button())
        self._layout_tools()

    def _log_header_y(self) -> float:
        return self.side.log_header_y()

    def _layout_tools(self) -> None:
        """Small buttons on the game log's header line: Hint and Undo (off, saying why when pressed, unless one
        human plays against AI), Log (L); and the hint panel's own buttons while it is open."""
        self.tool_buttons = {}
        if self.menu_open:
            return
        actions = {"log": self.toggle_log, "undo": self.undo, "hint": self.suggest}
        self.tool_buttons = controls.tool_buttons(self.app.painter, self._log_header_y() + 3, actions,
                                                  self.board.LETTER_KEYS)
        self.widgets.extend(self.tool_buttons.values())
        self._update_undo_button()
        if self.suggestion is not None:
            rows, keep = max(1, len(self.advice)), self.board.HAND_AREA
            self.widgets.append(Button(hint_panel.play_button_rect(rows, keep), t("advice.play_first"),
                                       self.play_suggestion, primary=True, size=style.SMALL))
            self.widgets.append(Button(hint_panel.close_button_rect(rows, keep), t("advice.close"),
                                       self.close_hint, size=style.SMALL))

    # ----- who sees what (tabletop.ui.table.hot_seat decides) ----------------------------
    def viewer(self) -> int | None:
        """The seat whose private view the desktop shows now, or None for the public view."""
        return self.seats.viewer()

    def _curtain_needed(self) -> int | None:
        return self.seats.curtain_needed()

    def _follow_hand_over(self) -> None:
        """In hot-seat, when the seat whose view is on screen changes, the next person starts clean:
        the board keeps only what every seat may see (BoardBase.TABLE_STATE), and the table drops
        the last person's toast, log scroll, big log, focus and menu."""
        if not self.seats.handed_over():
            return
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
        self.seats.release()
        self.layout()
        self.app.stack.gate.arm()  # the Confirm that hands over is the last press this seat's view sees

    def screen_actor(self) -> int | None:
        """A phone seat whose move is public and made on the shared screen (the KAKAPO's placement)."""
        return None if self.phones is None else self.seats.screen_actor(self.board.SCREEN_ACTIONS)

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
        if self.suggestion is not None and self.hinter.stale(seat, self.solo_human()):
            self.suggestion = None
            self.layout()
        if self.seats.after_move(seat, events):
            self.layout()
        shown = self.moments.on_move(seat, events, seat in self.session.screen_humans(), self.viewer(),
                                     self.session.names())
        self.pacer.after_move(seat, shown, self.app.settings.ai_speed, self.app.fast)
        self.log_scroll = 0
        if self.session.is_human(seat):
            self.app.stack.gate.arm()  # the press that commits is the last one this position sees
        self._watch_decision()
        if self.phones is not None:
            self.phones.publish()
        return True

    def _watch_decision(self) -> None:
        """A decision opening for the person at the screen arms the input gate (HotSeat.decision_opened)."""
        if self.seats.decision_opened(self.menu_open or self.log_big):
            self.app.stack.gate.arm()

    def human_act(self, action: Action) -> None:
        viewer = self.viewer()
        if viewer is not None and viewer in self.session.state.to_act():
            self.act(viewer, action)

    def _autosave(self) -> None:
        """Save after every move (tabletop.ui.table.autosave); a lesson overrides it."""
        self.autosave.save()

    def show_toast(self, text: str, color: style.Color = style.BAD) -> None:
        self.toast, self.toast_time, self.toast_color = text, 4.0, color

    def toggle_log(self) -> None:
        self.big_log.toggle()

    def _think(self) -> None:
        """The AI's moves (tabletop.ui.table.pacing); a lesson plays its script instead."""
        self.pacer.think(self.act, self.show_toast)

    def update(self, dt: float) -> None:
        self.clock += dt
        self._follow_hand_over()
        self._watch_decision()
        self.toast_time = max(0.0, self.toast_time - dt)
        self.pacer.tick(dt)
        self.moments.update(dt)
        self.board.update(dt)
        if self.phones is not None:
            self.phones.pump(act=self._phone_act)
        self._poll_hint()
        self.autosave.check()
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

    def _progress_keeper(self) -> Callable[[], None] | None:
        """What the game keeps beside the history when a person played (a KAKAPO's cleared missions)."""
        keep = progress_keeper(self.session.game.id)
        if keep is None or not self.session.humans():
            return None
        final = self.session.state.view(None)
        return lambda: keep(final)

    def _finish(self, dt: float) -> None:
        if not self.finished:
            self.finished = True
            self.autosave.archive(self._progress_keeper())
            self.over_timer = 0.0 if self.app.fast else RESULTS_DELAY
            self.pacer.worker.cancel()
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
        return controls.menu_buttons_top(self.app.painter.text_scale)
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
        self.pacer.worker.cancel()
        self.app.stack.pop()

    # ----- services for the board (ui/table_services.py; the rest in SessionServices) ----
    def seat_anchor(self, seat: int) -> pygame.Vector2:
        """The centre of the seat's disc in the side column, from the rows' own layout (they grow with text)."""
        return self.side.seat_anchor(seat)

    # ----- input ------------------------------------------------------------------------
    def context(self) -> TableContext:
        viewer = self.viewer()
        state = self.session.state
        idle = self.menu_open or self.hold is not None
        actor = self.screen_actor()
        if actor is not None:  # the public view, with the phone seat's public move to make here
            legal = [] if idle else state.legal_actions(actor)

            def act(action: Action) -> None:
                self._phone_act(actor, action)

            ctx = TableContext(state.view(None), actor, self.session.names(), legal, act,
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

    def _tool_key(self, event: pygame.event.Event, ctrl: bool) -> bool:
        """Z undo, H hint, L big log (tabletop.ui.table.controls.tool_for_key); True when one was used."""
        tool = None if self.menu_open else controls.tool_for_key(event, ctrl, self.board.LETTER_KEYS)
        if tool is None:
            return False
        {"log": self.toggle_log, "undo": self.undo, "hint": self.suggest}[tool]()
        return True

    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == PHONE_EVENT:
            return None  # it only woke the loop: update() reads the phones' messages
        if self._handle_over_board(event) or self._handle_side(event):
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

    def _handle_over_board(self, event: pygame.event.Event) -> bool:
        """The big log, an announced move, Esc (the hint panel, else the menu) and the Ctrl tool keys come first."""
        if self.log_big and self.big_log.handle(event, self.app.mouse):
            return True
        if self.moments.handle(event, self.app.mouse):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.suggestion is not None and not self.menu_open:  # Esc closes the hint panel first
                self.close_hint()
            else:
                self.toggle_menu()
            return True
        return self._tool_key(event, ctrl=True)

    def _handle_side(self, event: pygame.event.Event) -> bool:
        """An off tool says why it is off; the wheel over the column and the log's scrollbar scroll the log."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not self.menu_open:
            pos = self.app.mouse(event.pos)
            for button in self.tool_buttons.values():
                if not button.enabled and button.rect.collidepoint(pos):
                    button.on_click()
                    return True
        if event.type == pygame.MOUSEWHEEL and SIDE.collidepoint(self.app.mouse(pygame.mouse.get_pos())):
            self.side.wheel(event.y)
            return True
        return event.type in MOUSE_EVENTS and not self.menu_open and \
            self.side.handle_mouse(event, self.app.mouse(event.pos))

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
                self.big_log.draw(p, ctx.viewer)

    def _draw_overlays(self, p: Painter) -> None:
        """The announced move, the toast, the hint banner, the menu or the end-of-game banner."""
        self.moments.draw(p, self.viewer(), self.session.names())  # the menu's veil covers it while open
        if self.toast_time > 0:
            width = min(900, p.measure(self.toast, style.BODY) + 40)
            p.panel((BOARD_AREA.centerx - width / 2, 620, width, 44))
            p.text(self.toast, (BOARD_AREA.centerx, 642), style.BODY, self.toast_color, anchor="center",
                   max_width=width - 20)
        if self.suggestion is not None:
            advice: list[tuple[Action, MoveAdvice | None]] = [(self.suggestion, None)]
            if self.advice and self.advice[0][0] == self.suggestion:
                advice = list(self.advice)
            hint_panel.draw(p, hint_panel.rows_for(advice, words_for(self.session.game.id),
                                                   self.session.names(), self.session.game.cooperative),
                            self.board.HAND_AREA)
        if self.menu_open:
            controls.draw_menu(p, self.menu_rows, self.app.painter.text_scale)
        elif self.ending is not None:
            self.ending.draw(p)

    def _turn_line(self, ctx: TableContext) -> str:
        thinking = None if self.thinking is None else (self.thinking, int(self.clock / THINKING_STEP) % 3)
        return turn_line(self.session.names(), self.session.state.to_act(), ctx.viewer, self.hold, thinking)

    def _draw_side(self, p: Painter, ctx: TableContext) -> None:
        """Seats, turn line, log header and log (tabletop.ui.table.side_column)."""
        acting = set(self.session.state.to_act())
        connected = self.phones.connected() if self.phones is not None else ()
        seats: list[SeatFacts] = []
        for seat, name in enumerate(self.session.names()):
            info = self.board.seat_info(ctx, seat)
            if self.thinking == seat:
                info = "●" * (1 + int(self.clock / THINKING_STEP) % 3)  # the thinking pulse
            label = seat_label(name, self.session.record.seats[seat].kind, seat in connected)
            seats.append((seat, label, seat == ctx.viewer, seat in acting, info))
        buttons_left = min((b.rect.x for b in self.tool_buttons.values()), default=SIDE.right - 10)
        bottom = HOLD_BUTTON.y - 6 if self.hold is not None else SIDE.bottom
        self.side.draw(p, ctx.viewer, seats, self._turn_line(ctx), buttons_left, bottom)

    def _log_rows(self, p: Painter, viewer: int | None, width: float, size: float) -> list[Row]:
        """The side column's log rows (tabletop.ui.table.log_view)."""
        return self.side.log.rows(p, viewer, width, size)
