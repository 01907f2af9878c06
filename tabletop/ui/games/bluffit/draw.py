"""Drawing the BLUFFIT board: functions of the painter, the frame's context and the board that draw the scoring
cards, the mats and the hand, and record in the board's hit map where each claim, challenge, hand card and
button landed (in the order ← → steps through them)."""

from __future__ import annotations

from collections.abc import Hashable
from functools import partial
from typing import Protocol

import pygame

from tabletop.engine.core import Action
from tabletop.games.bluffit.actions import Bid, Challenge, Claim
from tabletop.games.bluffit.cards import value
from tabletop.games.bluffit.view import BluffitView
from tabletop.i18n import plural, t
from tabletop.ui import style
from tabletop.ui.cards import render_back, render_card
from tabletop.ui.games import BOARD_AREA, TableContext
from tabletop.ui.games.bluffit.art import (
    CARD,
    HAND,
    SMALL_CARD,
    TABLE,
    cards_label,
    face,
    final_round,
    gather_rect,
    mat_rects,
    pile_line,
)
from tabletop.ui.games.bluffit.input import HandCard, Target
from tabletop.ui.glow import Glow
from tabletop.ui.hitmap import HitMap
from tabletop.ui.layer_cache import LayerCache
from tabletop.ui.motion import Motion, Spots, blit_card
from tabletop.ui.painter import Painter
from tabletop.ui.widgets import Button
from tabletop.ui.words import words_for


class BoardSeam(Protocol):
    """What the drawing uses of the board (`board.Board` has it all; this keeps the import one way)."""

    flash: Glow[int]
    motion: Motion
    spots: Spots
    faces: LayerCache
    hits: HitMap[Target]
    buttons: list[Button]
    selected: int | None
    focus: Action | None

    def gathering(self) -> bool: ...

    def confirm(self, ctx: TableContext) -> None: ...

    def hand_place(self, seat: int, rect: pygame.FRect) -> None: ...

    def dealt_rect(self, seat: int | None, i: int, rest: pygame.FRect) -> pygame.FRect | None: ...

    def hand_label(self, ctx: TableContext, own_key: str, count: int | None = None) -> str: ...

    def draw_deal(self, p: Painter, viewer: int | None) -> None: ...

    def _card(self, p: Painter, card: int, rect: pygame.FRect, highlight: bool = False, hover: bool = False,
              selected: bool = False, key: Hashable | None = None, back: pygame.Surface | None = None) -> None: ...


def draw_board(b: BoardSeam, p: Painter, ctx: TableContext, view: BluffitView) -> None:
    """The whole board for one frame; fills `b.hits` and `b.buttons` with where things landed."""
    b.hits.clear()
    b.buttons.clear()
    b.spots.begin()
    claims = {a.cards: a for a in ctx.legal if isinstance(a, Claim)}
    challenges = {a.target: a for a in ctx.legal if isinstance(a, Challenge)}
    focused = draw_table(b, p, view, claims, ctx)
    for seat, rect in enumerate(mat_rects(view.players)):
        draw_mat(b, p, view, ctx, seat, rect, challenges.get(seat))
    draw_hand(b, p, view, ctx)
    b.spots.finish()
    draw_round_end(b, p)
    b.draw_deal(p, ctx.viewer)
    for button in b.buttons:
        button.hovered = button.rect.collidepoint(ctx.mouse) or (b.focus is not None and focused.get(b.focus) is button)
        button.draw(p)


def draw_round_end(b: BoardSeam, p: Painter) -> None:
    """Cards of a finished round on their way: strength cards (backs) into the pile, unclaimed scoring
    cards out of the game (they shrink away off the table's left edge)."""
    pile = gather_rect()
    back = render_back(*p.size_px(pile.w, pile.h))
    gone = pygame.FRect(BOARD_AREA.x - 40, 72 + 60, 28, 40)
    for key in [k for k in b.motion.tweens if isinstance(k, tuple) and k[0] in ("gather", "removed", "gathered_out")]:
        if key[0] == "gather":
            blit_card(p, b.motion, key, pile, back)
        elif key[0] == "gathered_out":
            if not b.motion.tweens[key].waiting:  # the game's last strength cards, gathered, leave it
                blit_card(p, b.motion, key, gone, render_back(*p.size_px(gone.w, gone.h)))
        else:
            blit_card(p, b.motion, key, gone, render_card(face(key[1]), *p.size_px(gone.w, gone.h)))


