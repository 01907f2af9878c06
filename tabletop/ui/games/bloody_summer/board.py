"""The BLOODY SUMMER board: camp-site card, seats at their sites, the round's pile, the hand.

It ties three parts: its memory (`memory.TableMemory`: the shows, flights and caches every seat may see, and the
table's status lines), its drawing (`draw`, which records what may be clicked in a HitMap) and its input
(`input`, pure answers over that map and the legal actions). What the person at the screen chose, the
selection, is kept here.

Keys: ←/→ or `,` / `.` browse the legal plays, 1–9 and 0 (= 10) pick by card value, as in every game: the
plays whose lowest card has that value (press again for the next one: single, pair, straight),
Enter or Space plays, P passes, Backspace clears.
"""

from __future__ import annotations

import pygame

from tabletop.engine.core import Event
from tabletop.ui import keys
from tabletop.ui.games import BOARD_AREA, TableContext
from tabletop.ui.games.bloody_summer import draw, select
from tabletop.ui.games.bloody_summer import input as board_input
from tabletop.ui.games.bloody_summer import layout as L
from tabletop.ui.games.bloody_summer.memory import TableMemory
from tabletop.ui.games.bloody_summer.warm import FaceWarmer
from tabletop.ui.hitmap import HitMap
from tabletop.ui.painter import Painter
from tabletop.ui.table_services import TableServices


class Board(TableMemory):
    def __init__(self, table: TableServices) -> None:
        super().__init__(table)
        self.selection: select.Selection = ()
        self.hits: HitMap[board_input.Target] = HitMap()  # what the last frame drew where: cards, chips, buttons
        self.faces = FaceWarmer()
        self.landed = False  # a move landed since the last frame: that frame renders no face ahead

    def on_events(self, events: list[Event], seat: int) -> None:
        self.selection = ()
        self.landed = True
        super().on_events(events, seat)

    # ----- drawing ----------------------------------------------------------------------
    def draw(self, p: Painter, ctx: TableContext) -> None:
        view = self.view_of(ctx)
        self.hits.clear()
        painted = self.layers.painted
        draw.draw_board(p, view, ctx, self, self.selection, self.hits)
        if not self.landed and self.layers.painted == painted:  # a quiet frame: no move landed, no layer repainted
            draw.prepare(p, view, ctx.viewer, self, self.faces)
        self.landed = False

    # ----- input ------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event, ctx: TableContext) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            pos = self.table.pointer(event.pos)
            if BOARD_AREA.collidepoint(pos):  # a click on the board skips all motion, and still does what it does
                self.skip_motion()
            if self.show is not None and L.CHECK.collidepoint(pos):
                self.show.finish()  # a click skips the killer's show
                return True
            if not ctx.legal:
                return False
            leading = not self.view_of(ctx).plays
            return self._take(board_input.click(self.hits.at(pos), self.selection, ctx.legal, leading), ctx)
        if event.type == pygame.KEYDOWN and ctx.legal:
            return self._take(self._key(event, ctx), ctx)
        return False

    def _key(self, event: pygame.event.Event, ctx: TableContext) -> board_input.Answer | None:
        if keys.is_confirm(event, space=True):
            return board_input.confirm(self.selection, ctx.legal)
        value = keys.digit(event)
        if value is not None:  # by card value: the plays whose lowest card it is; again for the next one
            return board_input.by_value(value, self.selection, ctx.legal)
        return board_input.key(event.key, self.selection, ctx.legal)

    def _take(self, answer: board_input.Answer | None, ctx: TableContext) -> bool:
        """Carry out an input's answer: True when the board took the input."""
        if answer is None:
            return False
        if answer.selection is not None:
            self.selection = answer.selection
        if answer.action is not None:
            ctx.act(answer.action)
        return True
