"""The table: one scene for every game. Seats, turn, log, AI pacing, curtain and autosave live here;
the game's Board (tabletop.ui.games.<id>) draws the View and turns input into Actions.
"""

from __future__ import annotations

import random

import pygame

from tabletop import i18n
from tabletop.ai.worker import AIRequest, AIWorker, AIWorkerError
from tabletop.engine.core import Action, IllegalAction
from tabletop.i18n import t
from tabletop.session import Session
from tabletop.ui import style
from tabletop.ui.eventlog import format_event
from tabletop.ui.games import BOARD_AREA, TableContext, board_class
from tabletop.ui.painter import Painter
from tabletop.ui.scene import Scene
from tabletop.ui.scenes.curtain import CurtainScene
from tabletop.ui.widgets import Button
from tabletop.userdata import archive_record, clear_autosave, save_autosave

SIDE = pygame.FRect(960, 64, 308, 644)
RESULTS_DELAY = 1.6  # seconds to look at the final position before the results screen


class TableScene(Scene):
    name = "table"

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
        self.resumed = resumed

    # ----- lifecycle -------------------------------------------------------------------
    def enter(self) -> None:
        super().enter()
        self.app.sound("shuffle")

    def exit(self) -> None:
        self.worker.close()

    def layout(self) -> None:
        self.widgets = [
            Button(pygame.FRect(1000, 12, 130, 40), t("app.rules"), self.open_rules, size=style.SMALL,
                   hotkey=pygame.K_F1),
            Button(pygame.FRect(1140, 12, 128, 40), t("app.menu"), self.toggle_menu, size=style.SMALL),
        ]
        if self.menu_open:
            self.widgets += [
                Button(pygame.FRect(520, 300, 240, 48), t("app.settings"), self.open_settings),
                Button(pygame.FRect(520, 360, 240, 48), t("app.leave"), self.leave),
                Button(pygame.FRect(520, 420, 240, 48), t("app.back"), self.toggle_menu, primary=True),
            ]
        if self.hold is not None:
            self.widgets.append(Button(pygame.FRect(700, 660, 240, 40), t("app.confirm"), self.release_hold,
                                       primary=True, hotkey=pygame.K_RETURN))

    # ----- who sees what ----------------------------------------------------------------
    def viewer(self) -> int | None:
        humans = self.session.humans()
        if len(humans) == 1:
            return humans[0]
        if not humans:
            return None
        if self.hold is not None:
            return self.hold
        acting = self.session.humans_to_act()
        return self.revealed if self.revealed in acting else None

    def _curtain_needed(self) -> int | None:
        if len(self.session.humans()) < 2 or self.hold is not None:
            return None
        acting = self.session.humans_to_act()
        if acting and self.revealed not in acting:
            return acting[0]
        return None

    def _reveal(self, seat: int) -> None:
        self.revealed = seat
        self.app.sound("turn")

    def release_hold(self) -> None:
        self.hold = None
        self.revealed = None
        self.layout()

    # ----- acting -----------------------------------------------------------------------
    def act(self, seat: int, action: Action) -> bool:
        try:
            events = self.session.apply(seat, action)
        except IllegalAction as exc:
            key = exc.key if "." in exc.key else f"app.{exc.key}"
            reason = t(key, **exc.params) if i18n.has(key) else exc.reason
            self.show_toast(t("app.illegal", reason=reason))
            return False
        save_autosave(self.session.record)
        self.board.on_events(events, seat)
        self.app.sound("card")
        humans = self.session.humans()
        if self.session.is_human(seat) and len(humans) >= 2:
            private = any(e.visible_to is not None and seat in e.visible_to for e in events)
            if private and not self.session.state.is_over():
                self.hold = seat  # let them see what only they may see before handing over
            else:
                self.revealed = seat if seat in self.session.humans_to_act() else None
            self.layout()
        if not self.session.is_human(seat) and not self.app.fast:
            self.ai_delay = style.AI_PACE.get(self.app.settings.ai_speed, 0.7)
        self.log_scroll = 0
        return True

    def human_act(self, action: Action) -> None:
        viewer = self.viewer()
        if viewer is not None and viewer in self.session.state.to_act():
            self.act(viewer, action)

    def show_toast(self, text: str) -> None:
        self.toast, self.toast_time = text, 4.0

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
        self.toast_time = max(0.0, self.toast_time - dt)
        self.ai_delay = max(0.0, self.ai_delay - dt)
        self.board.update(dt)
        if self.session.state.is_over():
            self._finish(dt)
            return
        if self.menu_open:
            return
        who = self._curtain_needed()
        if who is not None and self.ai_delay <= 0 and self.thinking is None:
            self.app.stack.push(CurtainScene(self.app, self.session.names()[who], who, lambda: self._reveal(who)))
            return
        self._think()

    def _finish(self, dt: float) -> None:
        if not self.finished:
            self.finished = True
            archive_record(self.session.record)
            clear_autosave()
            self.over_timer = 0.0 if self.app.fast else RESULTS_DELAY
            self.worker.cancel()
        self.over_timer -= dt
        if self.over_timer <= 0 and self.app.stack.top is self:
            from tabletop.ui.scenes.results import ResultsScene

            self.app.stack.replace(ResultsScene(self.app, self.session))

    # ----- menu -------------------------------------------------------------------------
    def toggle_menu(self) -> None:
        self.menu_open = not self.menu_open
        self.layout()

    def open_rules(self) -> None:
        from tabletop.ui.scenes.rules import RulesScene

        self.app.stack.push(RulesScene(self.app, self.session.game.id))

    def open_settings(self) -> None:
        from tabletop.ui.scenes.settings import SettingsScene

        self.menu_open = False
        self.app.stack.push(SettingsScene(self.app))

    def leave(self) -> None:
        self.worker.cancel()
        self.app.stack.pop()

    # ----- input ------------------------------------------------------------------------
    def context(self) -> TableContext:
        viewer = self.viewer()
        state = self.session.state
        legal = state.legal_actions(viewer) if viewer is not None and not self.menu_open and self.hold is None else []
        return TableContext(state.view(viewer), viewer, self.session.names(), legal, self.human_act,
                            self.app.mouse(pygame.mouse.get_pos()), self.clock)

    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.toggle_menu()
            return None
        if event.type == pygame.MOUSEWHEEL:
            if SIDE.collidepoint(self.app.mouse(pygame.mouse.get_pos())):
                self.log_scroll = max(0, self.log_scroll + event.y)
                return None
        # Boards see keys before the top bar's focus navigation (which would swallow arrows and Enter),
        # unless the player has focused a top-bar button with Tab.
        board_first = event.type == pygame.KEYDOWN and not self.menu_open and self.focus is None
        if board_first and self.board.handle(event, self.context()):
            return None
        if super().handle(event) is None:
            return None
        if self.menu_open:
            return None
        if not board_first and self.board.handle(event, self.context()):
            return None
        return event

    # ----- drawing ----------------------------------------------------------------------
    def draw(self, p: Painter) -> None:
        ctx = self.context()
        p.rect((0, 0, 1280, 56), style.FELT_DARK)
        title = self.session.game.title[i18n.language()]
        p.text(title, (20, 28), style.H2, style.TEXT_LIGHT, bold=True, anchor="midleft", max_width=300)
        p.text(self.board.status(ctx), (640, 28), style.BODY, style.ACCENT, bold=True, anchor="center",
               max_width=560)
        self.board.draw(p, ctx)
        self._draw_side(p, ctx)
        if self.toast_time > 0:
            width = min(900, p.measure(self.toast, style.BODY) + 40)
            p.panel((BOARD_AREA.centerx - width / 2, 620, width, 44))
            p.text(self.toast, (BOARD_AREA.centerx, 642), style.BODY, style.BAD, anchor="center", max_width=width - 20)
        if self.menu_open:
            p.alpha_rect((0, 0, 1280, 720), style.SHADOW, 150)
            p.panel((480, 240, 320, 250))
            p.text(t("app.menu"), (640, 256), style.H2, style.TEXT_LIGHT, bold=True, anchor="midtop")
        self.draw_widgets(p)

    def _turn_line(self, ctx: TableContext) -> str:
        names = self.session.names()
        if self.thinking is not None:
            dots = "." * (1 + int(self.clock * 3) % 3)
            return t("app.thinking", name=names[self.thinking]).rstrip("…") + dots
        acting = self.session.state.to_act()
        if ctx.viewer is not None and ctx.viewer in acting:
            return t("app.your_turn", name=names[ctx.viewer])
        if acting:
            return t("app.waiting_for", name="・".join(names[s] for s in acting) if i18n.language() == "ja"
                     else ", ".join(names[s] for s in acting))
        return t("app.game_over")

    def _draw_side(self, p: Painter, ctx: TableContext) -> None:
        p.panel(SIDE)
        names = self.session.names()
        acting = set(self.session.state.to_act())
        y = SIDE.y + 10
        row = 52 if self.session.players <= 4 else 46
        for seat, name in enumerate(names):
            r = pygame.FRect(SIDE.x + 8, y, SIDE.w - 16, row - 6)
            if seat in acting:
                p.rect(r, (64, 58, 36), 8)
                p.rect(r, style.ACCENT, 8, width=2)
            color = style.SEAT_COLORS[seat % 6]
            p.circle((r.x + 18, r.y + r.h / 2), 13, color)
            p.text(style.SEAT_GLYPHS[seat % 6], (r.x + 18, r.y + r.h / 2), style.TINY, style.INK, anchor="center")
            kind = self.session.record.seats[seat].kind
            label = name if kind == "human" else f"{name} · AI"
            p.text(label, (r.x + 38, r.y + 1), style.SMALL, style.TEXT_LIGHT, bold=seat == ctx.viewer,
                   max_width=r.w - 46)
            info = self.board.seat_info(ctx, seat)
            if self.thinking == seat:
                info = "●" * (1 + int(self.clock * 3) % 3)  # the thinking pulse
            p.text(info, (r.x + 38, r.y + 22), style.TINY, style.TEXT_MUTED, max_width=r.w - 46)
            y += row
        p.text(self._turn_line(ctx), (SIDE.x + 12, y + 4), style.SMALL, style.ACCENT, bold=True,
               max_width=SIDE.w - 24)
        y += 34
        p.line((SIDE.x + 10, y), (SIDE.right - 10, y), style.PANEL_EDGE)
        p.text(t("app.game_log"), (SIDE.x + 12, y + 6), style.TINY, style.TEXT_MUTED)
        self._draw_log(p, ctx, pygame.FRect(SIDE.x + 12, y + 28, SIDE.w - 24, SIDE.bottom - y - 36))

    def _log_rows(self, p: Painter, viewer: int | None, width: float, size: float) -> list[tuple[str, bool]]:
        """The log wrapped into rows; rebuilt only when the log, viewer, language or scale changes."""
        key = (len(self.session.log), viewer, i18n.language(), p.vp.scale, width)
        if getattr(self, "_log_cache_key", None) == key:
            return self._log_cache
        names = self.session.names()
        lines: list[tuple[str, int]] = []
        for entry in self.session.log:
            if not entry.event.visible_for(viewer):
                continue
            text = format_event(self.session.game.id, entry.event, names)
            if text:
                lines.append((text, entry.index))
        rows: list[tuple[str, bool]] = []
        latest = lines[-1][1] if lines else -1
        for text, index in lines[-60:]:
            for part in p.wrap_lines(text, width, size):
                rows.append((part, index == latest))
        self._log_cache_key, self._log_cache = key, rows
        return rows

    def _draw_log(self, p: Painter, ctx: TableContext, area: pygame.FRect) -> None:
        size = style.TINY
        step = size * 1.35
        rows = self._log_rows(p, ctx.viewer, area.w, size)
        capacity = int(area.h // step)
        end = max(0, len(rows) - self.log_scroll)
        start = max(0, end - capacity)
        for i, (text, fresh) in enumerate(rows[start:end]):
            p.text(text, (area.x, area.y + i * step), size, style.TEXT_LIGHT if fresh else style.TEXT_MUTED)

