"""Drawing the Sumidagawa board: functions of the painter, the frame's context and the board's memory that draw
the table and record in the board's hit maps where its seats, combinations, hand cards, Rin and buttons landed.

See the package docstring for the layout."""

from __future__ import annotations

from functools import partial

import pygame

from tabletop import i18n
from tabletop.engine.core import Action
from tabletop.games.sumidagawa.actions import Discard, Pass, Revive, TurnDown
from tabletop.games.sumidagawa.cards import BLACK, RED, colour_of, value_of
from tabletop.games.sumidagawa.combos import COMBOS, Reading
from tabletop.games.sumidagawa.state import FIRE_DISCARD, FIRE_RIN, OVER, REVIVE, TURN
from tabletop.games.sumidagawa.view import SumidagawaView
from tabletop.i18n import t
from tabletop.ui import style
from tabletop.ui.games import TableContext
from tabletop.ui.games.sumidagawa import art, panels, river
from tabletop.ui.games.sumidagawa.input import Act, PickCopy, PickRin
from tabletop.ui.games.sumidagawa.layout import (
    CARDS_Y,
    HAND,
    HAND_LEFT,
    HAND_RIGHT,
    LIFT,
    READOUT_Y,
    RIN_LEFT,
    RIN_STEP,
)
from tabletop.ui.games.sumidagawa.reference import draw_reference
from tabletop.ui.games.sumidagawa.seam import BoardSeam
from tabletop.ui.painter import Painter
from tabletop.ui.widgets import Button


def draw_board(b: BoardSeam, p: Painter, ctx: TableContext, view: SumidagawaView, hand: tuple[int, ...],
               reading: Reading | None) -> None:
    """The whole board for one frame; fills `b.places`, `b.hot` and `b.buttons` with where things landed."""
    b.places.clear()
    b.hot.clear()
    b.buttons.clear()
    b.spots.begin()
    panels.draw_strip(p, ctx, view, b)
    river.draw_river(p, ctx, view, b)
    panels.draw_combos(p, ctx, view, b, b.combo_options, reading.combo if reading else None,
                       reading.declared if reading else None)
    if ctx.viewer is not None:
        _draw_hand(b, p, ctx, view, hand, reading)
    else:
        panels.draw_scores(p, ctx, view, b)
    b.spots.finish()
    b.draw_deal(p, ctx.viewer)
    for button in b.buttons:
        button.hovered = button.rect.collidepoint(ctx.mouse)
        button.draw(p)
        if button.enabled:
            b.hot.add(button.rect, button)
    if b.show_ref:
        draw_reference(p)


def _hint(ctx: TableContext, view: SumidagawaView) -> tuple[str, style.Color]:
    seat = ctx.viewer
    assert seat is not None
    if view.phase == OVER:
        return t("sumidagawa.hint_over"), style.TEXT_MUTED
    if not ctx.legal:
        if seat in view.out_order:
            return t("sumidagawa.hint_out"), style.GOOD
        name = ctx.names[view.to_act[0]] if view.to_act else ""
        return t("sumidagawa.hint_wait", name=name), style.TEXT_MUTED
    if view.phase == FIRE_DISCARD:
        return t("sumidagawa.hint_discard"), style.ACCENT
    if view.phase == FIRE_RIN:
        return t("sumidagawa.hint_down"), style.ACCENT
    if view.phase == REVIVE:
        return t("sumidagawa.hint_revive"), style.ACCENT
    if view.kagerou and view.leader == seat and not view.leader_acted:
        return t("sumidagawa.hint_kagerou"), style.ACCENT
    if any(isinstance(a, Pass) for a in ctx.legal):
        return t("sumidagawa.hint_play_or_pass"), style.ACCENT
    if view.table is None:
        return t("sumidagawa.hint_open"), style.ACCENT
    return t("sumidagawa.hint_must_play", table=view.table), style.ACCENT


