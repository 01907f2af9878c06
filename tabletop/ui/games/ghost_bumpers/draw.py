"""Drawing the Ghost Bumpers table: the mats on top (see draw_mats), the monster deck and discard pile in the
middle, the viewer's hand at the bottom, and the scoring panel or score sheet over the mats.

`draw` changes nothing but the board's hit map (what it drew where, for input) and its caches.
"""

from __future__ import annotations

import pygame

from tabletop import i18n
from tabletop.games.ghost_bumpers.actions import PlayZ, SetFear
from tabletop.games.ghost_bumpers.cards import Z, strength, strength_text
from tabletop.games.ghost_bumpers.view import GhostBumpersView, trick_lead, trick_reveals, would_lead
from tabletop.i18n import plural, t
from tabletop.ui import style
from tabletop.ui.cards import render_back, render_card
from tabletop.ui.games import BOARD_AREA, TableContext
from tabletop.ui.games.ghost_bumpers.art import card_label, monster_face
from tabletop.ui.games.ghost_bumpers.draw_mats import draw_mat
from tabletop.ui.games.ghost_bumpers.input import HandCard, Selection, Target, shown
from tabletop.ui.games.ghost_bumpers.layout import CARD, HAND, MATS_H, MATS_Y, MID, ORDER, OVERLAY, TRICK_CARD
from tabletop.ui.games.ghost_bumpers.memory import Facts, Memory, flight_kind
from tabletop.ui.games.ghost_bumpers.paint import zone
from tabletop.ui.games.ghost_bumpers.scoring import draw_sheet
from tabletop.ui.motion import blit_card
from tabletop.ui.painter import Painter
from tabletop.ui.shade import shade
from tabletop.ui.widgets import Button

Buttons = list[tuple[Button, Target]]


def _noop() -> None:
    """A drawn button's own action: input reads its target from the hit map instead."""


def draw(p: Painter, board: Memory, ctx: TableContext) -> None:
    view = ctx.view
    assert isinstance(view, GhostBumpersView)
    board.hits.clear()
    buttons: Buttons = []
    board.spots.begin()
    if not (board.sheet_open or board.scoring is not None):  # the overlays hide the mats and the middle strip
        _draw_table(p, board, view, ctx, buttons)
    _draw_hand(p, board, view, ctx, buttons)
    board.spots.finish()
    board.draw_deal(p, ctx.viewer)
    for b, target in buttons:
        b.hovered = b.rect.collidepoint(ctx.mouse)
        b.draw(p, focused=b.selected)
        if b.enabled:
            board.hits.add(b.rect, target)
    if board.sheet_open:
        rounds, starts = board.sheet(ctx.viewer)
        draw_sheet(p, OVERLAY, rounds, ctx.names, view.scores, starts.get)
    elif board.scoring is not None:
        board.scoring.draw(p, OVERLAY, ctx.names)


def _draw_table(p: Painter, board: Memory, view: GhostBumpersView, ctx: TableContext, buttons: Buttons) -> None:
    """The mats and the middle strip, or the fear panel in its place while the viewer hides their S."""
    n = view.players
    gap = 8
    width = (BOARD_AREA.w - gap * (n - 1)) / n
    fear_open = view.phase == "fear" and any(isinstance(a, SetFear) for a in ctx.legal)
    # Larger text needs a taller panel: it grows upwards over the mats' (still empty) trick zones,
    # whose status lines keep to the part above it.
    grow = (p.scale_now - 1) * 96  # leaves the status lines above it their size at 100 %
    fear_panel = pygame.FRect(MID.x, MID.y - grow, MID.w, MID.h + grow)
    fear_top = fear_panel.y if fear_open else None
    for seat in range(n):
        rect = pygame.FRect(BOARD_AREA.x + seat * (width + gap), MATS_Y, width, MATS_H)
        draw_mat(p, board, view, ctx, seat, rect, fear_top)
    if fear_open:
        board.fear.draw(p, fear_panel, ctx.mouse)
    else:
        _draw_middle(p, board, view, ctx, buttons)


