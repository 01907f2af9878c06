"""The BLOODY SUMMER board: camp-site card, seats at their sites, the round's pile, the hand.

Keys: `,` / `.` browse the legal plays, 1–9 and 0 (= 10) pick by card value, as in every game: the
plays whose lowest card has that value (press again for the next one: single, pair, straight),
Enter or Space plays, P passes, Backspace clears.
"""

from __future__ import annotations

from collections import Counter

import pygame

from tabletop.engine.core import Event
from tabletop.games.bloody_summer.actions import PASS, Play
from tabletop.games.bloody_summer.rules import (
    DRAW_TABLE,
    KILLER_NUMBER,
    SITE_NUMBERS,
    SITES,
    cards_of,
    combo_text,
    draw_count,
)
from tabletop.games.bloody_summer.view import BloodySummerView
from tabletop.i18n import plural, t
from tabletop.ui import style
from tabletop.ui.cards import render_back, render_card
from tabletop.ui.games import BOARD_AREA, BoardBase, TableContext
from tabletop.ui.games.bloody_summer import art, select
from tabletop.ui.games.bloody_summer import layout as L
from tabletop.ui.games.bloody_summer.check import CheckShow
from tabletop.ui.games.bloody_summer.layers import LayerCache
from tabletop.ui.motion import Motion, Spots
from tabletop.ui.painter import Painter
from tabletop.ui.widgets import Button, click

FORM_KEY = {"S": "action.single", "P": "action.pair", "T": "action.straight"}
BANNER = 2.6  # seconds the "order reversed" banner stays up
RISKY = 0.34  # from this chance on, the hint line warns the human


def _form(form: str) -> str:
    return t(f"bloody_summer.{FORM_KEY[form]}")


def _risk_color(chance: float) -> style.Color:
    if chance >= 0.5:
        return art.BLOOD_BRIGHT
    if chance >= 0.25:
        return style.ACCENT
    return style.TEXT_MUTED