def draw_table(b: BoardSeam, p: Painter, view: BluffitView, claims: dict[tuple[int, ...], Claim],
               ctx: TableContext) -> dict[Action, Button]:
    """The scoring cards and the combine variant's group claims; returns each group claim's button."""
    area = TABLE
    p.rect(area, style.FELT_DARK, style.RADIUS)
    heading = p.text(t("bluffit.scoring_cards"), (area.x + 14, area.y + 8), style.SMALL, style.TEXT_MUTED)
    cards = list(view.table)
    w, h = CARD
    gap = 14
    total = len(cards) * w + max(0, len(cards) - 1) * gap
    x = area.centerx - total / 2
    if final_round(view):  # why the piles are empty and the hands full again: left of the scoring cards
        top = p.under(heading, area.y + 34)
        p.wrapped(t("bluffit.final_note"), (area.x + 14, top, x - area.x - 34, area.bottom - 8 - top), style.TINY,
                  style.ACCENT, bold=True, line_gap=1.2)
    singles = {cs[0]: a for cs, a in claims.items() if len(cs) == 1}
    gathering = b.gathering()
    back = render_back(*p.size_px(w, h))  # a laid-out card turns up from its back
    for i, c in enumerate(cards):
        legal = singles.get(c)
        stepped_to = legal is not None and legal == b.focus  # ← → landed here: lifted, as a picked hand card
        rect = pygame.FRect(x, area.y + 34 - (10 if stepped_to else 0), w, h)
        laid = b.motion.get(("laid", i))
        if laid is not None:  # laid out from the round's gathered strength cards (not while they gather)
            b.spots.mark(("table", c), rect)
            if not (gathering and laid.waiting):
                b.spots.card(p, b.motion, ("laid", i), rect, render_card(face(c), *p.size_px(w, h)), back)
        else:
            b._card(p, c, rect, highlight=legal is not None,
                       hover=legal is not None and rect.collidepoint(ctx.mouse),
                       selected=stepped_to, key=("table", c))
        if legal is not None:
            b.hits.add(rect, legal)
        x += w + gap
    bx = area.right - 10
    buttons: dict[Action, Button] = {}
    for claim in reversed(group_claims(claims)):
        label = t("bluffit.action.claim", cards=cards_label(claim.cards))
        width = max(110, p.measure(label, style.SMALL) + 24)
        bx -= width
        buttons[claim] = Button(pygame.FRect(bx, area.bottom - 44, width, 36), label, partial(ctx.act, claim),
                                size=style.SMALL, primary=True)
        b.buttons.append(buttons[claim])
        bx -= 8
    for claim in group_claims(claims):  # stepped through left to right, after the scoring cards
        b.hits.add(buttons[claim].rect, claim)
    if view.set_aside and view.round == 1:  # over the scoring cards, as they lay on the table
        aside = plural("app.count.card", len(view.set_aside))
        under = p.text(t("bluffit.set_aside", count=aside), (area.x + 14, area.bottom - 12), style.TINY,
                       style.TEXT_MUTED, anchor="bottomleft")
        for i in range(min(3, len(view.set_aside))):  # the pile stands on its label, whatever the text size
            p.blit(render_back(*p.size_px(36, 52)), (area.x + 16 + i * 4, under.top - 4 - 52 - i * 3))
    return buttons


def group_claims(claims: dict[tuple[int, ...], Claim]) -> list[Claim]:
    """The combine variant's group claims (buttons), in the order they are drawn, left to right."""
    return [claims[cs] for cs in sorted((cs for cs in claims if len(cs) > 1), key=lambda cs: (value(cs[0]), len(cs)))]