def _card(p: Painter, card: int, rect: pygame.FRect, highlight: bool = False, hover: bool = False,
          selected: bool = False) -> None:
    if highlight or selected:
        p.rect(rect.inflate(8, 8), style.ACCENT if (hover or selected) else style.ACCENT_DARK, style.RADIUS,
               width=0 if selected else 3)
    shade(p, (rect.x + 2, rect.y + 3, rect.w, rect.h), 60, 6)
    p.blit(render_card(monster_face(card), *p.size_px(rect.w, rect.h)), rect.topleft)


# ----- middle strip: monster deck, discard pile, trick facts ------------------------------
def _draw_middle(p: Painter, board: Memory, view: GhostBumpersView, ctx: TableContext, buttons: Buttons) -> None:
    area = MID
    zone(p, area, style.FELT_DARK)
    p.text(t("ghost_bumpers.monster_deck"), (area.x + 14, area.y + 8), style.TINY, style.TEXT_MUTED,
           max_width=94)
    bw, bh = 52.0, 74.0
    back = render_back(*p.size_px(bw, bh))
    for k in range(min(3, view.deck_count)):
        p.blit(back, (area.x + 16 + k * 2, area.y + 32 - k * 2))
    board.spots.mark(("deck",), pygame.FRect(area.x + 16, area.y + 32, bw, bh))  # where drawn cards leave
    if not view.deck_count:
        p.rect((area.x + 16, area.y + 32, bw, bh), style.FELT_LINE, 6, width=1)
    p.text(str(view.deck_count), (area.x + 16 + bw / 2 + 2, area.y + 32 + bh / 2 - 2), style.H2,
           style.TEXT_LIGHT, bold=True, anchor="center")
    # Discard pile: how many of each value are out (public, for card counters).
    dx = area.x + 112
    p.text(board._said(("discard", sum(view.discard)), lambda: t("ghost_bumpers.discard_pile",
                                                                 count=sum(view.discard))),
           (dx, area.y + 8), style.TINY, style.TEXT_MUTED)
    # Wide enough for the 0/10 card's label at the readable minimum, whatever the text size.
    chip_w, chip_h = max(30.0, p.measure(card_label(Z), p.min_text, bold=True) + 4), 42.0
    chips = {card: pygame.FRect(dx + i * (chip_w + 4), area.y + 32, chip_w, chip_h) for i, card in enumerate(ORDER)}
    # On their way here: ("take" | "discard", seat, card).
    for taken in [k for k in board.motion.tweens if isinstance(k, tuple) and flight_kind(k) in ("take", "discard")]:
        card = taken[2]
        # Drawn from the trick-size face (already cached) and scaled: a new card size would cost a render.
        board.spots.card(p, board.motion, taken, chips[card], render_card(monster_face(card), *p.size_px(*TRICK_CARD)))
    for i, card in enumerate(ORDER):
        board.spots.mark(("chip", i), chips[card])
    # The chips are a layer: they change when a trick is taken, not at every play (a layer of the whole
    # strip would be painted again in the frames a trick is taken or a card drawn, the dearest ones).
    row = pygame.FRect(dx, area.y + 32, len(ORDER) * (chip_w + 4), chip_h).inflate(8, 24)
    board.layers.draw(p, row, ("chips", tuple(view.discard), chip_w, p.min_text),
                      lambda q: _discard_chips(q, view, chips, chip_w))
    deck = pygame.FRect(area.x + 16, area.y + 32, bw, bh)
    for key in [k for k in board.motion.tweens if flight_kind(k) == "reshuffle" and not board.motion.tweens[k].waiting]:
        blit_card(p, board.motion, key, deck, back)  # the discards, face down, on their way into the deck
    # Facts about the trick in progress (or the one just finished), in words formatted when they change.
    fx = dx + 10 * (chip_w + 4) + 14
    fw = area.right - fx - 14
    for i, (text, color) in enumerate(_facts(board, view, ctx)[:3]):
        p.text(text, (fx, area.y + 10 + i * 24), style.SMALL, color, bold=i == 0, max_width=fw)
    buttons.append((Button(pygame.FRect(area.right - 190, area.bottom - 42, 176, 32), t("ghost_bumpers.sheet.button"),
                           _noop, size=style.SMALL), "sheet"))


def _facts(board: Memory, view: GhostBumpersView, ctx: TableContext) -> Facts:
    """The trick's facts in words, formatted again only when they change (not in every frame)."""
    key = (i18n.language(), view.phase, view.drawer, view.owed, view.trick,
           view.history[-1] if view.history else None, len(view.history), view.leader, tuple(ctx.names))
    if board._facts_said[0] != key:
        board._facts_said = (key, _facts_in_words(view, ctx))
    return board._facts_said[1]


