"""What the BLUFFIT board keeps across moves: who just acted (the glow) and the cards in flight, started from
the events of each move; and the status lines they make."""

from __future__ import annotations

import pygame

from tabletop.engine.core import Action, Event
from tabletop.games.bluffit.cards import parse_card
from tabletop.games.bluffit.state import FINAL_ROUND
from tabletop.games.bluffit.view import BluffitView
from tabletop.i18n import plural, t
from tabletop.ui import style
from tabletop.ui.games import BOARD_AREA, BoardBase, TableContext
from tabletop.ui.games.bluffit.art import CARD, SMALL_CARD, final_round, gather_rect, pile_line
from tabletop.ui.glow import Glow
from tabletop.ui.motion import Motion, Spots
from tabletop.ui.table_services import TableServices


def _public(table: TableServices) -> BluffitView:
    view = table.public_view()
    assert isinstance(view, BluffitView)
    return view


class Memory(BoardBase):
    """The board's memory of public events (its `TABLE_STATE`) and the timers that run it down."""

    # What every seat may see (public animations, memories of public events, caches); see BoardBase.
    TABLE_STATE = ("flash", "motion")

    table: TableServices
    selected: int | None
    focus: Action | None

    def remember(self, motion: Motion) -> None:
        self.flash: Glow[int] = Glow()  # the seats that just acted
        # Cards on their way, keyed by the public place they go to: ("strength", seat), ("held", seat, i),
        # ("table", card), ("pile", seat), ("gather", seat) (a round's strength card, face down, to the table's
        # middle), ("laid", i) (the next round's i-th scoring card, from that pile), ("removed", card) (an
        # unclaimed scoring card leaving the game), ("gathered_out",) (the game's last strength cards, gathered
        # face down, leaving it). A key names no hidden card;
        # the face drawn is the viewer's to see.
        self.motion = motion
        self.spots = Spots()  # where those places were drawn last frame; cards in flight drawn last

    def deal(self) -> None:
        """The hands are dealt from the table's middle, a card to each seat in turn (see `deal_hands`): the
        viewer's fly into the hand strip, the others' face down onto their mats."""
        self.deal_hands(CARD)

    # ----- table hooks ------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.flash.update(dt)
        self.motion.update(dt)

    def busy(self) -> bool:
        return self.motion.running()

    def animating(self) -> bool:
        return bool(self.flash) or self.motion.running()

    def on_events(self, events: list[Event], seat: int) -> None:
        self.selected = None
        self.focus = None
        self.flash.light(seat)
        for e in events:
            self._move(e)
        if any(e.kind == "round_scored" for e in events):
            self._gather_strength_cards()
        if any(e.kind == "final_round" for e in events):
            self._pick_up_piles()

    def _pick_up_piles(self) -> None:
        """The final round (rules §5): each participant picks up their whole score pile as their hand. Its
        cards leave the pile one after another, once the round's won cards have landed on it: yours into the
        hand strip, the others' face down onto their mats. Only the public pile sizes are read."""
        for seat, size in enumerate(_public(self.table).hand_sizes):
            pile = self.spots.rects.get(("pile", seat))
            if pile is None or not size:
                continue
            gap = min(0.04, 0.4 / size)
            for i in range(size):
                self.motion.fly(("deal", seat, i), pile, delay=style.TWEEN + i * gap)

    def _gather_strength_cards(self) -> None:
        """A round ends: its strength cards become the next scoring cards (rules §4.4). They leave every mat
        together, face down, for one pile in the table's middle (in a shuffled pile nobody can tell whose card
        is whose), and the pile is laid out: each new scoring card flies to its place, turning face up. At the
        game's end there is no next round: the gathered pile leaves the game, still face down."""
        pile = gather_rect()
        gathered = False
        for key, rect in self.spots.rects.items():
            if isinstance(key, tuple) and key[0] == "strength":
                gathered = bool(self.motion.fly(("gather", key[1]), rect)) or gathered
        table = _public(self.table).table
        for i, _ in enumerate(table):  # public: face up next round
            self.motion.fly(("laid", i), pile, delay=style.TWEEN + i * 0.05, turn=True)
        if gathered and not table:
            self.motion.fly(("gathered_out",), pile, delay=style.TWEEN)

    def gathering(self) -> bool:
        return any(isinstance(key, tuple) and key[0] == "gather" for key in self.motion.tweens)

    def _move(self, e: Event) -> None:
        """Start the flights an event causes, from where things were drawn to where they now rest."""
        seat, target = e.data.get("seat"), e.data.get("target_seat")
        if e.kind == "bid":
            self.motion.fly(("strength", seat), self._bid_origin(e.data["seat"]))
        elif e.kind == "claim":
            for i, c in enumerate(e.data["cards"]):
                self.spots.fly(self.motion, ("held", seat, i), ("table", parse_card(c)))
        elif e.kind == "challenge_won":
            for i, _ in enumerate(e.data["cards"]):
                self.spots.fly(self.motion, ("held", seat, i), ("held", target, i))
        elif e.kind == "both_lose":
            for i, c in enumerate(e.data["cards"]):
                self.spots.fly(self.motion, ("table", parse_card(c)), ("held", target, i))
        elif e.kind == "compare":
            # Both cards turn over; each viewer sees a face only where its View shows one (see draw_mat).
            for s in (seat, target):
                self.motion.turn(("strength", s), base=style.TWEEN * 1.4)
        elif e.kind == "round_scored":
            for s, cards in e.data["banked"].items():
                self.spots.fly(self.motion, ("pile", int(s)), ("held", int(s), len(cards) - 1))
            for c in e.data["removed"]:  # unclaimed: it leaves the game past the table's left edge
                self.spots.fly(self.motion, ("removed", parse_card(c)), ("table", parse_card(c)))

    def _bid_origin(self, seat: int) -> pygame.FRect:
        """A bid leaves the hand strip's middle for the person at the screen (its slot would tell the next
        hot-seat player the card's rank), else the seat's disc in the side column."""
        w, h = CARD
        if seat == self.table.viewer():
            return pygame.FRect(BOARD_AREA.centerx - w / 2, 570, w, h)
        anchor = self.table.seat_anchor(seat)
        return pygame.FRect(anchor.x - SMALL_CARD[0] / 2, anchor.y - SMALL_CARD[1] / 2, *SMALL_CARD)

    def status(self, ctx: TableContext) -> str:
        view = ctx.view
        assert isinstance(view, BluffitView)
        phase = t(f"bluffit.phase.{view.phase}")
        if view.round == FINAL_ROUND:
            return t("bluffit.final_status", phase=phase)
        return t("bluffit.round_status", round=view.round, phase=phase)

    def seat_info(self, ctx: TableContext, seat: int) -> str:
        view = ctx.view
        assert isinstance(view, BluffitView)
        if final_round(view):  # the piles became hands (rules §5): say so, not "Pile 0 cards"
            if seat in view.participants:
                return t("bluffit.final_hand", count=plural("app.count.card", view.hand_sizes[seat]))
            return t("bluffit.final_sits_out", pile=pile_line(view.piles[seat]))
        return pile_line(view.piles[seat])
