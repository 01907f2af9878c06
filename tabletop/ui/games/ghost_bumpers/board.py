"""Ghost Bumpers table: one mat per seat on top, the monster deck and discard pile in the middle,
the viewer's hand at the bottom.

Each mat shows the seat's character deck as a face-down stack with the unafraid cards
revealed this round fanned beside it, the start card (★) if they hold it, and their play
in the current trick with its strength as the rules write it ("3.8"); between tricks the
last trick stays visible with its winner marked. The viewer's own mat also shows their
deck order with S (only theirs, never another seat's). The fear phase replaces the
middle strip with the placement screen; the end of a round shows the scoring card by
card; the score sheet is a toggle.

Mouse: click hand cards to select identical cards (click a selected card again to drop
it), then Play; with the 0/10 card selected choose 0 or 10. Drag the scared card into
the deck (or click a slot) and confirm. Right click clears a selection.

Keys: 1–9 select a value (press again for one more card of it), Z or 0 the 0/10 card,
↑/↓ (or +/−) change how many cards, Enter plays; with the 0/10 card selected ←/→ pick
0 or 10 and Enter plays. Placement: ←/→ (Home/End) move the scared card, Enter places
it. Forced discard: 1–9 / Z select, Enter discards. Backspace clears, S toggles the
score sheet, Space or Enter closes the round's scoring.
"""

from __future__ import annotations

import pygame

from tabletop import i18n
from tabletop.engine.core import Action, Event
from tabletop.games.ghost_bumpers.actions import Discard, Play, PlayZ, SetFear
from tabletop.games.ghost_bumpers.cards import CARD_TEXTS, CHAR_DECK_SIZE, FIVE, KINDS, Z, strength, strength_text
from tabletop.games.ghost_bumpers.view import GhostBumpersView
from tabletop.i18n import plural, t
from tabletop.ui import style
from tabletop.ui.cards import render_back, render_card
from tabletop.ui.games import BOARD_AREA, BoardBase, TableContext
from tabletop.ui.games.ghost_bumpers.art import card_label, character_face, monster_face
from tabletop.ui.games.ghost_bumpers.fear import FearPicker
from tabletop.ui.games.ghost_bumpers.paint import shade, zone
from tabletop.ui.games.ghost_bumpers.scoring import RoundScoring, draw_sheet, score_sheet
from tabletop.ui.layer_cache import LayerCache
from tabletop.ui.motion import Motion, Spots, blit_card
from tabletop.ui.painter import Painter
from tabletop.ui.said import Said
from tabletop.ui.widgets import Button

MATS_Y, MATS_H = 72.0, 226.0
MID = pygame.FRect(BOARD_AREA.x, 306, BOARD_AREA.w, 150)
HAND = pygame.FRect(BOARD_AREA.x, 464, BOARD_AREA.w, 244)
OVERLAY = pygame.FRect(BOARD_AREA.x, MATS_Y, BOARD_AREA.w, MID.bottom - MATS_Y)  # covers mats and middle
CARD = (84.0, 120.0)
TRICK_CARD = (48.0, 68.0)
CHAR_CARD = (44.0, 63.0)
DRAW_GAP = 0.06  # seconds between two replacement cards leaving the monster deck
RESHUFFLED = (0, 3, 6, 9)  # the discard chips (by position) that a reshuffle's few backs leave from
ORDER = tuple(range(1, KINDS)) + (Z,)  # hand order: 1..9, then the 0/10 card
TRICK_FELT = (18, 42, 37)
DIGITS = {pygame.K_1 + i: i + 1 for i in range(9)} | {pygame.K_KP1 + i: i + 1 for i in range(9)}


def _sorted_hand(counts: tuple[int, ...]) -> list[int]:
    return [c for c in ORDER for _ in range(counts[c])]