def _facts_in_words(view: GhostBumpersView, ctx: TableContext) -> Facts:
    lines: Facts = []
    if view.phase == "over":
        lines.append((t("ghost_bumpers.status.over"), style.TEXT_LIGHT))
    elif view.phase == "discard":
        lines.append((t("ghost_bumpers.mid.forced", name=ctx.names[view.drawer], owed=view.owed), style.BAD))
    elif view.trick:
        best, leader = trick_lead(view.trick)
        lines.append((t("ghost_bumpers.mid.best", power=strength_text(best), name=ctx.names[leader]),
                      style.TEXT_LIGHT))
    elif view.history:
        plays, winner = view.history[-1]
        best = trick_lead(plays)[0]
        lines.append((t("ghost_bumpers.mid.last", name=ctx.names[winner], power=strength_text(best)),
                      style.TEXT_LIGHT))
    if view.phase in ("play", "discard"):
        reveals = trick_reveals(view.trick)
        if not reveals:
            lines.append((t("ghost_bumpers.mid.z_in_trick"), style.INFO))
        else:
            lines.append((t("ghost_bumpers.mid.reveals",
                            count=plural("ghost_bumpers.count.character_card", reveals)), style.TEXT_MUTED))
        lines.append((t("ghost_bumpers.mid.trick_of", trick=len(view.history) + 1, name=ctx.names[view.leader]),
                      style.TEXT_MUTED))
    return lines


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


# ----- the viewer's hand --------------------------------------------------------------------
def choosing(view: GhostBumpersView, ctx: TableContext) -> bool:
    """The viewer picks cards from their hand now (to play or to discard)."""
    return bool(ctx.legal) and view.phase in ("play", "discard")


def _hint(board: Memory, view: GhostBumpersView, ctx: TableContext, sel: Selection | None) -> str:
    if not ctx.legal:
        if view.phase == "fear" and ctx.viewer is not None and view.fear_done[ctx.viewer]:
            return t("ghost_bumpers.hint.placed")
        return t("ghost_bumpers.hint.wait", name=ctx.names[view.turn]) if view.phase == "play" else ""
    if board.scoring is not None or board.sheet_open:
        return t("ghost_bumpers.hint.overlay")
    if view.phase == "fear":
        return t("ghost_bumpers.hint.fear")
    if view.phase == "discard":
        return t("ghost_bumpers.hint.discard")
    if sel is not None and sel[0] == Z:
        return t("ghost_bumpers.hint.z")
    return t("ghost_bumpers.hint.play_selected") if sel else t("ghost_bumpers.hint.play")


def _draw_hand(p: Painter, board: Memory, view: GhostBumpersView, ctx: TableContext, buttons: Buttons) -> None:
    area = HAND
    zone(p, area, style.FELT_DARK)
    if ctx.viewer is None:
        key = "ghost_bumpers.hands_hidden" if board.table.any_human() else "app.spectating"
        p.text(t(key), area.center, style.BODY, style.TEXT_MUTED, anchor="center")
        return
    label = p.text(board.hand_label(ctx, "ghost_bumpers.your_hand"), (area.x + 14, area.y + 8), style.SMALL,
                   style.TEXT_MUTED)
    active = choosing(view, ctx)
    sel = shown(board.sel, view.hand, active)
    hint = _hint(board, view, ctx, sel)
    hint_x = max(area.x + 130, label.right + 16)  # after the label, however large the text
    p.text(hint, (hint_x, area.y + 8), style.SMALL, style.ACCENT, max_width=area.right - 20 - hint_x)
    hand = [c for c in ORDER for _ in range(view.hand[c])]
    _draw_cards(p, board, view, ctx, hand, sel, active)
    if not hand:
        p.text(t("ghost_bumpers.hand_empty"), (area.x + 20, area.y + 100), style.SMALL, style.TEXT_MUTED)
    p.text(t("ghost_bumpers.legend"), (area.x + 20, area.bottom - 22), style.TINY, style.TEXT_MUTED,
           max_width=area.w - 250)
    if active:
        _draw_choice(p, board, view, sel, pygame.FRect(area.right - 206, area.y + 36, 192, area.h - 48), buttons)


