"""Drawing the hand strip: the viewer's cards, the hint line, the combination chips with their risk, and the
Play / Pass buttons, each recorded in the HitMap where it was drawn; or, with no private view, every hand face
down."""

from __future__ import annotations

from collections import Counter
from functools import partial
from typing import TYPE_CHECKING

import pygame

from tabletop.games.bloody_summer.actions import PASS, Play
from tabletop.games.bloody_summer.rules import cards_of, combo_text
from tabletop.games.bloody_summer.view import BloodySummerView
from tabletop.i18n import t
from tabletop.ui import style
from tabletop.ui.cards import render_back
from tabletop.ui.games import TableContext
from tabletop.ui.games.bloody_summer import art, select
from tabletop.ui.games.bloody_summer import layout as L
from tabletop.ui.games.bloody_summer.input import Card, Chip, Press, Target, only_pass
from tabletop.ui.hitmap import HitMap
from tabletop.ui.painter import Painter
from tabletop.ui.widgets import Button
from tabletop.ui.words.bloody_summer import form_noun

if TYPE_CHECKING:
    from tabletop.ui.games.bloody_summer.memory import TableMemory

RISKY = 0.34  # from this chance on, the hint line warns the human
BUTTONS_W_LIMIT = L.BUTTONS_X - L.HAND.x - 150
BACK = (44, 63)  # a spectator's view of a hand: card backs fanned


def _risk(view: BloodySummerView, viewer: int, play: Play) -> float:
    return view.hit_chance(viewer, cards_of(play.form, play.value))


def draw_hand(p: Painter, view: BloodySummerView, ctx: TableContext, danger: frozenset[int], m: TableMemory,
              selection: select.Selection, hits: HitMap[Target]) -> None:
    area = L.HAND
    viewer = ctx.viewer
    if viewer is None:
        _draw_backs(p, view, ctx, m)
        return
    p.rect(area, style.FELT_DARK, style.RADIUS)
    hand = list(view.hand)
    label = p.text(m.hand_label(ctx, "bloody_summer.hand.title", len(hand)), (area.x + 14, area.y + 8), style.SMALL,
                   style.TEXT_MUTED)
    legal = ctx.legal
    plays = select.plays_of(legal)
    chosen = select.match(selection, legal) if legal else None
    hint, hint_color = _hint(view, ctx, plays, chosen, selection)
    hint_x = max(area.x + 140, label.right + 16)  # after the label, however large the text
    p.text(hint, (hint_x, area.y + 8), style.SMALL, hint_color, bold=bool(legal),
           max_width=BUTTONS_W_LIMIT - (hint_x - area.x - 140))
    # The combo chips sit under the label (however tall the text setting makes it), the cards under them.
    chips = pygame.FRect(area.x + 14, max(area.y + 30, label.y + label.h * 0.9), 0, max(24.0, label.h * 0.85))
    cards_y = max(area.y + 72, chips.bottom + 12)  # a lifted card (12 px up) stays clear of the chips
    if legal:
        _draw_chips(p, view, viewer, plays, not view.plays, chosen, ctx.mouse, chips, hits)
    _draw_cards(p, hand, ctx, danger, select.playable_values(legal) if legal else set(), cards_y, m, selection,
                hits)
    if legal:
        _draw_buttons(p, view, viewer, ctx, chosen, hits)


def _draw_backs(p: Painter, view: BloodySummerView, ctx: TableContext, m: TableMemory) -> None:
    """No private view (AI-only table, or the hot-seat curtain): every hand face down, each seat's fan a
    cached layer (repainted when that hand's size changes, card by card during the deal)."""
    area = L.HAND
    p.rect(area, style.FELT_DARK, style.RADIUS)
    p.text(t("app.spectating"), (area.x + 14, area.y + 8), style.SMALL, style.TEXT_MUTED)
    width = (area.w - 28) / view.players
    for seat in range(view.players):
        column = pygame.FRect(area.x + 14 + seat * width, area.y + 40, width, area.h - 46)
        if view.alive[seat]:  # dealt cards land on the fan as it grows
            m.hand_place(seat, pygame.FRect(column.x, column.y + 38, *BACK))
        dealt = m.dealt(seat, view.hand_sizes[seat])
        key = ("backs", seat, ctx.names[seat], view.alive[seat], view.hand_sizes[seat], dealt, tuple(column))
        paint = partial(_paint_backs, view=view, column=column, seat=seat, name=ctx.names[seat], dealt=dealt)
        m.layers.draw(p, column, key, paint, late=("backs", seat, ctx.viewer))


