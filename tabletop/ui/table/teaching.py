"""The table's teaching tools, for one human against AI: why a move is illegal, what the AI would play (the
hint), and taking a move back (undo). A part of `TableScene` (a mixin: a lesson overrides some of it); the
decisions are made in tabletop.ui.table.hints and tabletop.ui.table.undo_tool."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.ai.advice import MoveAdvice
from tabletop.engine.core import Action, IllegalAction
from tabletop.i18n import t
from tabletop.session import Session
from tabletop.ui import style
from tabletop.ui.moments import Moments
from tabletop.ui.table import hints
from tabletop.ui.table.hints import Hinter
from tabletop.ui.table.pacing import AIPacer
from tabletop.ui.table.undo_tool import UndoTool
from tabletop.ui.widgets import Button
from tabletop.ui.words import words_for

if TYPE_CHECKING:
    from tabletop.ui.app import App


class TeachingTools:
    if TYPE_CHECKING:  # what the table gives its tools
        app: App
        session: Session
        board: Any  # the game's Board: BoardBase and the game's own drawing and input
        hinter: Hinter
        pacer: AIPacer
        undo_tool: UndoTool
        moments: Moments
        tool_buttons: dict[str, Button]
        finished: bool
        suggestion: Action | None
        advice: list[tuple[Action, MoveAdvice]]
        hinting: bool
        log_scroll: int
        toast_time: float

        def viewer(self) -> int | None: ...
        def show_toast(self, text: str, color: style.Color = style.BAD) -> None: ...
        def layout(self) -> None: ...
        def human_act(self, action: Action) -> None: ...
        def _autosave(self) -> None: ...
        def _watch_decision(self) -> None: ...

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
        """The one human at the screen who has undo and hints (tabletop.ui.table.hints.solo_human)."""
        return hints.solo_human(self.session)

    def tools_reason(self) -> str | None:
        """Why undo and hints are off for this whole game, in words; None when one human at the screen has them."""
        return hints.tools_reason(self.session, self.solo_human())

    def hint_reason(self) -> str | None:
        """Why H gives no hint now, in words; None when it may."""
        seat = self.solo_human()
        return self.tools_reason() if seat is None else hints.hint_reason(self.session, seat)

    def _update_undo_button(self) -> None:
        """Hint is on while it may be asked (or its panel is open); Undo when tabletop.undo allows it."""
        hint = self.tool_buttons.get("hint")
        if hint is not None:
            hint.enabled = self.suggestion is not None or (not self.hinting and self.hint_reason() is None)
        button = self.tool_buttons.get("undo")
        if button is not None:
            button.enabled = self.undo_tool.offered(self.solo_human(), self.app.fast or not self.board.busy())

    def undo(self) -> bool:
        """Take back the human's last action (and the AI answers after it) when tabletop.undo allows it."""
        seat = self.solo_human()
        if seat is None or self.finished:
            reason = self.tools_reason() if seat is None else t("app.undo_reason.over")
            self.show_toast(t("app.undo_refused", reason=reason))
            return False
        refused = self.undo_tool.refusal(seat)
        if refused is not None:
            self.show_toast(t("app.undo_refused", reason=refused))
            return False
        self.pacer.stop()
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
        """Ask the AI what it would play from the human's own view (tabletop.ui.table.hints); announced when it
        answers. H again closes the panel."""
        if self.suggestion is not None:
            self.close_hint()
            return
        reason = self.hint_reason()
        if reason is not None:
            self.show_toast(t("app.hint_refused", reason=reason))
            return
        seat = self.solo_human()
        if self.hinting or seat is None:
            return
        if self.hinter.ask(seat, self.app.fast):
            self.show_toast(t("app.hint_thinking"), style.INFO)

    def _poll_hint(self) -> None:
        if self.hinter.poll(self.solo_human()):  # announced by the hint panel over the board
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
