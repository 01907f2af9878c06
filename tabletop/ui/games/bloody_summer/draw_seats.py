"""Drawing the seats' panels around the camp card: disc, name and site, and the status row (cards in hand, the
wound, the start marker, "passed"); and where the start marker sits on a panel, which its flight needs too."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

import pygame

from tabletop.games.bloody_summer.rules import SITES
from tabletop.games.bloody_summer.view import BloodySummerView
from tabletop.i18n import t
from tabletop.ui import style
from tabletop.ui.cards import render_back
from tabletop.ui.games import TableContext
from tabletop.ui.games.bloody_summer import art
from tabletop.ui.games.bloody_summer import layout as L
from tabletop.ui.painter import Painter

if TYPE_CHECKING:
    from tabletop.ui.games.bloody_summer.memory import TableMemory

MARKER_W = 26  # the start marker's room on a seat's status row


class SeatRow(NamedTuple):
    in_hand: str  # "×N" cards in hand
    wound_x: float | None  # where the wound chip starts (None: not wounded)
    wound_word: bool  # the word "Wounded" beside the chip (left out where the row is too narrow)
    marker_x: float  # where the start marker sits
    pass_x: float | None  # where the "passed" tag starts (None: not passed)


def seat_row(p: Painter, view: BloodySummerView, seat: int, r: pygame.FRect, marker: bool, cards: int) -> SeatRow:
    """Where a living seat's status row puts its items, left to right: its `cards`, wound, `marker`, "passed".
    Where they would not fit (large text on a side seat) the wound keeps its chip and drops its word (the
    seat list says it in full)."""
    k = p.text_scale
    in_hand = f"×{cards}"
    x = r.x + 31 + p.measure(in_hand, style.SMALL * k) + 10
    wound_x = x if view.wounded[seat] else None
    word_w = p.measure(t("bloody_summer.status.wounded"), style.TINY * k, bold=True) + 8
    pass_w = p.measure(t("bloody_summer.seat.passed"), style.TINY * k, bold=True) + 14 if view.passed[seat] else 0
    marker_w = MARKER_W if marker else 0
    wound_word = wound_x is not None and x + 22 + word_w + marker_w + pass_w <= r.right - 8
    if wound_x is not None:
        x += 22 + (word_w if wound_word else 0)
    marker_x = x
    x += marker_w
    pass_x = min(x, r.right - 8 - pass_w) if view.passed[seat] else None
    return SeatRow(in_hand, wound_x, wound_word, marker_x, pass_x)


def marker_spot(p: Painter, view: BloodySummerView, viewer: int | None, seat: int, cards: int) -> pygame.Vector2:
    """The centre of the start marker on `seat`'s panel (which shows `cards` in hand): after the wound on a
    living seat's row, at the row's end on a dead one (its "Killed" leaves that room)."""
    r = L.seat_rect(view.areas, viewer, seat)
    if not view.alive[seat]:
        return pygame.Vector2(r.right - MARKER_W / 2 - 6, r.bottom - 20)
    return pygame.Vector2(seat_row(p, view, seat, r, True, cards).marker_x + 9, r.bottom - 20)


def draw_seat(p: Painter, view: BloodySummerView, ctx: TableContext, seat: int, cards: int, marker: bool,
              lit: bool) -> None:
    """`seat`'s panel, showing `cards` in hand, the start `marker` if it rests there, `lit` if it just acted."""
    r = L.seat_rect(view.areas, ctx.viewer, seat)
    alive = view.alive[seat]
    acting = alive and view.turn == seat and view.winner is None
    p.rect(r.move(2, 3), art.CARD_SHADOW, style.RADIUS)
    p.rect(r, art.SEAT_FILL if alive else art.DEAD_FILL, style.RADIUS)
    if acting:
        p.rect(r.inflate(6, 6), style.ACCENT, style.RADIUS + 2, width=3)
    elif lit:
        p.rect(r, style.TEXT_LIGHT, style.RADIUS, width=2)
    else:
        p.rect(r, style.PANEL_EDGE if alive else art.BLOOD, style.RADIUS, width=1)
    color = style.SEAT_COLORS[seat % 6] if alive else style.PANEL_EDGE
    p.circle((r.x + 20, r.y + 20), 12, color)
    p.text(style.SEAT_GLYPHS[seat % 6], (r.x + 20, r.y + 20), style.TINY, style.INK, anchor="center", icon=True)
    name_color = style.TEXT_LIGHT if alive else style.TEXT_MUTED
    site = t(f"bloody_summer.site.{SITES[view.areas[seat]]}")
    site_w = p.measure(site, style.TINY * p.text_scale) + 6
    p.text(ctx.names[seat], (r.x + 38, r.y + 20), style.BODY, name_color, bold=seat == ctx.viewer,
           anchor="midleft", max_width=r.w - 50 - site_w)
    p.text(site, (r.right - 10, r.y + 20), style.TINY, style.TEXT_MUTED, anchor="midright")
    if alive:
        _status_row(p, view, seat, r, seat_row(p, view, seat, r, marker, cards), marker)
        return
    row = r.bottom - 20
    art.skull(p, (r.x + 20, row), 10)
    p.text(t("bloody_summer.status.dead"), (r.x + 38, row), style.SMALL, art.BLOOD_BRIGHT, bold=True,
           anchor="midleft", max_width=r.w - 48 - MARKER_W)  # room for a marker waiting to pass on
    if not view.hand_sizes[seat]:
        name_w = min(r.w - 50 - site_w, p.measure(ctx.names[seat], style.BODY * p.text_scale))
        p.line((r.x + 38, r.y + 20), (r.x + 38 + name_w, r.y + 20), art.BLOOD_BRIGHT, 2)


def _status_row(p: Painter, view: BloodySummerView, seat: int, r: pygame.FRect, items: SeatRow,
                marker: bool) -> None:
    row = r.bottom - 20
    p.blit(render_back(*p.size_px(15, 21)), (r.x + 12, row - 10.5))
    p.text(items.in_hand, (r.x + 31, row), style.SMALL, style.TEXT_LIGHT, anchor="midleft")
    if items.wound_x is not None:
        art.wound_chip(p, (items.wound_x + 9, row), 9)
        if items.wound_word:
            p.text(t("bloody_summer.status.wounded"), (items.wound_x + 22, row), style.TINY, art.BLOOD_BRIGHT,
                   bold=True, anchor="midleft")
    if marker:
        art.marker(p, (items.marker_x + 9, row), 9)
    if items.pass_x is not None:
        label = t("bloody_summer.seat.passed")
        tag = pygame.FRect(items.pass_x, row - 10, r.right - 8 - items.pass_x, 20)
        tag.w = min(tag.w, p.measure(label, style.TINY * p.text_scale, bold=True) + 14)
        p.rect(tag, style.PANEL_EDGE, 6)
        p.text(label, tag.center, style.TINY, style.TEXT_LIGHT, bold=True, anchor="center", max_width=tag.w - 6)


def draw_moving_marker(p: Painter, view: BloodySummerView, viewer: int | None, m: TableMemory) -> None:
    """The marker waiting on its old holder's panel for the show to end, or on its way to the new one."""
    if m.marker_wait is not None:
        spot = m.marker_spot(p, view, viewer, m.marker_wait)
    elif m.motion.get(("marker",)) is not None and view.marker is not None:
        spot = m.motion.toward(("marker",), m.marker_spot(p, view, viewer, view.marker))
    else:
        return
    art.marker(p, (spot.x, spot.y), 9)
