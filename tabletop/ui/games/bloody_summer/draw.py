"""The BLOODY SUMMER board's frame: what is drawn in which order, most of it as cached layers repainted only
when what they show changes, and the work a quiet frame does ahead for the next move.

Drawing changes no game or selection state: it fills the HitMap the input reads, the pile's spots a check's
cards fly from, the deal's landing places, and caches.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

import pygame

from tabletop.games.bloody_summer.rules import KILLER_NUMBER, draw_count
from tabletop.games.bloody_summer.view import BloodySummerView
from tabletop.ui.cards import render_card
from tabletop.ui.games import TableContext
from tabletop.ui.games.bloody_summer import art, panels, select
from tabletop.ui.games.bloody_summer import layout as L
from tabletop.ui.games.bloody_summer.check import Rows
from tabletop.ui.games.bloody_summer.draw_camp import camp_key, draw_banner, draw_camp, draw_empty_site, draw_pile
from tabletop.ui.games.bloody_summer.draw_hand import draw_hand
from tabletop.ui.games.bloody_summer.draw_seats import draw_moving_marker, draw_seat
from tabletop.ui.games.bloody_summer.input import Target
from tabletop.ui.games.bloody_summer.warm import FaceWarmer
from tabletop.ui.hitmap import HitMap
from tabletop.ui.painter import Painter

if TYPE_CHECKING:
    from tabletop.ui.games.bloody_summer.memory import TableMemory


def danger_of(view: BloodySummerView, seat: int | None) -> frozenset[int]:
    """The numbers that hurt `seat` (marked red on the cards); for the public view only the killer's 13."""
    if seat is None:
        return frozenset((KILLER_NUMBER,))
    return frozenset(view.danger(seat))


def draw_board(p: Painter, view: BloodySummerView, ctx: TableContext, m: TableMemory,
               selection: select.Selection, hits: HitMap[Target]) -> None:
    """The whole board, bottom to top; what the viewer may click lands in `hits`."""
    danger = danger_of(view, ctx.viewer)
    m.spots.begin()
    bottom = L.bottom_area(view.areas, ctx.viewer)
    layers = m.layers
    layers.draw(p, L.CAMP.inflate(8, 12), camp_key(view, bottom, danger),
                lambda q: draw_camp(q, view, bottom, danger))
    draw_pile(p, view, ctx.names, danger, m.motion, m.spots)
    _draw_seats(p, view, ctx, m, bottom)
    _draw_panels(p, view, ctx, m, danger)
    draw_hand(p, view, ctx, danger, m, selection, hits)
    for key in [k for k in m.motion.tweens if isinstance(k, tuple) and k[0] == "discard"]:
        # Drawn from the pile's small face (already cached) and scaled: a new card size would cost a render.
        m.spots.card(p, m.motion, key, panels.discard_cell(key[2], p.text_scale),
                     render_card(art.card_face(key[2], danger), *p.size_px(*L.PILE_SMALL)))
    m.spots.finish()
    draw_moving_marker(p, view, ctx.viewer, m)
    m.draw_deal(p, ctx.viewer)
    if m.show is not None:
        m.show.draw(p, L.CHECK, ctx.names, frozenset(view.danger(m.show.seat)))
    elif m.banner > 0:
        draw_banner(p)


def _draw_seats(p: Painter, view: BloodySummerView, ctx: TableContext, m: TableMemory, bottom: int) -> None:
    """Every seat's panel at its site (a cached layer each), and the empty site's panel."""
    for seat in range(view.players):
        r = L.seat_rect(view.areas, ctx.viewer, seat)
        if seat != ctx.viewer and ctx.viewer is not None:  # its dealt cards land on the panel's card badge
            m.hand_place(seat, pygame.FRect(r.x + 12, r.bottom - 30.5, 15, 21))
        cards = m.dealt(seat, view.hand_sizes[seat])
        marker, lit = m.marker_here(view, seat), seat in m.flash
        key = ("seat", seat, ctx.names[seat], ctx.viewer, view.areas[seat], bottom, view.alive[seat], cards,
               view.wounded[seat], view.passed[seat], marker, view.turn == seat and view.winner is None, lit)
        paint = partial(draw_seat, view=view, ctx=ctx, seat=seat, cards=cards, marker=marker, lit=lit)
        m.layers.draw(p, r.inflate(14, 14), key, paint, late=("seat", seat, ctx.viewer))  # may catch up a frame late
    if view.empty_area is not None:
        r = L.SEATS[L.position(view.empty_area, bottom)]
        m.layers.draw(p, r.inflate(8, 8), ("empty", tuple(r)), lambda q: draw_empty_site(q, r))


def _draw_panels(p: Painter, view: BloodySummerView, ctx: TableContext, m: TableMemory,
                 danger: frozenset[int]) -> None:
    """The side panels: strength order, the killer's draw table, the last check, the cards out of play."""
    layers = m.layers
    layers.draw(p, L.ORDER_BOX.inflate(4, 4), ("order", view.reversed), lambda q: panels.order(q, view))
    alive = ctx.viewer is not None and view.alive[ctx.viewer]
    # The side panels are public (the danger numbers are the viewer's: their token names the viewer) and
    # may catch up a frame after a move lands.
    layers.draw(p, L.DRAW_BOX.inflate(4, 4), ("draws", draw_count(len(view.pile())), danger, alive),
                lambda q: panels.draw_table(q, view, alive, danger), late=("draws", ctx.viewer))
    showing = m.show is not None
    layers.draw(p, L.LAST_BOX.inflate(4, 4), ("last", view.last_check, showing, tuple(ctx.names), danger),
                lambda q: panels.last_check(q, view, ctx.names, showing, danger), late=("last", ctx.viewer))
    layers.draw(p, L.DISCARD_BOX.inflate(4, 4), ("seen", view.discard, tuple(view.pile()), danger),
                lambda q: panels.discard(q, view, danger, m.cells), late=("seen", ctx.viewer))


def prepare(p: Painter, view: BloodySummerView, viewer: int | None, m: TableMemory, faces: FaceWarmer) -> None:
    """Work a coming move may need, done in a quiet frame: one card face, and, until the order
    reverses, the red "reversed" panel and camp card (the kill that reverses it repaints much at once)."""
    danger = danger_of(view, viewer)
    bottom = L.bottom_area(view.areas, viewer)
    show = Rows.of(p, L.CHECK).card  # the killer's show draws faces with the checked seat's danger numbers
    faces.step_faces(p, [(danger, L.PILE_BIG), (danger, L.PILE_SMALL), (danger, panels.LastRows.of(p).card)]
                     + [(frozenset(view.danger(s)), show) for s in range(view.players) if view.alive[s]])
    if not view.reversed:
        flipped = replace(view, reversed=True)
        m.layers.prepare(p, L.ORDER_BOX.inflate(4, 4), ("order", True), lambda q: panels.order(q, flipped))
        m.layers.prepare(p, L.CAMP.inflate(8, 12), camp_key(flipped, bottom, danger),
                         lambda q: draw_camp(q, flipped, bottom, danger))
