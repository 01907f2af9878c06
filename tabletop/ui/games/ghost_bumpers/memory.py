"""What the Ghost Bumpers table keeps across moves, and the words it says about them.

Every seat may see what `TABLE_STATE` names: the "just acted" glow, the cards in flight, a reveal or a
rotation being marked, the round's scoring panel and the score sheet's rounds. The rest belongs to the person
at the screen: their selection, the 0/10 declaration, the scared card's placement, the open score sheet.
`on_events` turns a move's public events into flights and marks; `status` and `seat_info` are the top bar's
and the side column's words.
"""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from tabletop.engine.core import Event
from tabletop.games.ghost_bumpers.cards import CARD_TEXTS
from tabletop.games.ghost_bumpers.view import GhostBumpersView
from tabletop.i18n import plural, t
from tabletop.ui import style
from tabletop.ui.games import BOARD_AREA, BoardBase, TableContext
from tabletop.ui.games.ghost_bumpers.fear import FearPicker
from tabletop.ui.games.ghost_bumpers.input import Selection, Target
from tabletop.ui.games.ghost_bumpers.layout import CARD, DRAW_GAP, MATS_Y, RESHUFFLED, TRICK_CARD, hand_spot
from tabletop.ui.games.ghost_bumpers.scoring import RoundScoring, score_sheet
from tabletop.ui.glow import Glow
from tabletop.ui.hitmap import HitMap
from tabletop.ui.layer_cache import LayerCache
from tabletop.ui.motion import Motion, Spots
from tabletop.ui.said import Said
from tabletop.ui.table_services import TableServices

Facts = list[tuple[str, style.Color]]  # the middle strip's lines about the trick, with their colours


def flight_kind(key: Hashable) -> str:
    """What a card in flight is doing ("play", "take", "draw", ...): the first part of its motion key."""
    return str(key[0]) if isinstance(key, tuple) else ""