def _paint_backs(p: Painter, view: BloodySummerView, column: pygame.FRect, seat: int, name: str,
                 dealt: int) -> None:
    p.rect(column, style.FELT_DARK)  # the hand strip's felt: the fan's text is smoothed against it
    x, y = column.x, column.y + 4
    w, h = BACK
    color = style.SEAT_COLORS[seat % 6] if view.alive[seat] else style.PANEL_EDGE
    p.circle((x + 12, y + 10), 10, color)
    p.text(style.SEAT_GLYPHS[seat % 6], (x + 12, y + 10), style.MIN_TEXT, style.INK, anchor="center", icon=True)
    p.text(name, (x + 28, y + 10), style.SMALL, style.TEXT_LIGHT, anchor="midleft", max_width=column.w - 40)
    if not view.alive[seat]:
        art.skull(p, (x + 40, y + 70), 16)
        return
    step = min(12.0, (column.w - 20 - w) / max(1, view.hand_sizes[seat] - 1))
    back = render_back(*p.size_px(w, h))
    for i in range(dealt):
        p.blit(back, (x + i * step, y + 34))


def _hint(view: BloodySummerView, ctx: TableContext, plays: list[Play], chosen: Play | None,
          selection: select.Selection) -> tuple[str, style.Color]:
    viewer = ctx.viewer
    assert viewer is not None
    if view.winner is not None:
        return "", style.TEXT_MUTED
    if not view.alive[viewer]:
        return t("bloody_summer.hint.dead"), style.TEXT_MUTED
    if not ctx.legal:
        return _waiting_hint(view, ctx.names, viewer)
    if chosen is not None:
        chance = _risk(view, viewer, chosen)
        if chance >= RISKY:
            return "⚠ " + t("bloody_summer.hint.risky", cards=combo_text(chosen.form, chosen.value),
                            chance=chance), art.BLOOD_BRIGHT
        return t("bloody_summer.hint.ready", cards=combo_text(chosen.form, chosen.value)), style.ACCENT
    if selection:
        return t("bloody_summer.hint.not_a_play"), style.BAD
    if not view.plays:
        return t("bloody_summer.hint.lead"), style.ACCENT
    top = view.top
    assert top is not None
    cards = combo_text(top[1], top[2])
    if not plays:
        return t("bloody_summer.hint.must_pass", cards=cards), style.ACCENT
    key = "bloody_summer.hint.follow_reversed" if view.reversed else "bloody_summer.hint.follow"
    return t(key, form=form_noun(top[1]), cards=cards), style.ACCENT


def _waiting_hint(view: BloodySummerView, names: list[str], viewer: int) -> tuple[str, style.Color]:
    """The hint while another seat acts: who, and whether the viewer has passed this round."""
    if view.turn is None:
        return "", style.TEXT_MUTED
    if view.passed[viewer]:
        return t("bloody_summer.hint.passed", name=names[view.turn]), style.TEXT_MUTED
    return t("bloody_summer.hint.wait", name=names[view.turn]), style.TEXT_MUTED


def _draw_chips(p: Painter, view: BloodySummerView, viewer: int, plays: list[Play], leading: bool,
                chosen: Play | None, mouse: pygame.Vector2, row: pygame.FRect, hits: HitMap[Target]) -> None:
    """The legal plays as chips (on the lead only pairs and straights: singles are a card's click), each with
    the chance the killer hurts the viewer if it takes the round; they stop short of the buttons ("…")."""
    shown = [a for a in plays if a.form != "S"] if leading else plays
    x, y, h = row.x, row.y, row.h
    limit = L.BUTTONS_X - 12
    scale = p.text_scale  # `measure` takes drawn sizes: the chips grow with the text setting
    if leading:
        x = p.text(t("bloody_summer.hand.combos"), (x, y + h / 2), style.TINY, style.TEXT_MUTED,
                   anchor="midleft").right + 8
        if not shown:
            p.text("—", (x, y + h / 2), style.TINY, style.TEXT_MUTED, anchor="midleft")
    for play in shown:
        label = combo_text(play.form, play.value)
        chance = _risk(view, viewer, play)
        risk = f"{chance:.0%}"
        w = p.measure(label, style.SMALL * scale, bold=True) + p.measure(risk, style.TINY * scale) + 26
        if x + w > limit:
            p.text("…", (x + 4, y + h / 2), style.SMALL, style.TEXT_MUTED, anchor="midleft")
            break
        r = pygame.FRect(x, y, w, h)
        selected = play == chosen
        p.rect(r, style.ACCENT if selected else style.PANEL_DARK, 12)
        p.rect(r, style.ACCENT if selected or r.collidepoint(mouse) else style.ACCENT_DARK,
               12, width=3 if not selected else 0)
        ink = style.INK if selected else style.TEXT_LIGHT
        right = p.text(label, (r.x + 10, r.centery), style.SMALL, ink, bold=True, anchor="midleft").right
        p.text(risk, (right + 6, r.centery + 1), style.TINY, style.INK if selected else art.risk_color(chance),
               anchor="midleft")
        hits.add(r, Chip(play))
        x += w + 6


