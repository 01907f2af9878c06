"""The Sumidagawa board: ties its memory (`memory`), its drawing (`draw`) and what clicks and keys mean (`input`).

See the package docstring for the layout and the keys.
"""

from __future__ import annotations

import pygame

from tabletop.games.sumidagawa.actions import Pass, Play
from tabletop.games.sumidagawa.cards import BLACK, RED, cards_of
from tabletop.games.sumidagawa.state import TURN
from tabletop.games.sumidagawa.view import SumidagawaView
from tabletop.i18n import t
from tabletop.ui import keys
from tabletop.ui.ahead import Ahead
from tabletop.ui.games import BOARD_AREA, TableContext
from tabletop.ui.games.sumidagawa import input, river
from tabletop.ui.games.sumidagawa.draw import draw_board
from tabletop.ui.games.sumidagawa.input import Act, Move, PickCopy, PickRin, Place
from tabletop.ui.games.sumidagawa.layout import HAND
from tabletop.ui.games.sumidagawa.memory import Memory
from tabletop.ui.games.sumidagawa.picking import Pick
from tabletop.ui.hitmap import HitMap
from tabletop.ui.layer_cache import LayerCache
from tabletop.ui.motion import Motion, Spots
from tabletop.ui.painter import Painter
from tabletop.ui.table_services import TableServices
from tabletop.ui.widgets import Button

COLOUR_KEYS = {pygame.K_z: BLACK, pygame.K_x: RED}  # a black / red Rin, or the choice of that colour


