"""Ghost Bumpers table: one mat per seat on top, the monster deck and discard pile in the middle,
the viewer's hand at the bottom.

Each mat shows the seat's character deck as a face-down stack with the unafraid cards
revealed this round fanned beside it, the start card (★) if they hold it, and their play
in the current trick with its strength as the rules write it ("3.8"); between tricks the
last trick stays visible with its winner marked. The viewer's own mat also shows their
deck order with S (only theirs, never another seat's). The fear phase replaces the
middle strip with the placement screen; the end of a round shows the scoring card by
card; the score sheet is a toggle.

Mouse: click hand cards to select identical cards (click a selected card again to drop
it), then Play; with the 0/10 card selected choose 0 or 10. Drag the scared card into
the deck (or click a slot) and confirm. Right click clears a selection.

Keys: 1–9 select a value (press again for one more card of it), Z or 0 the 0/10 card,
↑/↓ (or +/−) change how many cards, Enter plays; with the 0/10 card selected ←/→ pick
0 or 10 and Enter plays. Placement: ←/→ (Home/End) move the scared card, Enter places
it. Forced discard: 1–9 / Z select, Enter discards. Backspace clears, S toggles the
score sheet, Space or Enter closes the round's scoring.
"""

from __future__ import annotations

import pygame

from tabletop.games.ghost_bumpers.actions import Discard, PlayZ
from tabletop.games.ghost_bumpers.cards import Z
from tabletop.games.ghost_bumpers.view import GhostBumpersView
from tabletop.ui import keys
from tabletop.ui.games import BOARD_AREA, TableContext
from tabletop.ui.games.ghost_bumpers import draw
from tabletop.ui.games.ghost_bumpers import input as selection
from tabletop.ui.games.ghost_bumpers.input import HandCard, Target
from tabletop.ui.games.ghost_bumpers.layout import HAND
from tabletop.ui.games.ghost_bumpers.memory import Memory
from tabletop.ui.painter import Painter


class Board(Memory):
    """Ties the table's memory (memory.py), its drawing (draw.py, draw_mats.py) and what a click or key means
    (input.py, here imported as `selection`); the scared card's placement is the fear picker's (fear.py)."""

    LETTER_KEYS = frozenset({pygame.K_z})  # the 0/10 card
    HAND_AREA = HAND

    def draw(self, p: Painter, ctx: TableContext) -> None:
        draw.draw(p, self, ctx)

    def toggle_sheet(self) -> None:
        self.sheet_open = not self.sheet_open

    # ----- input ------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event, ctx: TableContext) -> bool:
        self.motion.skip_on(event, BOARD_AREA, self.table.pointer)  # the click still does what it does
        pos = self.table.pointer(event.pos) if hasattr(event, "pos") else None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_s:
            self.toggle_sheet()
            return True
        if self.sheet_open and (_left_click(event) or keys.is_confirm(event, space=True)):
            self.sheet_open = False
            self.table.fresh_press()  # the sheet covered the table: the next press is a fresh one
            return True
        if self.scoring is not None:
            return self._handle_scoring(event)
        view = ctx.view
        assert isinstance(view, GhostBumpersView)
        self.sel = selection.shown(self.sel, view.hand, draw.choosing(view, ctx))  # as the last frame showed it
        target = self.hits.at(pos) if pos is not None and _left_click(event) else None
        if target is not None and not isinstance(target, HandCard):
            self._press(target, ctx)
            return True
        if not ctx.legal:
            return False
        if view.phase == "fear":
            return self.fear.handle(event, pos, ctx.act)
        if event.type == pygame.MOUSEBUTTONDOWN and pos is not None:
            if event.button == 3:
                self.sel = None
                return True
            if isinstance(target, HandCard):
                discarding = any(isinstance(a, Discard) for a in ctx.legal)
                self.sel = selection.pick(self.sel, target.card, target.index, discarding)
                return True
        if event.type == pygame.KEYDOWN:
            return self._key(event, view, ctx)
        return False

    def _handle_scoring(self, event: pygame.event.Event) -> bool:
        """While the scoring panel is up the board takes only its dismissal: a click, Space or Enter first
        finishes the count, then closes it; nothing reaches the decision hidden under it."""
        if self.scoring is not None and (_left_click(event) or keys.is_confirm(event, space=True)):
            if self.scoring.finished:
                self._close_scoring()
            else:
                self.scoring.skip()
            return True
        return False  # other keys go on to the table (rules, menu, log); never to the board under the panel

    def _press(self, target: Target, ctx: TableContext) -> None:
        """A button of the choice column or the middle strip."""
        if target == "sheet":
            self.toggle_sheet()
        elif target == "clear":
            self.sel = None
        elif target == "confirm":
            self._confirm(ctx)
        elif isinstance(target, PlayZ):
            ctx.act(target)

    def _confirm(self, ctx: TableContext) -> None:
        view = ctx.view
        assert isinstance(view, GhostBumpersView)
        action = selection.action(self.sel, view.phase, self.z_choice)
        if action is not None:  # the table refuses an illegal one with its reason (the tutorial with a hint)
            ctx.act(action)

    def _key(self, event: pygame.event.Event, view: GhostBumpersView, ctx: TableContext) -> bool:
        card = selection.key_card(event)
        if card is not None:
            self.sel = selection.press(self.sel, card, view.hand, view.phase)
            return True
        key = event.key
        if key == pygame.K_BACKSPACE:
            self.sel = None
            return True
        if self.sel is not None and self.sel[0] == Z and key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.z_choice = 0 if key == pygame.K_LEFT else 10
            return True
        delta = selection.COUNT_KEYS.get(key)
        if delta and self.sel is not None and self.sel[0] != Z and view.phase == "play":
            self.sel = selection.step(self.sel, delta, view.hand)
            return True
        if keys.is_confirm(event) and self.sel is not None:
            self._confirm(ctx)
            return True
        return False


def _left_click(event: pygame.event.Event) -> bool:
    return event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
