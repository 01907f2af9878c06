"""The BLUFFIT board: ties its memory (`memory`), its drawing (`draw`) and what clicks and keys mean (`input`).

See the package docstring for the layout and the keys.
"""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from tabletop.engine.core import Action
from tabletop.games.bluffit.actions import Bid, Challenge, Claim
from tabletop.games.bluffit.view import BluffitView
from tabletop.ui import keys, style
from tabletop.ui.cards import render_card
from tabletop.ui.games import BOARD_AREA, TableContext
from tabletop.ui.games.bluffit import input
from tabletop.ui.games.bluffit.art import HAND, face
from tabletop.ui.games.bluffit.draw import draw_board
from tabletop.ui.games.bluffit.input import HandCard, Target
from tabletop.ui.games.bluffit.memory import Memory
from tabletop.ui.hitmap import HitMap
from tabletop.ui.layer_cache import LayerCache
from tabletop.ui.motion import Motion
from tabletop.ui.painter import Painter
from tabletop.ui.table_services import TableServices
from tabletop.ui.widgets import Button, step_choice


class Board(Memory):
    HAND_AREA = HAND  # drawn by draw.draw_hand

    def __init__(self, table: TableServices) -> None:
        self.table = table
        self.selected: int | None = None  # the hand card picked for a bid
        self.focus: Action | None = None  # the bluff-phase choice stepped to with ← →, taken by Enter
        self.hits: HitMap[Target] = HitMap()  # filled by each draw
        self.buttons: list[Button] = []
        # The one reach past TableServices: it offers no player settings yet (motion on/off, AI speed).
        self.remember(Motion(lambda: table.settings))
        # The mats' faces (felt, edge, name, labels, pile line) as opaque layers keyed on what they show (each
        # paints the table's felt around its rounded corners first: a blit is a copy, a repaint needs no
        # encoding); the cards are drawn live over them (they move, glow and answer the mouse). The scoring
        # zone and the hand strip stay live: filling a mostly empty zone is cheaper than copying it.
        self.faces = LayerCache(size=8, opaque=True)  # small: a new look soon reuses an old one's surface
        if not table.log_entries():  # a new game: the hands are dealt as the table opens
            self.deal()

    @property
    def choices(self) -> list[Action]:
        """The bluff-phase choices as drawn, left to right (for ← →): scoring cards, group claims, mats."""
        return [target for _, target in self.hits if isinstance(target, (Claim, Challenge))]

    @property
    def hot_hand(self) -> list[tuple[pygame.FRect, int]]:
        """The hand cards as drawn, each with its rect (what a click picks; the tutorials point at them)."""
        return [(rect, target.card) for rect, target in self.hits if isinstance(target, HandCard)]

    # ----- drawing ----------------------------------------------------------------------
    def draw(self, p: Painter, ctx: TableContext) -> None:
        view = ctx.view
        assert isinstance(view, BluffitView)
        draw_board(self, p, ctx, view)

    def _card(self, p: Painter, card: int, rect: pygame.FRect, highlight: bool = False, hover: bool = False,
              selected: bool = False, key: Hashable | None = None, back: pygame.Surface | None = None) -> None:
        """A card at `rect`, or on its way there when `key` (its public place) is moving."""
        if key is not None:
            self.spots.mark(key, rect)
            if self.motion.get(key) is not None:
                self.spots.card(p, self.motion, key, rect, render_card(face(card), *p.size_px(rect.w, rect.h)), back)
                return
        if highlight or selected:
            glow = rect.inflate(8, 8)
            p.rect(glow, style.ACCENT if (hover or selected) else style.ACCENT_DARK, style.RADIUS,
                   width=0 if selected else 3)
        p.alpha_rect((rect.x + 2, rect.y + 3, rect.w, rect.h), style.SHADOW, 60, 6)
        p.blit(render_card(face(card), *p.size_px(rect.w, rect.h)), rect.topleft)

    # ----- input ------------------------------------------------------------------------
    def confirm(self, ctx: TableContext) -> None:
        if self.selected is not None and Bid(self.selected) in ctx.legal:
            ctx.act(Bid(self.selected))

    def _pick(self, card: int, ctx: TableContext) -> None:
        """Select a hand card for the bid. One that may not be bid now (a lesson asks for another) goes to the
        table as it is, so the refusal is said: the tutorial's hint, or the engine's reason."""
        if Bid(card) in ctx.legal:
            self.selected = card
        else:
            self.selected = None
            ctx.act(Bid(card))

    def _step(self, step: int, bidding: bool, ctx: TableContext) -> None:
        """← →: the next biddable hand card while bidding, else the next claim or challenge."""
        view = ctx.view
        assert isinstance(view, BluffitView)
        if bidding:
            self.selected = step_choice([c for c in view.hand if Bid(c) in ctx.legal], self.selected, step)
        else:
            self.focus = step_choice(input.steppable(self.choices, ctx.legal), self.focus, step)

    def handle(self, event: pygame.event.Event, ctx: TableContext) -> bool:
        self.motion.skip_on(event, BOARD_AREA, self.table.pointer)  # the click still does what it does
        if not ctx.legal:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._click(self.table.pointer(event.pos), ctx)
        if event.type == pygame.KEYDOWN:
            return self._key(event, ctx)
        return False

    def _click(self, pos: pygame.Vector2, ctx: TableContext) -> bool:
        target = self.hits.at(pos)
        if isinstance(target, Button):
            target.on_click()
        elif isinstance(target, HandCard):
            self._pick(target.card, ctx)
        elif target is not None:
            ctx.act(target)
        return target is not None

    def _key(self, event: pygame.event.Event, ctx: TableContext) -> bool:
        view = ctx.view
        assert isinstance(view, BluffitView)
        d = keys.digit(event)
        wanted = input.card_value(d) if d is not None else None
        bid = input.bid_by_value(view.hand, ctx.legal, wanted) if wanted is not None else None
        if bid is not None:
            self._pick(bid, ctx)
            return True
        if keys.is_confirm(event) and self.selected is not None:
            self.confirm(ctx)
            return True
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self._step(1 if event.key == pygame.K_RIGHT else -1, input.bidding(ctx.legal), ctx)
            return True
        if keys.is_confirm(event) and self.focus in ctx.legal:
            assert self.focus is not None
            ctx.act(self.focus)
            return True
        claim = input.claim_by_value(ctx.legal, wanted) if wanted is not None and not input.bidding(ctx.legal) else None
        if claim is not None:
            ctx.act(claim)
            return True
        return False