def _draw_cards(p: Painter, board: Memory, view: GhostBumpersView, ctx: TableContext, hand: list[int],
                sel: Selection | None, active: bool) -> None:
    """The hand, sorted, identical cards overlapping more than different ones; a picked card stands out."""
    area = HAND
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
        picked = sel is not None and sel[0] == card and index < sel[1]
        rect = pygame.FRect(x, area.y + 50 - (16 if picked else 0), w, h)
        hover = active and rect.collidepoint(ctx.mouse)
        drawn = board.dealt_rect(ctx.viewer, position, rect)  # on its way from the deal (clicks keep `rect`)
        if drawn is not None:
            _card(p, card, drawn, highlight=active, hover=hover, selected=picked)
        if active:  # later cards overlap earlier ones, and the hit map answers the last drawn
            board.hits.add(rect, HandCard(card, index))


def _draw_choice(p: Painter, board: Memory, view: GhostBumpersView, sel: Selection | None, col: pygame.FRect,
                 buttons: Buttons) -> None:
    """The column beside the hand: what the selection makes and the button that plays it."""
    p.rect(col, style.FELT_COLUMN, 8)
    if view.phase == "discard":
        label = t("ghost_bumpers.button.discard", card=card_label(sel[0])) if sel else t("app.confirm")
        buttons.append((Button(pygame.FRect(col.x + 10, col.y + 70, col.w - 20, 44), label, _noop,
                               enabled=sel is not None, primary=True, size=style.SMALL), "confirm"))
        return
    if sel is None:
        p.wrapped_fit(t("ghost_bumpers.choice.none"), (col.x + 12, col.y + 14, col.w - 24, col.h - 20),
                      (style.SMALL, style.TINY), style.TEXT_MUTED, line_gap=1.2)
        return
    if sel[0] == Z:
        _draw_declare(p, board, col, buttons)
        return
    card, count = sel
    st = strength(card, count)
    p.text(t("ghost_bumpers.choice.strength"), (col.centerx, col.y + 8), style.TINY, style.TEXT_MUTED,
           anchor="midtop")
    p.text(strength_text(st), (col.centerx, col.y + 24), style.H1, style.TEXT_LIGHT, bold=True, anchor="midtop")
    if not view.trick:
        verdict, color = t("ghost_bumpers.choice.leads"), style.TEXT_MUTED
    elif would_lead(view.trick, st):
        verdict, color = t("ghost_bumpers.choice.takes"), style.INFO
    else:
        best = trick_lead(view.trick)[0]
        verdict, color = t("ghost_bumpers.choice.under", power=strength_text(best)), style.TEXT_MUTED
    p.text(verdict, (col.centerx, col.y + 66), style.TINY, color, anchor="midtop", max_width=col.w - 12)
    label = t("ghost_bumpers.button.play", count=count, value=card)
    buttons.append((Button(pygame.FRect(col.x + 10, col.y + 92, col.w - 20, 44), label, _noop, primary=True,
                           size=style.SMALL), "confirm"))
    buttons.append((Button(pygame.FRect(col.x + 10, col.y + 146, col.w - 20, 32), t("ghost_bumpers.button.clear"),
                           _noop, size=style.TINY), "clear"))


def _draw_declare(p: Painter, board: Memory, col: pygame.FRect, buttons: Buttons) -> None:
    """The 0/10 card's two declarations (either button plays it at once) and what the chosen one means."""
    p.text(t("ghost_bumpers.choice.declare"), (col.centerx, col.y + 10), style.SMALL, style.TEXT_LIGHT,
           bold=True, anchor="midtop", max_width=col.w - 16)
    for i, declared in enumerate((0, 10)):
        r = pygame.FRect(col.x + 10 + i * (col.w - 20) / 2 + (4 if i else 0), col.y + 40, (col.w - 28) / 2, 56)
        buttons.append((Button(r, str(declared), _noop, size=style.H1, selected=board.z_choice == declared),
                        PlayZ(declared)))
    explain = "ghost_bumpers.choice.z10" if board.z_choice == 10 else "ghost_bumpers.choice.z0"
    p.wrapped(t(explain), (col.x + 12, col.y + 108, col.w - 24, col.bottom - col.y - 112), style.TINY,
              style.TEXT_MUTED, line_gap=1.2)