class Board(BoardBase):
    # What every seat may see (public animations, memories of public events, caches); see BoardBase.
    TABLE_STATE = ("flash", "motion", "fx", "scoring", "_sheet_cache")
    LETTER_KEYS = frozenset({pygame.K_z})  # the 0/10 card
    HAND_AREA = HAND

    def __init__(self, table) -> None:
        self.table = table
        self.sel: tuple[int, int] | None = None  # (card, count) picked in the hand
        self.z_choice = 10
        self.fear = FearPicker()
        self.fear_top: float | None = None  # the fear panel's top edge while it is open (it grows with the text)
        self.flash: dict[int, float] = {}  # seat -> "just acted" glow
        # Cards on their way (public events only): ("play", seat) into its trick zone, ("take", seat, card) and
        # ("discard", seat, card) to the discard pile, ("reveal", seat) a character card turning up, ("deal", seat,
        # i) and ("draw", seat, k) cards dealt or drawn into a hand (face down, see BoardBase.deal_hands).
        self.motion = Motion(lambda: table.app.settings)
        self.spots = Spots()  # where public places were drawn last frame; cards in flight drawn last
        self.fx: dict[int, tuple[str, float]] = {}  # seat -> (reveal | rotate, seconds left)
        self.scoring: RoundScoring | None = None
        self.sheet_open = False
        self._sheet_cache: tuple[int, list[list[int]], dict[int, int]] = (-1, [], {})
        self.mats = LayerCache(size=12, opaque=True)  # the mats' faces (see _draw_mat): a mat covers its rect
        self.layers = LayerCache(size=4)  # the discard chips (see _draw_middle)
        self._facts_said: tuple[tuple, list[tuple[str, style.Color]]] = ((), [])  # see _facts
        self._said = Said()  # the status and seat lines, formatted once per move
        self.hot_hand: list[tuple[pygame.FRect, int, int]] = []  # rect, card, index within its value
        self.buttons: list[Button] = []
        self.sheet_button: Button | None = None
        if not table.session.record.actions:  # a new game: its first hands are dealt as the table opens
            self._deal()

    # ----- table hooks ------------------------------------------------------------------
    def update(self, dt: float) -> None:
        for seat in list(self.flash):
            self.flash[seat] -= dt
            if self.flash[seat] <= 0:
                del self.flash[seat]
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
        return not self.table.session.screen_humans()

    def _close_scoring(self) -> None:
        """The panel goes and the decision under it (where to hide the scared card) shows: the input gate
        keeps any press still on its way from choosing there."""
        self.scoring = None
        self.table.app.stack.gate.arm()

    def _handle_scoring(self, event: pygame.event.Event) -> bool:
        """While the scoring panel is up the board takes only its dismissal: a click, Space or Enter first
        finishes the count, then closes it; nothing reaches the decision hidden under it."""
        closing = (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1) or (
            event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER))
        if closing and self.scoring is not None:
            if self.scoring.finished:
                self._close_scoring()
            else:
                self.scoring.skip()
            return True
        return False  # other keys go on to the table (rules, menu, log); never to the board under the panel

    def on_events(self, events: list[Event], seat: int) -> None:
        self.flash[seat] = 0.9
        if self.table.session.is_human(seat):
            self.sel = None
        for e in events:
            if e.kind in ("play", "play_z"):
                self.motion.fly(("play", e.data["seat"]), self._origin(e.data["seat"]))
            elif e.kind == "trick_won":
                view = self.table.session.state.view(None)
                assert isinstance(view, GhostBumpersView)
                last = view.history[-1][0] if view.history else ()  # none when the trick ended the round
                for s, card, _, _ in last:  # the trick's cards go to the discard pile
                    self.spots.fly(self.motion, ("take", s, card), ("trick", s), base=style.TWEEN * 1.4)
            elif e.kind == "reshuffle":  # the discard pile goes back under the monster deck, face down
                for k, card in enumerate(RESHUFFLED):
                    self.spots.fly(self.motion, ("reshuffle", k), ("chip", card), delay=k * DRAW_GAP)
            elif e.kind == "draw":  # replacement cards leave the monster deck face down for the drawer's hand
                after = style.TWEEN + len(RESHUFFLED) * DRAW_GAP if any(k[0] == "reshuffle" for k in self.motion.tweens) \
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
        scoring = RoundScoring.from_events(events)
        if scoring is not None:
            self.scoring = scoring
            self.sheet_open = False

    def _deal(self) -> None:
        """The new hands are dealt from the table's centre, a card to each seat in turn (see `deal_hands`): the
        viewer's fly into the hand strip, the others' face down into their mats' trick zones."""
        self.deal_hands(CARD)

    @staticmethod
    def _hand_spot() -> pygame.FRect:
        """The middle of the hand strip: where the viewer's cards leave from and drawn cards arrive."""
        w, h = TRICK_CARD
        return pygame.FRect(HAND.centerx - w / 2, HAND.y + 60, w, h)

    def _origin(self, seat: int) -> pygame.FRect:
        """Where `seat`'s cards leave from: the hand strip for the person at the screen, else their mat."""
        w, h = TRICK_CARD
        if seat == self.table.viewer():
            return self._hand_spot()
        mat = self.spots.rects.get(("mat", seat), pygame.FRect(BOARD_AREA.x, MATS_Y, w, h))
        return pygame.FRect(mat.centerx - w / 2, mat.y + 20, w, h)

    def _round_text(self, view: GhostBumpersView) -> str:
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

    # ----- drawing ----------------------------------------------------------------------
    def draw(self, p: Painter, ctx: TableContext) -> None:
        view = ctx.view
        assert isinstance(view, GhostBumpersView)
        self.buttons, self.hot_hand = [], []
        self.spots.begin()
        covered = self.sheet_open or self.scoring is not None
        if not covered:  # the overlays hide the mats and the middle strip: do not draw them twice
            n = view.players
            gap = 8
            width = (BOARD_AREA.w - gap * (n - 1)) / n
            fear_open = view.phase == "fear" and any(isinstance(a, SetFear) for a in ctx.legal)
            # Larger text needs a taller panel: it grows upwards over the mats' (still empty) trick zones,
            # whose status lines keep to the part above it.
            grow = (p.scale_now - 1) * 96  # leaves the status lines above it their size at 100 %
            fear_panel = pygame.FRect(MID.x, MID.y - grow, MID.w, MID.h + grow)
            self.fear_top = fear_panel.y if fear_open else None
            for seat in range(n):
                rect = pygame.FRect(BOARD_AREA.x + seat * (width + gap), MATS_Y, width, MATS_H)
                self._draw_mat(p, view, ctx, seat, rect)
            if fear_open:
                self.fear.draw(p, fear_panel, ctx.mouse)
            else:
                self._draw_middle(p, view, ctx)
        self._draw_hand(p, view, ctx)
        self.spots.finish()
        self.draw_deal(p, ctx.viewer)
        for b in self.buttons:
            b.hovered = b.rect.collidepoint(ctx.mouse)
            b.draw(p, focused=b.selected)
        if self.sheet_open:
            rounds, starts = self._sheet(ctx)
            draw_sheet(p, OVERLAY, rounds, ctx.names, view.scores, starts.get)
        elif self.scoring is not None:
            self.scoring.draw(p, OVERLAY, ctx.names)

    def _sheet(self, ctx: TableContext) -> tuple[list[list[int]], dict[int, int]]:
        log = self.table.session.log
        if self._sheet_cache[0] != len(log):
            starts = {e.event.data["round"]: e.event.data["start_seat"] for e in log
                      if e.event.kind == "round_start"}
            self._sheet_cache = (len(log), score_sheet(log, ctx.viewer), starts)
        return self._sheet_cache[1], self._sheet_cache[2]

    def _card(self, p: Painter, card: int, rect: pygame.FRect, highlight: bool = False, hover: bool = False,
              selected: bool = False, shadow: bool = True) -> None:
        if highlight or selected:
            p.rect(rect.inflate(8, 8), style.ACCENT if (hover or selected) else style.ACCENT_DARK, style.RADIUS,
                   width=0 if selected else 3)
        if shadow:
            shade(p, (rect.x + 2, rect.y + 3, rect.w, rect.h), 60, 6)
        p.blit(render_card(monster_face(card), *p.size_px(rect.w, rect.h)), rect.topleft)

    def _pill(self, p: Painter, text: str, center: tuple[float, float], fill: style.Color, ink: style.Color,
              size: float = style.H2) -> None:
        w = p.measure(text, size, bold=True) + 16
        r = pygame.FRect(0, 0, max(40, w), size + 12)
        r.center = center
        p.rect(r, fill, r.h / 2)
        p.rect(r, style.PANEL_EDGE, r.h / 2, width=1)
        p.text(text, r.center, size, ink, bold=True, anchor="center")

    # ----- seat mats --------------------------------------------------------------------
    def _draw_mat(self, p: Painter, view: GhostBumpersView, ctx: TableContext, seat: int, rect: pygame.FRect) -> None:
        trick_zone = pygame.FRect(rect.x + 6, rect.y + 148, rect.w - 12, MATS_H - 154)
        self.spots.mark(("mat", seat), rect)
        if seat != ctx.viewer:  # another seat's dealt or drawn cards land face down in its trick zone
            dw, dh = CHAR_CARD
            self.hand_place(seat, pygame.FRect(trick_zone.centerx - dw / 2, trick_zone.centery - dh / 2, dw, dh))
        else:  # the viewer's drawn cards land in the hand strip
            self.hand_place(seat, self._hand_spot())
        # Everything above the trick zone changes only when this seat's facts do: a cached layer, so a
        # move repaints the one or two mats it touched, not all of them.
        revealing = self.motion.get(("reveal", seat)) is not None
        own = view.own_scared if seat == ctx.viewer else None
        key = ("mat", seat, ctx.names[seat], ctx.viewer, view.phase == "play" and view.turn == seat,
               seat in self.flash, seat == view.start_seat and view.phase != "over", view.scores[seat],
               self.dealt(seat, view.hand_sizes[seat]), view.char_sizes[seat], view.scared_out[seat],
               view.rotations[seat], (self.fx.get(seat) or ("",))[0], revealing, own, p.min_text)
        self.mats.draw(p, rect, key, lambda q: self._mat_face(q, view, ctx, seat, rect, trick_zone, revealing),
                       late=("mat", seat, ctx.viewer))  # may catch up a frame after a move lands
        if revealing:  # the card turning up is drawn live, over the layer (and in flight, after the board)
            self._reveal_card(p, view, seat, rect)
        # The trick zone.
        self._draw_play(p, view, ctx, seat, trick_zone)

    def _char_geometry(self, p: Painter, rect: pygame.FRect) -> tuple[float, float, float, float]:
        """The character cards' size and the deck's top edge on a mat: (width, height, left, top)."""
        cw, ch = CHAR_CARD
        trick_top = rect.y + 148
        top = rect.y + 64 + (p.scale_now - 1) * 20  # below the score line, however large its text
        # The viewer's S/U pips sit between the cards and the trick zone and grow with the text: with
        # large text the character cards get smaller (on every mat alike) to leave them room.
        pip_h = max(16.0, style.TINY * p.text_scale * 1.05)
        room_h = trick_top - 3 - pip_h - 3 - top
        if ch > room_h:
            cw, ch = cw * room_h / ch, room_h
        return cw, ch, rect.x + 10, top

    def _fan_rect(self, p: Painter, view: GhostBumpersView, seat: int, rect: pygame.FRect, k: int) -> pygame.FRect:
        """Where the `k`-th revealed character card lies in the fan beside the deck."""
        cw, ch, sx, top = self._char_geometry(p, rect)
        revealed = CHAR_DECK_SIZE - view.char_sizes[seat]
        fan_x = sx + cw + 18
        room = rect.right - 10 - fan_x - cw
        off = min(cw * 0.55, room / max(1, revealed - 1)) if revealed > 1 else 0
        return pygame.FRect(fan_x + k * off, top - 4, cw, ch)

    def _reveal_card(self, p: Painter, view: GhostBumpersView, seat: int, rect: pygame.FRect) -> None:
        """The last revealed character card while it turns up (all reveals are public)."""
        revealed = CHAR_DECK_SIZE - view.char_sizes[seat]
        if not revealed:
            return
        last = self._fan_rect(p, view, seat, rect, revealed - 1)
        size = p.size_px(last.w, last.h)
        face = render_card(character_face(view.scared_out[seat]), *size)
        self.spots.card(p, self.motion, ("reveal", seat), last, face, render_back(*size))

    def _mat_face(self, p: Painter, view: GhostBumpersView, ctx: TableContext, seat: int, rect: pygame.FRect,
                  trick_zone: pygame.FRect, revealing: bool) -> None:
        """A mat but its trick zone's contents: the zone, header, score line, character deck and fan, and the
        viewer's own deck order; the card turning up (`revealing`) is left to `_reveal_card`."""
        playing = view.phase == "play" and view.turn == seat
        edge, width = style.FELT_LINE, 1
        if playing:
            edge, width = style.ACCENT, 3
        if seat in self.flash:
            edge, width = style.TEXT_LIGHT, 3
        zone(p, rect, (30, 64, 56) if playing else style.FELT_DARK, edge, width, trick_zone, TRICK_FELT)
        # Header: seat disc, name, start card.
        color = style.SEAT_COLORS[seat % 6]
        p.circle((rect.x + 18, rect.y + 20), 11, color)
        p.text(style.SEAT_GLYPHS[seat % 6], (rect.x + 18, rect.y + 20), style.TINY, style.INK, anchor="center", icon=True)
        holder = seat == view.start_seat and view.phase != "over"
        p.text(ctx.names[seat], (rect.x + 35, rect.y + 20), style.SMALL, style.TEXT_LIGHT, bold=seat == ctx.viewer,
               anchor="midleft", max_width=rect.w - 43 - (30 if holder else 0))
        if holder:
            chip = pygame.FRect(rect.right - 32, rect.y + 7, 24, 32)
            p.rect(chip, style.ACCENT_DARK, 4)
            p.rect(chip, style.PANEL, 4, width=1)
            p.text("★", chip.center, style.SMALL, style.PANEL, anchor="center")
        line = t("ghost_bumpers.mat.line", score=plural("app.count.point", view.scores[seat]),
                 hand=plural("app.count.card", self.dealt(seat, view.hand_sizes[seat])))  # ticks up in a deal
        room = rect.w - (44 if holder else 20)  # the start chip reaches down to this line
        if p.measure(line, p.min_text) > room:  # a narrow mat: the score alone (the side column has the hand)
            line = plural("app.count.point", view.scores[seat])
        p.text(line, (rect.x + 10, rect.y + 36), style.TINY, style.TEXT_MUTED, max_width=room)
        # Character deck: the face-down stack and the revealed unafraid cards beside it.
        cw, ch, sx, top = self._char_geometry(p, rect)
        pip_h = max(16.0, style.TINY * p.text_scale * 1.05)
        size = view.char_sizes[seat]
        back = render_back(*p.size_px(cw, ch))
        for k in range(min(size, CHAR_DECK_SIZE)):
            p.blit(back, (sx + k * 1.5, top - k * 1.5))
        p.text(str(size), (sx + cw / 2 + size * 0.75, top + ch / 2 - size * 0.75), style.H2, style.TEXT_LIGHT,
               bold=True, anchor="center")
        revealed = CHAR_DECK_SIZE - size
        fx = self.fx.get(seat)
        if revealed:
            for k in range(revealed - 1 if revealing else revealed):  # the turning card: see _reveal_card
                # when the round ended on this seat's S, it is the last card turned up
                face = render_card(character_face(k == revealed - 1 and view.scared_out[seat]), *p.size_px(cw, ch))
                p.blit(face, self._fan_rect(p, view, seat, rect, k).topleft)
            if fx and fx[0] == "reveal":
                last = self._fan_rect(p, view, seat, rect, revealed - 1)
                p.rect(last.inflate(6, 6), style.TEXT_LIGHT, 6, width=2)
        if view.rotations[seat]:
            p.text(f"⇧{view.rotations[seat]}", (sx + cw + 3, top + ch - 2), style.SMALL,
                   style.TEXT_LIGHT if fx and fx[0] == "rotate" else style.TEXT_MUTED, bold=True, anchor="bottomleft")
        if fx and fx[0] == "rotate":
            self._pill(p, t("ghost_bumpers.mat.rotated"), (sx + cw + 14 + (rect.right - sx - cw - 24) / 2, top + ch / 2),
                       style.PANEL_DARK,
                       style.TEXT_LIGHT, style.TINY)
        # The viewer's own deck order (private): pips top to bottom, S marked.
        if seat == ctx.viewer and view.own_scared >= 0:
            self._own_pips(p, view, pygame.FRect(rect.x + 10, top + ch + 3, rect.w - 20, pip_h))

    def _own_pips(self, p: Painter, view: GhostBumpersView, r: pygame.FRect) -> None:
        size = view.char_sizes[view.seat]
        revealed = CHAR_DECK_SIZE - size
        pip = min(16.0, (r.w - 6 * 3) / CHAR_DECK_SIZE)
        scared, calm = t("ghost_bumpers.card.scared_index"), t("ghost_bumpers.card.unafraid_index")
        for k in range(CHAR_DECK_SIZE):
            x = r.x + k * (pip + 3)
            box = (x, r.y, pip, r.h)
            if k < revealed:
                p.rect(box, style.FELT_LINE, 3)
            elif k - revealed == view.own_scared:
                p.rect(box, style.BAD, 3)
                p.text(scared, (x + pip / 2, r.centery), style.TINY, style.TEXT_LIGHT, bold=True, anchor="center")
            else:
                p.rect(box, style.PANEL, 3)
                p.text(calm, (x + pip / 2, r.centery), style.TINY, style.INK_SOFT, anchor="center")
        x = r.x + CHAR_DECK_SIZE * (pip + 3) + 2
        if r.right - x > 20:
            p.text(t("ghost_bumpers.mat.safe", count=view.own_scared), (x, r.centery), style.TINY, style.TEXT_MUTED,
                   anchor="midleft", max_width=r.right - x)

    def _draw_play(self, p: Painter, view: GhostBumpersView, ctx: TableContext, seat: int, zone: pygame.FRect) -> None:
        plays = {s: (c, k, st) for s, c, k, st in view.trick}
        w, h = TRICK_CARD
        self.spots.mark(("trick", seat), pygame.FRect(zone.x + 6, zone.y + (zone.h - h) / 2, w, h))  # take: from here
        old = False
        winner = -1
        best = max((st for _, _, _, st in view.trick), default=-1)
        leader_best = -1
        for s, _, _, st in view.trick:
            if st >= best:
                leader_best = s
        if not view.trick and view.history and view.phase in ("play", "discard"):
            plays = {s: (c, k, st) for s, c, k, st in view.history[-1][0]}
            winner = view.history[-1][1]
            old = True
        if view.phase == "fear":
            self._fear_status(p, view.fear_done[seat], zone)
            return
        if view.phase == "discard" and view.discard_state[seat]:
            chosen = view.discard_state[seat] == 2
            text = t("ghost_bumpers.mat.discard_chosen" if chosen else "ghost_bumpers.mat.discard_choosing")
            p.text(text, (zone.centerx, zone.y + 12), style.TINY, style.GOOD if chosen else style.ACCENT,
                   anchor="center", max_width=zone.w - 8)
        if seat not in plays:
            if view.phase == "play" and view.turn == seat:
                p.text(t("ghost_bumpers.mat.to_play"), zone.center, style.SMALL, style.ACCENT, bold=True,
                       anchor="center", max_width=zone.w - 8)
            return
        card, count, st = plays[seat]
        pill_w = 50
        room = zone.w - 12 - pill_w - w
        off = min(14.0, room / max(1, count - 1)) if count > 1 else 0
        y = zone.y + (zone.h - h) / 2
        x = zone.x + 6
        face = render_card(monster_face(card), *p.size_px(w, h))
        for k in range(count):  # the whole play flies in from its seat, each card keeping its place in the fan
            self.spots.card(p, self.motion, ("play", seat), pygame.FRect(x + k * off, y, w, h), face)
        if old:
            shade(p, zone, 90, 8)
        label = strength_text(st)
        cx = zone.right - pill_w / 2 - 4
        if old and seat == winner:
            self._pill(p, label, (cx, zone.centery - 12), style.ACCENT_DARK, style.TEXT_LIGHT)
            p.text(t("ghost_bumpers.mat.won"), (cx, zone.centery + 14), style.TINY, style.TEXT_LIGHT, bold=True,
                   anchor="midtop", max_width=pill_w + 10)
        elif not old and seat == leader_best:
            self._pill(p, label, (cx, zone.centery - 12), style.INFO, style.TEXT_LIGHT)
            p.text(t("ghost_bumpers.mat.best"), (cx, zone.centery + 14), style.TINY, style.INFO, bold=True,
                   anchor="midtop", max_width=pill_w + 10)
        else:
            self._pill(p, label, (cx, zone.centery - 12), style.PANEL_DARK, style.TEXT_MUTED if old else
                       style.TEXT_LIGHT)

    def _fear_status(self, p: Painter, done: bool, zone: pygame.FRect) -> None:
        """'Hiding the scared card…' / 'Ready' in the part of the trick zone the fear panel leaves: on two
        smaller lines where a narrow mat or large text needs them."""
        bottom = zone.bottom if self.fear_top is None else min(zone.bottom, self.fear_top - 4)
        band = pygame.FRect(zone.x + 4, zone.y + 2, zone.w - 8, bottom - zone.y - 2)
        text = t("ghost_bumpers.mat.ready" if done else "ghost_bumpers.mat.placing")
        k = p.text_scale  # after the sizes of this text size, those of 100 %: never smaller than at 100 %
        sizes = (style.SMALL, style.TINY, style.SMALL / k, style.TINY / k, p.min_text / k)
        gap = 1.05
        size = next((s for s in sizes if len(p.wrap_lines(text, band.w, s)) * s * p.text_scale * gap <= band.h),
                    sizes[-1])
        used = len(p.wrap_lines(text, band.w, size)) * size * p.text_scale * gap
        p.wrapped(text, (band.x, band.y + (band.h - used) / 2, band.w, used + 0.5), size,
                  style.GOOD if done else style.TEXT_MUTED, line_gap=gap, align="center")

    # ----- middle strip: monster deck, discard pile, trick facts ------------------------
    def _draw_middle(self, p: Painter, view: GhostBumpersView, ctx: TableContext) -> None:
        area = MID
        zone(p, area, style.FELT_DARK)
        p.text(t("ghost_bumpers.monster_deck"), (area.x + 14, area.y + 8), style.TINY, style.TEXT_MUTED,
               max_width=94)
        bw, bh = 52.0, 74.0
        back = render_back(*p.size_px(bw, bh))
        for k in range(min(3, view.deck_count)):
            p.blit(back, (area.x + 16 + k * 2, area.y + 32 - k * 2))
        self.spots.mark(("deck",), pygame.FRect(area.x + 16, area.y + 32, bw, bh))  # where drawn cards leave
        if not view.deck_count:
            p.rect((area.x + 16, area.y + 32, bw, bh), style.FELT_LINE, 6, width=1)
        p.text(str(view.deck_count), (area.x + 16 + bw / 2 + 2, area.y + 32 + bh / 2 - 2), style.H2,
               style.TEXT_LIGHT, bold=True, anchor="center")
        # Discard pile: how many of each value are out (public, for card counters).
        dx = area.x + 112
        p.text(self._said(("discard", sum(view.discard)), lambda: t("ghost_bumpers.discard_pile",
                                                                    count=sum(view.discard))),
               (dx, area.y + 8), style.TINY, style.TEXT_MUTED)
        # Wide enough for the 0/10 card's label at the readable minimum, whatever the text size.
        chip_w, chip_h = max(30.0, p.measure(card_label(Z), p.min_text, bold=True) + 4), 42.0
        chips = {card: pygame.FRect(dx + i * (chip_w + 4), area.y + 32, chip_w, chip_h) for i, card in enumerate(ORDER)}
        for key in [k for k in self.motion.tweens if k[0] in ("take", "discard")]:  # cards on their way here
            # Drawn from the trick-size face (already cached) and scaled: a new card size would cost a render.
            self.spots.card(p, self.motion, key, chips[key[2]], render_card(monster_face(key[2]),
                                                                              *p.size_px(*TRICK_CARD)))
        for i, card in enumerate(ORDER):
            self.spots.mark(("chip", i), chips[card])
        # The chips are a layer: they change when a trick is taken, not at every play (a layer of the whole
        # strip would be painted again in the frames a trick is taken or a card drawn, the dearest ones).
        row = pygame.FRect(dx, area.y + 32, len(ORDER) * (chip_w + 4), chip_h).inflate(8, 24)
        self.layers.draw(p, row, ("chips", tuple(view.discard), chip_w, p.min_text),
                         lambda q: self._discard_chips(q, view, chips, chip_w))
        deck = pygame.FRect(area.x + 16, area.y + 32, bw, bh)
        for key in [k for k in self.motion.tweens if k[0] == "reshuffle" and not self.motion.tweens[k].waiting]:
            blit_card(p, self.motion, key, deck, back)  # the discards, face down, on their way into the deck
        # Facts about the trick in progress (or the one just finished), in words formatted when they change.
        fx = dx + 10 * (chip_w + 4) + 14
        fw = area.right - fx - 14
        for i, (text, color) in enumerate(self._facts(view, ctx)[:3]):
            p.text(text, (fx, area.y + 10 + i * 24), style.SMALL, color, bold=i == 0, max_width=fw)
        self.sheet_button = Button(pygame.FRect(area.right - 190, area.bottom - 42, 176, 32),
                                   t("ghost_bumpers.sheet.button"), self.toggle_sheet, size=style.SMALL)
        self.buttons.append(self.sheet_button)

    def _facts(self, view: GhostBumpersView, ctx: TableContext) -> list[tuple[str, style.Color]]:
        """The trick's facts in words, formatted again only when they change (not in every frame)."""
        key = (i18n.language(), view.phase, view.drawer, view.owed, view.trick,
               view.history[-1] if view.history else None, len(view.history), view.leader, tuple(ctx.names))
        if self._facts_said[0] != key:
            self._facts_said = (key, self._facts_in_words(view, ctx))
        return self._facts_said[1]

    @staticmethod
    def _facts_in_words(view: GhostBumpersView, ctx: TableContext) -> list[tuple[str, style.Color]]:
        lines: list[tuple[str, style.Color]] = []
        if view.phase == "over":
            lines.append((t("ghost_bumpers.status.over"), style.TEXT_LIGHT))
        elif view.phase == "discard":
            lines.append((t("ghost_bumpers.mid.forced", name=ctx.names[view.drawer], owed=view.owed), style.BAD))
        elif view.trick:
            best = max(st for _, _, _, st in view.trick)
            leader = [s for s, _, _, st in view.trick if st == best][-1]
            lines.append((t("ghost_bumpers.mid.best", power=strength_text(best), name=ctx.names[leader]),
                          style.TEXT_LIGHT))
        elif view.history:
            plays, winner = view.history[-1]
            best = max(st for _, _, _, st in plays)
            lines.append((t("ghost_bumpers.mid.last", name=ctx.names[winner], power=strength_text(best)),
                          style.TEXT_LIGHT))
        if view.phase in ("play", "discard"):
            if any(c == Z for _, c, _, _ in view.trick):
                lines.append((t("ghost_bumpers.mid.z_in_trick"), style.INFO))
            else:
                fives = sum(k for _, c, k, _ in view.trick if c == FIVE)
                reveals = plural("ghost_bumpers.count.character_card", 1 + fives)
                lines.append((t("ghost_bumpers.mid.reveals", count=reveals), style.TEXT_MUTED))
            lines.append((t("ghost_bumpers.mid.trick_of", trick=len(view.history) + 1, name=ctx.names[view.leader]),
                          style.TEXT_MUTED))
        return lines

    def toggle_sheet(self) -> None:
        self.sheet_open = not self.sheet_open

    @staticmethod
    def _discard_chips(p: Painter, view: GhostBumpersView, chips: dict[int, pygame.FRect], chip_w: float) -> None:
        """One chip per value with how many of it are out (a cached layer: it changes when a trick is taken)."""
        for card in ORDER:
            r = chips[card]
            count = view.discard[card]
            p.rect(r, style.PANEL if count else style.FELT, 5)
            p.text(card_label(card), (r.centerx, r.y + 12), style.TINY if card else style.MIN_TEXT,
                   style.INK if count else style.TEXT_MUTED, bold=True, anchor="center", max_width=chip_w - 2)
            p.text(f"×{count}", (r.centerx, r.bottom - 10), style.TINY, style.INK_SOFT if count else style.FELT_LINE,
                   anchor="center")

    # ----- the viewer's hand --------------------------------------------------------------
    def _hint(self, view: GhostBumpersView, ctx: TableContext) -> str:
        if not ctx.legal:
            if view.phase == "fear" and ctx.viewer is not None and view.fear_done[ctx.viewer]:
                return t("ghost_bumpers.hint.placed")
            acting = [s for s in range(view.players) if (view.phase == "play" and s == view.turn)]
            return t("ghost_bumpers.hint.wait", name=ctx.names[acting[0]]) if acting else ""
        if self.scoring is not None or self.sheet_open:
            return t("ghost_bumpers.hint.overlay")
        if view.phase == "fear":
            return t("ghost_bumpers.hint.fear")
        if view.phase == "discard":
            return t("ghost_bumpers.hint.discard")
        if self.sel is not None and self.sel[0] == Z:
            return t("ghost_bumpers.hint.z")
        return t("ghost_bumpers.hint.play_selected") if self.sel else t("ghost_bumpers.hint.play")

    def _draw_hand(self, p: Painter, view: GhostBumpersView, ctx: TableContext) -> None:
        area = HAND
        zone(p, area, style.FELT_DARK)
        if ctx.viewer is None:
            key = "ghost_bumpers.hands_hidden" if self.table.session.humans() else "app.spectating"
            p.text(t(key), area.center, style.BODY, style.TEXT_MUTED, anchor="center")
            return
        label = p.text(self.hand_label(ctx, "ghost_bumpers.your_hand"), (area.x + 14, area.y + 8), style.SMALL, style.TEXT_MUTED)
        hint = self._hint(view, ctx)
        hint_x = max(area.x + 130, label.right + 16)  # after the label, however large the text
        p.text(hint, (hint_x, area.y + 8), style.SMALL, style.ACCENT, max_width=area.right - 20 - hint_x)
        choosing = bool(ctx.legal) and view.phase in ("play", "discard")
        if self.sel is not None and (not choosing or view.hand[self.sel[0]] < self.sel[1]):
            self.sel = None
        hand = _sorted_hand(view.hand)
        w, h = CARD
        avail = area.w - 28 - 200
        same, other = 30.0, w + 12
        groups = [c for c in ORDER if view.hand[c]]
        total = w + same * (len(hand) - len(groups)) + other * (len(groups) - 1) if hand else 0
        if total > avail:
            k = (avail - w) / max(1.0, total - w)
            same, other = same * k, other * k
        x = area.x + 20
        prev = None
        index = 0
        for position, card in enumerate(hand):
            if prev is not None:
                x += same if card == prev else other
                index = index + 1 if card == prev else 0
            prev = card
            picked = self.sel is not None and self.sel[0] == card and index < self.sel[1]
            rect = pygame.FRect(x, area.y + 50 - (16 if picked else 0), w, h)
            hover = choosing and rect.collidepoint(ctx.mouse)
            drawn = self.dealt_rect(ctx.viewer, position, rect)  # on its way from the deal (clicks keep `rect`)
            if drawn is not None:
                self._card(p, card, drawn, highlight=choosing, hover=hover, selected=picked)
            if choosing:
                self.hot_hand.append((rect, card, index))
        # Later cards overlap earlier ones: test clicks from the top card down.
        self.hot_hand.reverse()
        if not hand:
            p.text(t("ghost_bumpers.hand_empty"), (area.x + 20, area.y + 100), style.SMALL, style.TEXT_MUTED)
        p.text(t("ghost_bumpers.legend"), (area.x + 20, area.bottom - 22), style.TINY, style.TEXT_MUTED,
               max_width=area.w - 250)
        if choosing:
            self._draw_choice(p, view, ctx, pygame.FRect(area.right - 206, area.y + 36, 192, area.h - 48))

    def _draw_choice(self, p: Painter, view: GhostBumpersView, ctx: TableContext, col: pygame.FRect) -> None:
        p.rect(col, (24, 48, 42), 8)
        sel = self.sel
        if view.phase == "discard":
            label = t("ghost_bumpers.button.discard", card=card_label(sel[0])) if sel else t("app.confirm")
            self.buttons.append(Button(pygame.FRect(col.x + 10, col.y + 70, col.w - 20, 44), label,
                                       self._confirm(ctx), enabled=sel is not None, primary=True, size=style.SMALL))
            return
        if sel is None:
            p.wrapped_fit(t("ghost_bumpers.choice.none"), (col.x + 12, col.y + 14, col.w - 24, col.h - 20),
                          (style.SMALL, style.TINY), style.TEXT_MUTED, line_gap=1.2)
            return
        card, count = sel
        best = max((st for _, _, _, st in view.trick), default=-1)
        if card == Z:
            p.text(t("ghost_bumpers.choice.declare"), (col.centerx, col.y + 10), style.SMALL, style.TEXT_LIGHT,
                   bold=True, anchor="midtop", max_width=col.w - 16)
            for i, declared in enumerate((0, 10)):
                r = pygame.FRect(col.x + 10 + i * (col.w - 20) / 2 + (4 if i else 0), col.y + 40,
                                 (col.w - 28) / 2, 56)
                action = PlayZ(declared)
                b = Button(r, str(declared), lambda a=action: ctx.act(a), size=style.H1,
                           selected=self.z_choice == declared)
                self.buttons.append(b)
            explain = "ghost_bumpers.choice.z10" if self.z_choice == 10 else "ghost_bumpers.choice.z0"
            p.wrapped(t(explain), (col.x + 12, col.y + 108, col.w - 24, col.bottom - col.y - 112), style.TINY,
                      style.TEXT_MUTED, line_gap=1.2)
            return
        st = strength(card, count)
        p.text(t("ghost_bumpers.choice.strength"), (col.centerx, col.y + 8), style.TINY, style.TEXT_MUTED,
               anchor="midtop")
        p.text(strength_text(st), (col.centerx, col.y + 24), style.H1, style.TEXT_LIGHT, bold=True, anchor="midtop")
        if best < 0:
            verdict, color = t("ghost_bumpers.choice.leads"), style.TEXT_MUTED
        elif st >= best:
            verdict, color = t("ghost_bumpers.choice.takes"), style.INFO
        else:
            verdict, color = t("ghost_bumpers.choice.under", power=strength_text(best)), style.TEXT_MUTED
        p.text(verdict, (col.centerx, col.y + 66), style.TINY, color, anchor="midtop", max_width=col.w - 12)
        label = t("ghost_bumpers.button.play", count=count, value=card)
        self.buttons.append(Button(pygame.FRect(col.x + 10, col.y + 92, col.w - 20, 44), label, self._confirm(ctx),
                                   primary=True, size=style.SMALL))
        self.buttons.append(Button(pygame.FRect(col.x + 10, col.y + 146, col.w - 20, 32),
                                   t("ghost_bumpers.button.clear"), self._clear, size=style.TINY))

    # ----- input ------------------------------------------------------------------------
    def _clear(self) -> None:
        self.sel = None

    def _action(self, view: GhostBumpersView) -> Action | None:
        if self.sel is None:
            return None
        card, count = self.sel
        if view.phase == "discard":
            return Discard(card)
        if card == Z:
            return PlayZ(self.z_choice)
        return Play(card, count)

    def _confirm(self, ctx: TableContext):
        def confirm() -> None:
            action = self._action(ctx.view)  # type: ignore[arg-type]
            if action is not None:  # the table refuses an illegal one with its reason (the tutorial with a hint)
                ctx.act(action)
        return confirm

    def _pick(self, card: int, index: int, ctx: TableContext) -> None:
        discard = any(isinstance(a, Discard) for a in ctx.legal)
        if discard or card == Z:
            self.sel = (card, 1)
            return
        if self.sel is None or self.sel[0] != card:
            self.sel = (card, 1)
        elif index < self.sel[1]:
            self.sel = (card, self.sel[1] - 1) if self.sel[1] > 1 else None
        else:
            self.sel = (card, self.sel[1] + 1)

    def handle(self, event: pygame.event.Event, ctx: TableContext) -> bool:
        self.motion.skip_on(event, BOARD_AREA, self.table.app.mouse)  # the click still does what it does
        pos = self.table.app.mouse(event.pos) if hasattr(event, "pos") else None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_s:
            self.toggle_sheet()
            return True
        if self.sheet_open and ((event.type == pygame.MOUSEBUTTONDOWN and event.button == 1) or (
                event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE))):
            self.sheet_open = False
            self.table.app.stack.gate.arm()  # the sheet covered the table: the next press is a fresh one
            return True
        if self.scoring is not None:
            return self._handle_scoring(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and pos is not None:
            for b in self.buttons:
                if b.hit(pos):
                    b.on_click()
                    return True
        if not ctx.legal:
            return False
        view = ctx.view
        assert isinstance(view, GhostBumpersView)
        if view.phase == "fear":
            return self.fear.handle(event, pos, ctx.act)
        if event.type == pygame.MOUSEBUTTONDOWN and pos is not None:
            if event.button == 3:
                self.sel = None
                return True
            if event.button == 1:
                for rect, card, index in self.hot_hand:
                    if rect.collidepoint(pos):
                        self._pick(card, index, ctx)
                        return True
        if event.type == pygame.KEYDOWN:
            return self._key(event.key, view, ctx)
        return False

    def _key(self, key: int, view: GhostBumpersView, ctx: TableContext) -> bool:
        card = DIGITS.get(key)
        if key in (pygame.K_z, pygame.K_0, pygame.K_KP0):
            card = Z
        if card is not None:
            if not view.hand[card]:
                return True
            if self.sel is not None and self.sel[0] == card and card != Z and view.phase == "play":
                self.sel = (card, self.sel[1] % view.hand[card] + 1)
            else:
                self.sel = (card, 1)
            return True
        if key == pygame.K_BACKSPACE:
            self.sel = None
            return True
        if self.sel is not None and self.sel[0] == Z and key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.z_choice = 0 if key == pygame.K_LEFT else 10
            return True
        if self.sel is not None and self.sel[0] != Z and view.phase == "play":
            delta = {pygame.K_UP: 1, pygame.K_PLUS: 1, pygame.K_EQUALS: 1, pygame.K_KP_PLUS: 1,
                     pygame.K_DOWN: -1, pygame.K_MINUS: -1, pygame.K_KP_MINUS: -1}.get(key)
            if delta:
                held = view.hand[self.sel[0]]
                self.sel = (self.sel[0], max(1, min(held, self.sel[1] + delta)))
                return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.sel is not None:
            self._confirm(ctx)()
            return True
        return False
