"""The BLOODY SUMMER board: camp-site card, seats at their sites, the round's pile, the hand.

Keys: ←/→ or `,` / `.` browse the legal plays, 1–9 and 0 (= 10) pick by card value, as in every game: the
plays whose lowest card has that value (press again for the next one: single, pair, straight),
Enter or Space plays, P passes, Backspace clears.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import NamedTuple

import pygame

from tabletop.engine.core import Event
from tabletop.games.bloody_summer.actions import PASS, Play
from tabletop.games.bloody_summer.rules import (
    KILLER_NUMBER,
    SITE_NUMBERS,
    SITES,
    cards_of,
    combo_text,
    draw_count,
)
from tabletop.games.bloody_summer.view import BloodySummerView
from tabletop.i18n import t
from tabletop.ui import style
from tabletop.ui.cards import render_back, render_card
from tabletop.ui.games import BOARD_AREA, BoardBase, TableContext
from tabletop.ui.games.bloody_summer import art, panels, select
from tabletop.ui.games.bloody_summer import layout as L
from tabletop.ui.games.bloody_summer.check import CheckShow, Rows
from tabletop.ui.games.bloody_summer.warm import FaceWarmer
from tabletop.ui.layer_cache import LayerCache
from tabletop.ui.motion import Motion, Spots
from tabletop.ui.painter import Painter
from tabletop.ui.widgets import Button, click
from tabletop.ui.words.bloody_summer import seat_facts

MARKER_W = 26  # the start marker's room on a seat's status row


class SeatRow(NamedTuple):
    count: str  # "×N" cards in hand
    wound_x: float | None  # where the wound chip starts (None: not wounded)
    wound_word: bool  # the word "Wounded" beside the chip (left out where the row is too narrow)
    marker_x: float  # where the start marker sits
    pass_x: float | None  # where the "passed" tag starts (None: not passed)


FORM_NAME = {"S": "single", "P": "pair", "T": "straight"}
BANNER = 2.6  # seconds the "order reversed" banner stays up
RISKY = 0.34  # from this chance on, the hint line warns the human


def _form(form: str) -> str:
    return t(f"bloody_summer.action.{FORM_NAME[form]}")


def _form_noun(form: str) -> str:
    """The form inside a sentence ("a higher straight"), where the label's capital would be wrong."""
    return t(f"bloody_summer.noun.{FORM_NAME[form]}")


def _risk_color(chance: float) -> style.Color:
    if chance >= 0.5:
        return art.BLOOD_BRIGHT
    if chance >= 0.25:
        return style.ACCENT
    return style.TEXT_MUTED


