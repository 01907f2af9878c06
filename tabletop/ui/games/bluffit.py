"""BLUFFIT table: scoring cards on top, one mat per seat, the viewer's hand at the bottom.

Bidding is select-then-confirm (a misclick never commits a secret bid); claiming
is a click on a highlighted scoring card (or a group button in the combine
variant); challenging is a click on a highlighted mat. Keys pick cards by value, as in
every game with numbered cards: 1–9 and 0 (= 10) pick the hand card of that value while
bidding, and claim the scoring card of that value in the bluff phase; Enter confirms.
← → step through the same choices: the biddable hand cards while bidding; in the bluff
phase the claimable scoring cards, group buttons and challengeable mats, left to right
(the one stepped to is lifted, lit or edged), and Enter takes it. Nothing is lit until an arrow is
pressed, so an Enter carried over from the last decision does nothing.
"""

from __future__ import annotations

from collections.abc import Hashable
from functools import lru_cache

import pygame

from tabletop import i18n
from tabletop.engine.core import Action, Event
from tabletop.games.bluffit.actions import Bid, Challenge, Claim
from tabletop.games.bluffit.cards import card_text, kind, parse_card, value
from tabletop.games.bluffit.state import FINAL_ROUND
from tabletop.games.bluffit.view import BluffitView
from tabletop.i18n import plural, t
from tabletop.ui import style
from tabletop.ui.cards import CardFace, render_back, render_card
from tabletop.ui.games import BOARD_AREA, BoardBase, TableContext
from tabletop.ui.layer_cache import LayerCache
from tabletop.ui.motion import Motion, Spots, blit_card, seat_anchor
from tabletop.ui.painter import Painter
from tabletop.ui.widgets import Button, click, step_choice
from tabletop.ui.words import words_for

SPECIAL_BANDS = {1: (70, 150, 90), 2: (130, 90, 180), 3: (60, 120, 190), 4: (90, 110, 40)}
CARD = (84, 120)
SMALL_CARD = (56, 80)


def face(card: int) -> CardFace:
    return _face(card, i18n.language())


@lru_cache(maxsize=256)
def _face(card: int, language: str) -> CardFace:
    """A card's face in `language` (kept: every card on the table asks for its face every frame)."""
    k = kind(card)
    text = card_text(card)
    if k == 0:
        return CardFace(str(value(card)), str(value(card)))
    return CardFace(str(value(card)), str(value(card)), t(f"bluffit.special.{text}", language), band=SPECIAL_BANDS[k])


def cards_label(cards: tuple[int, ...]) -> str:
    return words_for("bluffit").cards(cards)


def _final_round(view: BluffitView) -> bool:
    """The final round is being played: its participants hold their score piles as hands (rules §5)."""
    return view.round == FINAL_ROUND and view.phase != "over"


def pile_line(pile: list[int] | tuple[int, ...]) -> str:
    return _pile_line(len(pile), sum(value(c) for c in pile), i18n.language())


@lru_cache(maxsize=256)
def _pile_line(count: int, points: int, language: str) -> str:
    """The pile's words (kept: each seat's line in the side column asks for them every frame)."""
    return t("bluffit.pile", language, count=plural("app.count.card", count, language),
             points=plural("app.count.point", points, language))