def _draw_hand(b: BoardSeam, p: Painter, ctx: TableContext, view: SumidagawaView, hand: tuple[int, ...],
               reading: Reading | None) -> None:
    seat = ctx.viewer
    assert seat is not None
    panels.zone(p, HAND)
    hint, colour = _hint(ctx, view)
    label = b.hand_label(ctx, "sumidagawa.your_hand", len(hand))
    hint_x = HAND.x + 14  # without room the label gives way (the fan shows the count): the hint keeps its size
    if p.keeps_label(label, style.TINY, hint, style.SMALL, RIN_LEFT - 26 - hint_x - 14, colour == style.ACCENT):
        hint_x = panels.write(p, label, (HAND.x + 14, HAND.y + 10), style.TINY, style.TEXT_MUTED).right + 14
    panels.write(p, hint, (hint_x, HAND.y + 8), style.SMALL, colour, bold=colour == style.ACCENT,
           max_width=RIN_LEFT - hint_x - 26)
    panels.write(p, t("sumidagawa.your_rin"), (RIN_LEFT, HAND.y + 10), style.TINY, style.TEXT_MUTED)
    choosing = view.phase in (FIRE_DISCARD, FIRE_RIN, REVIVE) and bool(ctx.legal)
    discards = {a.card: a for a in ctx.legal if isinstance(a, Discard)}
    selectable = view.phase == TURN and seat in [s for s in range(view.players) if view.active >> s & 1]
    # the hand: a fan sorted by value (black before red)
    w, h = art.CARD
    n = len(hand)
    step = min(w + 8, (HAND_RIGHT - HAND_LEFT - w) / max(1, n - 1)) if n > 1 else 0
    copies: dict[int, int] = {}
    rects: list[tuple[pygame.FRect, int, int]] = []
    for i, c in enumerate(hand):
        k = copies.get(c, 0)
        copies[c] = k + 1
        rects.append((pygame.FRect(HAND_LEFT + i * step, CARDS_Y, w, h), c, k))
    hover_i = -1
    for i in range(n - 1, -1, -1):
        if rects[i][0].collidepoint(ctx.mouse) or rects[i][0].move(0, -LIFT).collidepoint(ctx.mouse):
            hover_i = i
            break
    if n == 0:
        # Wrapped within the hand's part of the strip: larger text must not run under the Rin.
        box = pygame.FRect(HAND_LEFT, CARDS_Y + h / 2 - style.BODY * p.text_scale * 1.25, HAND_RIGHT - HAND_LEFT,
                           style.BODY * p.text_scale * 2.5)
        p.wrapped(t("sumidagawa.hand_empty"), box, style.BODY, style.TEXT_MUTED, line_gap=1.2, align="center")
    held = {c: hand.count(c) for c in set(hand)}
    for i, (rect, c, k) in enumerate(rects):
        selected = selectable and k < b.pick.cards.get(c, 0)
        legal = c in discards
        lift = LIFT if selected else (6 if i == hover_i and (selectable or legal) else 0)
        shown = rect.move(0, -lift)
        drawn = b.dealt_rect(ctx.viewer, i, shown)  # None while it waits in the deal's deck
        if drawn is not None:
            panels.card(p, art.bon(c, *p.size_px(w, h)), drawn, highlight=legal, hover=legal and i == hover_i,
                        selected=selected)
        hit = pygame.FRect(shown.x, shown.y, (step if i < n - 1 else w), h + lift)
        if legal:
            b.hot.add(hit, Act(discards[c]))
        elif selectable:
            b.hot.add(hit, PickCopy(c, k, held[c]))
    _draw_my_rin(b, p, ctx, view, seat, selectable)
    if choosing:
        _draw_choice(b, p, ctx, view)
    elif selectable:
        _draw_readout(b, p, ctx, view, reading)


def _draw_my_rin(b: BoardSeam, p: Painter, ctx: TableContext, view: SumidagawaView, seat: int,
                 selectable: bool) -> None:
    downs = {a.colour: a for a in ctx.legal if isinstance(a, TurnDown)}
    revives = {a.colour: a for a in ctx.legal if isinstance(a, Revive)}
    w, h = art.CARD[0] * 0.62, art.CARD[1] * 0.62
    slot = {BLACK: 0, RED: 0}
    slots = panels.rin_slots(view.rin[seat])
    for k, (colour, st) in enumerate(slots):
        n = slot[colour]
        slot[colour] += 1 if st == "up" else 0
        x = RIN_LEFT + k * RIN_STEP
        y = CARDS_Y + 20 + (-12 if st == "used" else 0)
        rect = pygame.FRect(x, y, w, h)
        action: Action | None = None
        if st == "up" and colour in downs:
            action = downs[colour]
        if st == "down" and colour in revives:
            action = revives[colour]
        can_pick = selectable and st == "up" and action is None
        selected = can_pick and n < b.pick.rin[colour]
        hover = rect.collidepoint(ctx.mouse)
        shown = rect.move(0, -LIFT if selected else (-6 if hover and (can_pick or action) else 0))
        if not panels.draw_rin_turning(p, b, seat, colour, st, shown, slots[:k].count((colour, st))):
            panels.draw_rin(p, colour, st, shown, highlight=action is not None, hover=hover, selected=selected)
        state_key = {"up": "rin_up", "used": "rin_used", "down": "rin_down"}[st]
        label, ink = t(f"sumidagawa.{state_key}"), style.TEXT_MUTED if st != "up" else style.TEXT_LIGHT
        if " " not in label and p.measure(label, p.min_text) <= RIN_STEP - 2:
            # One word (使える) stays whole, fitted to the width, rather than broken before its last kana.
            p.text(label, (rect.centerx, rect.bottom + 10), style.TINY, ink, anchor="midtop",
                   max_width=RIN_STEP - 2)
        else:  # under its Rin, on two lines where larger text needs them ("face / down")
            p.wrapped(label, (rect.centerx - (RIN_STEP - 2) / 2, rect.bottom + 10, RIN_STEP - 2,
                      style.TINY * p.text_scale * 2.3), style.TINY, ink, line_gap=1.1, align="center")
        if action is not None:
            b.hot.add(shown, Act(action))
        elif can_pick:
            b.hot.add(shown, PickRin(colour, n, view.rin[seat][colour]))