class Board(BoardBase):
    # What every seat may see (public animations, memories of public events, caches); see BoardBase.
    TABLE_STATE = ("show", "banner", "flash", "motion", "to_discard", "layers", "cells", "marker_seen",
                   "marker_wait")
    HAND_AREA = L.HAND

    def __init__(self, table) -> None:
        self.table = table
        self.selection: select.Selection = ()
        self.show: CheckShow | None = None
        self.banner = 0.0  # seconds of "order reversed" left (counts once the check show is over)
        self.flash: dict[int, float] = {}
        # Public moves: ("play", seat) from its seat to the pile; ("discard", i, value) the checked pile's
        # cards to the seen-cards box once the killer's show is over (`to_discard` waits for it).
        self.motion = Motion(lambda: table.app.settings)
        self.spots = Spots()
        self.to_discard: list[tuple[tuple, pygame.FRect]] = []
        # ("marker",) the start marker passing on (after a check, once its show is over) from its old holder's
        # panel (`marker_wait`: that seat, until it leaves) to the new holder's.
        self.marker_seen = table.session.state.view(None).marker
        self.marker_wait: int | None = None
        self.hot_hand: list[tuple[pygame.FRect, int, int]] = []  # rect, value, copy index
        self.hot_chips: list[tuple[pygame.FRect, Play]] = []
        self.buttons: list[Button] = []
        # Zones repainted only when what they show changes (keyed: each fills its zone, see LayerCache). A move
        # changes a few: the seats it touched, the pile's panels; the out-of-play grid repaints only its
        # changed cells (`cells`, layers inside that panel's layer).
        self.layers = LayerCache(size=64, keyed=True)
        self.cells = LayerCache(size=80, keyed=True)
        self.faces = FaceWarmer()
        self.landed = False  # a move landed since the last frame: that frame renders no face ahead
        if not table.session.record.actions:  # a new game: the hands are dealt as the table opens
            self._deal()

    # ----- table hooks ------------------------------------------------------------------
    def update(self, dt: float) -> None:
        for seat in list(self.flash):
            self.flash[seat] -= dt
            if self.flash[seat] <= 0:
                del self.flash[seat]
        self.motion.update(dt)
        if self.show is not None:
            self.show.time += dt
            if self.show.done:
                self.show = None
        if self.show is None and self.marker_wait is not None:
            view = self.table.session.state.view(None)
            start = self.marker_spot(self.table.app.painter, view, self.table.viewer(), self.marker_wait)
            self.motion.start(("marker",), start, start)  # its end is known while drawing
            self.marker_wait = None
        if self.show is None and self.to_discard:
            for key, start in self.to_discard:
                self.motion.fly(key, start)
            self.to_discard = []
        elif self.banner > 0:
            self.banner = max(0.0, self.banner - dt)

    def busy(self) -> bool:
        """Let people watch the killer: the table holds the next AI move while the show runs."""
        return (self.show is not None or self.banner > 0 or self.motion.running() or bool(self.to_discard)
                or self.marker_wait is not None)

    def animating(self) -> bool:
        return bool(self.flash) or self.busy()

    def _deal(self) -> None:
        """The hands are dealt from the camp site's middle, a card to each seat in turn (see `deal_hands`): the
        viewer's fly into the hand strip, the others' face down to the card badge on their seat panel."""
        self.deal_hands(L.HAND_CARD)

    def on_events(self, events: list[Event], seat: int) -> None:
        self.selection = ()
        self.landed = True
        self.flash[seat] = 0.9
        for e in events:
            if e.kind == "play":
                view = self.table.session.state.view(None)
                assert isinstance(view, BloodySummerView)
                start = self._seat_rect(view, self.table.viewer(), e.data["seat"])
                self.motion.fly(("play", e.data["seat"]), pygame.FRect(start.center, (0, 0)))
            elif e.kind == "reversed":
                self.banner = BANNER
            elif e.kind == "check" and self.motion.enabled():
                copies: Counter[int] = Counter()
                for i, v in enumerate(e.data["pile"]):
                    spot = self.spots.rects.get(("pile", v, copies[v]))
                    copies[v] += 1
                    if spot is not None:
                        self.to_discard.append((("discard", i, v), spot))
        show = CheckShow.from_events(events)
        if show is not None:
            self.show = show
            self.motion.tweens.pop(("play", seat), None)  # the show takes over from the play
        self._pass_marker()

    def _pass_marker(self) -> None:
        """The start marker changed hands (the last player takes it; after a kill it passes on): it flies from
        where it lay to its new holder once the check's show is over. Only the public marker is read."""
        view = self.table.session.state.view(None)
        old, new = self.marker_seen, view.marker
        self.marker_seen = new
        if new != old and old is not None and view.winner is None and self.motion.enabled():
            self.marker_wait = old

    def _marker_here(self, view: BloodySummerView, seat: int) -> bool:
        """The marker rests on `seat`'s panel (not while it flies there)."""
        return (view.marker == seat and view.winner is None and self.marker_wait is None
                and self.motion.get(("marker",)) is None)

    def status(self, ctx: TableContext) -> str:
        view = self._view(ctx)
        if view.winner is not None:
            return t(f"bloody_summer.win.{view.win_reason}", seat=ctx.names[view.winner])
        name = ctx.names[view.turn] if view.turn is not None else ""
        if not view.plays:
            return t("bloody_summer.status.lead", round=view.round, name=name)
        return t("bloody_summer.status.follow", round=view.round, form=_form(view.form or "S"), name=name)

    def seat_info(self, ctx: TableContext, seat: int) -> str:
        view = self._view(ctx)
        return " · ".join(seat_facts(view, seat, self.dealt(seat, view.hand_sizes[seat])))  # ticks up in a deal

    @staticmethod
    def _view(ctx: TableContext) -> BloodySummerView:
        view = ctx.view
        assert isinstance(view, BloodySummerView)
        return view

    # ----- helpers ----------------------------------------------------------------------
    @staticmethod
    def _danger(view: BloodySummerView, seat: int | None) -> frozenset[int]:
        if seat is None:
            return frozenset((KILLER_NUMBER,))
        return frozenset(view.danger(seat))

    @staticmethod
    def _bottom_area(view: BloodySummerView, viewer: int | None) -> int:
        return view.areas[viewer] if viewer is not None else view.areas[0]

    def _seat_rect(self, view: BloodySummerView, viewer: int | None, seat: int) -> pygame.FRect:
        return L.SEATS[L.position(view.areas[seat], self._bottom_area(view, viewer))]

    # ----- drawing ----------------------------------------------------------------------
    def draw(self, p: Painter, ctx: TableContext) -> None:
        view = self._view(ctx)
        danger = self._danger(view, ctx.viewer)
        self.hot_hand, self.hot_chips, self.buttons = [], [], []
        self.spots.begin()
        bottom = self._bottom_area(view, ctx.viewer)
        # Static parts are cached layers, redrawn only when what they show changes.
        layers = self.layers
        painted = layers.painted
        layers.draw(p, L.CAMP.inflate(8, 12), self._camp_key(view, bottom, danger),
                    lambda q: self._draw_camp(q, view, bottom, danger))
        self._draw_pile(p, view, ctx, danger)
        for seat in range(view.players):
            r = self._seat_rect(view, ctx.viewer, seat)
            if seat != ctx.viewer and ctx.viewer is not None:  # its dealt cards land on the badge (see _draw_seat)
                self.hand_place(seat, pygame.FRect(r.x + 12, r.bottom - 30.5, 15, 21))
            key = ("seat", seat, ctx.names[seat], ctx.viewer, view.areas[seat], bottom, view.alive[seat],
                   self.dealt(seat, view.hand_sizes[seat]), view.wounded[seat], view.passed[seat],
                   self._marker_here(view, seat), view.turn == seat and view.winner is None,
                   seat in self.flash)
            layers.draw(p, r.inflate(14, 14), key, lambda q, seat=seat: self._draw_seat(q, view, ctx, seat),
                        late=("seat", seat, ctx.viewer))  # may catch up a frame after a move lands
        if view.empty_area is not None:
            r = L.SEATS[L.position(view.empty_area, bottom)]
            layers.draw(p, r.inflate(8, 8), ("empty", tuple(r)), lambda q: self._draw_empty_site(q, r))
        layers.draw(p, L.ORDER_BOX.inflate(4, 4), ("order", view.reversed), lambda q: panels.order(q, view))
        alive = ctx.viewer is not None and view.alive[ctx.viewer]
        # The side panels are public (the danger numbers are the viewer's: their token names the viewer) and
        # may catch up a frame after a move lands.
        layers.draw(p, L.DRAW_BOX.inflate(4, 4), ("draws", draw_count(len(view.pile())), danger, alive),
                    lambda q: panels.draw_table(q, view, alive, danger), late=("draws", ctx.viewer))
        showing = self.show is not None
        layers.draw(p, L.LAST_BOX.inflate(4, 4), ("last", view.last_check, showing, tuple(ctx.names), danger),
                    lambda q: panels.last_check(q, view, ctx.names, showing, danger), late=("last", ctx.viewer))
        layers.draw(p, L.DISCARD_BOX.inflate(4, 4), ("seen", view.discard, tuple(view.pile()), danger),
                    lambda q: panels.discard(q, view, danger, self.cells), late=("seen", ctx.viewer))
        self._draw_hand(p, view, ctx, danger)
        for key in [k for k in self.motion.tweens if k[0] == "discard"]:
            # Drawn from the pile's small face (already cached) and scaled: a new card size would cost a render.
            self.spots.card(p, self.motion, key, panels.discard_cell(key[2], p.text_scale),
                            render_card(art.card_face(key[2], danger), *p.size_px(*L.PILE_SMALL)))
        self.spots.finish()
        self._draw_moving_marker(p, view, ctx.viewer)
        self.draw_deal(p, ctx.viewer)
        if self.show is not None:
            self.show.draw(p, L.CHECK, ctx.names, frozenset(view.danger(self.show.seat)))
        elif self.banner > 0:
            self._draw_banner(p)
        if not self.landed and layers.painted == painted:  # a quiet frame: no move landed, no layer repainted
            self._prepare(p, view, bottom, danger)
        self.landed = False

    def _prepare(self, p: Painter, view: BloodySummerView, bottom: int, danger: frozenset[int]) -> None:
        """Work a coming move may need, done in a quiet frame: one card face, and, until the order
        reverses, the red "reversed" panel and camp card (the kill that reverses it repaints much at once)."""
        show = Rows.of(p, L.CHECK).card  # the killer's show draws faces with the checked seat's danger numbers
        self.faces.step_faces(p, [(danger, L.PILE_BIG), (danger, L.PILE_SMALL), (danger, panels.LastRows.of(p).card)]
                        + [(frozenset(view.danger(s)), show) for s in range(view.players) if view.alive[s]])
        if not view.reversed:
            flipped = replace(view, reversed=True)
            self.layers.prepare(p, L.ORDER_BOX.inflate(4, 4), ("order", True), lambda q: panels.order(q, flipped))
            self.layers.prepare(p, L.CAMP.inflate(8, 12), self._camp_key(flipped, bottom, danger),
                                lambda q: self._draw_camp(q, flipped, bottom, danger))

    @staticmethod
    def _camp_key(view: BloodySummerView, bottom: int, danger: frozenset[int]) -> tuple:
        return ("camp", bottom, view.empty_area, danger, view.reversed, view.areas, view.alive)

    def _draw_camp(self, p: Painter, view: BloodySummerView, bottom: int, danger: frozenset[int]) -> None:
        camp = L.CAMP
        p.rect(camp.move(3, 5), art.CARD_SHADOW, 16)
        p.blit(art.sky(*p.size_px(camp.w, camp.h), p.vp.px(16)), camp.topleft)
        # Mood: moon, pines and tents in the corners, away from the site labels and the pile.
        art.moon(p, (camp.right - 44, camp.y + 42), 17, art.NIGHT_TOP)
        art.pines(p, camp.bottom - 8, camp.x + 30, camp.x + 96, 58)
        art.pines(p, camp.bottom - 8, camp.right - 96, camp.right - 30, 52)
        art.tent(p, (camp.x + 122, camp.bottom - 10), 34)
        art.tent(p, (camp.right - 122, camp.bottom - 10), 30)
        edge = art.BLOOD_BRIGHT if view.reversed else style.PANEL_EDGE
        p.rect(camp, edge, 16, width=3 if view.reversed else 1)
        # 13 endangers everyone: the killer's badge in the top-left corner.
        art.knife(p, (camp.x + 24, camp.y + 26), 12)
        art.chip(p, (camp.x + 52, camp.y + 26), KILLER_NUMBER, True)
        for area in range(4):
            self._draw_tab(p, view, area, L.position(area, bottom), danger)

    def _draw_tab(self, p: Painter, view: BloodySummerView, area: int, pos: int, danger: frozenset[int]) -> None:
        r = L.tab_rect(pos)
        empty = area == view.empty_area
        seat = view.areas.index(area) if area in view.areas else None
        fill = art.REVERSED_FILL if empty else style.PANEL_DARK
        p.rect(r, fill, 8)
        p.rect(r, art.BLOOD_BRIGHT if empty else style.PANEL_EDGE, 8, width=2 if empty else 1)
        letter = SITES[area]
        numbers = SITE_NUMBERS[area]
        horizontal = pos in (0, 2)
        disc = (r.x + 17, r.centery) if horizontal else (r.centerx, r.y + 16)
        if seat is not None and view.alive[seat]:
            p.seat_disc(disc, 10, seat)
        else:
            art.skull(p, disc, 9, style.CARD_FACE)
        if horizontal:
            label = t(f"bloody_summer.site.{letter}")
            p.text(label, (r.x + 34, r.centery), style.SMALL, style.TEXT_LIGHT, bold=True, anchor="midleft",
                   max_width=84)
            for i, v in enumerate(numbers):
                art.chip(p, (r.right - 72 + i * 26, r.centery), v, v in danger)
        else:
            p.text(letter, (r.centerx, r.y + 42), style.H2, style.TEXT_LIGHT, bold=True, anchor="center")
            for i, v in enumerate(numbers):
                art.chip(p, (r.centerx, r.y + 72 + i * 26), v, v in danger)

    def _draw_pile(self, p: Painter, view: BloodySummerView, ctx: TableContext, danger: frozenset[int]) -> None:
        inner = L.INNER
        if not view.plays:
            if view.winner is None and view.turn is not None:
                p.text(t("bloody_summer.pile.waiting", name=ctx.names[view.turn]), (inner.centerx, inner.y + 80),
                       style.BODY, style.TEXT_LIGHT, bold=True, anchor="center", max_width=inner.w - 10)
                p.text(t("bloody_summer.pile.any_form"), (inner.centerx, inner.y + 108), style.SMALL,
                       style.TEXT_MUTED, anchor="center", max_width=inner.w - 10)
            return
        form = view.form or "S"
        label = _form(form) + ("  ⇅" if view.reversed else "")
        width = p.measure(label, style.SMALL, bold=True) + 20
        pill = pygame.FRect(inner.x, inner.y - 2, width, 24)
        p.rect(pill, style.PANEL_DARK, 12)
        p.rect(pill, style.TEXT_MUTED, 12, width=1)
        p.text(label, pill.center, style.SMALL, style.TEXT_LIGHT, bold=True, anchor="center")
        pile = view.pile()
        p.text(t("bloody_summer.pile.stats", count=len(pile), draw=draw_count(len(pile))),
               (inner.right, inner.y + 10), style.TINY, style.TEXT_MUTED, anchor="midright",
               max_width=inner.w - width - 12)
        # The plays in order, oldest left; the top play large on the right.
        big, small = L.PILE_BIG, L.PILE_SMALL
        groups: list[tuple[int, str, int, tuple[float, float]]] = []
        for i, (seat, f, value) in enumerate(view.plays):
            groups.append((seat, f, value, big if i == len(view.plays) - 1 else small))

        def width_of(n: int, size: tuple[float, float]) -> float:
            return size[0] + (n - 1) * size[0] * 0.55

        widths = [width_of(len(cards_of(f, v)), size) for _, f, v, size in groups]
        gap = 10
        limit = inner.w - 8
        shown = len(groups)
        while shown > 1 and sum(widths[-shown:]) + gap * (shown - 1) > limit - (30 if shown < len(groups) else 0):
            shown -= 1
        hidden = len(groups) - shown
        total = sum(widths[-shown:]) + gap * (shown - 1) + (30 if hidden else 0)
        x = inner.centerx - total / 2
        bottom = inner.y + 128
        if hidden:
            p.text(f"+{hidden}", (x + 12, bottom - 24), style.SMALL, style.TEXT_MUTED, anchor="center")
            x += 30
        copies: Counter[int] = Counter()  # each card shown is marked as (value, copy): the check lists values
        for (seat, f, value, size), w in zip(groups[-shown:], widths[-shown:]):
            top = seat == view.plays[-1][0] and size == big
            ox = oy = 0.0
            if top and self.motion.get(("play", seat)) is not None:  # the group's middle comes from its seat
                middle = pygame.Vector2(x + w / 2, bottom - size[1] / 2)
                ox, oy = self.motion.toward(("play", seat), middle) - middle
            cards = cards_of(f, value)
            for j, c in enumerate(cards):
                rect = pygame.FRect(x + ox + j * size[0] * 0.55, bottom - size[1] + oy, *size)
                art.card(p, c, rect, danger)
                self.spots.mark(("pile", c, copies[c]), rect)
                copies[c] += 1
            disc = (x + ox + w / 2, bottom - size[1] - 13 + oy)
            p.seat_disc(disc, 9, seat)
            x += w + gap
        seat, f, value = view.plays[-1]
        p.text(t("bloody_summer.pile.top", name=ctx.names[seat], cards=combo_text(f, value)),
               (inner.centerx, bottom + 14), style.SMALL, style.TEXT_LIGHT, bold=True, anchor="center",
               max_width=inner.w)
        chance = view.hit_chance(seat)
        p.text(t("bloody_summer.pile.stands", name=ctx.names[seat], chance=chance), (inner.centerx, bottom + 36),
               style.SMALL, _risk_color(chance), anchor="center", max_width=inner.w)

    def _draw_seat(self, p: Painter, view: BloodySummerView, ctx: TableContext, seat: int) -> None:
        r = self._seat_rect(view, ctx.viewer, seat)
        alive = view.alive[seat]
        acting = alive and view.turn == seat and view.winner is None
        p.rect(r.move(2, 3), art.CARD_SHADOW, style.RADIUS)
        p.rect(r, art.SEAT_FILL if alive else art.DEAD_FILL, style.RADIUS)
        if acting:
            p.rect(r.inflate(6, 6), style.ACCENT, style.RADIUS + 2, width=3)
        elif seat in self.flash:
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
        row = r.bottom - 20
        if not alive:
            art.skull(p, (r.x + 20, row), 10)
            p.text(t("bloody_summer.status.dead"), (r.x + 38, row), style.SMALL, art.BLOOD_BRIGHT, bold=True,
                   anchor="midleft", max_width=r.w - 48 - MARKER_W)  # room for a marker waiting to pass on
            if not view.hand_sizes[seat]:
                name_w = min(r.w - 50 - site_w, p.measure(ctx.names[seat], style.BODY * p.text_scale))
                p.line((r.x + 38, r.y + 20), (r.x + 38 + name_w, r.y + 20), art.BLOOD_BRIGHT, 2)
            return
        items = self._seat_row(p, view, seat, r, self._marker_here(view, seat))
        p.blit(render_back(*p.size_px(15, 21)), (r.x + 12, row - 10.5))
        p.text(items.count, (r.x + 31, row), style.SMALL, style.TEXT_LIGHT, anchor="midleft")
        if items.wound_x is not None:
            art.wound_chip(p, (items.wound_x + 9, row), 9)
            if items.wound_word:
                p.text(t("bloody_summer.status.wounded"), (items.wound_x + 22, row), style.TINY, art.BLOOD_BRIGHT,
                       bold=True, anchor="midleft")
        if self._marker_here(view, seat):
            art.marker(p, (items.marker_x + 9, row), 9)
        if items.pass_x is not None:
            label = t("bloody_summer.seat.passed")
            tag = pygame.FRect(items.pass_x, row - 10, r.right - 8 - items.pass_x, 20)
            tag.w = min(tag.w, p.measure(label, style.TINY * p.text_scale, bold=True) + 14)
            p.rect(tag, style.PANEL_EDGE, 6)
            p.text(label, tag.center, style.TINY, style.TEXT_LIGHT, bold=True, anchor="center", max_width=tag.w - 6)

    def _seat_row(self, p: Painter, view: BloodySummerView, seat: int, r: pygame.FRect, marker: bool) -> SeatRow:
        """Where a living seat's status row puts its items, left to right: cards, wound, `marker`, "passed".
        Where they would not fit (large text on a side seat) the wound keeps its chip and drops its word (the
        seat list says it in full)."""
        k = p.text_scale
        count = f"×{self.dealt(seat, view.hand_sizes[seat])}"
        x = r.x + 31 + p.measure(count, style.SMALL * k) + 10
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
        return SeatRow(count, wound_x, wound_word, marker_x, pass_x)

    def marker_spot(self, p: Painter, view: BloodySummerView, viewer: int | None, seat: int) -> pygame.Vector2:
        """The centre of the start marker on `seat`'s panel: after the wound on a living seat's row, at the row's
        end on a dead one (its "Killed" leaves that room)."""
        r = self._seat_rect(view, viewer, seat)
        if not view.alive[seat]:
            return pygame.Vector2(r.right - MARKER_W / 2 - 6, r.bottom - 20)
        return pygame.Vector2(self._seat_row(p, view, seat, r, True).marker_x + 9, r.bottom - 20)

    def _draw_moving_marker(self, p: Painter, view: BloodySummerView, viewer: int | None) -> None:
        """The marker waiting on its old holder's panel for the show to end, or on its way to the new one."""
        if self.marker_wait is not None:
            art.marker(p, self.marker_spot(p, view, viewer, self.marker_wait), 9)
        elif self.motion.get(("marker",)) is not None and view.marker is not None:
            art.marker(p, self.motion.toward(("marker",), self.marker_spot(p, view, viewer, view.marker)), 9)

    def _draw_empty_site(self, p: Painter, r: pygame.FRect) -> None:
        p.rect(r, style.FELT_DARK, style.RADIUS)
        p.rect(r, art.BLOOD, style.RADIUS, width=1)
        title = p.text(t("bloody_summer.seat.empty"), (r.x + 46, r.y + 8), style.SMALL, style.TEXT_MUTED, bold=True,
                       max_width=r.w - 56)
        art.tent(p, (r.x + 26, title.centery + 10), 28)
        top = p.under(title, r.y + 32)
        # The note spans the panel under the title and the tent; one size step smaller where the larger text
        # would not fit (the floor stays readable at 150 %).
        p.wrapped_fit(t("bloody_summer.seat.empty_note"), (r.x + 12, top, r.w - 24, r.bottom - 2 - top),
                      (style.TINY, 11, 9), art.BLOOD_BRIGHT)

    def _draw_banner(self, p: Painter) -> None:
        """The reversal's banner: it floats over the camp for a moment (what it hides is shown again)."""
        band = pygame.FRect(L.CAMP.x + 62, L.CAMP.centery - 44, L.CAMP.w - 124, 88)  # between the side sites' tabs
        with p.overlay():
            p.rect(band.move(3, 5), art.CARD_SHADOW, style.RADIUS)
            p.rect(band, art.REVERSED_FILL, style.RADIUS)
            p.rect(band, art.BLOOD_BRIGHT, style.RADIUS, width=3)
            p.text("⇅ " + t("bloody_summer.order.banner") + " ⇅", (band.centerx, band.y + 30), style.H1,
                   style.CARD_FACE, bold=True, anchor="center", max_width=band.w - 30)
            p.text(t("bloody_summer.order.reversed_note"), (band.centerx, band.bottom - 18), style.BODY,
                   style.CARD_FACE, anchor="center", max_width=band.w - 30)

    # ----- the hand ---------------------------------------------------------------------
    def _risk(self, view: BloodySummerView, viewer: int, play: Play) -> float:
        return view.hit_chance(viewer, cards_of(play.form, play.value))

    def _draw_hand(self, p: Painter, view: BloodySummerView, ctx: TableContext, danger: frozenset[int]) -> None:
        area = L.HAND
        viewer = ctx.viewer
        if viewer is None:
            self._draw_backs(p, view, ctx)
            return
        p.rect(area, style.FELT_DARK, style.RADIUS)
        hand = list(view.hand)
        label = p.text(self.hand_label(ctx, "bloody_summer.hand.title", len(hand)), (area.x + 14, area.y + 8), style.SMALL,
                       style.TEXT_MUTED)
        legal = ctx.legal
        plays = select.plays_of(legal)
        leading = not view.plays
        chosen = select.match(self.selection, legal) if legal else None
        hint, hint_color = self._hint(view, ctx, plays, chosen)
        hint_x = max(area.x + 140, label.right + 16)  # after the label, however large the text
        p.text(hint, (hint_x, area.y + 8), style.SMALL, hint_color, bold=bool(legal),
               max_width=BUTTONS_W_LIMIT - (hint_x - area.x - 140))
        # The combo chips sit under the label (however tall the text setting makes it), the cards under them.
        chips = pygame.FRect(area.x + 14, max(area.y + 30, label.y + label.h * 0.9), 0, max(24.0, label.h * 0.85))
        cards_y = max(area.y + 72, chips.bottom + 12)  # a lifted card (12 px up) stays clear of the chips
        if legal:
            self._draw_chips(p, view, viewer, plays, leading, chosen, ctx.mouse, chips)
        self._draw_cards(p, hand, ctx, danger, select.playable_values(legal) if legal else set(), cards_y)
        if legal:
            self._draw_buttons(p, view, viewer, ctx, chosen)

    def _draw_backs(self, p: Painter, view: BloodySummerView, ctx: TableContext) -> None:
        """No private view (AI-only table, or the hot-seat curtain): every hand face down, each seat's fan a
        cached layer (repainted when that hand's size changes, card by card during the deal)."""
        area = L.HAND
        p.rect(area, style.FELT_DARK, style.RADIUS)
        p.text(t("app.spectating"), (area.x + 14, area.y + 8), style.SMALL, style.TEXT_MUTED)
        width = (area.w - 28) / view.players
        for seat in range(view.players):
            column = pygame.FRect(area.x + 14 + seat * width, area.y + 40, width, area.h - 46)
            if view.alive[seat]:  # dealt cards land on the fan as it grows
                self.hand_place(seat, pygame.FRect(column.x, column.y + 38, *BACK))
            dealt = self.dealt(seat, view.hand_sizes[seat])
            key = ("backs", seat, ctx.names[seat], view.alive[seat], view.hand_sizes[seat], dealt, tuple(column))
            self.layers.draw(p, column, key, lambda q, seat=seat, column=column, dealt=dealt: self._paint_backs(
                q, view, column, seat, ctx.names[seat], dealt), late=("backs", seat, ctx.viewer))

    @staticmethod
    def _paint_backs(p: Painter, view: BloodySummerView, column: pygame.FRect, seat: int, name: str,
                     dealt: int) -> None:
        p.rect(column, style.FELT_DARK)  # the hand strip's felt: the fan's text is smoothed against it
        x, y = column.x, column.y + 4
        w, h = BACK
        color = style.SEAT_COLORS[seat % 6] if view.alive[seat] else style.PANEL_EDGE
        p.circle((x + 12, y + 10), 10, color)
        p.text(style.SEAT_GLYPHS[seat % 6], (x + 12, y + 10), style.MIN_TEXT, style.INK, anchor="center", icon=True)
        p.text(name, (x + 28, y + 10), style.SMALL, style.TEXT_LIGHT, anchor="midleft", max_width=column.w - 40)
        if not view.alive[seat]:
            art.skull(p, (x + 40, y + 70), 16)
            return
        step = min(12.0, (column.w - 20 - w) / max(1, view.hand_sizes[seat] - 1))
        back = render_back(*p.size_px(w, h))
        for i in range(dealt):
            p.blit(back, (x + i * step, y + 34))

    def _hint(self, view: BloodySummerView, ctx: TableContext, plays: list[Play],
              chosen: Play | None) -> tuple[str, style.Color]:
        viewer = ctx.viewer
        assert viewer is not None
        if view.winner is not None:
            return "", style.TEXT_MUTED
        if not view.alive[viewer]:
            return t("bloody_summer.hint.dead"), style.TEXT_MUTED
        if not ctx.legal:
            if view.turn is None:
                return "", style.TEXT_MUTED
            if view.passed[viewer]:
                return t("bloody_summer.hint.passed", name=ctx.names[view.turn]), style.TEXT_MUTED
            return t("bloody_summer.hint.wait", name=ctx.names[view.turn]), style.TEXT_MUTED
        if chosen is not None:
            chance = self._risk(view, viewer, chosen)
            if chance >= RISKY:
                return "⚠ " + t("bloody_summer.hint.risky", cards=combo_text(chosen.form, chosen.value),
                                chance=chance), art.BLOOD_BRIGHT
            return t("bloody_summer.hint.ready", cards=combo_text(chosen.form, chosen.value)), style.ACCENT
        if self.selection:
            return t("bloody_summer.hint.not_a_play"), style.BAD
        if not view.plays:
            return t("bloody_summer.hint.lead"), style.ACCENT
        top = view.top
        assert top is not None
        cards = combo_text(top[1], top[2])
        if not plays:
            return t("bloody_summer.hint.must_pass", cards=cards), style.ACCENT
        key = "bloody_summer.hint.follow_reversed" if view.reversed else "bloody_summer.hint.follow"
        return t(key, form=_form_noun(top[1]), cards=cards), style.ACCENT

    def _draw_chips(self, p: Painter, view: BloodySummerView, viewer: int, plays: list[Play], leading: bool,
                    chosen: Play | None, mouse: pygame.Vector2, row: pygame.FRect) -> None:
        shown = [a for a in plays if a.form != "S"] if leading else plays
        x, y, h = row.x, row.y, row.h
        limit = L.BUTTONS_X - 12
        scale = p.text_scale  # `measure` takes drawn sizes: the chips grow with the text setting
        if leading:
            x = p.text(t("bloody_summer.hand.combos"), (x, y + h / 2), style.TINY, style.TEXT_MUTED,
                       anchor="midleft").right + 8
            if not shown:
                p.text("—", (x, y + h / 2), style.TINY, style.TEXT_MUTED, anchor="midleft")
        for play in shown:
            label = combo_text(play.form, play.value)
            chance = self._risk(view, viewer, play)
            risk = f"{chance:.0%}"
            w = p.measure(label, style.SMALL * scale, bold=True) + p.measure(risk, style.TINY * scale) + 26
            if x + w > limit:
                p.text("…", (x + 4, y + h / 2), style.SMALL, style.TEXT_MUTED, anchor="midleft")
                break
            r = pygame.FRect(x, y, w, h)
            selected = play == chosen
            p.rect(r, style.ACCENT if selected else style.PANEL_DARK, 12)
            p.rect(r, style.ACCENT if selected or r.collidepoint(mouse) else style.ACCENT_DARK,
                   12, width=3 if not selected else 0)
            ink = style.INK if selected else style.TEXT_LIGHT
            lx = r.x + 10
            right = p.text(label, (lx, r.centery), style.SMALL, ink, bold=True, anchor="midleft").right
            p.text(risk, (right + 6, r.centery + 1), style.TINY, style.INK if selected else _risk_color(chance),
                   anchor="midleft")
            self.hot_chips.append((r, play))
            x += w + 6

    def _draw_cards(self, p: Painter, hand: list[int], ctx: TableContext, danger: frozenset[int],
                    playable: set[int], y0: float) -> None:
        area = L.HAND
        w, h = L.HAND_CARD
        acting = bool(ctx.legal)
        span = (L.BUTTONS_X - 20) - (area.x + 16) if acting else area.w - 40
        n = len(hand)
        step = min(w + 8, (span - w) / max(1, n - 1)) if n > 1 else w
        total = w + step * (n - 1) if n else 0
        x0 = area.x + 16 if acting else area.centerx - total / 2
        picked = Counter(self.selection)
        copies: Counter[int] = Counter()
        hover_index = None
        rects = []
        for i, v in enumerate(hand):
            copy = copies[v]
            copies[v] += 1
            lifted = copy < picked[v]
            rect = pygame.FRect(x0 + i * step, y0 - (12 if lifted else 0), w, h)
            rects.append((rect, v, copy, lifted))
        if acting:
            for i in range(len(rects) - 1, -1, -1):
                if rects[i][0].collidepoint(ctx.mouse):
                    hover_index = i
                    break
        for i, (rect, v, copy, lifted) in enumerate(rects):
            legal = v in playable
            if lifted:
                p.rect(rect.inflate(10, 10), style.ACCENT, style.RADIUS)
            elif legal:
                p.rect(rect.inflate(8, 8), style.ACCENT if hover_index == i else style.ACCENT_DARK, style.RADIUS,
                       width=3)
            drawn = self.dealt_rect(ctx.viewer, i, rect)  # on its way from the deal (clicks keep `rect`)
            if drawn is not None:
                art.card(p, v, drawn, danger)
            if drawn is not None and acting and not legal:
                p.blit(_dim(*p.size_px(w, h)), drawn.topleft)
            if acting:
                self.hot_hand.append((rect, v, copy))

    def _draw_buttons(self, p: Painter, view: BloodySummerView, viewer: int, ctx: TableContext,
                      chosen: Play | None) -> None:
        area = L.HAND
        x = L.BUTTONS_X
        label = t("bloody_summer.button.play", cards=combo_text(chosen.form, chosen.value)) if chosen else \
            t("bloody_summer.button.play_none")
        only_pass = _only_pass(ctx.legal)  # then passing is the move to make, and the button says so
        play = Button(pygame.FRect(x, area.y + 40, 190, 48), label, self._confirm(ctx), enabled=chosen is not None,
                      primary=not only_pass)
        can_pass = PASS in ctx.legal
        pas = Button(pygame.FRect(x, area.y + 96, 190, 40), t("bloody_summer.action.pass") + "  (P)",
                     lambda: ctx.act(PASS), enabled=can_pass, primary=only_pass)
        self.buttons = [play, pas]
        for b in self.buttons:
            b.hovered = b.hit(ctx.mouse)
            b.draw(p)
        if chosen is not None:
            chance = self._risk(view, viewer, chosen)
            p.text(t("bloody_summer.hand.risk", chance=chance), (x + 95, area.y + 28), style.TINY,
                   _risk_color(chance), bold=True, anchor="center", max_width=200)
        keys = "bloody_summer.hand.keys_pass" if only_pass else "bloody_summer.hand.keys"
        p.text(t(keys), (x + 95, area.bottom - 18), style.TINY, style.TEXT_MUTED, anchor="center", max_width=200)

    # ----- input ------------------------------------------------------------------------
    def _confirm(self, ctx: TableContext):
        def confirm() -> None:
            chosen = select.match(self.selection, ctx.legal)
            if chosen is not None:
                ctx.act(chosen)
        return confirm

    def handle(self, event: pygame.event.Event, ctx: TableContext) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and BOARD_AREA.collidepoint(
                self.table.app.mouse(event.pos)):  # a click on the board skips all motion, and still does what it does
            self.motion.skip()
            self.to_discard, self.marker_wait = [], None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            pos = self.table.app.mouse(event.pos)
            if self.show is not None and L.CHECK.collidepoint(pos):
                self.show.finish()  # a click skips the killer's show
                return True
        if not ctx.legal:
            return False
        view = self._view(ctx)
        leading = not view.plays
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            pos = self.table.app.mouse(event.pos)
            if click(self.buttons, pos):
                return True
            for rect, play in self.hot_chips:
                if rect.collidepoint(pos):
                    if select.match(self.selection, ctx.legal) == play:
                        ctx.act(play)  # a second click on the chosen combination plays it
                    else:
                        self.selection = select.cards(play)
                    return True
            for rect, value, copy in reversed(self.hot_hand):
                if rect.collidepoint(pos):
                    self.selection = select.click(self.selection, value, copy, ctx.legal, leading)
                    return True
            return False
        if event.type == pygame.KEYDOWN:
            key = event.key
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                chosen = select.match(self.selection, ctx.legal)
                if chosen is None and _only_pass(ctx.legal):
                    chosen = PASS  # the lit button: nothing in hand beats the top play
                if chosen is not None:
                    ctx.act(chosen)
                    return True
                return False
            if key == pygame.K_p:  # on the lead the engine refuses it, and the table says why (the lead must play)
                ctx.act(PASS)
                return True
            if key in (pygame.K_RIGHT, pygame.K_PERIOD, pygame.K_RIGHTBRACKET, pygame.K_d):
                self.selection = select.cycle(self.selection, ctx.legal, 1)
                return True
            if key in (pygame.K_LEFT, pygame.K_COMMA, pygame.K_LEFTBRACKET, pygame.K_a):
                self.selection = select.cycle(self.selection, ctx.legal, -1)
                return True
            if key == pygame.K_BACKSPACE:
                self.selection = ()
                return True
            digits = {pygame.K_1 + i: i + 1 for i in range(9)} | {pygame.K_0: 10}
            if key in digits:  # by card value: the plays whose lowest card it is; again for the next one
                starting = [a for a in select.plays_of(ctx.legal) if min(select.cards(a)) == digits[key]]
                if starting:
                    current = self.selection
                    at = next((i for i, a in enumerate(starting) if select.cards(a) == current), -1)
                    self.selection = select.cards(starting[(at + 1) % len(starting)])
                    return True
        return False


def _only_pass(legal: list) -> bool:
    return legal == [PASS]


BUTTONS_W_LIMIT = L.BUTTONS_X - L.HAND.x - 150
BACK = (44, 63)  # a spectator's view of a hand: card backs fanned


_DIM: dict[tuple[int, int], pygame.Surface] = {}


def _dim(w: int, h: int) -> pygame.Surface:
    """A translucent veil over hand cards that take part in no legal play (cached per size)."""
    surf = _DIM.get((w, h))
    if surf is None:
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(surf, (*style.SHADOW, 120), surf.get_rect(), border_radius=max(3, w // 10))
        _DIM[(w, h)] = surf
    return surf