class Board(Memory):
    LETTER_KEYS = frozenset({pygame.K_z})  # a black Rin
    HAND_AREA = HAND

    def __init__(self, table: TableServices) -> None:
        self.table = table
        self.pick = Pick()
        self.pick_owner: int | None = None
        self.suggested: Play | None = None  # the last play N put up, and what was picked before
        self.suggest_base: Pick | None = None
        self.show_ref = False
        # The one reach past TableServices: it offers no player settings yet (motion on/off, AI speed).
        self.remember(table, Motion(lambda: table.settings))
        self.spots = Spots()
        self.places: HitMap[Place] = HitMap()  # filled by each draw
        self.hot: HitMap[Move] = HitMap()
        self.buttons: list[Button] = []
        self.combo_options: dict[int, tuple[int, Play]] = {}
        self._options_key: tuple[object, ...] = ()
        # Zones redrawn only when what they show changes (not shared at a hot-seat hand-over: a new board)
        self.layers = LayerCache(size=64, keyed=True)  # seats, river, combinations frame and rows, scores
        self.warming = Ahead()  # see river.warm_words
        if not table.log_entries():  # a new match: the first hands are dealt as the table opens
            self.deal()

    # ----- drawing ------------------------------------------------------------------------
    def draw(self, p: Painter, ctx: TableContext) -> None:
        view = ctx.view
        assert isinstance(view, SumidagawaView)
        hand = cards_of(view.hand) if view.hand else ()
        mine = ctx.viewer is not None
        if ctx.viewer != self.pick_owner:
            self.pick.clear()  # hot-seat: a new player never sees the last one's selection
            self.pick_owner = ctx.viewer
        if ctx.viewer is not None:
            self.pick.fit(hand, (view.rin[ctx.viewer][0], view.rin[ctx.viewer][1]))
        plays = input.plays_of(ctx.legal)
        reading = self.pick.reading(view.table, view.used_combos) if mine and view.phase == TURN else None
        key = (tuple(sorted(self.pick.cards.items())), tuple(self.pick.rin), view.table, view.used_combos, view.hand,
               view.rin[ctx.viewer] if ctx.viewer is not None else (), view.played, view.locked, view.leader_acted,
               len(plays))
        if key != self._options_key:  # the legal plays only change with these: skip the scan on quiet frames
            self._options_key = key
            self.combo_options = input.combo_options(self.pick, plays, view.table)
        painted = self.layers.painted
        draw_board(self, p, ctx, view, hand, reading)
        if not self.landing and self.layers.painted == painted:  # a frame with time to spare
            river.warm_words(p, self, tuple(ctx.names))
        self.landing = False

    # ----- input --------------------------------------------------------------------------
    def confirm(self, ctx: TableContext) -> None:
        view = ctx.view
        assert isinstance(view, SumidagawaView)
        if self.pick.empty():
            return
        play = self.pick.play()
        if play in ctx.legal:
            ctx.act(play)
            return
        refusal = self.pick.refusal(view.table, view.used_combos)
        key = f"sumidagawa.{refusal.key}" if refusal else "sumidagawa.illegal.generic"
        self.table.show_toast(t("app.illegal", reason=t(key, **(refusal.params if refusal else {}))))

    def _suggest(self, ctx: TableContext) -> None:
        """N: step through the legal plays that contain what was picked (all plays when nothing was)."""
        view = ctx.view
        assert isinstance(view, SumidagawaView)
        plays = input.plays_of(ctx.legal)
        if not plays:
            return
        current = self.pick.play()
        if self.suggested is None or current != self.suggested:
            self.suggest_base = Pick(self.pick.cards.copy(), self.pick.rin[:])
        nxt = input.suggestion(self.suggest_base or Pick(), plays, view.table, current, self.suggested)
        if nxt is not None:
            self.pick.set_play(nxt)
            self.suggested = nxt

    def handle(self, event: pygame.event.Event, ctx: TableContext) -> bool:
        self.motion.skip_on(event, BOARD_AREA, self.table.pointer)  # the click still does what it does
        if event.type == pygame.KEYDOWN and event.key == pygame.K_r:
            self.show_ref = not self.show_ref
            return True
        if self.show_ref:
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                self.show_ref = False
                return True
            return event.type == pygame.KEYDOWN and not keys.is_cancel(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            return self._click(self.table.pointer(event.pos), event.button, ctx)
        if event.type != pygame.KEYDOWN or ctx.viewer is None:
            return False
        options = input.choices(ctx.legal)
        if options:
            return self._key_choice(event, options, ctx)
        return self._key_turn(event, ctx)

    def _click(self, pos: pygame.Vector2, button: int, ctx: TableContext) -> bool:
        if button == 3:
            self.pick.clear()
            return True
        move = self.hot.at(pos)  # buttons, then the hand's cards and Rin
        if move is not None:
            self._do(move, ctx)
            return True
        place = self.places.at(pos)
        if place == ("reference", 0):
            self.show_ref = True
            return True
        if place is not None and place[0] == "combo" and place[1] in self.combo_options:
            nxt = input.combo_play(self.pick, input.plays_of(ctx.legal), place[1], self.combo_options)
            if nxt is not None:
                self.pick.set_play(nxt)
            return True
        return False

    def _do(self, move: Move, ctx: TableContext) -> None:
        if isinstance(move, Button):
            move.on_click()
        elif isinstance(move, Act):
            ctx.act(move.action)
        elif isinstance(move, PickCopy):
            self.pick.toggle_copy(move.card, move.k, move.held)
        elif isinstance(move, PickRin):
            self.pick.click_rin(move.colour, move.n, move.up)

    def _key_choice(self, event: pygame.event.Event, options: list[input.Choice], ctx: TableContext) -> bool:
        """1 / 2 (either row), or Z / X for the choice of that colour."""
        d = keys.digit(event)
        chosen = input.choice_of(options, index=d - 1 if d in (1, 2) else None, colour=COLOUR_KEYS.get(event.key))
        if chosen is None:
            return False
        ctx.act(chosen)
        return True

    def _key_turn(self, event: pygame.event.Event, ctx: TableContext) -> bool:
        view = ctx.view
        assert isinstance(view, SumidagawaView) and ctx.viewer is not None
        if view.phase != TURN:
            return False
        key, d = event.key, keys.digit(event)
        if d is not None:
            red_first = bool(event.mod & pygame.KMOD_SHIFT)
            self.pick.add_value(input.digit_value(d), cards_of(view.hand), prefer_red=red_first)
        elif key in COLOUR_KEYS:
            self.pick.toggle_rin(COLOUR_KEYS[key], view.rin[ctx.viewer][COLOUR_KEYS[key]])
        elif key == pygame.K_BACKSPACE:
            self.pick.clear()
        elif key in (pygame.K_n, pygame.K_RIGHT):
            self._suggest(ctx)
        elif keys.is_confirm(event) and ctx.legal:
            self.confirm(ctx)
        elif key == pygame.K_p and Pass() in ctx.legal:
            ctx.act(Pass())
        else:
            return False
        return True