def _card_rects(hand: list[int], acting: bool, y0: float,
                selection: select.Selection) -> list[tuple[pygame.FRect, int, int, bool]]:
    """Each hand card's rect, value, copy index and whether it is lifted (selected): spread over the strip
    left of the buttons while acting, centred otherwise."""
    area = L.HAND
    w, h = L.HAND_CARD
    span = (L.BUTTONS_X - 20) - (area.x + 16) if acting else area.w - 40
    n = len(hand)
    step = min(w + 8, (span - w) / max(1, n - 1)) if n > 1 else w
    total = w + step * (n - 1) if n else 0
    x0 = area.x + 16 if acting else area.centerx - total / 2
    picked = Counter(selection)
    copies: Counter[int] = Counter()
    rects = []
    for i, v in enumerate(hand):
        copy = copies[v]
        copies[v] += 1
        lifted = copy < picked[v]
        rects.append((pygame.FRect(x0 + i * step, y0 - (12 if lifted else 0), w, h), v, copy, lifted))
    return rects


def _draw_cards(p: Painter, hand: list[int], ctx: TableContext, danger: frozenset[int], playable: set[int],
                y0: float, m: TableMemory, selection: select.Selection, hits: HitMap[Target]) -> None:
    acting = bool(ctx.legal)
    rects = _card_rects(hand, acting, y0, selection)
    hover_index = None
    if acting:
        for i in range(len(rects) - 1, -1, -1):
            if rects[i][0].collidepoint(ctx.mouse):
                hover_index = i
                break
    for i, (rect, v, copy, lifted) in enumerate(rects):
        legal = v in playable
        if lifted:
            p.rect(rect.inflate(10, 10), style.ACCENT, style.RADIUS)
        elif legal:
            p.rect(rect.inflate(8, 8), style.ACCENT if hover_index == i else style.ACCENT_DARK, style.RADIUS,
                   width=3)
        drawn = m.dealt_rect(ctx.viewer, i, rect)  # on its way from the deal (clicks keep `rect`)
        if drawn is not None:
            art.card(p, v, drawn, danger)
        if drawn is not None and acting and not legal:
            p.blit(_dim(*p.size_px(*L.HAND_CARD)), drawn.topleft)
        if acting:
            hits.add(rect, Card(v, copy))


def _idle() -> None:
    """A button's own callback: what a press on the hand's buttons does is `input.click`'s answer."""


def _draw_buttons(p: Painter, view: BloodySummerView, viewer: int, ctx: TableContext, chosen: Play | None,
                  hits: HitMap[Target]) -> None:
    area = L.HAND
    x = L.BUTTONS_X
    label = t("bloody_summer.button.play", cards=combo_text(chosen.form, chosen.value)) if chosen else \
        t("bloody_summer.button.play_none")
    lone_pass = only_pass(ctx.legal)  # then passing is the move to make, and the button says so
    play = Button(pygame.FRect(x, area.y + 40, 190, 48), label, _idle, enabled=chosen is not None,
                  primary=not lone_pass)
    can_pass = PASS in ctx.legal
    pas = Button(pygame.FRect(x, area.y + 96, 190, 40), t("bloody_summer.action.pass") + "  (P)", _idle,
                 enabled=can_pass, primary=lone_pass)
    for name, b in (("play", play), ("pass", pas)):
        b.hovered = b.hit(ctx.mouse)
        b.draw(p)
        hits.add(b.rect, Press(name, b))
    if chosen is not None:
        chance = _risk(view, viewer, chosen)
        p.text(t("bloody_summer.hand.risk", chance=chance), (x + 95, area.y + 28), style.TINY,
               art.risk_color(chance), bold=True, anchor="center", max_width=200)
    keys = "bloody_summer.hand.keys_pass" if lone_pass else "bloody_summer.hand.keys"
    p.text(t(keys), (x + 95, area.bottom - 18), style.TINY, style.TEXT_MUTED, anchor="center", max_width=200)


_DIM: dict[tuple[int, int], pygame.Surface] = {}


def _dim(w: int, h: int) -> pygame.Surface:
    """A translucent veil over hand cards that take part in no legal play (cached per size)."""
    surf = _DIM.get((w, h))
    if surf is None:
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(surf, (*style.SHADOW, 120), surf.get_rect(), border_radius=max(3, w // 10))
        _DIM[(w, h)] = surf
    return surf