class Memory(BoardBase):
    # What every seat may see (public animations, memories of public events, caches); see BoardBase.
    TABLE_STATE = ("flash", "motion", "fx", "scoring", "_sheet_cache")

    def __init__(self, table: TableServices) -> None:
        self.table = table
        self.sel: Selection | None = None
        self.z_choice = 10
        self.fear = FearPicker()
        self.flash: Glow[int] = Glow()  # seat -> "just acted" glow
        # Cards on their way (public events only): ("play", seat) into its trick zone, ("take", seat, card) and
        # ("discard", seat, card) to the discard pile, ("reveal", seat) a character card turning up, ("deal", seat,
        # i) and ("draw", seat, k) cards dealt or drawn into a hand (face down, see BoardBase.deal_hands).
        # The player's motion settings are not a TableServices member: the one reach past the seam.
        self.motion = Motion(lambda: table.settings)
        self.spots = Spots()  # where public places were drawn last frame; cards in flight drawn last
        self.fx: dict[int, tuple[str, float]] = {}  # seat -> (reveal | rotate, seconds left)
        self.scoring: RoundScoring | None = None
        self.sheet_open = False
        self._sheet_cache: tuple[int, list[list[int]], dict[int, int]] = (-1, [], {})
        self.mats = LayerCache(size=12, opaque=True)  # the mats' faces (see draw_mats): a mat covers its rect
        self.layers = LayerCache(size=4)  # the discard chips (see draw.middle)
        self._facts_said: tuple[tuple, Facts] = ((), [])  # see facts
        self._said = Said()  # the status and seat lines, formatted once per move
        self.hits: HitMap[Target] = HitMap()  # what the last frame drew where (hand cards, buttons)
        if not table.log_entries():  # a new game: its first hands are dealt as the table opens
            self._deal()

    # ----- time -------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.flash.update(dt)
        self.motion.update(dt)
        for seat, (kind, left) in list(self.fx.items()):
            if left - dt <= 0:
                del self.fx[seat]
            else:
                self.fx[seat] = (kind, left - dt)
        self.fear.update(dt)
        if self.scoring is not None:
            self.scoring.clock += dt
            if self._scoring_closes_itself() and self.scoring.expired():
                self._close_scoring()

    def busy(self) -> bool:
        """The round's scoring stays up for everyone at the table (no curtain, no AI move) until it is
        dismissed: the next hot-seat player's hiding decision never opens under it."""
        return self.scoring is not None or self.motion.running()

    def animating(self) -> bool:
        scoring = self.scoring is not None and (not self.scoring.finished or self._scoring_closes_itself())
        return bool(self.flash or self.fx) or scoring or self.fear.moving() or self.motion.running()

    # ----- the round's scoring panel ------------------------------------------------------
    def _scoring_closes_itself(self) -> bool:
        """A panel that says "click to continue" waits for someone at the screen to click; a table of AI
        seats and phones, where nobody plays at the screen, moves on by itself."""
        return not self.table.screen_humans()

    def _close_scoring(self) -> None:
        """The panel goes and the decision under it (where to hide the scared card) shows: the input gate
        keeps any press still on its way from choosing there."""
        self.scoring = None
        self.table.fresh_press()

    # ----- a move's events ----------------------------------------------------------------
    def on_events(self, events: list[Event], seat: int) -> None:
        self.flash.light(seat)
        if self.table.is_human(seat):
            self.sel = None
        for e in events:
            self._on_event(e)
        scoring = RoundScoring.from_events(events)
        if scoring is not None:
            self.scoring = scoring
            self.sheet_open = False

    def _on_event(self, e: Event) -> None:
        if e.kind in ("play", "play_z"):
            self.motion.fly(("play", e.data["seat"]), self._origin(e.data["seat"]))
        elif e.kind == "trick_won":
            view = self.table.public_view()
            assert isinstance(view, GhostBumpersView)
            last = view.history[-1][0] if view.history else ()  # none when the trick ended the round
            for s, card, _, _ in last:  # the trick's cards go to the discard pile
                self.spots.fly(self.motion, ("take", s, card), ("trick", s), base=style.TWEEN * 1.4)
        elif e.kind == "reshuffle":  # the discard pile goes back under the monster deck, face down
            for k, card in enumerate(RESHUFFLED):
                self.spots.fly(self.motion, ("reshuffle", k), ("chip", card), delay=k * DRAW_GAP)
        elif e.kind == "draw":  # replacement cards leave the monster deck face down for the drawer's hand
            reshuffling = any(flight_kind(k) == "reshuffle" for k in self.motion.tweens)
            after = style.TWEEN + len(RESHUFFLED) * DRAW_GAP if reshuffling \
                else 0.0  # after a reshuffle in the same move, once the deck is whole again
            for k in range(int(e.data["count"])):
                self.spots.fly(self.motion, ("draw", e.data["seat"], k), ("deck",), delay=after + k * DRAW_GAP)
        elif e.kind == "discarded":
            card = CARD_TEXTS.index(e.data["card"])
            self.motion.fly(("discard", e.data["seat"], card), self._origin(e.data["seat"]))
        elif e.kind == "reveal":
            self.fx[e.data["seat"]] = ("reveal", 1.2)
            self.motion.turn(("reveal", e.data["seat"]), base=style.TWEEN * 1.4)
        elif e.kind == "rotate":
            self.fx[e.data["seat"]] = ("rotate", 1.6)
        elif e.kind == "round_start":
            self.fear.reset()
            self.sel = None
            self._deal()

    def _deal(self) -> None:
        """The new hands are dealt from the table's centre, a card to each seat in turn (see `deal_hands`): the
        viewer's fly into the hand strip, the others' face down into their mats' trick zones."""
        self.deal_hands(CARD)

    @staticmethod
    def _hand_spot() -> pygame.FRect:
        return hand_spot()

    def _origin(self, seat: int) -> pygame.FRect:
        """Where `seat`'s cards leave from: the hand strip for the person at the screen, else their mat."""
        w, h = TRICK_CARD
        if seat == self.table.viewer():
            return hand_spot()
        mat = self.spots.rects.get(("mat", seat), pygame.FRect(BOARD_AREA.x, MATS_Y, w, h))
        return pygame.FRect(mat.centerx - w / 2, mat.y + 20, w, h)

    # ----- the score sheet and the trick's facts, kept until they change ---------------------
    def sheet(self, viewer: int | None) -> tuple[list[list[int]], dict[int, int]]:
        """Every scored round's points (as `viewer` may read them) and each round's start seat."""
        log = self.table.log_entries()
        if self._sheet_cache[0] != len(log):
            starts = {e.event.data["round"]: e.event.data["start_seat"] for e in log
                      if e.event.kind == "round_start"}
            self._sheet_cache = (len(log), score_sheet(log, viewer), starts)
        return self._sheet_cache[1], self._sheet_cache[2]

    # ----- words --------------------------------------------------------------------------
    @staticmethod
    def _round_text(view: GhostBumpersView) -> str:
        if view.mode == "target":
            return t("ghost_bumpers.round_target", round=view.round_no, target=view.target)
        return t("ghost_bumpers.round_of", round=view.round_no, rounds=view.rounds)

    def status(self, ctx: TableContext) -> str:
        view = ctx.view
        assert isinstance(view, GhostBumpersView)
        key = ("status", view.phase, view.mode, view.round_no, view.rounds, view.target, len(view.history),
               ctx.names[view.turn])
        return self._said(key, lambda: self._status(view, ctx))

    def _status(self, view: GhostBumpersView, ctx: TableContext) -> str:
        if view.phase == "over":
            return t("ghost_bumpers.status.over")
        rnd = self._round_text(view)
        if view.phase == "fear":
            return t("ghost_bumpers.status.fear", round=rnd)
        if view.phase == "discard":
            return t("ghost_bumpers.status.discard", round=rnd)
        return t("ghost_bumpers.status.play", round=rnd, trick=len(view.history) + 1, name=ctx.names[view.turn])

    def seat_info(self, ctx: TableContext, seat: int) -> str:
        view = ctx.view
        assert isinstance(view, GhostBumpersView)
        score, hand, deck = view.scores[seat], self.dealt(seat, view.hand_sizes[seat]), view.char_sizes[seat]
        start = seat == view.start_seat and view.phase != "over"

        def words() -> str:
            info = t("ghost_bumpers.seat_info", score=plural("app.count.point", score),
                     hand=plural("app.count.card", hand), deck=deck)
            return ("★ " + info) if start else info
        return self._said(("seat", score, hand, deck, start), words)