class Board(BoardBase):
    # What every seat may see (public animations, memories of public events, caches); see BoardBase.
    TABLE_STATE = ("show", "banner", "flash", "motion", "to_discard", "layers", "marker_seen", "marker_wait",
                   "marker_at")

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
        # ("marker",) the start marker passing on (after a check, once its show is over) from where it lay
        # (`marker_wait` until it leaves) to the new holder; `marker_at` is where each seat's marker sits.
        self.marker_seen = table.session.state.view(None).marker
        self.marker_wait: pygame.Vector2 | None = None
        self.marker_at: dict[tuple[int | None, int], pygame.Vector2] = {}  # (viewer, seat): layouts turn per viewer
        self.hot_hand: list[tuple[pygame.FRect, int, int]] = []  # rect, value, copy index
        self.hot_chips: list[tuple[pygame.FRect, Play]] = []
        self.buttons: list[Button] = []
        self.layers = LayerCache()
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
            self.motion.start(("marker",), self.marker_wait, self.marker_wait)  # its end is known while drawing
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
        spot = self.marker_at.get((self.table.viewer(), old))
        if new != old and spot is not None and view.winner is None and self.motion.enabled():
            self.marker_wait = pygame.Vector2(spot)

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
        if not view.alive[seat]:
            return t("bloody_summer.status.dead")
        parts = [plural("app.count.card", self.dealt(seat, view.hand_sizes[seat]))]  # ticks up in a deal
        if view.wounded[seat]:
            parts.append(t("bloody_summer.status.wounded"))
        if view.passed[seat]:
            parts.append(t("bloody_summer.seat.passed"))
        if view.marker == seat and view.winner is None:
            parts.append("★")
        return " · ".join(parts)

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

    def _card(self, p: Painter, value: int, rect: pygame.FRect, danger: frozenset[int]) -> None:
        p.rect(rect.move(2, 3), art.CARD_SHADOW, 6)
        p.blit(render_card(art.card_face(value, danger), *p.size_px(rect.w, rect.h)), rect.topleft)

    # ----- drawing ----------------------------------------------------------------------
    def draw(self, p: Painter, ctx: TableContext) -> None:
        view = self._view(ctx)
        danger = self._danger(view, ctx.viewer)
        self.hot_hand, self.hot_chips, self.buttons = [], [], []
        self.spots.begin()
        bottom = self._bottom_area(view, ctx.viewer)
        # Static parts are cached layers, redrawn only when what they show changes.
        layers = self.layers
        layers.draw(p, L.CAMP.inflate(8, 12), ("camp", bottom, view.empty_area, danger, view.reversed, view.areas),
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
            layers.draw(p, r.inflate(14, 14), key, lambda q, seat=seat: self._draw_seat(q, view, ctx, seat))
        if view.empty_area is not None:
            r = L.SEATS[L.position(view.empty_area, bottom)]
            layers.draw(p, r.inflate(8, 8), ("empty", tuple(r)), lambda q: self._draw_empty_site(q, r))
        layers.draw(p, L.ORDER_BOX.inflate(4, 4), ("order", view.reversed), lambda q: self._draw_order(q, view))
        pile_n = len(view.pile())
        alive = ctx.viewer is not None and view.alive[ctx.viewer]
        layers.draw(p, L.DRAW_BOX.inflate(4, 4), ("draws", draw_count(pile_n), danger, alive),
                    lambda q: self._draw_draw_table(q, view, ctx, danger))
        layers.draw(p, L.LAST_BOX.inflate(4, 4), ("last", view.last_check, self.show is not None, tuple(ctx.names),
                                                  danger), lambda q: self._draw_last_check(q, view, ctx, danger))
        layers.draw(p, L.DISCARD_BOX.inflate(4, 4), ("seen", view.discard, tuple(view.pile()), danger),
                    lambda q: self._draw_discard(q, view, danger))
        self._draw_hand(p, view, ctx, danger)
        for key in [k for k in self.motion.tweens if k[0] == "discard"]:
            # Drawn from the pile's small face (already cached) and scaled: a new card size would cost a render.
            self.spots.card(p, self.motion, key, self._discard_cell(key[2]),
                            render_card(art.card_face(key[2], danger), *p.size_px(38, 54)))
        self.spots.finish()
        self._draw_moving_marker(p, view, ctx.viewer)
        self.draw_deal(p, ctx.viewer)
        if self.show is not None:
            self.show.draw(p, L.CHECK, ctx.names, frozenset(view.danger(self.show.seat)))
        elif self.banner > 0:
            self._draw_banner(p)

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
        self._chip(p, (camp.x + 52, camp.y + 26), KILLER_NUMBER, True)
        for area in range(4):
            self._draw_tab(p, view, area, L.position(area, bottom), danger)

    def _chip(self, p: Painter, center: tuple[float, float], value: int, hurts: bool, r: float = 11) -> None:
        p.circle(center, r, art.BLOOD if hurts else art.CHIP_SAFE)
        p.circle(center, r, art.BLOOD_BRIGHT if hurts else style.PANEL_EDGE, width=1)
        p.text(str(value), center, style.TINY, style.CARD_FACE, bold=True, anchor="center")

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
                self._chip(p, (r.right - 72 + i * 26, r.centery), v, v in danger)
        else:
            p.text(letter, (r.centerx, r.y + 42), style.H2, style.TEXT_LIGHT, bold=True, anchor="center")
            for i, v in enumerate(numbers):
                self._chip(p, (r.centerx, r.y + 72 + i * 26), v, v in danger)

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
        big, small = (56, 80), (38, 54)
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
                self._card(p, c, rect, danger)
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
        site_w = p.measure(site, style.TINY) + 6
        p.text(ctx.names[seat], (r.x + 38, r.y + 20), style.BODY, name_color, bold=seat == ctx.viewer,
               anchor="midleft", max_width=r.w - 50 - site_w)
        p.text(site, (r.right - 10, r.y + 20), style.TINY, style.TEXT_MUTED, anchor="midright")
        row = r.bottom - 20
        if not alive:
            art.skull(p, (r.x + 20, row), 10)
            p.text(t("bloody_summer.status.dead"), (r.x + 38, row), style.SMALL, art.BLOOD_BRIGHT, bold=True,
                   anchor="midleft", max_width=r.w - 48)
            if not view.hand_sizes[seat]:
                p.line((r.x + 38, r.y + 20), (r.x + 38 + min(r.w - 60, p.measure(ctx.names[seat], style.BODY)),
                                                r.y + 20), art.BLOOD_BRIGHT, 2)
            return
        x = r.x + 12
        p.blit(render_back(*p.size_px(15, 21)), (x, row - 10.5))
        x += 19
        x = p.text(f"×{self.dealt(seat, view.hand_sizes[seat])}", (x, row), style.SMALL, style.TEXT_LIGHT, anchor="midleft").right + 10
        if view.wounded[seat]:
            art.wound_chip(p, (x + 9, row), 9)
            x = p.text(t("bloody_summer.status.wounded"), (x + 22, row), style.TINY, art.BLOOD_BRIGHT, bold=True,
                       anchor="midleft").right + 8
        self.marker_at[(ctx.viewer, seat)] = pygame.Vector2(x + 9, row)
        if self._marker_here(view, seat):
            art.marker(p, (x + 9, row), 9)
            x += 26
        if view.passed[seat]:
            label = t("bloody_summer.seat.passed")
            w = p.measure(label, style.TINY, bold=True) + 14
            tag = pygame.FRect(min(x, r.right - w - 8), row - 10, w, 20)
            p.rect(tag, style.PANEL_EDGE, 6)
            p.text(label, tag.center, style.TINY, style.TEXT_LIGHT, bold=True, anchor="center")

    def _draw_moving_marker(self, p: Painter, view: BloodySummerView, viewer: int | None) -> None:
        """The marker waiting on its old holder's panel for the show to end, or on its way to the new one."""
        if self.marker_wait is not None:
            art.marker(p, self.marker_wait, 9)
        elif self.motion.get(("marker",)) is not None and (viewer, view.marker) in self.marker_at:
            art.marker(p, self.motion.toward(("marker",), self.marker_at[(viewer, view.marker)]), 9)

    def _draw_empty_site(self, p: Painter, r: pygame.FRect) -> None:
        p.rect(r, style.FELT_DARK, style.RADIUS)
        p.rect(r, art.BLOOD, style.RADIUS, width=1)
        art.tent(p, (r.x + 24, r.bottom - 16), 28)
        p.text(t("bloody_summer.seat.empty"), (r.x + 46, r.y + 10), style.SMALL, style.TEXT_MUTED, bold=True,
               max_width=r.w - 56)
        p.wrapped(t("bloody_summer.seat.empty_note"), (r.x + 46, r.y + 32, r.w - 54, r.h - 34), style.TINY,
                  art.BLOOD_BRIGHT)

    def _box(self, p: Painter, r: pygame.FRect, title: str) -> None:
        p.rect(r, style.FELT_DARK, style.RADIUS)
        p.text(title, (r.x + 12, r.y + 8), style.TINY, style.TEXT_MUTED, max_width=r.w - 24)

    def _draw_order(self, p: Painter, view: BloodySummerView) -> None:
        r = L.ORDER_BOX
        if view.reversed:
            p.rect(r, art.REVERSED_FILL, style.RADIUS)
            p.rect(r, art.BLOOD_BRIGHT, style.RADIUS, width=3)
            p.text(t("bloody_summer.order.title"), (r.x + 12, r.y + 8), style.TINY, style.CARD_FACE)
            p.text("⇅", (r.right - 14, r.y + 46), style.TITLE, art.BLOOD_BRIGHT, bold=True, anchor="midright")
            p.text("1 ▲", (r.x + 14, r.y + 48), style.H1, style.CARD_FACE, bold=True, anchor="midleft")
            p.text(t("bloody_summer.order.reversed"), (r.x + 14, r.y + 96), style.H2, style.CARD_FACE, bold=True,
                   anchor="midleft", max_width=r.w - 24)
            p.wrapped(t("bloody_summer.order.reversed_note"), (r.x + 14, r.y + 116, r.w - 24, 44), style.SMALL,
                      style.CARD_FACE)
            return
        self._box(p, r, t("bloody_summer.order.title"))
        p.text("13 ▲", (r.x + 14, r.y + 48), style.H1, style.TEXT_LIGHT, bold=True, anchor="midleft")
        p.text(t("bloody_summer.order.normal"), (r.x + 14, r.y + 96), style.H2, style.TEXT_LIGHT, bold=True,
               anchor="midleft", max_width=r.w - 24)
        p.wrapped(t("bloody_summer.order.normal_note"), (r.x + 14, r.y + 116, r.w - 24, 44), style.SMALL,
                  style.TEXT_MUTED)

    def _draw_draw_table(self, p: Painter, view: BloodySummerView, ctx: TableContext,
                         danger: frozenset[int]) -> None:
        r = L.DRAW_BOX
        self._box(p, r, t("bloody_summer.draws.title"))
        size = len(view.pile())
        rows = []
        low = 1
        for largest, k in DRAW_TABLE:
            rows.append((t("bloody_summer.draws.range", low=low, high=largest), k, low <= size <= largest))
            low = largest + 1
        rows.append((t("bloody_summer.draws.more", low=low), 3, size >= low))
        y = r.y + 32
        for label, k, current in rows:
            row = pygame.FRect(r.x + 8, y, r.w - 16, 22)
            if current:
                p.rect(row, art.HIT_FILL, 6)
                p.rect(row, art.BLOOD_BRIGHT, 6, width=2)
            p.text(label, (row.x + 8, row.centery), style.SMALL, style.TEXT_LIGHT, anchor="midleft",
                   max_width=row.w - 60)
            p.text(t("bloody_summer.draws.count", count=k), (row.right - 8, row.centery), style.SMALL,
                   style.TEXT_LIGHT, bold=current, anchor="midright")
            y += 25
        if ctx.viewer is None or not view.alive[ctx.viewer]:
            p.wrapped(t("bloody_summer.draws.note"), (r.x + 12, y + 8, r.w - 24, r.bottom - y - 10), style.TINY,
                      style.TEXT_MUTED)
            return
        p.text(t("bloody_summer.draws.yours"), (r.x + 12, y + 6), style.TINY, style.TEXT_MUTED)
        values = sorted(danger)
        step = min(26, (r.w - 24) / max(1, len(values)))
        for i, v in enumerate(values):
            self._chip(p, (r.x + 23 + i * step, y + 38), v, True, r=min(11, step / 2 - 1))

    def _draw_last_check(self, p: Painter, view: BloodySummerView, ctx: TableContext,
                         danger: frozenset[int]) -> None:
        r = L.LAST_BOX
        self._box(p, r, t("bloody_summer.last.title"))
        lc = view.last_check
        if lc is None:
            p.wrapped(t("bloody_summer.last.none"), (r.x + 12, r.y + 34, r.w - 24, 80), style.SMALL,
                      style.TEXT_MUTED)
            return
        p.seat_disc((r.x + 22, r.y + 42), 10, lc.seat)
        p.text(ctx.names[lc.seat], (r.x + 38, r.y + 42), style.BODY, style.TEXT_LIGHT, bold=True, anchor="midleft",
               max_width=r.w - 50)
        if self.show is not None:
            p.text(t("bloody_summer.last.coming"), (r.x + 12, r.y + 84), style.SMALL, art.BLOOD_BRIGHT)
            return
        w, h = 40, 57
        for i, (v, hit) in enumerate(zip(lc.drawn, lc.matched)):
            rect = pygame.FRect(r.x + 14 + i * (w + 16), r.y + 62, w, h)
            if hit:
                p.rect(rect.inflate(6, 6), art.BLOOD_BRIGHT, 6)
            self._card(p, v, rect, danger)
            if hit:
                p.text("×", (rect.right, rect.y + 2), style.H2, art.BLOOD_BRIGHT, bold=True, anchor="center", icon=True)
        color = style.GOOD if lc.outcome == "safe" else art.BLOOD_BRIGHT
        p.text(t(f"bloody_summer.last.{lc.outcome}"), (r.x + 12, r.bottom - 22), style.BODY, color, bold=True,
               anchor="midleft", max_width=r.w - 24)

    @staticmethod
    def _discard_cell(v: int) -> pygame.FRect:
        r = L.DISCARD_BOX
        cw, ch = (r.w - 16) / 7, 62
        col, row = (v - 1) % 7, (v - 1) // 7
        return pygame.FRect(r.x + 8 + col * cw, r.y + 30 + row * (ch + 6), cw - 3, ch)

    def _draw_discard(self, p: Painter, view: BloodySummerView, danger: frozenset[int]) -> None:
        r = L.DISCARD_BOX
        seen = Counter(view.discard) + Counter(view.pile())
        self._box(p, r, t("bloody_summer.seen.title", count=sum(seen.values())))
        for v in range(1, 14):
            cell = self._discard_cell(v)
            p.rect(cell, style.PANEL_DARK, 5)
            p.text(str(v), (cell.centerx, cell.y + 12), style.SMALL, art.BLOOD_BRIGHT if v in danger else
                   style.TEXT_LIGHT, bold=True, anchor="center")
            for k in range(4):
                cx = cell.centerx + (-5 if k % 2 == 0 else 5)
                cy = cell.y + 32 + (k // 2) * 12
                if k < seen[v]:
                    p.circle((cx, cy), 4, style.TEXT_MUTED)
                else:
                    p.circle((cx, cy), 4, style.PANEL_EDGE, width=1)
        p.text(t("bloody_summer.seen.note"), (r.right - 10, r.bottom - 12), style.TINY, style.TEXT_MUTED,
               anchor="midright", max_width=r.w - 20)

    def _draw_banner(self, p: Painter) -> None:
        band = pygame.FRect(L.CAMP.x, L.CAMP.centery - 44, L.CAMP.w, 88)
        p.rect(band.move(3, 5), art.CARD_SHADOW, style.RADIUS)
        p.rect(band, art.REVERSED_FILL, style.RADIUS)
        p.rect(band, art.BLOOD_BRIGHT, style.RADIUS, width=3)
        p.text("⇅ " + t("bloody_summer.order.banner") + " ⇅", (band.centerx, band.y + 30), style.H1, style.CARD_FACE,
               bold=True, anchor="center", max_width=band.w - 30)
        p.text(t("bloody_summer.order.reversed_note"), (band.centerx, band.bottom - 18), style.BODY, style.CARD_FACE,
               anchor="center", max_width=band.w - 30)

    # ----- the hand ---------------------------------------------------------------------
    def _risk(self, view: BloodySummerView, viewer: int, play: Play) -> float:
        return view.hit_chance(viewer, cards_of(play.form, play.value))

    def _draw_hand(self, p: Painter, view: BloodySummerView, ctx: TableContext, danger: frozenset[int]) -> None:
        area = L.HAND
        p.rect(area, style.FELT_DARK, style.RADIUS)
        viewer = ctx.viewer
        if viewer is None:
            self._draw_backs(p, view, ctx)
            return
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
        chips = pygame.FRect(area.x + 14, p.under(label, area.y + 30), 0, max(24.0, label.h * 0.85))
        cards_y = max(area.y + 72, chips.bottom + 12)  # a lifted card (12 px up) stays clear of the chips
        if legal:
            self._draw_chips(p, view, viewer, plays, leading, chosen, ctx.mouse, chips)
        self._draw_cards(p, hand, ctx, danger, select.playable_values(legal) if legal else set(), cards_y)
        if legal:
            self._draw_buttons(p, view, viewer, ctx, chosen)

    def _draw_backs(self, p: Painter, view: BloodySummerView, ctx: TableContext) -> None:
        """No private view (AI-only table, or the hot-seat curtain): every hand face down."""
        area = L.HAND
        p.text(t("app.spectating"), (area.x + 14, area.y + 8), style.SMALL, style.TEXT_MUTED)
        width = (area.w - 28) / view.players
        w, h = 44, 63
        for seat in range(view.players):
            x = area.x + 14 + seat * width
            y = area.y + 44
            color = style.SEAT_COLORS[seat % 6] if view.alive[seat] else style.PANEL_EDGE
            p.circle((x + 12, y + 10), 10, color)
            p.text(style.SEAT_GLYPHS[seat % 6], (x + 12, y + 10), style.MIN_TEXT, style.INK, anchor="center",
                   icon=True)
            p.text(ctx.names[seat], (x + 28, y + 10), style.SMALL, style.TEXT_LIGHT, anchor="midleft",
                   max_width=width - 40)
            n = view.hand_sizes[seat]
            if not view.alive[seat]:
                art.skull(p, (x + 40, y + 70), 16)
                continue
            step = min(12.0, (width - 20 - w) / max(1, n - 1))
            back = render_back(*p.size_px(w, h))
            self.hand_place(seat, pygame.FRect(x, y + 34, w, h))  # dealt cards land on the fan as it grows
            for i in range(self.dealt(seat, n)):
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
        return t(key, form=_form(top[1]), cards=cards), style.ACCENT

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
                self._card(p, v, drawn, danger)
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
        play = Button(pygame.FRect(x, area.y + 40, 190, 48), label, self._confirm(ctx), enabled=chosen is not None,
                      primary=True)
        can_pass = PASS in ctx.legal
        pas = Button(pygame.FRect(x, area.y + 96, 190, 40), t("bloody_summer.action.pass") + "  (P)",
                     lambda: ctx.act(PASS), enabled=can_pass)
        self.buttons = [play, pas]
        for b in self.buttons:
            b.hovered = b.hit(ctx.mouse)
            b.draw(p)
        if chosen is not None:
            chance = self._risk(view, viewer, chosen)
            p.text(t("bloody_summer.hand.risk", chance=chance), (x + 95, area.y + 28), style.TINY,
                   _risk_color(chance), bold=True, anchor="center", max_width=200)
        p.text(t("bloody_summer.hand.keys"), (x + 95, area.bottom - 18), style.TINY, style.TEXT_MUTED,
               anchor="center", max_width=200)

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
                if chosen is not None:
                    ctx.act(chosen)
                    return True
                return False
            if key == pygame.K_p and PASS in ctx.legal:
                ctx.act(PASS)
                return True
            if key in (pygame.K_PERIOD, pygame.K_RIGHTBRACKET, pygame.K_d):
                self.selection = select.cycle(self.selection, ctx.legal, 1)
                return True
            if key in (pygame.K_COMMA, pygame.K_LEFTBRACKET, pygame.K_a):
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


BUTTONS_W_LIMIT = L.BUTTONS_X - L.HAND.x - 150


_DIM: dict[tuple[int, int], pygame.Surface] = {}


def _dim(w: int, h: int) -> pygame.Surface:
    """A translucent veil over hand cards that take part in no legal play (cached per size)."""
    surf = _DIM.get((w, h))
    if surf is None:
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(surf, (*style.SHADOW, 120), surf.get_rect(), border_radius=max(3, w // 10))
        _DIM[(w, h)] = surf
    return surf

