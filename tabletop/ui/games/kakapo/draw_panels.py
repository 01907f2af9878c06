"""The right of the table: the info panel (mission, scans, round, skill counters, the decision pile), the reveal
row and the catalogue of pieces. The info panel and each catalogue row are cached layers, painted again only when
what they show changes; the reveal row changes with nearly every move and is drawn live."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from tabletop.games.kakapo.view import KakapoView, leading, reveal_order
from tabletop.i18n import plural, t
from tabletop.ui import style
from tabletop.ui.games import TableContext
from tabletop.ui.games.kakapo import art, paint
from tabletop.ui.games.kakapo.custom_section import mission_line
from tabletop.ui.games.kakapo.layout import CATALOGUE, INFO, PILE_CARD, TRICK, TRICK_CARD
from tabletop.ui.games.kakapo.paint import colour_label, text_look, zone_felt, zone_label
from tabletop.ui.painter import Painter

if TYPE_CHECKING:
    from tabletop.ui.games.kakapo.board import Board

CATALOGUE_ROW = 40  # virtual px per colour in the catalogue


def draw_info(board: Board, p: Painter, ctx: TableContext, view: KakapoView) -> None:
    """Mission, scans, round, skill counters and the decision pile: a layer, painted again when one changes."""
    arriving = board.motion.get(("pile",)) is not None  # the card below shows until the new one lands
    pile = view.pile[:-1] if arriving else view.pile
    key = ("info", view.mission, view.mission_tmx, view.mode, sum(view.scanned), len(view.scanned), view.required,
           view.round, view.round_limit, view.counters, view.lead if view.phase == "reveal" else -1,
           view.top_colour, pile[-1] if pile else None)
    board.layers.draw(p, INFO, key, lambda q: _paint_info(board, q, view, pile),
                     late=("info", ctx.viewer))  # may catch up a frame after a move lands
    top, board._lead_y = board._info_spots[text_look(p)]
    board.pile_rect = pygame.FRect(INFO.right - 12 - PILE_CARD[0], top, *PILE_CARD)


def draw_lead(board: Board, p: Painter, view: KakapoView) -> None:
    """The lead colour under the pile's colour, drawn over the layers; where larger text would take it past
    the info zone's edge, at the right of the reveal row's heading instead (it is the reveals' colour)."""
    if view.lead >= 0 and view.phase == "reveal":
        text = t("kakapo.lead_colour", colour=colour_label(view.lead))
        if board._lead_y + style.TINY * p.scale_now * 1.2 <= INFO.bottom:
            p.text(text, (INFO.right - 22 - PILE_CARD[0], board._lead_y), style.TINY, style.ACCENT, anchor="topright")
        else:  # the heading's line (see _zone), from the right
            p.text(text, (TRICK.right - 12, TRICK.y + 6 - 10 * (p.scale_now - 1)), style.TINY, style.ACCENT,
                   anchor="topright")


def _paint_info(board: Board, p: Painter, view: KakapoView, pile: tuple[int, ...]) -> None:
    zone_felt(p, INFO)
    x, y = INFO.x + 12, INFO.y + 8
    k = p.scale_now
    # The pile's labels sit right-aligned left of the pile card; everything else keeps clear of them
    # and each line goes under the one above, so larger text never runs into other text.
    px = INFO.right - 12 - PILE_CARD[0]
    lead = t("kakapo.lead_colour", colour=colour_label(view.lead)) if view.lead >= 0 and view.phase == "reveal" \
        else ""
    right_w = max(p.measure(t("kakapo.top_colour"), style.TINY * k), p.measure(lead, style.TINY * k),
                  p.measure(colour_label(view.top_colour), style.SMALL * k, bold=True))
    left_w = px - 10 - right_w - 10 - x
    line = p.text(mission_line(view), (x, y), style.SMALL, style.TEXT_LIGHT, bold=True,
                  max_width=min(260, INFO.right - 20 - p.measure(t("kakapo.pile"), style.TINY * k) - x))
    done = sum(view.scanned)
    line = p.text(t("kakapo.scan_goal", done=done, required=view.required,
                    birds=plural("kakapo.count.bird", len(view.scanned))),
                  (x, p.under(line, y + 22)), style.TINY, style.GOOD if done >= view.required else style.TEXT_MUTED,
                  max_width=min(260, left_w))
    round_y = p.under(line, y + 44)
    p.text(t("kakapo.round_counter", round=view.round, limit=view.round_limit), (x, round_y), style.H2,
           style.TEXT_LIGHT, bold=True, max_width=128)
    # Skill counters: filled = available, hollow and crossed = spent.
    total = 5 if view.mode == "buddy" else 3
    sx = x + 146
    counters_y = y + 70
    if p.measure(t("kakapo.skills"), p.min_text) <= left_w - 146:  # else the stars alone (no room)
        label = p.text(t("kakapo.skills"), (sx, round_y - (6 if k <= 1 else 0)), style.TINY, style.TEXT_MUTED,
                       max_width=left_w - 146)
        counters_y = max(counters_y, label.bottom + 6)
    if sx + 10 + (total - 1) * 22 + 9 > x + left_w:  # larger text: no room for a row of them, so one and a count
        p.circle((sx + 10, counters_y), 9, style.ACCENT if view.counters else style.PANEL_EDGE,
                 width=0 if view.counters else 2)
        p.text("★", (sx + 10, counters_y), style.TINY, style.INK if view.counters else style.PANEL_EDGE,
               anchor="center", icon=True)
        p.text(f"{view.counters}/{total}", (sx + 24, counters_y), style.TINY, style.TEXT_LIGHT, anchor="midleft",
               max_width=x + left_w - sx - 24)
    else:
        for i in range(total):
            centre = (sx + 10 + i * 22, counters_y)
            if i < view.counters:
                p.circle(centre, 9, style.ACCENT)
                p.text("★", centre, style.TINY, style.INK, anchor="center", icon=True)
            else:
                p.circle(centre, 9, style.PANEL_EDGE, width=2)
                p.line((centre[0] - 5, centre[1] + 5), (centre[0] + 5, centre[1] - 5), style.PANEL_EDGE, 2)
    # The decision pile: its top card (or the purple slot) and the colour it sets.
    # Grown by the text size, the label rises into the zone's top margin and the card steps down under it.
    pile_label = p.text(t("kakapo.pile"), (INFO.right - 12, y - 10 * (k - 1)), style.TINY, style.TEXT_MUTED,
                        anchor="topright")
    py = max(INFO.y + 30, pile_label.y + pile_label.h * 0.9)
    spots_at = text_look(p)  # where the pile and the lead line lie depends on the text's look alone
    if pile:
        paint.card(p, pile[-1], pygame.FRect(px, py, *PILE_CARD))
    else:
        colour = art.RGB[0]
        p.rect((px, py, *PILE_CARD), art.mix(colour, style.FELT_DARK, 0.4), 5)
        p.rect((px, py, *PILE_CARD), colour, 5, width=2)
        p.text(art.GLYPHS[0], (px + PILE_CARD[0] / 2, py + PILE_CARD[1] / 2), style.H2, style.CARD_FACE,
               anchor="center")
    line = p.text(t("kakapo.top_colour"), (px - 10, py + 8 - 8 * (k - 1)), style.TINY, style.TEXT_MUTED,
                  anchor="topright")
    line = p.text(colour_label(view.top_colour), (px - 10, p.under(line, py + 26)), style.SMALL, style.TEXT_LIGHT,
                  bold=True, anchor="topright")
    # A blitted layer was painted in this look, so the frames that blit it read the spots from here.
    board._info_spots[spots_at] = (py, p.under(line, py + 46))


def draw_trick(board: Board, p: Painter, ctx: TableContext, view: KakapoView) -> tuple[int, ...]:
    """The reveal row (or the last round's), drawn live: it changes with nearly every move, so a layer would
    be painted again in most frames that land one. Returns the slots whose card is still on its way from its
    revealer (drawn over the other zones)."""
    showing_last = not view.revealed and view.history and view.phase != "over" and view.phase != "skill"
    if view.phase == "over" and view.history:
        showing_last = True
    if showing_last:
        h = view.history[-1]
        reveals, order = tuple(h.reveals), tuple(s for s, _ in h.reveals)
        decision: tuple[int, int] | None = (h.placer, h.decision)
    else:
        reveals = view.revealed
        order = reveal_order(view.mode, view.start, view.players)
        decision = (view.placer, view.decision) if view.phase == "skill" else None
    lead = leading(view) if view.phase == "reveal" else None
    n = len(order)
    w, h_ = TRICK_CARD
    gap = (TRICK.w - 24 - n * w) / max(1, n - 1) if n > 1 else 0
    gap = min(gap, 36)
    total = n * w + (n - 1) * gap
    x0 = TRICK.centerx - total / 2
    y = TRICK.y + 34 + 16 * (p.scale_now - 1)  # larger text: the label and the cards' tags need the room
    board.trick_slots = [pygame.FRect(x0 + i * (w + gap), y, w, h_) for i in range(n)]
    flying = () if showing_last else tuple(i for i in range(len(reveals))
                                            if board.motion.get(("reveal", i)) is not None)
    next_slot = len(reveals) if view.phase == "reveal" and not showing_last else -1
    names = tuple(ctx.names[seat] for seat in order)
    _draw_reveal_row(board, p, bool(showing_last), reveals, order, names, decision, lead, flying, next_slot, gap)
    return flying


def draw_flying_reveals(board: Board, p: Painter, view: KakapoView, flying: tuple[int, ...]) -> None:
    for i in flying:
        rect = board.trick_slots[i]
        paint.card(p, view.revealed[i][1], pygame.FRect(board.motion.toward(("reveal", i), rect.topleft), rect.size))


def _draw_reveal_row(board: Board, p: Painter, showing_last: bool, reveals: tuple[tuple[int, int], ...],
                     order: tuple[int, ...],
                     names: tuple[str, ...], decision: tuple[int, int] | None, lead: tuple[int, int] | None,
                     flying: tuple[int, ...], next_slot: int, gap: float) -> None:
    zone_felt(p, TRICK)
    zone_label(p, TRICK, t("kakapo.last_round") if showing_last else t("kakapo.reveals"))
    w = TRICK_CARD[0]
    for i, (seat, rect) in enumerate(zip(order, board.trick_slots, strict=True)):
        if i < len(reveals):
            s, k = reveals[i]
            in_flight = i in flying  # still on its way from the revealer: drawn over the layer
            is_decision = not in_flight and decision is not None and decision == (s, k)
            is_leading = not in_flight and lead is not None and lead == (s, k)
            if is_decision or is_leading:
                p.rect(rect.inflate(8, 8), style.ACCENT, style.RADIUS, width=3)
            if not in_flight:
                paint.card(p, k, rect, dim=showing_last and not is_decision)
            if is_decision or is_leading:
                tag = t("kakapo.decides") if is_decision else t("kakapo.leading")
                grow = p.scale_now  # the pill grows with its text
                tw, th = p.measure(tag, style.TINY * grow, bold=True) + 12, 17 * grow
                p.rect((rect.centerx - tw / 2, rect.y - 1 - th / 2, tw, th), style.ACCENT, th / 2)
                p.text(tag, (rect.centerx, rect.y - 1), style.TINY, style.INK, bold=True, anchor="center")
        else:
            nxt = i == next_slot
            p.rect(rect, style.ACCENT if nxt else style.FELT_LINE, 8, width=2 if nxt else 1)
            p.text(str(i + 1), rect.center, style.H2, style.ACCENT if nxt else style.FELT_LINE, anchor="center")
        cy = rect.bottom + 16
        p.seat_disc((rect.x + 9, cy), 8, seat)
        p.text(names[i], (rect.x + 20, cy), style.TINY, style.TEXT_LIGHT, anchor="midleft", max_width=w + gap - 22)


def draw_catalogue(board: Board, p: Painter, ctx: TableContext, view: KakapoView) -> None:
    """The catalogue: its felt and heading live, each colour's row a layer painted again when one of its
    pieces is chosen, placed or removed (a move changes a row or two, not all forty pieces)."""
    zone_felt(p, CATALOGUE)
    # The heading line: the count right-aligned, the title fitted into what it leaves. Grown by the text
    # size, both rise into the zone's top margin, clear of the first row of pieces.
    rise = 10 * (p.scale_now - 1)
    count = view.used.bit_count()
    used = p.text(board.said(("used", count), lambda: t("kakapo.used_count", count=count)),
                  (CATALOGUE.right - 12, CATALOGUE.y + 6 - rise), style.TINY, style.TEXT_MUTED, anchor="topright")
    p.text(t("kakapo.catalogue"), (CATALOGUE.x + 12, CATALOGUE.y + 6 - rise), style.TINY, style.TEXT_MUTED,
           max_width=used.x - 10 - CATALOGUE.x - 12)
    for colour in range(5):
        # The row's band, inside the zone's edge lines; its pieces reach a little above their boxes.
        band = pygame.FRect(CATALOGUE.x + 2, CATALOGUE.y + 26 + colour * CATALOGUE_ROW, CATALOGUE.w - 4,
                            CATALOGUE_ROW)
        key = ("catalogue", colour, view.used >> 8 * colour & 0xFF,
               tuple(k for k in view.selection if k >> 3 == colour),
               tuple(k for k in view.removed_public if k >> 3 == colour))
        board.layers.draw(p, band, key, partial(_paint_catalogue_row, view=view, colour=colour, band=band),
                          late=("catalogue", colour, ctx.viewer))


def _paint_catalogue_row(p: Painter, view: KakapoView, colour: int, band: pygame.FRect) -> None:
    p.rect(band, style.FELT_DARK)
    cell_px = p.vp.px(7)
    col_w = (CATALOGUE.w - 44) / 8
    row_h = CATALOGUE_ROW
    selection = set(view.selection)
    removed = set(view.removed_public)
    y = CATALOGUE.y + 28 + colour * row_h
    p.circle((CATALOGUE.x + 20, y + row_h / 2 - 4), 10, art.RGB[colour])
    p.text(art.GLYPHS[colour], (CATALOGUE.x + 20, y + row_h / 2 - 4), style.TINY, art.GLYPH_INK[colour],
           anchor="center", icon=True)
    for v in range(8):
        k = colour * 8 + v
        x = CATALOGUE.x + 38 + v * col_w
        box = pygame.FRect(x + 1, y, col_w - 2, row_h - 4)
        used = bool(view.used >> k & 1) or k in removed
        if k in selection:
            p.rect(box, art.mix(style.FELT_DARK, style.ACCENT, 0.25), 5)
            p.rect(box, style.ACCENT, 5, width=2)
        o = art.compact_orient(k)
        surf = art.piece_surface(k, o, cell_px, glyphs=False, dim=used)
        p.blit(surf, (box.centerx, box.y + 3 + (row_h - 24) / 2), anchor="center")
        p.text(str(v + 1), (box.x + 2, box.bottom - 1), 11, style.TEXT_MUTED if used else style.TEXT_LIGHT,
               anchor="bottomleft")
        if used:
            if k in removed:
                p.line((box.x + 6, box.y + 4), (box.right - 6, box.bottom - 6), style.BAD, 2)
            else:
                p.text("✓", (box.right - 3, box.bottom - 1), 11, style.GOOD, bold=True, anchor="bottomright")



def draw_pile_flight(board: Board, p: Painter, view: KakapoView) -> None:
    """The decision card on its way from the reveal row to the pile, over the other zones."""
    if view.pile and board.motion.get(("pile",)) is not None:
        paint.card(p, view.pile[-1], board.motion.rect(("pile",), board.pile_rect))
