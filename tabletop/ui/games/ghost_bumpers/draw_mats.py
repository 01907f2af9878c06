"""The seat mats of the Ghost Bumpers table, one per seat along the top.

Each mat shows the seat's character deck as a face-down stack with the unafraid cards revealed this round
fanned beside it, the start card (★) if they hold it, and their play in the current trick with its strength
as the rules write it ("3.8"); between tricks the last trick stays visible with its winner marked. The
viewer's own mat also shows their deck order with S (only theirs, never another seat's).
"""

from __future__ import annotations

import pygame

from tabletop.games.ghost_bumpers.cards import CHAR_DECK_SIZE, strength_text
from tabletop.games.ghost_bumpers.view import GhostBumpersView, trick_lead
from tabletop.i18n import plural, t
from tabletop.ui import style
from tabletop.ui.cards import render_back, render_card
from tabletop.ui.games import TableContext
from tabletop.ui.games.ghost_bumpers.art import character_face, monster_face
from tabletop.ui.games.ghost_bumpers.layout import CHAR_CARD, MATS_H, TRICK_CARD, hand_spot
from tabletop.ui.games.ghost_bumpers.memory import Memory
from tabletop.ui.games.ghost_bumpers.paint import zone
from tabletop.ui.painter import Painter
from tabletop.ui.shade import shade


def draw_mat(p: Painter, board: Memory, view: GhostBumpersView, ctx: TableContext, seat: int, rect: pygame.FRect,
             fear_top: float | None) -> None:
    """One seat's mat; `fear_top` is the fear panel's top edge while it is open (it grows with the text)."""
    trick_zone = pygame.FRect(rect.x + 6, rect.y + 148, rect.w - 12, MATS_H - 154)
    board.spots.mark(("mat", seat), rect)
    if seat != ctx.viewer:  # another seat's dealt or drawn cards land face down in its trick zone
        dw, dh = CHAR_CARD
        board.hand_place(seat, pygame.FRect(trick_zone.centerx - dw / 2, trick_zone.centery - dh / 2, dw, dh))
    else:  # the viewer's drawn cards land in the hand strip
        board.hand_place(seat, hand_spot())
    # Everything above the trick zone changes only when this seat's facts do: a cached layer, so a
    # move repaints the one or two mats it touched, not all of them.
    revealing = board.motion.get(("reveal", seat)) is not None
    own = view.own_scared if seat == ctx.viewer else None
    key = ("mat", seat, ctx.names[seat], ctx.viewer, view.phase == "play" and view.turn == seat,
           seat in board.flash, seat == view.start_seat and view.phase != "over", view.scores[seat],
           board.dealt(seat, view.hand_sizes[seat]), view.char_sizes[seat], view.scared_out[seat],
           view.rotations[seat], (board.fx.get(seat) or ("",))[0], revealing, own, p.min_text)
    board.mats.draw(p, rect, key, lambda q: _mat_face(q, board, view, ctx, seat, rect, trick_zone, revealing),
                    late=("mat", seat, ctx.viewer))  # may catch up a frame after a move lands
    if revealing:  # the card turning up is drawn live, over the layer (and in flight, after the board)
        _reveal_card(p, board, view, seat, rect)
    _draw_play(p, board, view, seat, trick_zone, fear_top)


def pill(p: Painter, text: str, center: tuple[float, float], fill: style.Color, ink: style.Color,
         size: float = style.H2) -> None:
    """A rounded label: a play's strength, a mark on a mat."""
    w = p.measure(text, size, bold=True) + 16
    r = pygame.FRect(0, 0, max(40, w), size + 12)
    r.center = center
    p.rect(r, fill, r.h / 2)
    p.rect(r, style.PANEL_EDGE, r.h / 2, width=1)
    p.text(text, r.center, size, ink, bold=True, anchor="center")


def _char_geometry(p: Painter, rect: pygame.FRect) -> tuple[float, float, float, float]:
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


def _fan_rect(p: Painter, view: GhostBumpersView, seat: int, rect: pygame.FRect, k: int) -> pygame.FRect:
    """Where the `k`-th revealed character card lies in the fan beside the deck."""
    cw, ch, sx, top = _char_geometry(p, rect)
    revealed = CHAR_DECK_SIZE - view.char_sizes[seat]
    fan_x = sx + cw + 18
    room = rect.right - 10 - fan_x - cw
    off = min(cw * 0.55, room / max(1, revealed - 1)) if revealed > 1 else 0
    return pygame.FRect(fan_x + k * off, top - 4, cw, ch)