class Board(BoardBase):
    # What every seat may see (public animations, memories of public events, caches); see BoardBase.
    TABLE_STATE = ("flash", "motion")
    HAND_AREA = pygame.FRect(BOARD_AREA.x, 512, BOARD_AREA.w, 196)  # drawn by _draw_hand

    def __init__(self, table) -> None:
        self.table = table
        self.selected: int | None = None  # the hand card picked for a bid
        self.focus: Action | None = None  # the bluff-phase choice stepped to with ← →, taken by Enter
        self.choices: list[Action] = []  # the bluff-phase choices as drawn, left to right (for ← →)
        self.focused_buttons: dict[Action, Button] = {}  # a group claim's button, lit when stepped to
        self.hot_cards: list[tuple[pygame.FRect, Action]] = []
        self.hot_mats: list[tuple[pygame.FRect, Action]] = []
        self.hot_hand: list[tuple[pygame.FRect, int]] = []
        self.buttons: list[Button] = []
        self.flash: dict[int, float] = {}  # seat -> seconds of "just acted" glow
        # Cards on their way, keyed by the public place they go to: ("strength", seat), ("held", seat, i),
        # ("table", card), ("pile", seat), ("gather", seat) (a round's strength card, face down, to the table's
        # middle), ("laid", i) (the next round's i-th scoring card, from that pile), ("removed", card) (an
        # unclaimed scoring card leaving the game), ("gathered_out",) (the game's last strength cards, gathered
        # face down, leaving it). A key names no hidden card;
        # the face drawn is the viewer's to see.
        self.motion = Motion(lambda: table.app.settings)
        self.spots = Spots()  # where those places were drawn last frame; cards in flight drawn last
        # The mats' faces (felt, edge, name, labels, pile line) as opaque layers keyed on what they show (each
        # paints the table's felt around its rounded corners first: a blit is a copy, a repaint needs no
        # encoding); the cards are drawn live over them (they move, glow and answer the mouse). The scoring
        # zone and the hand strip stay live: filling a mostly empty zone is cheaper than copying it.
        self.faces = LayerCache(size=8, opaque=True)  # small: a new look soon reuses an old one's surface
        if not table.session.record.actions:  # a new game: the hands are dealt as the table opens
            self._deal()

    def _deal(self) -> None:
        """The hands are dealt from the table's middle, a card to each seat in turn (see `deal_hands`): the
        viewer's fly into the hand strip, the others' face down onto their mats."""
        self.deal_hands(CARD)

    # ----- table hooks ------------------------------------------------------------------
    def update(self, dt: float) -> None:
        for seat in list(self.flash):
            self.flash[seat] -= dt
            if self.flash[seat] <= 0:
                del self.flash[seat]
        self.motion.update(dt)

    def busy(self) -> bool:
        return self.motion.running()

    def animating(self) -> bool:
        return bool(self.flash) or self.motion.running()

    def on_events(self, events: list[Event], seat: int) -> None:
        self.selected = None
        self.focus = None
        self.flash[seat] = 0.9
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
        for seat, size in enumerate(self.table.session.state.view(None).hand_sizes):
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
        pile = self._gather_rect()
        gathered = False
        for key, rect in self.spots.rects.items():
            if key[0] == "strength":
                gathered = bool(self.motion.fly(("gather", key[1]), rect)) or gathered
        table = self.table.session.state.view(None).table
        for i, _ in enumerate(table):  # public: face up next round
            self.motion.fly(("laid", i), pile, delay=style.TWEEN + i * 0.05, turn=True)
        if gathered and not table:
            self.motion.fly(("gathered_out",), pile, delay=style.TWEEN)

    @staticmethod
    def _gather_rect() -> pygame.FRect:
        """The pile the strength cards gather into: the middle of the scoring-card row."""
        w, h = CARD
        return pygame.FRect(BOARD_AREA.centerx - w / 2, 72 + 34, w, h)

    def _gathering(self) -> bool:
        return any(key[0] == "gather" for key in self.motion.tweens)

    def _move(self, e: Event) -> None:
        """Start the flights an event causes, from where things were drawn to where they now rest."""
        seat, target = e.data.get("seat"), e.data.get("target_seat")
        if e.kind == "bid":
            self.motion.fly(("strength", seat), self._bid_origin(seat))
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
            # Both cards turn over; each viewer sees a face only where its View shows one (see _draw_mat).
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
        anchor = seat_anchor(self.table.session.players, seat)
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
        if _final_round(view):  # the piles became hands (rules §5): say so, not "Pile 0 cards"
            if seat in view.participants:
                return t("bluffit.final_hand", count=plural("app.count.card", view.hand_sizes[seat]))
            return t("bluffit.final_sits_out", pile=pile_line(view.piles[seat]))
        return pile_line(view.piles[seat])

    # ----- layout -----------------------------------------------------------------------
    def _mat_rects(self, n: int) -> list[pygame.FRect]:
        gap = 10
        width = min(210, (BOARD_AREA.w - gap * (n - 1)) / n)
        total = width * n + gap * (n - 1)
        x0 = BOARD_AREA.x + (BOARD_AREA.w - total) / 2
        return [pygame.FRect(x0 + i * (width + gap), 250, width, 252) for i in range(n)]

    # ----- drawing ----------------------------------------------------------------------
    def draw(self, p: Painter, ctx: TableContext) -> None:
        view = ctx.view
        assert isinstance(view, BluffitView)
        self.hot_cards, self.hot_mats, self.hot_hand, self.buttons = [], [], [], []
        self.focused_buttons = {}
        self.spots.begin()
        claims = {a.cards: a for a in ctx.legal if isinstance(a, Claim)}
        challenges = {a.target: a for a in ctx.legal if isinstance(a, Challenge)}
        self._draw_table(p, view, claims, ctx)
        for seat, rect in enumerate(self._mat_rects(view.players)):
            self._draw_mat(p, view, ctx, seat, rect, challenges.get(seat))
        self.choices = [a for _, a in self.hot_cards] + self._group_claims(claims) + [a for _, a in self.hot_mats]
        self._draw_hand(p, view, ctx)
        self.spots.finish()
        self._draw_round_end(p)
        self.draw_deal(p, ctx.viewer)
        for b in self.buttons:
            b.hovered = b.rect.collidepoint(ctx.mouse) or self.focused_buttons.get(self.focus) is b
            b.draw(p)

    def _draw_round_end(self, p: Painter) -> None:
        """Cards of a finished round on their way: strength cards (backs) into the pile, unclaimed scoring
        cards out of the game (they shrink away off the table's left edge)."""
        pile = self._gather_rect()
        back = render_back(*p.size_px(pile.w, pile.h))
        gone = pygame.FRect(BOARD_AREA.x - 40, 72 + 60, 28, 40)
        for key in [k for k in self.motion.tweens if k[0] in ("gather", "removed", "gathered_out")]:
            if key[0] == "gather":
                blit_card(p, self.motion, key, pile, back)
            elif key[0] == "gathered_out":
                if not self.motion.tweens[key].waiting:  # the game's last strength cards, gathered, leave it
                    blit_card(p, self.motion, key, gone, render_back(*p.size_px(gone.w, gone.h)))
            else:
                blit_card(p, self.motion, key, gone, render_card(face(key[1]), *p.size_px(gone.w, gone.h)))

    def _draw_table(self, p: Painter, view: BluffitView, claims: dict, ctx: TableContext) -> None:
        area = pygame.FRect(BOARD_AREA.x, 72, BOARD_AREA.w, 168)
        p.rect(area, style.FELT_DARK, style.RADIUS)
        heading = p.text(t("bluffit.scoring_cards"), (area.x + 14, area.y + 8), style.SMALL, style.TEXT_MUTED)
        cards = list(view.table)
        w, h = CARD
        gap = 14
        total = len(cards) * w + max(0, len(cards) - 1) * gap
        x = area.centerx - total / 2
        if _final_round(view):  # why the piles are empty and the hands full again: left of the scoring cards
            top = p.under(heading, area.y + 34)
            p.wrapped(t("bluffit.final_note"), (area.x + 14, top, x - area.x - 34, area.bottom - 8 - top), style.TINY,
                      style.ACCENT, bold=True, line_gap=1.2)
        singles = {cs[0]: a for cs, a in claims.items() if len(cs) == 1}
        gathering = self._gathering()
        back = render_back(*p.size_px(w, h))  # a laid-out card turns up from its back
        for i, c in enumerate(cards):
            legal = singles.get(c)
            stepped_to = legal is not None and legal == self.focus  # ← → landed here: lifted, as a picked hand card
            rect = pygame.FRect(x, area.y + 34 - (10 if stepped_to else 0), w, h)
            laid = self.motion.get(("laid", i))
            if laid is not None:  # laid out from the round's gathered strength cards (not while they gather)
                self.spots.mark(("table", c), rect)
                if not (gathering and laid.waiting):
                    self.spots.card(p, self.motion, ("laid", i), rect, render_card(face(c), *p.size_px(w, h)), back)
            else:
                self._card(p, c, rect, highlight=legal is not None,
                           hover=legal is not None and rect.collidepoint(ctx.mouse),
                           selected=stepped_to, key=("table", c))
            if legal is not None:
                self.hot_cards.append((rect, legal))
            x += w + gap
        bx = area.right - 10
        for claim in reversed(self._group_claims(claims)):
            label = t("bluffit.action.claim", cards=cards_label(claim.cards))
            width = max(110, p.measure(label, style.SMALL) + 24)
            bx -= width
            self.buttons.append(Button(pygame.FRect(bx, area.bottom - 44, width, 36), label,
                                       lambda a=claim: ctx.act(a), size=style.SMALL, primary=True))
            self.focused_buttons[claim] = self.buttons[-1]
            bx -= 8
        if view.set_aside and view.round == 1:  # over the scoring cards, as they lay on the table
            aside = plural("app.count.card", len(view.set_aside))
            label = p.text(t("bluffit.set_aside", count=aside), (area.x + 14, area.bottom - 12), style.TINY,
                           style.TEXT_MUTED, anchor="bottomleft")
            for i in range(min(3, len(view.set_aside))):  # the pile stands on its label, whatever the text size
                p.blit(render_back(*p.size_px(36, 52)), (area.x + 16 + i * 4, label.top - 4 - 52 - i * 3))

    @staticmethod
    def _group_claims(claims: dict) -> list[Action]:
        """The combine variant's group claims (buttons), in the order they are drawn, left to right."""
        return [claims[cs] for cs in sorted((cs for cs in claims if len(cs) > 1), key=lambda cs: (value(cs[0]), len(cs)))]

    def _draw_mat(self, p: Painter, view: BluffitView, ctx: TableContext, seat: int, rect: pygame.FRect,
                  challenge: Action | None) -> None:
        participating = seat in view.participants or view.phase == "over"
        acting = seat in ctx.extra.get("to_act", ()) or (seat in view.participants and view.phase == "bluff"
                                                           and view.participants[view.turn] == seat)
        final_hand = view.hand_sizes[seat] if _final_round(view) and seat in view.participants else None
        face = (seat, ctx.names[seat], seat == ctx.viewer, participating, view.start == seat and view.phase != "over",
                view.has_bid[seat], tuple(view.piles[seat]), final_hand)
        self.faces.draw(p, rect, ("mat", face), lambda q: self._paint_mat_face(q, rect, face),
                        late=("mat", seat, ctx.viewer))  # may catch up a frame after a move lands
        if challenge or acting or seat in self.flash:  # a lit edge, drawn live (it changes with every move)
            edge = style.TEXT_LIGHT if seat in self.flash else style.ACCENT
            stepped_to = challenge is not None and challenge == self.focus  # ← → landed here: a bolder edge
            p.rect(rect.inflate(6, 6) if stepped_to else rect, edge, style.RADIUS, width=6 if stepped_to else 3)
        sw, sh = SMALL_CARD
        if seat != ctx.viewer:  # the board shows no other hand: its dealt cards land on the mat
            self.hand_place(seat, pygame.FRect(rect.centerx - sw / 2, rect.centery - sh / 2, sw, sh))
        top = rect.y + 58
        # Strength card: face up for its owner or someone who saw it; face down otherwise.
        strength = None
        if seat == ctx.viewer:
            strength = view.my_strength
        else:
            strength = dict(view.known).get(seat) or dict(view.public_known).get(seat)
        sx = rect.x + 10
        if view.has_bid[seat]:
            r = pygame.FRect(sx, top, sw, sh)
            self.spots.mark(("strength", seat), r)
            back = render_back(*p.size_px(sw, sh))
            if strength is not None:  # turns from its back when a challenge shows it (never one's own)
                self._card(p, strength, r, key=("strength", seat), back=None if seat == ctx.viewer else back)
            else:
                self.spots.card(p, self.motion, ("strength", seat), r, back)
        # Held unit
        held = view.held[seat]
        hx = sx + sw + 12
        for i, c in enumerate(held):
            self._card(p, c, pygame.FRect(hx + i * min(22, (rect.right - hx - sw - 8) / max(1, len(held))), top, sw,
                                          sh), key=("held", seat, i))
        # Score pile: top card visible, count and points.
        pile = view.piles[seat]
        py = rect.bottom - 48
        if pile:
            self._card(p, pile[-1], pygame.FRect(rect.x + 10, py - 8, 36, 52), key=("pile", seat))
        if challenge is not None:
            hover = rect.collidepoint(ctx.mouse) or challenge == self.focus
            label = pygame.FRect(rect.x + 10, top + sh + 8, rect.w - 20, 30)
            p.rect(label, style.ACCENT if hover else style.ACCENT_DARK, 8)
            p.text("⚔ " + t("bluffit.challenge_here"), label.center, style.SMALL, style.INK, bold=True,
                   anchor="center", max_width=label.w - 8)
            self.hot_mats.append((rect, challenge))

    @staticmethod
    def _paint_mat_face(p: Painter, rect: pygame.FRect, face: tuple) -> None:
        """A mat under its cards: felt, hairline edge, the seat's disc and name, the start player's star, the empty
        strength slot, and the score pile's count and points (in the final round, the hand the pile became)."""
        seat, name, viewing, participating, starts, has_bid, pile, final_hand = face
        p.rect(rect, style.FELT)
        p.rect(rect, (30, 64, 56) if participating else (28, 40, 38), style.RADIUS)
        p.rect(rect, style.FELT_LINE, style.RADIUS, width=1)
        p.circle((rect.x + 18, rect.y + 20), 11, style.SEAT_COLORS[seat % 6])
        p.text(style.SEAT_GLYPHS[seat % 6], (rect.x + 18, rect.y + 20), style.TINY, style.INK, anchor="center", icon=True)
        star_w = p.measure("★", style.BODY * p.scale_now) + 16 if starts else 0.0  # the star grows with the text
        p.text(name, (rect.x + 36, rect.y + 20), style.SMALL, style.TEXT_LIGHT, bold=viewing, anchor="midleft",
               max_width=rect.w - 36 - max(30.0, star_w + 4))
        if starts:
            p.text("★", (rect.right - 12, rect.y + 20), style.BODY, style.ACCENT, anchor="midright")
        if not participating:
            p.text(t("bluffit.sits_out"), rect.center, style.SMALL, style.TEXT_MUTED, anchor="center")
        sw, sh = SMALL_CARD
        top, sx = rect.y + 58, rect.x + 10
        p.text(t("bluffit.strength"), (sx, top - 2), style.TINY, style.TEXT_MUTED, anchor="bottomleft")
        if not has_bid:
            p.rect((sx, top, sw, sh), style.FELT_LINE, 6, width=1)
        # Count and points on one line, or the count above the points where the seat is narrow or the text large.
        py = rect.bottom - 48
        x, room = rect.x + 52, rect.w - 60  # right of the pile's top card
        if final_hand is not None:  # the pile became the hand (rules §5): no pile card, the line takes its place
            x, room = rect.x + 10, rect.w - 20
            count = plural("app.count.card", final_hand)
            options = [[t("bluffit.final_hand", count=count)],
                       [t("bluffit.final_hand_count", count=count), t("bluffit.final_from_pile")],
                       [t("bluffit.final_hand_count", count=count)], [t("bluffit.final_hand_word"), count]]
            lines = next((o for o in options if all(p.measure(s, style.TINY * p.scale_now) <= room for s in o)),
                         options[-1])
        else:
            lines = [pile_line(pile)]
            if p.measure(lines[0], style.TINY * p.scale_now) > room:
                lines = [plural("app.count.card", len(pile)), plural("app.count.point", sum(value(c) for c in pile))]
        step = style.TINY * 1.2 * p.scale_now
        for i, line in enumerate(lines):
            p.text(line, (x, py + 18 + (i - (len(lines) - 1) / 2) * step), style.TINY, style.TEXT_MUTED,
                   anchor="midleft", max_width=room)

    def _draw_hand(self, p: Painter, view: BluffitView, ctx: TableContext) -> None:
        area = pygame.FRect(BOARD_AREA.x, 512, BOARD_AREA.w, 196)
        biddable = {a.card for a in ctx.legal if isinstance(a, Bid)}  # every hand card in play; one in a lesson
        bidding = bool(biddable)
        if ctx.viewer is None:
            words = (t("app.spectating"), "")
        else:
            words = (self.hand_label(ctx, "bluffit.your_hand"),
                     t("bluffit.pick_bid") if bidding else (t("bluffit.pick_turn") if ctx.legal else ""))
        self._paint_hand_face(p, area, words, ctx.viewer is None)  # live, as the scoring zone
        if ctx.viewer is None:
            return
        hand = list(view.hand)
        w, h = CARD
        gap = min(10.0, (area.w - 40 - len(hand) * w) / max(1, len(hand) - 1))
        total = len(hand) * w + max(0, len(hand) - 1) * gap
        x = area.centerx - total / 2
        for i, c in enumerate(hand):
            legal = c in biddable
            lifted = legal and self.selected == c
            rect = pygame.FRect(x, area.y + 58 - (14 if lifted else 0), w, h)
            drawn = self.dealt_rect(ctx.viewer, i, rect)  # on its way from the deal (clicks keep `rect`)
            if drawn is not None:
                self._card(p, c, drawn, highlight=legal, hover=legal and rect.collidepoint(ctx.mouse),
                           selected=lifted)
            if bidding:  # every hand card answers a click: one that may not be bid says why (see _pick)
                self.hot_hand.append((rect, c))
            x += w + gap
        if bidding:
            label = words_for("bluffit").action(Bid(self.selected), ctx.names) if self.selected is not None else \
                t("app.confirm")
            self.buttons.append(Button(pygame.FRect(area.right - 190, area.y + 6, 180, 34), label,
                                       self._confirm(ctx), enabled=self.selected is not None, primary=True,
                                       size=style.SMALL))

    @staticmethod
    def _paint_hand_face(p: Painter, area: pygame.FRect, words: tuple[str, str], spectating: bool) -> None:
        """The hand strip under its cards: felt, the hand's label and what to do (or "spectating")."""
        p.rect(area, style.FELT_DARK, style.RADIUS)
        label, hint = words
        if spectating:
            p.text(label, area.center, style.BODY, style.TEXT_MUTED, anchor="center")
            return
        p.text(label, (area.x + 14, area.y + 8), style.SMALL, style.TEXT_MUTED, max_width=130)  # hint at x + 150
        if hint:
            p.text(hint, (area.x + 150, area.y + 8), style.SMALL, style.ACCENT, max_width=area.w - 360)

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
    def _confirm(self, ctx: TableContext):
        def confirm() -> None:
            if self.selected is not None and Bid(self.selected) in ctx.legal:
                ctx.act(Bid(self.selected))
        return confirm

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
        if bidding:
            self.selected = step_choice([c for c in ctx.view.hand if Bid(c) in ctx.legal], self.selected, step)
        else:
            self.focus = step_choice([a for a in self.choices if a in ctx.legal], self.focus, step)

    def handle(self, event: pygame.event.Event, ctx: TableContext) -> bool:
        self.motion.skip_on(event, BOARD_AREA, self.table.app.mouse)  # the click still does what it does
        if not ctx.legal:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            pos = self.table.app.mouse(event.pos)
            if click(self.buttons, pos):
                return True
            for rect, c in self.hot_hand:
                if rect.collidepoint(pos):
                    self._pick(c, ctx)
                    return True
            for rect, action in self.hot_cards + self.hot_mats:
                if rect.collidepoint(pos):
                    ctx.act(action)
                    return True
        if event.type == pygame.KEYDOWN:
            bidding = any(isinstance(a, Bid) for a in ctx.legal)
            bids = {value(c): c for c in ctx.view.hand} if bidding else {}
            digits = {pygame.K_1 + i: i + 1 for i in range(9)} | {pygame.K_0: 10}
            picked = digits.get(event.key)
            if picked in bids:  # by value: after the 3 is played, 3 still means the 3
                self._pick(bids[picked], ctx)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.selected is not None:
                self._confirm(ctx)()
                return True
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self._step(1 if event.key == pygame.K_RIGHT else -1, bidding, ctx)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.focus in ctx.legal:
                ctx.act(self.focus)
                return True
            singles = {value(a.cards[0]): a for a in ctx.legal if isinstance(a, Claim) and len(a.cards) == 1}
            if picked in singles and not bids:
                ctx.act(singles[picked])
                return True
        return False