def _draw_readout(b: BoardSeam, p: Painter, ctx: TableContext, view: SumidagawaView, reading: Reading | None) -> None:
    y = READOUT_Y
    x = HAND_LEFT
    right = HAND.right - 16
    can_pass = any(isinstance(a, Pass) for a in ctx.legal)
    play = b.pick.play()
    legal_play = reading is not None and play in ctx.legal
    bw = 150
    b.buttons.append(Button(pygame.FRect(right - bw, y + 14, bw, 46), t("sumidagawa.btn_play"),
                            lambda: b.confirm(ctx), enabled=legal_play, primary=True, size=style.BODY))
    bx = right - bw - 10
    if can_pass:
        b.buttons.append(Button(pygame.FRect(bx - 120, y + 14, 120, 46), t("sumidagawa.btn_pass"),
                                lambda: ctx.act(Pass()), size=style.SMALL))
        bx -= 130
    if not b.pick.empty():
        b.buttons.append(Button(pygame.FRect(bx - 100, y + 14, 100, 46), t("sumidagawa.btn_clear"),
                                b.pick.clear, size=style.SMALL))
        bx -= 110
    width = bx - x - 10
    if b.pick.empty():
        p.wrapped(t("sumidagawa.keys_help"), (x, y + 8, width, HAND.bottom - y - 10), style.TINY,
                  style.TEXT_MUTED, line_gap=1.2)
        return
    if reading is not None:
        ja, aside = panels.banner_texts(reading.combo, reading.declared)
        ink = style.ACCENT if ctx.legal else style.TEXT_LIGHT
        r = panels.write(p, f"{ja} {aside}".strip(), (x, y + 26), style.H2, ink, bold=True, anchor="midleft",
                         max_width=width)
        extra = []
        if reading.menzaifu:
            extra.append(t("sumidagawa.tag_menzaifu"))
        if reading.rin_only:
            extra.append(t("sumidagawa.tag_rin_only"))
        sub = t(f"sumidagawa.combo.{COMBOS[reading.combo].id}")
        if extra:
            sub += " · " + " · ".join(extra)
        if not ctx.legal:
            sub += " · " + t("sumidagawa.not_your_turn")
        elif not legal_play:
            sub += " · " + t("sumidagawa.not_now")
        panels.write(p, sub, (x, r.bottom + 4), style.TINY, style.TEXT_MUTED, max_width=width)
        return
    if b.combo_options:
        sep = "、" if i18n.language() == "ja" else ", "
        can = sep.join(panels.banner_texts(c, d)[0] for c, (d, _) in sorted(b.combo_options.items()))
        panels.write(p, t("sumidagawa.keep_picking"), (x, y + 10), style.SMALL, style.INFO, bold=True)
        p.wrapped(t("sumidagawa.can_become", combos=can), (x, y + 32, width, HAND.bottom - y - 34),
                  style.TINY, style.TEXT_LIGHT, line_gap=1.2)
        return
    refusal = b.pick.refusal(view.table, view.used_combos)
    if refusal is not None:
        text = t(f"sumidagawa.{refusal.key}", **refusal.params)
    else:
        text = t("sumidagawa.illegal.generic")
    panels.write(p, t("sumidagawa.not_a_play"), (x, y + 10), style.SMALL, style.BAD, bold=True)
    p.wrapped(text, (x, y + 32, width, HAND.bottom - y - 34), style.TINY, style.TEXT_LIGHT, line_gap=1.2)


def _draw_choice(b: BoardSeam, p: Painter, ctx: TableContext, view: SumidagawaView) -> None:
    y = READOUT_Y
    right = HAND.right - 16
    options: list[tuple[str, Action]] = []
    for a in ctx.legal:
        if isinstance(a, Discard):
            options.append((t("sumidagawa.btn_discard", card=card_name(a.card)), a))
        elif isinstance(a, TurnDown):
            options.append((t("sumidagawa.btn_down", colour=colour_name(a.colour)), a))
        elif isinstance(a, Revive):
            options.append((t("sumidagawa.btn_revive", colour=colour_name(a.colour)), a))
    bw = 210
    x = right - len(options) * (bw + 10) + 10
    for i, (label, action) in enumerate(options):
        b.buttons.append(Button(pygame.FRect(x + i * (bw + 10), y + 14, bw, 46), f"{label} ({i + 1})",
                                partial(ctx.act, action), primary=True, size=style.SMALL))
    key = {FIRE_DISCARD: "why_discard", FIRE_RIN: "why_down", REVIVE: "why_revive"}[view.phase]
    p.wrapped(t(f"sumidagawa.{key}"), (HAND_LEFT, y + 8, x - HAND_LEFT - 16, HAND.bottom - y - 10),
              style.TINY, style.TEXT_LIGHT, line_gap=1.2)


def card_name(card: int) -> str:
    return t("sumidagawa.card_name", colour=colour_name(colour_of(card)), value=value_of(card))


def colour_name(colour: int) -> str:
    return t("sumidagawa.colour_word.black" if colour == BLACK else "sumidagawa.colour_word.red")

