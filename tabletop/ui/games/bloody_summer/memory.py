"""What the BLOODY SUMMER board keeps across moves: the killer's show, the banner, the glow and the flights that
public events start, the cached layers, and the lines the table reads (status, seat info).

All of it is table state (`TABLE_STATE`): every seat may see it, so it carries over a hot-seat hand-over. What
the person at the screen chose (the selection) stays on `Board`.
"""

from __future__ import annotations

from collections import Counter

import pygame

from tabletop.engine.core import Event
from tabletop.games.bloody_summer.view import BloodySummerView
from tabletop.ui.games import BoardBase, TableContext
from tabletop.ui.games.bloody_summer import layout as L
from tabletop.ui.games.bloody_summer.check import CheckShow
from tabletop.ui.games.bloody_summer.draw_seats import marker_spot
from tabletop.ui.glow import Glow
from tabletop.ui.layer_cache import LayerCache
from tabletop.ui.motion import Motion, Spots
from tabletop.ui.painter import Painter
from tabletop.ui.table_services import TableServices
from tabletop.ui.words.bloody_summer import seat_facts, status_line

BANNER = 2.6  # seconds the "order reversed" banner stays up


class TableMemory(BoardBase):
    # What every seat may see (public animations, memories of public events, caches); see BoardBase.
    TABLE_STATE = ("show", "banner", "flash", "motion", "to_discard", "layers", "cells", "marker_seen",
                   "marker_wait")
    HAND_AREA = L.HAND

    def __init__(self, table: TableServices) -> None:
        self.table = table
        self.show: CheckShow | None = None
        self.banner = 0.0  # seconds of "order reversed" left (counts once the check show is over)
        self.flash: Glow[int] = Glow()  # the seat that just acted
        # Public moves: ("play", seat) from its seat to the pile; ("discard", i, value) the checked pile's
        # cards to the seen-cards box once the killer's show is over (`to_discard` waits for it).
        self.motion = Motion(lambda: table.settings)  # no settings service
        self.spots = Spots()
        self.to_discard: list[tuple[tuple, pygame.FRect]] = []
        # ("marker",) the start marker passing on (after a check, once its show is over) from its old holder's
        # panel (`marker_wait`: that seat, until it leaves) to the new holder's.
        self.marker_seen = self.public().marker
        self.marker_wait: int | None = None
        # Zones repainted only when what they show changes (keyed: each fills its zone, see LayerCache). A move
        # changes a few: the seats it touched, the pile's panels; the out-of-play grid repaints only its
        # changed cells (`cells`, layers inside that panel's layer).
        self.layers = LayerCache(size=64, keyed=True)
        self.cells = LayerCache(size=80, keyed=True)
        if not table.log_entries():  # a new game: the hands are dealt as the table opens
            self._deal()

    def public(self) -> BloodySummerView:
        view = self.table.public_view()
        assert isinstance(view, BloodySummerView)
        return view

    @staticmethod
    def view_of(ctx: TableContext) -> BloodySummerView:
        view = ctx.view
        assert isinstance(view, BloodySummerView)
        return view

    # ----- timers -----------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.flash.update(dt)
        self.motion.update(dt)
        if self.show is not None:
            self.show.time += dt
            if self.show.done:
                self.show = None
        if self.show is None and self.marker_wait is not None:
            start = self.marker_spot(self.table.painter, self.public(), self.table.viewer(), self.marker_wait)
            self.motion.start(("marker",), start, start)  # its end is known while drawing
            self.marker_wait = None
        if self.show is None and self.to_discard:
            for key, spot in self.to_discard:
                self.motion.fly(key, spot)
            self.to_discard = []
        elif self.banner > 0:
            self.banner = max(0.0, self.banner - dt)

    def busy(self) -> bool:
        """Let people watch the killer: the table holds the next AI move while the show runs."""
        return (self.show is not None or self.banner > 0 or self.motion.running() or bool(self.to_discard)
                or self.marker_wait is not None)

    def animating(self) -> bool:
        return bool(self.flash) or self.busy()

    def skip_motion(self) -> None:
        """A click on the board: every flight lands at once (the killer's show runs on until clicked itself)."""
        self.motion.skip()
        self.to_discard, self.marker_wait = [], None

    # ----- public events ----------------------------------------------------------------
    def _deal(self) -> None:
        """The hands are dealt from the camp site's middle, a card to each seat in turn (see `deal_hands`): the
        viewer's fly into the hand strip, the others' face down to the card badge on their seat panel."""
        self.deal_hands(L.HAND_CARD)

    def on_events(self, events: list[Event], seat: int) -> None:
        self.flash.light(seat)
        for e in events:
            if e.kind == "play":
                start = self._seat_rect(self.public(), self.table.viewer(), e.data["seat"])
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
        view = self.public()
        old, new = self.marker_seen, view.marker
        self.marker_seen = new
        if new != old and old is not None and view.winner is None and self.motion.enabled():
            self.marker_wait = old

    def marker_here(self, view: BloodySummerView, seat: int) -> bool:
        """The marker rests on `seat`'s panel (not while it flies there)."""
        return (view.marker == seat and view.winner is None and self.marker_wait is None
                and self.motion.get(("marker",)) is None)

    # ----- where public things are ------------------------------------------------------
    @staticmethod
    def _seat_rect(view: BloodySummerView, viewer: int | None, seat: int) -> pygame.FRect:
        return L.seat_rect(view.areas, viewer, seat)

    def marker_spot(self, p: Painter, view: BloodySummerView, viewer: int | None, seat: int) -> pygame.Vector2:
        """The centre of the start marker on `seat`'s panel (see `draw_seats.marker_spot`)."""
        return marker_spot(p, view, viewer, seat, self.dealt(seat, view.hand_sizes[seat]))

    # ----- lines the table shows --------------------------------------------------------
    def status(self, ctx: TableContext) -> str:
        return status_line(self.view_of(ctx), ctx.names)

    def seat_info(self, ctx: TableContext, seat: int) -> str:
        view = self.view_of(ctx)
        return " · ".join(seat_facts(view, seat, self.dealt(seat, view.hand_sizes[seat])))  # ticks up in a deal