def _reveal_card(p: Painter, board: Memory, view: GhostBumpersView, seat: int, rect: pygame.FRect) -> None:
    """The last revealed character card while it turns up (all reveals are public)."""
    revealed = CHAR_DECK_SIZE - view.char_sizes[seat]
    if not revealed:
        return
    last = _fan_rect(p, view, seat, rect, revealed - 1)
    size = p.size_px(last.w, last.h)
    face = render_card(character_face(view.scared_out[seat]), *size)
    board.spots.card(p, board.motion, ("reveal", seat), last, face, render_back(*size))


def _mat_face(p: Painter, board: Memory, view: GhostBumpersView, ctx: TableContext, seat: int, rect: pygame.FRect,
              trick_zone: pygame.FRect, revealing: bool) -> None:
    """A mat but its trick zone's contents: the zone, header, score line, character deck and fan, and the
    viewer's own deck order; the card turning up (`revealing`) is left to `_reveal_card`."""
    playing = view.phase == "play" and view.turn == seat
    edge, width = style.FELT_LINE, 1
    if playing:
        edge, width = style.ACCENT, 3
    if seat in board.flash:
        edge, width = style.TEXT_LIGHT, 3
    zone(p, rect, style.FELT_LIT if playing else style.FELT_DARK, edge, width, trick_zone, style.FELT_SUNK)
    holder = seat == view.start_seat and view.phase != "over"
    _mat_header(p, view, ctx, seat, rect, holder, board.dealt(seat, view.hand_sizes[seat]))
    cw, ch, sx, top = _char_geometry(p, rect)
    _char_deck(p, board, view, seat, rect, revealing)
    # The viewer's own deck order (private): pips top to bottom, S marked.
    if seat == ctx.viewer and view.own_scared >= 0:
        pip_h = max(16.0, style.TINY * p.text_scale * 1.05)
        _own_pips(p, view, seat, pygame.FRect(rect.x + 10, top + ch + 3, rect.w - 20, pip_h))


def _mat_header(p: Painter, view: GhostBumpersView, ctx: TableContext, seat: int, rect: pygame.FRect,
                holder: bool, hand: int) -> None:
    """Seat disc, name, the start card (★) if `holder`, and the score line (`hand` ticks up in a deal)."""
    color = style.SEAT_COLORS[seat % 6]
    p.circle((rect.x + 18, rect.y + 20), 11, color)
    p.text(style.SEAT_GLYPHS[seat % 6], (rect.x + 18, rect.y + 20), style.TINY, style.INK, anchor="center", icon=True)
    p.text(ctx.names[seat], (rect.x + 35, rect.y + 20), style.SMALL, style.TEXT_LIGHT, bold=seat == ctx.viewer,
           anchor="midleft", max_width=rect.w - 43 - (30 if holder else 0))
    if holder:
        chip = pygame.FRect(rect.right - 32, rect.y + 7, 24, 32)
        p.rect(chip, style.ACCENT_DARK, 4)
        p.rect(chip, style.PANEL, 4, width=1)
        p.text("★", chip.center, style.SMALL, style.PANEL, anchor="center")
    line = t("ghost_bumpers.mat.line", score=plural("app.count.point", view.scores[seat]),
             hand=plural("app.count.card", hand))
    room = rect.w - (44 if holder else 20)  # the start chip reaches down to this line
    if p.measure(line, p.min_text) > room:  # a narrow mat: the score alone (the side column has the hand)
        line = plural("app.count.point", view.scores[seat])
    p.text(line, (rect.x + 10, rect.y + 36), style.TINY, style.TEXT_MUTED, max_width=room)


