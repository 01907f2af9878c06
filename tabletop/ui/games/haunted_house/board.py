"""The Haunted House table: the house map on the left, the turn, dice, ghost cards and team counters in a
column on its right. The board ties its three parts: what it remembers across moves (memory.py), the
drawing (draw_map.py, draw_column.py), which records its click targets in a hit map, and what a click or
a key means (input.py, where the keys are listed)."""

from __future__ import annotations

import random

import pygame

from tabletop.engine.core import Event
from tabletop.games.haunted_house.actions import ROLL, GiveUp, Move
from tabletop.games.haunted_house.view import HauntedHouseView
from tabletop.i18n import t
from tabletop.ui import style
from tabletop.ui.games import BOARD_AREA, TableContext
from tabletop.ui.games.haunted_house import draw_column, draw_map
from tabletop.ui.games.haunted_house.house import scaled_surface
from tabletop.ui.games.haunted_house.input import (
    KeyIntent,
    Target,
    destination,
    key_intent,
    legal_moves,
    move_to,
    picked,
    pointing_elsewhere,
    refusal,
)
from tabletop.ui.games.haunted_house.layout import MAP_FRAME, ROLL_TIME, STEP_TIME
from tabletop.ui.games.haunted_house.memory import HouseMemory
from tabletop.ui.hitmap import HitMap
from tabletop.ui.painter import Painter
from tabletop.ui.table_services import TableServices
from tabletop.ui.widgets import Button, step_choice

GIVE_UP_CONFIRM = 3.0  # seconds the Give up button waits for its second press


class Board(HouseMemory):
    """The table's memory (HouseMemory) and the person at the screen's own choices: the destination picked
    with the keys, the armed Give up button, and where this frame drew what they may click."""

    def __init__(self, table: TableServices) -> None:
        super().__init__(table)
        self.hits: HitMap[Target] = HitMap()
        self.cursor: int | None = None  # keyboard choice among the move actions
        self.cursor_moves: tuple[Move, ...] = ()  # the moves the cursor chose among
        self.give_up_armed = 0.0
        self._rng = random.Random(7)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.give_up_armed = max(0.0, self.give_up_armed - dt)

    def animating(self) -> bool:
        return super().animating() or bool(self.give_up_armed)

    def on_events(self, events: list[Event], seat: int) -> None:
        self.cursor = None
        super().on_events(events, seat)

    def _picked(self, moves: list[Move]) -> Move | None:
        """The destination chosen with the arrow keys, if any."""
        return picked(moves, self.cursor, self.cursor_moves)

    def _hint(self, ctx: TableContext, view: HauntedHouseView, moves: list[Move]) -> str:
        return draw_column.hint(ctx, view, moves, watched=not self.table.any_human())

    # ----- drawing ----------------------------------------------------------------------
    def draw(self, p: Painter, ctx: TableContext) -> None:
        view = ctx.view
        assert isinstance(view, HauntedHouseView)
        self.hits.clear()
        self.pulsing = False  # set again if the active hunter's ring is drawn
        moves = legal_moves(ctx.legal)
        choice = self._picked(moves)
        p.rect(MAP_FRAME.inflate(8, 8), style.FELT_DARK, style.RADIUS)
        g = self.geo
        p.blit(scaled_surface(*p.size_px(g.frame.w, g.frame.h)), g.frame.topleft)
        draw_map.draw_locks(p, self, view)
        here = view.positions[view.active]
        focus = draw_map.draw_destinations(p, self, ctx, here, moves, choice, self.hits)
        draw_map.draw_room_contents(p, self, view, ctx, self.hits)
        if focus is not None:
            draw_map.draw_path(p, self, view, focus)
        draw_map.draw_hunters(p, self, view, ctx)
        draw_map.draw_room_names(p, self)  # over ghosts floating in and hunters walking past, so it always reads
        draw_map.draw_spirit_track(p, self, view)
        draw_map.draw_deposited(p, self, view)
        draw_column.draw_turn(p, self, ctx, view, self._hint(ctx, view, moves))
        buttons = draw_column.turn_buttons(ctx, moves, choice)
        die = draw_column.draw_dice(p, self, ctx, view, self._rng)
        if ROLL in ctx.legal:
            self.hits.add(die, ROLL)
        draw_column.draw_cards(p, self, view)
        give_up = draw_column.draw_team(p, ctx, view, self.give_up_armed > 0, lambda: self._give_up(ctx))
        if give_up is not None:
            buttons.append(give_up)
        for b in buttons:  # last, over the zones
            b.hovered = b.rect.collidepoint(ctx.mouse)
            b.draw(p)
            self.hits.add(b.rect, b)

    # ----- input ------------------------------------------------------------------------
    def _give_up(self, ctx: TableContext) -> None:
        if self.give_up_armed > 0:
            self.give_up_armed = 0.0
            ctx.act(GiveUp())
        else:
            self.give_up_armed = GIVE_UP_CONFIRM

    def handle(self, event: pygame.event.Event, ctx: TableContext) -> bool:
        left_click = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
        if self.motion.skip_on(event, BOARD_AREA, self.table.pointer) or (self.walk and left_click):
            self.walk.clear()  # a click finishes every move at once; the click still does what it does
        if not ctx.legal:
            return False
        moves = legal_moves(ctx.legal)
        view = ctx.view
        assert isinstance(view, HauntedHouseView)
        here = view.positions[view.active]
        if event.type == pygame.MOUSEMOTION:
            if any(getattr(event, "rel", (0, 0))):
                space = self.geo.space_at(self.table.pointer(event.pos))
                if pointing_elsewhere(space, self._picked(moves), moves, here):
                    self.cursor = None
            return False
        if left_click:
            return self._click(self.table.pointer(event.pos), ctx, view, moves)
        intent = key_intent(event, ctx.legal, moves, self._picked(moves))
        return intent is not None and self._follow(intent, ctx, moves)

    def _click(self, pos: pygame.Vector2, ctx: TableContext, view: HauntedHouseView, moves: list[Move]) -> bool:
        """A click on a button, the die, the jewel or a destination plays it; on another space, says why not."""
        target = self.hits.at(pos)
        if isinstance(target, Button):
            if target.hit(pos):
                target.on_click()
                return True
        elif target is not None and target in ctx.legal:
            ctx.act(target)
            return True
        space = self.geo.space_at(pos)
        if not moves or space is None:
            return False
        here = view.positions[view.active]
        move = move_to(space, moves, here)  # the moves changed since the last frame was drawn
        if move is not None:
            ctx.act(move)
        else:
            self.table.show_toast(t("app.illegal", reason=refusal(space, self.geo.kinds[space], view)))
        return True

    def _follow(self, intent: KeyIntent, ctx: TableContext, moves: list[Move]) -> bool:
        if intent.give_up:
            self._give_up(ctx)
        elif intent.act is not None:
            ctx.act(intent.act)
        else:  # an arrow: the next or previous destination, from the current pick (or from none)
            current = self.cursor if self._picked(moves) is not None else None
            self.cursor = step_choice(range(len(moves)), current, intent.step)
            self.cursor_moves = tuple(moves)
        return True


__all__ = ["Board", "ROLL_TIME", "STEP_TIME", "destination", "legal_moves"]
