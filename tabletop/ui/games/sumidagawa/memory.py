"""What the Sumidagawa board keeps across moves: the glow of who just acted, the plays of this Jun and the last
one (from events), the note over the river, the public animations, and the status line they make."""

from __future__ import annotations

from typing import Any

import pygame

from tabletop.engine.core import Event
from tabletop.games.sumidagawa.state import FIRE_DISCARD, FIRE_RIN, OVER, REVIVE, TURN
from tabletop.games.sumidagawa.view import SumidagawaView
from tabletop.i18n import plural, t
from tabletop.ui import style
from tabletop.ui.games import BOARD_AREA, BoardBase, TableContext
from tabletop.ui.games.sumidagawa import art, panels, river
from tabletop.ui.games.sumidagawa.input import Move, Place
from tabletop.ui.games.sumidagawa.layout import CARDS_Y, HAND_LEFT
from tabletop.ui.games.sumidagawa.picking import Pick
from tabletop.ui.glow import Glow
from tabletop.ui.hitmap import HitMap
from tabletop.ui.motion import Motion, Spots
from tabletop.ui.table_services import TableServices
from tabletop.ui.words import join_names

NOTE_TIME = 6.0


def _public_rin(table: TableServices) -> tuple[tuple[int, ...], ...]:
    view = table.public_view()
    assert isinstance(view, SumidagawaView)
    return view.rin