def _char_deck(p: Painter, board: Memory, view: GhostBumpersView, seat: int, rect: pygame.FRect,
               revealing: bool) -> None:
    """The face-down character deck, the unafraid cards revealed beside it and the rotation marks."""
    cw, ch, sx, top = _char_geometry(p, rect)
    size = view.char_sizes[seat]
    back = render_back(*p.size_px(cw, ch))
    for k in range(min(size, CHAR_DECK_SIZE)):
        p.blit(back, (sx + k * 1.5, top - k * 1.5))
    p.text(str(size), (sx + cw / 2 + size * 0.75, top + ch / 2 - size * 0.75), style.H2, style.TEXT_LIGHT,
           bold=True, anchor="center")
    revealed = CHAR_DECK_SIZE - size
    fx = board.fx.get(seat)
    if revealed:
        for k in range(revealed - 1 if revealing else revealed):  # the turning card: see _reveal_card
            # when the round ended on this seat's S, it is the last card turned up
            face = render_card(character_face(k == revealed - 1 and view.scared_out[seat]), *p.size_px(cw, ch))
            p.blit(face, _fan_rect(p, view, seat, rect, k).topleft)
        if fx and fx[0] == "reveal":
            last = _fan_rect(p, view, seat, rect, revealed - 1)
            p.rect(last.inflate(6, 6), style.TEXT_LIGHT, 6, width=2)
    if view.rotations[seat]:
        p.text(f"⇧{view.rotations[seat]}", (sx + cw + 3, top + ch - 2), style.SMALL,
               style.TEXT_LIGHT if fx and fx[0] == "rotate" else style.TEXT_MUTED, bold=True, anchor="bottomleft")
    if fx and fx[0] == "rotate":
        pill(p, t("ghost_bumpers.mat.rotated"), (sx + cw + 14 + (rect.right - sx - cw - 24) / 2, top + ch / 2),
             style.PANEL_DARK, style.TEXT_LIGHT, style.TINY)


def _own_pips(p: Painter, view: GhostBumpersView, seat: int, r: pygame.FRect) -> None:
    """The viewer's (`seat`'s) own character deck, top to bottom, with their S."""
    size = view.char_sizes[seat]
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


def _draw_play(p: Painter, board: Memory, view: GhostBumpersView, seat: int, zone: pygame.FRect,
               fear_top: float | None) -> None:
    """The trick zone: this seat's play in the trick (or in the last one, between tricks) and its strength."""
    w, h = TRICK_CARD
    board.spots.mark(("trick", seat), pygame.FRect(zone.x + 6, zone.y + (zone.h - h) / 2, w, h))  # take: from here
    if view.phase == "fear":
        _fear_status(p, view.fear_done[seat], zone, fear_top)
        return
    plays = {s: (c, k, st) for s, c, k, st in view.trick}
    old = not view.trick and bool(view.history) and view.phase in ("play", "discard")
    if old:
        plays = {s: (c, k, st) for s, c, k, st in view.history[-1][0]}
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
        board.spots.card(p, board.motion, ("play", seat), pygame.FRect(x + k * off, y, w, h), face)
    if old:
        shade(p, zone, 90, 8)
    _strength_pill(p, view, seat, zone, strength_text(st), old, pill_w)


def _strength_pill(p: Painter, view: GhostBumpersView, seat: int, zone: pygame.FRect, label: str, old: bool,
                   pill_w: float) -> None:
    """A play's strength, marked when it won the last trick or leads the one in progress."""
    cx = zone.right - pill_w / 2 - 4
    if old and seat == view.history[-1][1]:
        pill(p, label, (cx, zone.centery - 12), style.ACCENT_DARK, style.TEXT_LIGHT)
        p.text(t("ghost_bumpers.mat.won"), (cx, zone.centery + 14), style.TINY, style.TEXT_LIGHT, bold=True,
               anchor="midtop", max_width=pill_w + 10)
    elif not old and seat == trick_lead(view.trick)[1]:
        pill(p, label, (cx, zone.centery - 12), style.INFO, style.TEXT_LIGHT)
        p.text(t("ghost_bumpers.mat.best"), (cx, zone.centery + 14), style.TINY, style.INFO, bold=True,
               anchor="midtop", max_width=pill_w + 10)
    else:
        pill(p, label, (cx, zone.centery - 12), style.PANEL_DARK, style.TEXT_MUTED if old else style.TEXT_LIGHT)


def _fear_status(p: Painter, done: bool, zone: pygame.FRect, fear_top: float | None) -> None:
    """'Hiding the scared card…' / 'Ready' in the part of the trick zone the fear panel leaves: on two
    smaller lines where a narrow mat or large text needs them."""
    bottom = zone.bottom if fear_top is None else min(zone.bottom, fear_top - 4)
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