def draw_mat(b: BoardSeam, p: Painter, view: BluffitView, ctx: TableContext, seat: int, rect: pygame.FRect,
              challenge: Challenge | None) -> None:
    participating = seat in view.participants or view.phase == "over"
    acting = seat in ctx.extra.get("to_act", ()) or (seat in view.participants and view.phase == "bluff"
                                                       and view.participants[view.turn] == seat)
    final_hand = view.hand_sizes[seat] if final_round(view) and seat in view.participants else None
    face = (seat, ctx.names[seat], seat == ctx.viewer, participating, view.start == seat and view.phase != "over",
            view.has_bid[seat], tuple(view.piles[seat]), final_hand)
    b.faces.draw(p, rect, ("mat", face), lambda q: paint_mat_face(q, rect, face),
                    late=("mat", seat, ctx.viewer))  # may catch up a frame after a move lands
    if challenge or acting or seat in b.flash:  # a lit edge, drawn live (it changes with every move)
        edge = style.TEXT_LIGHT if seat in b.flash else style.ACCENT
        stepped_to = challenge is not None and challenge == b.focus  # ← → landed here: a bolder edge
        p.rect(rect.inflate(6, 6) if stepped_to else rect, edge, style.RADIUS, width=6 if stepped_to else 3)
    sw, sh = SMALL_CARD
    if seat != ctx.viewer:  # the board shows no other hand: its dealt cards land on the mat
        b.hand_place(seat, pygame.FRect(rect.centerx - sw / 2, rect.centery - sh / 2, sw, sh))
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
        b.spots.mark(("strength", seat), r)
        back = render_back(*p.size_px(sw, sh))
        if strength is not None:  # turns from its back when a challenge shows it (never one's own)
            b._card(p, strength, r, key=("strength", seat), back=None if seat == ctx.viewer else back)
        else:
            b.spots.card(p, b.motion, ("strength", seat), r, back)
    # Held unit
    held = view.held[seat]
    hx = sx + sw + 12
    for i, c in enumerate(held):
        b._card(p, c, pygame.FRect(hx + i * min(22, (rect.right - hx - sw - 8) / max(1, len(held))), top, sw,
                                      sh), key=("held", seat, i))
    # Score pile: top card visible, count and points.
    pile = view.piles[seat]
    py = rect.bottom - 48
    if pile:
        b._card(p, pile[-1], pygame.FRect(rect.x + 10, py - 8, 36, 52), key=("pile", seat))
    if challenge is not None:
        hover = rect.collidepoint(ctx.mouse) or challenge == b.focus
        label = pygame.FRect(rect.x + 10, top + sh + 8, rect.w - 20, 30)
        p.rect(label, style.ACCENT if hover else style.ACCENT_DARK, 8)
        p.text("⚔ " + t("bluffit.challenge_here"), label.center, style.SMALL, style.INK, bold=True,
               anchor="center", max_width=label.w - 8)
        b.hits.add(rect, challenge)


def paint_mat_face(p: Painter, rect: pygame.FRect, face: tuple) -> None:
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


def draw_hand(b: BoardSeam, p: Painter, view: BluffitView, ctx: TableContext) -> None:
    area = HAND
    biddable = {a.card for a in ctx.legal if isinstance(a, Bid)}  # every hand card in play; one in a lesson
    bidding = bool(biddable)
    if ctx.viewer is None:
        words = (t("app.spectating"), "")
    else:
        words = (b.hand_label(ctx, "bluffit.your_hand"),
                 t("bluffit.pick_bid") if bidding else (t("bluffit.pick_turn") if ctx.legal else ""))
    paint_hand_face(p, area, words, ctx.viewer is None)  # live, as the scoring zone
    if ctx.viewer is None:
        return
    hand = list(view.hand)
    w, h = CARD
    gap = min(10.0, (area.w - 40 - len(hand) * w) / max(1, len(hand) - 1))
    total = len(hand) * w + max(0, len(hand) - 1) * gap
    x = area.centerx - total / 2
    for i, c in enumerate(hand):
        legal = c in biddable
        lifted = legal and b.selected == c
        rect = pygame.FRect(x, area.y + 58 - (14 if lifted else 0), w, h)
        drawn = b.dealt_rect(ctx.viewer, i, rect)  # on its way from the deal (clicks keep `rect`)
        if drawn is not None:
            b._card(p, c, drawn, highlight=legal, hover=legal and rect.collidepoint(ctx.mouse),
                       selected=lifted)
        if bidding:  # every hand card answers a click: one that may not be bid says why (see _pick)
            b.hits.add(rect, HandCard(c))
        x += w + gap
    if bidding:
        label = words_for("bluffit").action(Bid(b.selected), ctx.names) if b.selected is not None else \
            t("app.confirm")
        confirm = Button(pygame.FRect(area.right - 190, area.y + 6, 180, 34), label, partial(b.confirm, ctx),
                         enabled=b.selected is not None, primary=True, size=style.SMALL)
        b.buttons.append(confirm)
        if confirm.enabled:
            b.hits.add(confirm.rect, confirm)


def paint_hand_face(p: Painter, area: pygame.FRect, words: tuple[str, str], spectating: bool) -> None:
    """The hand strip under its cards: felt, the hand's label and what to do (or "spectating")."""
    p.rect(area, style.FELT_DARK, style.RADIUS)
    label, hint = words
    if spectating:
        p.text(label, area.center, style.BODY, style.TEXT_MUTED, anchor="center")
        return
    p.text(label, (area.x + 14, area.y + 8), style.SMALL, style.TEXT_MUTED, max_width=130)  # hint at x + 150
    if hint:
        p.text(hint, (area.x + 150, area.y + 8), style.SMALL, style.ACCENT, max_width=area.w - 360)

