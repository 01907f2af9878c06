"""Learn to play: the normal table with a coach. The coach's panel sits over the game log (the one part of the
table a first game does not need); the board shows only the move the coach asks for as legal, so the board's
own legal-move highlight points at it; any other move is refused with a short hint. Esc leaves, Restart
deals the same tutorial again. Nothing here is autosaved, archived or counted in statistics.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from tabletop.engine.core import Action
from tabletop.engine.records import Seat
from tabletop.i18n import t
from tabletop.session import Session
from tabletop.tutorial import HUMAN, Coach, Tutorial, TutorialError
from tabletop.ui import style
from tabletop.ui.games import BOARD_AREA, TableContext
from tabletop.ui.painter import Painter
from tabletop.ui.scenes.table import SIDE, TableScene
from tabletop.ui.widgets import Button

if TYPE_CHECKING:
    from tabletop.ui.app import App

HINT_COLOR = style.INFO


def tutorial_session(tutorial: Tutorial) -> Session:
    """The learner sits as "Player 1" (a name the log can put in a sentence, unlike "You"); the others
    have the AI's names, though only the coach's script moves them."""
    names = t("app.ai_names").split(",")
    seats = [Seat(t("app.default_name", n=HUMAN + 1), "human")] + [Seat(names[i % len(names)], "normal")
                                                                  for i in range(tutorial.players - 1)]
    return Session.new(tutorial.game, tutorial.players, seats, tutorial.options, tutorial.seed, tutorial.chance)


class TutorialScene(TableScene):
    name = "tutorial"
    goal_card_at_start = False  # the coach's first step says the goal

    def __init__(self, app: App, tutorial: Tutorial) -> None:
        super().__init__(app, tutorial_session(tutorial))
        self.tutorial = tutorial
        self.coach = Coach(tutorial)
        self.done = False  # the last step's Continue was pressed

    # ----- what the table must not do in a lesson ------------------------------------------------
    def _autosave(self) -> None:
        """A lesson is never saved over the player's games."""

    def _finish(self, dt: float) -> None:
        """A lesson that reaches the end of a game is not archived (no history, no statistics)."""
        self.finished = True

    def solo_human(self) -> int | None:
        return None  # no undo or hints: the coach says what to do

    def _layout_tools(self) -> None:
        self.tool_buttons = {}  # the coach's panel covers the log and its tools

    def tools_reason(self) -> str | None:
        return t("app.tool_reason.lesson")

    # ----- layout ------------------------------------------------------------------------------
    def panel_rect(self) -> pygame.FRect:
        top = self._log_header_y()
        return pygame.FRect(SIDE.x, top, SIDE.w, SIDE.bottom - top)

    def layout(self) -> None:
        panel = self.panel_rect()
        self.widgets = [
            Button(pygame.FRect(1000, 12, 130, 40), t("app.rules"), self.open_rules, size=style.SMALL,
                   hotkey=pygame.K_F1),
            Button(pygame.FRect(1140, 12, 128, 40), t("tutorial.leave"), self.leave, size=style.SMALL,
                   hotkey=pygame.K_ESCAPE),
            Button(pygame.FRect(panel.x + 12, panel.bottom - 48, 120, 36), t("tutorial.restart"), self.restart,
                   size=style.SMALL),
        ]
        if self.done:
            self.widgets.append(Button(pygame.FRect(panel.right - 166, panel.bottom - 48, 154, 36),
                                       t("tutorial.play_real"), self.play_real, primary=True, size=style.SMALL,
                                       hotkey=pygame.K_RETURN))
        elif self._waiting_for_continue():
            label = t("tutorial.finish") if self.coach.last else t("tutorial.continue")
            self.widgets.append(Button(pygame.FRect(panel.right - 166, panel.bottom - 48, 154, 36), label,
                                       self.next_step, primary=True, size=style.SMALL, hotkey=pygame.K_RETURN))

    def _waiting_for_continue(self) -> bool:
        return self.coach.waits_for_continue() and not self.thinking_scripted()

    def thinking_scripted(self) -> bool:
        return self.coach.next_scripted() is not None

    # ----- the coach's steps ---------------------------------------------------------------------
    def next_step(self) -> None:
        if not self.coach.waits_for_continue():
            return
        if not self.coach.advance():
            self.done = True
        self.app.sound("click")
        self.layout()

    def restart(self) -> None:
        self.app.stack.replace(TutorialScene(self.app, self.tutorial))

    def play_real(self) -> None:
        from tabletop.ui.scenes.setup import SetupScene

        self.app.stack.replace(SetupScene(self.app, self.tutorial.game))

    def _think(self) -> None:
        """Other seats make the step's scripted moves, one at a time at the AI's pace (no AI thinks)."""
        if self.ai_delay > 0:
            return
        move = self.coach.next_scripted()
        if move is None:
            return
        seat, action = move
        if not self.act(seat, action):
            raise TutorialError(f"scripted {action} refused for seat {seat}", self.coach.index)
        self.coach.scripted_done()
        if self.coach.next_scripted() is None:
            self.layout()  # Continue appears once the others have moved

    def expected(self) -> Action | None:
        return None if self.done else self.coach.expected()

    def human_act(self, action: Action) -> None:
        expected = self.expected()
        if expected is None:
            self.show_toast(t("tutorial.hint_wait"), HINT_COLOR)
            return
        if action != expected:
            self.show_toast(t("tutorial.hint_refused", action=self.action_text(expected)), HINT_COLOR)
            return
        if self.act(HUMAN, action):
            self.coach.advance()
            self.layout()

    def explain(self, action: Action, seat: int | None = None) -> str | None:
        reason = super().explain(action, seat)
        expected = self.expected()
        if reason is None and action != expected:
            return t("tutorial.hint_refused", action=self.action_text(expected)) if expected else \
                t("tutorial.hint_wait")
        return reason

    def context(self) -> TableContext:
        ctx = super().context()
        expected = self.expected()
        ctx.legal = [expected] if expected is not None and expected in ctx.legal else []
        ctx.extra["coach"] = expected
        return ctx

    # ----- input -----------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.leave()  # Esc leaves the lesson (the table's menu is not offered here)
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE and self._waiting_for_continue():
            self.next_step()
            return None
        left = super().handle(event)
        if left is not None and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 \
                and BOARD_AREA.collidepoint(self.app.mouse(event.pos)):
            expected = self.expected()
            hint = t("tutorial.hint_refused", action=self.action_text(expected)) if expected else \
                t("tutorial.hint_wait")
            self.show_toast(hint, HINT_COLOR)
            return None
        return left

    # ----- drawing ---------------------------------------------------------------------------------
    def _turn_line(self, ctx: TableContext) -> str:
        """One learner at the screen: "Your turn", without a name."""
        if ctx.viewer == HUMAN and HUMAN in self.session.state.to_act():
            return t("tutorial.your_turn")
        return super()._turn_line(ctx)

    def coach_text(self) -> str:
        names = self.session.names()
        return t(self.coach.step.key, you=names[HUMAN], **{f"p{i}": n for i, n in enumerate(names)})

    def draw(self, p: Painter) -> None:
        super().draw(p)
        self._draw_coach(p)
        self.draw_widgets(p)  # the coach's buttons sit on its panel

    def _draw_coach(self, p: Painter) -> None:
        r = self.panel_rect()
        expected = self.expected()
        p.panel(r)
        p.rect(r, style.ACCENT if expected is not None else style.INFO, style.RADIUS, width=3)
        total = len(self.tutorial.steps)
        p.text(t("tutorial.coach_title", n=self.coach.index + 1, total=total), (r.x + 14, r.y + 12), style.TINY,
               style.TEXT_MUTED, bold=True, max_width=r.w - 28)
        text = t("tutorial.done") if self.done else self.coach_text()
        inner = pygame.FRect(r.x + 14, r.y + 36, r.w - 28, r.h - 36 - 60)
        used = p.wrapped(text, inner, style.SMALL, style.TEXT_LIGHT, line_gap=1.35)
        if expected is not None:
            move = "▶ " + t("tutorial.your_move", action=self.action_text(expected))
            lines = len(p.wrap_lines(move, r.w - 40, style.SMALL, bold=True))  # a long move wraps, never clips
            height = 14 + lines * style.SMALL * p.text_scale * 1.3
            y = min(r.y + 36 + used + 12, r.bottom - 62 - height)
            box = pygame.FRect(r.x + 10, y, r.w - 20, height)
            p.rect(box, (64, 58, 36), 8)
            p.rect(box, style.ACCENT, 8, width=2)
            p.wrapped(move, (box.x + 10, box.y + 7, box.w - 20, box.h - 7), style.SMALL, style.ACCENT, bold=True,
                      line_gap=1.3)
        elif self.thinking_scripted():
            p.text(t("tutorial.watch"), (r.x + 14, r.bottom - 78), style.TINY, style.TEXT_MUTED, max_width=r.w - 28)