class Memory(BoardBase):
    """The board's memory of public events (its `TABLE_STATE`) and the timers that run it down."""

    # What every seat may see (public animations, memories of public events, caches); see BoardBase.
    TABLE_STATE = ("flash", "banner_age", "prev_jun", "jun_log", "note", "note_time", "motion", "rin_seen")

    table: TableServices
    pick: Pick
    spots: Spots
    places: HitMap[Place]
    hot: HitMap[Move]

    def remember(self, table: TableServices, motion: Motion) -> None:
        self.flash: Glow[int] = Glow()
        self.banner_age = 99.0  # since the newest play landed: its banner slides in, its outline glows
        self.prev_jun: list[tuple[Any, ...]] = []  # plays/discards of the Jun that just ended, from events
        self.jun_log: list[tuple[Any, ...]] = []
        self.note: tuple[str, dict[str, Any]] | None = None
        self.note_time = 0.0
        # Public moves: ("river",) the newest play or discard flying in from its seat, ("rin", seat, colour) a Rin
        # turning down or back up, ("tile", tile) an agari tile flying from the seat that went out to the tile row,
        # ("taken", tile) one turning over to its holder's colour, ("leaving", i, face) the cards of a finished
        # Jun drifting away when the next Jun begins.
        self.motion = motion
        self.rin_seen = _public_rin(table)  # the public Rin before the next events (rin_flip)
        self.landing = False

    def update(self, dt: float) -> None:
        self.flash.update(dt)
        self.banner_age += dt
        self.note_time = max(0.0, self.note_time - dt)
        self.motion.update(dt)

    def busy(self) -> bool:
        return self.motion.running()

    def animating(self) -> bool:
        return (bool(self.flash) or self.banner_age < style.JUST_ACTED or self.note_time > 0
                or self.motion.running())

    def origin(self, seat: int) -> pygame.FRect:
        """Where `seat`'s cards leave from: the hand for the person at the screen, else their seat in the strip."""
        w, h = art.RIVER_CARD
        if seat == self.table.viewer():
            return pygame.FRect(HAND_LEFT + 300, CARDS_Y, w, h)
        r = self.places.rect_of(("seat", seat)) or BOARD_AREA
        return pygame.FRect(r.centerx - w / 2, r.centery - h / 2, w, h)

    def on_events(self, events: list[Event], seat: int) -> None:
        self.landing = True  # this frame draws the move: it renders nothing ahead (river.warm_words)
        self.flash.light(seat)
        if self.table.is_human(seat):
            self.pick.clear()
        points: list[tuple[int, int]] = []
        for e in events:
            if e.kind in ("play", "discard") and not self.jun_log and self.prev_jun:
                self._send_away(self.prev_jun)
            if e.kind == "points":
                points.append((e.data["seat"], e.data["points"]))
            else:
                self._on_event(e, seat, points)
        self._turn_flipped(events)

    def _on_event(self, e: Event, seat: int, points: list[tuple[int, int]]) -> None:
        d = e.data
        if e.kind == "play":
            self.banner_age = 0.0
            self.jun_log.append(("play", d["seat"], d["cards"], d["combo"], d["declared"]))
            self.motion.fly(("river",), self.origin(d["seat"]))
        elif e.kind == "discard":
            self.jun_log.append(("discard", d["seat"], d["card"]))
            self.motion.fly(("river",), self.origin(d["seat"]))
        elif e.kind in ("rin_down", "revive"):  # turned down by a play, back up at a Jun's end
            self.motion.turn(("rin", d["seat"], d["colour"]))
        elif e.kind == "tile":  # an agari tile taken by the seat whose hand emptied turns to its colour
            self.motion.turn(("taken", d["tile"]))
        elif e.kind == "out":
            self.motion.fly(("tile", d["tile"]), self.origin(d["seat"]))
            self._set_note("note_out", seat=d["seat"], place=d["place"])
        elif e.kind in ("jun_end", "jun_end_dakuryu", "jun_end_empty"):
            self.prev_jun, self.jun_log = self.jun_log, []
            if e.kind == "jun_end":
                self._set_note("note_jun_end", seat=d["last_seat"])
            elif e.kind == "jun_end_dakuryu":
                self._set_note("note_jun_dakuryu", seat=d["seat"])
            else:
                self._set_note("note_jun_empty")
        elif e.kind == "game_start":
            self.deal()
        elif e.kind == "game_end":
            self.prev_jun, self.jun_log = [], []
            self._set_note("note_game_end", game=d["game"], points=points[:])

    def _turn_flipped(self, events: list[Event]) -> None:
        """Used Rin turned face down at a Jun's end (`rin_flip` gives only a count): the public Rin before and
        after the events tell which colours turned, and those turn over where they now lie."""
        before, self.rin_seen = self.rin_seen, _public_rin(self.table)
        if any(e.kind == "game_start" for e in events):
            return  # a new game's Rin all stand up again: nothing turned on the table shown
        for e in events:
            if e.kind == "rin_flip":
                seat = e.data["seat"]
                for colour, n in panels.flipped_rin(seat, before[seat], self.rin_seen[seat], events).items():
                    for k in range(n):
                        self.motion.turn(("rin_flip", seat, colour, k))

    def deal(self) -> None:
        """Each game's hands are dealt from the river's middle, a card to each seat in turn (see `deal_hands`):
        the viewer's fly into the hand strip, the others' face down onto the fan of backs on their seat panel."""
        self.deal_hands(art.CARD)

    def _send_away(self, entries: list[tuple[Any, ...]]) -> None:
        """The finished Jun's cards (drawn last frame, dimmed) leave the river as the new Jun's first play lands."""
        faces = [face for entry in river.items_from_events(entries) for face in river.item_faces(entry)]
        for i, face in enumerate(faces):
            spot = self.spots.rects.get(("previous", i - len(faces)))
            if spot is not None:
                self.motion.fly(("leaving", i, face), spot, base=style.TWEEN * 1.4, delay=0.02 * i)

    def _set_note(self, key: str, **params: Any) -> None:
        self.note = (key, params)
        self.note_time = NOTE_TIME

    def note_text(self, ctx: TableContext) -> str:
        if self.note is None or self.note_time <= 0:
            return ""
        key, params = self.note
        shown = dict(params)
        if "seat" in shown:
            shown["name"] = ctx.names[shown["seat"]]
        if "points" in shown:
            shown["points"] = join_names(f"{ctx.names[s]} {pts}" for s, pts in sorted(shown["points"],
                                                                                     key=lambda sp: -sp[1]))
        return t(f"sumidagawa.{key}", **shown)

    def status(self, ctx: TableContext) -> str:
        view = ctx.view
        assert isinstance(view, SumidagawaView)
        if view.phase == OVER:
            return t("sumidagawa.status_over")
        game = t("sumidagawa.status_game", game=view.game_index + 1, games=view.games_target, jun=view.jun_number)
        if view.phase == TURN:
            phase = (t("sumidagawa.phase_open") if view.table is None
                     else t("sumidagawa.phase_table", table=view.table))
        else:
            who = view.revive_queue[0] if view.phase == REVIVE and view.revive_queue else view.last_player
            key = {FIRE_DISCARD: "phase_fire_discard", FIRE_RIN: "phase_fire_rin", REVIVE: "phase_revive"}[view.phase]
            phase = t(f"sumidagawa.{key}", name=ctx.names[who] if who >= 0 else "")
        return f"{game} · {phase}"

    def seat_info(self, ctx: TableContext, seat: int) -> str:
        view = ctx.view
        assert isinstance(view, SumidagawaView)
        if seat in view.out_order:
            return t("sumidagawa.info_out", place=view.out_order.index(seat) + 1,
                     points=plural("app.count.point", view.scores[seat]))
        return t("sumidagawa.info", cards=plural("app.count.card", self.dealt(seat, view.hand_sizes[seat])),
                 up=view.rin[seat][0] + view.rin[seat][1], points=plural("app.count.point", view.scores[seat]))
