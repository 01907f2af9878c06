"""The bottom strip: what the person at the screen does now. Their hand (or, for a spectator, every hand as a fan
of backs), the skill tiles, or the tray of pieces to place with its verdict line and buttons; and the deal's cards
on their way to hands this screen does not show. Every click target drawn here goes into the board's hit maps."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import nullcontext
from typing import TYPE_CHECKING

import pygame

from tabletop.games.kakapo import pieces
from tabletop.games.kakapo.actions import Reveal, Skill
from tabletop.games.kakapo.view import KakapoView, skill_selection
from tabletop.i18n import t
from tabletop.ui import style
from tabletop.ui.cards import render_back
from tabletop.ui.games import TableContext
from tabletop.ui.games.kakapo import art, paint
from tabletop.ui.games.kakapo.ghost import Ghost
from tabletop.ui.games.kakapo.layout import BOTTOM, HAND_CARD
from tabletop.ui.games.kakapo.paint import card_name, skill_label, zone_felt
from tabletop.ui.painter import Painter
from tabletop.ui.widgets import Button
from tabletop.ui.words import words_for
from tabletop.ui.words.kakapo import KakapoWords

if TYPE_CHECKING:
    from tabletop.ui.games.kakapo.board import Board


def _button(board: Board, rect: pygame.FRect, label: str, on_click: Callable[[], None], enabled: bool = True,
            primary: bool = False) -> None:
    board.buttons.add(rect, Button(rect, label, on_click, enabled=enabled, primary=primary, size=style.SMALL))


def draw_bottom(board: Board, p: Painter, ctx: TableContext, view: KakapoView, ghost: Ghost | None) -> None:
    hint = board.hint(ctx)
    acting = bool(ctx.legal)
    zone_felt(p, BOTTOM)
    if view.phase == "skill" and acting:
        _draw_skills(board, p, ctx, view, hint)
    elif ghost is not None:
        _draw_tray(board, p, ctx, view, ghost, hint)
    else:
        _draw_hand(board, p, ctx, view, hint)


def _hint_line(p: Painter, label: str, hint: str, acting: bool) -> None:
    x = BOTTOM.x + 12
    rise = 10 * (p.scale_now - 1)  # grown by the text size, the line rises into the zone's top margin
    # Without room the label gives way (the hand's cards show its count): the hint keeps its 100 % size.
    if label and p.keeps_label(label, style.TINY, hint, style.SMALL, BOTTOM.right - x - 12 - 14, acting):
        r = p.text(label, (x, BOTTOM.y + 6 - rise), style.TINY, style.TEXT_MUTED)
        x = r.right + 14
    p.text(hint, (x, BOTTOM.y + 4 - rise), style.SMALL, style.ACCENT if acting else style.TEXT_LIGHT,
           bold=acting, max_width=BOTTOM.right - x - 12)


def row_top(p: Painter) -> float:
    """The top of the cards (or pieces) under the hint line: a little lower when its text is larger."""
    return BOTTOM.y + 28 + 8 * (p.scale_now - 1)


def _draw_hand(board: Board, p: Painter, ctx: TableContext, view: KakapoView, hint: str) -> None:
    if ctx.viewer is None:
        if board.table.shared_screen():
            _hint_line(p, "", hint or t("app.spectating"), False)
            p.text(t("kakapo.hands_hidden"), BOTTOM.center, style.SMALL, style.TEXT_MUTED, anchor="center")
        else:
            _draw_backs(board, p, view, hint or t("app.spectating"))
        return
    if board.table.shared_screen() and view.phase != "reveal":
        _hint_line(p, "", hint, False)
        p.text(t("kakapo.hands_hidden"), (BOTTOM.centerx, BOTTOM.centery + 10), style.SMALL, style.TEXT_MUTED,
               anchor="center")
        return
    acting = bool(ctx.legal)
    _hint_line(p, board.hand_label(ctx, "kakapo.your_hand", len(view.hand)), hint, acting)
    playable = {a.card for a in ctx.legal if isinstance(a, Reveal)}
    chosen = board.selected_card if board.selected_card in playable else None  # a card no longer playable drops
    hand = list(view.hand)
    w, h = HAND_CARD
    button_w = 150 if acting else 0
    room = BOTTOM.w - 24 - button_w - (12 if acting else 0)
    step = min(w + 6, (room - w) / max(1, len(hand) - 1)) if len(hand) > 1 else w
    x = BOTTOM.x + 12
    for i, c in enumerate(hand):
        ok = c in playable
        lifted = c == chosen
        lift = 10 - 8 * (p.scale_now - 1)  # a lifted card stays clear of the grown hint line
        rect = pygame.FRect(x, row_top(p) - (lift if lifted else 0), w, h)
        hover = ok and rect.collidepoint(ctx.mouse)
        drawn = board.dealt_rect(ctx.viewer, i, rect)  # on its way from the deal (clicks keep `rect`)
        if drawn is not None:
            with p.overlay() if drawn != rect else nullcontext():  # in flight it passes over the hint line
                paint.card(p, c, drawn, highlight=ok, hover=hover, selected=lifted, dim=acting and not ok)
        if ok:
            board.hot_hand.add(rect, c)
        x += step
    if acting:
        label = t("kakapo.reveal_card", card=card_name(chosen)) if chosen is not None else t("kakapo.action.play")
        _button(board, pygame.FRect(BOTTOM.right - 12 - button_w, BOTTOM.y + 44, button_w, 48), label,
                lambda: board.reveal_selected(ctx), enabled=chosen is not None, primary=True)


def draw_deal(board: Board, p: Painter, ctx: TableContext, view: KakapoView) -> None:
    """The deal's deck and the cards on their way to hands this screen does not show face up: to the seat's
    disc in the side column (a spectator's fans of backs mark their own places in `_draw_backs`)."""
    if not board.motion.running():
        return
    hidden = board.table.shared_screen() and (ctx.viewer is None or view.phase != "reveal")  # see _draw_hand
    viewer = None if hidden else ctx.viewer
    if viewer is not None or hidden:
        w, h = 30, 43
        for seat in range(view.players):
            if seat != viewer:
                anchor = board.table.seat_anchor(seat)
                board.hand_place(seat, pygame.FRect(anchor.x - w / 2, anchor.y - h / 2, w, h))
    board.draw_deal(p, viewer)


def _draw_backs(board: Board, p: Painter, view: KakapoView, hint: str) -> None:
    """Spectator: the hint line and every hand as a fan of backs with its size (sizes are public)."""
    _hint_line(p, "", hint, False)
    w, h = 30, 43
    slot = (BOTTOM.w - 24) / view.players
    back = render_back(*p.size_px(w, h))
    for seat in range(view.players):
        x = BOTTOM.x + 12 + seat * slot
        n = board.dealt(seat, view.hand_sizes[seat])  # the fan grows as a deal's cards land on it
        board.hand_place(seat, pygame.FRect(x, BOTTOM.y + 36, w, h))
        for i in range(min(n, 10)):
            p.blit(back, (x + i * 9, BOTTOM.y + 36))
        cx = x + min(n, 10) * 9 + w + 18
        p.circle((cx, BOTTOM.y + 58), 10, style.SEAT_COLORS[seat % 6])
        p.text(style.SEAT_GLYPHS[seat % 6], (cx, BOTTOM.y + 58), style.TINY, style.INK, anchor="center", icon=True)
        p.text(f"× {n}", (cx + 16, BOTTOM.y + 58), style.SMALL, style.TEXT_LIGHT, anchor="midleft")


def _draw_skills(board: Board, p: Painter, ctx: TableContext, view: KakapoView, hint: str) -> None:
    _hint_line(p, t("kakapo.skill_choice"), hint, True)
    options = [a for a in ctx.legal if isinstance(a, Skill)]
    n = len(options)
    gap = 8
    w = min(170, (BOTTOM.w - 24 - gap * (n - 1)) / max(1, n))
    x = BOTTOM.x + 12
    board.hover_skill = None
    for i, skill in enumerate(options):
        rect = pygame.FRect(x + i * (w + gap), BOTTOM.y + 32, w, 78)
        hover = rect.collidepoint(ctx.mouse) or skill == board.skill_focus
        if hover:
            board.hover_skill = skill
        p.rect(rect, art.mix(style.PANEL_DARK, style.ACCENT, 0.18 if hover else 0.06), 8)
        p.rect(rect, style.ACCENT if hover else style.ACCENT_DARK, 8, width=3)
        spends = skill.kind != "none"
        p.rect((rect.x + 6, rect.y + 6, 18, 18), style.ACCENT, 4)
        p.text(str(i + 1), (rect.x + 15, rect.y + 15), style.TINY, style.INK, bold=True, anchor="center")
        # The label stops short of the cost tag on the top edge, which its letters reach at larger text.
        p.text(skill_label(skill), (rect.x + 30, rect.y + 15), style.TINY, style.TEXT_LIGHT, bold=True,
               anchor="midleft", max_width=rect.w - 36 - (40 if spends and p.scale_now > 1 else 0))
        if spends:  # the cost, as a tag on the tile's top edge
            p.rect((rect.right - 40, rect.y - 9, 34, 17), style.ACCENT, 8)
            p.text("★−1", (rect.right - 23, rect.y - 1), style.TINY, style.INK, bold=True, anchor="center")
        selection = skill_selection(view, skill)
        if not selection:
            p.text(t("kakapo.no_piece"), (rect.centerx, rect.y + 48), style.TINY, style.TEXT_MUTED,
                   anchor="center", max_width=rect.w - 12)
        cell_px = p.vp.px(8)
        span = rect.w / max(1, len(selection))
        for j, k in enumerate(selection):
            surf = art.piece_surface(k, art.compact_orient(k), cell_px, glyphs=False)
            cx = rect.x + span * (j + 0.5)
            p.blit(surf, (cx, rect.y + 50), anchor="center")
            p.text(card_name(k), (cx, rect.bottom - 4), style.TINY, style.TEXT_MUTED, anchor="midbottom")
        board.hot_skills.add(rect, skill)


def _draw_tray(board: Board, p: Painter, ctx: TableContext, view: KakapoView, ghost: Ghost, hint: str) -> None:
    _hint_line(p, t("kakapo.to_place"), hint, True)
    x = BOTTOM.x + 12
    for k in view.selection:
        o = ghost.orient if k == ghost.piece else art.compact_orient(k)
        cell = 12
        shape = pieces.ORIENTATIONS[k][o]
        rect = pygame.FRect(x, row_top(p), max(86, shape.width * cell + 16), 80 - 4 * (p.scale_now - 1))
        held = k == ghost.piece
        hover = rect.collidepoint(ctx.mouse)
        p.rect(rect, art.mix(style.PANEL_DARK, style.ACCENT, 0.2 if held else 0.05), 8)
        p.rect(rect, style.ACCENT if (held or hover) else style.ACCENT_DARK, 8, width=3 if held else 2)
        surf = art.piece_surface(k, o, p.vp.px(cell), glyphs=False)
        p.blit(surf, (rect.centerx, rect.y + 36), anchor="center")
        p.text(card_name(k), (rect.centerx, rect.bottom - 3), style.TINY, style.TEXT_LIGHT, bold=held,
               anchor="midbottom")
        board.hot_tray.add(rect, k)
        x = rect.right + 8
    reason = board.verdict(ctx, ghost).reason if ghost.shown else None
    info_x = x + 8
    bw = 112
    buttons_x = BOTTOM.right - 12 - 3 * bw - 16
    if not ghost.shown:
        text, colour = t("kakapo.preview.start"), style.TEXT_MUTED
    elif reason is None:
        how = "legal_drag" if ghost.dragging else "legal_hover" if ghost.following else "legal"
        said = words_for("kakapo")
        assert isinstance(said, KakapoWords)
        spot = said.placed_at(ghost.piece, ghost.orient, *ghost.anchor)
        text = t(f"kakapo.preview.{how}", piece=said.card(ghost.piece), cell=spot)
        colour = style.GOOD
    else:
        text, colour = "× " + reason, style.BAD
    p.wrapped(text, (info_x, BOTTOM.y + 34, buttons_x - info_x - 12, 70), style.SMALL, colour, bold=reason is None
              and ghost.shown)
    y = BOTTOM.y + 44
    _button(board, pygame.FRect(buttons_x, y, bw, 44), t("kakapo.action.rotate") + " (R)", board.rotate)
    _button(board, pygame.FRect(buttons_x + bw + 8, y, bw, 44), t("kakapo.action.flip") + " (F)", board.flip)
    _button(board, pygame.FRect(buttons_x + 2 * bw + 16, y, bw, 44), t("kakapo.action.place"),
            lambda: board.confirm(ctx), enabled=ghost.shown and reason is None, primary=True)

