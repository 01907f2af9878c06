"""The public parts of the Sumidagawa table: the other seats, the combinations, the spectators' scores.

The river of this Jun's plays is drawn by `river`.

Everything here is drawn from the View alone (public facts: hand sizes, Rin
states, plays, tiles); nothing private is read.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

import pygame

from tabletop import i18n
from tabletop.games.sumidagawa.cards import BLACK, RED
from tabletop.games.sumidagawa.combos import COMBOS, SAME, banner
from tabletop.games.sumidagawa.view import SumidagawaView
from tabletop.i18n import t
from tabletop.ui import style
from tabletop.ui.cards import render_back
from tabletop.ui.games import TableContext
from tabletop.ui.games.sumidagawa import art
from tabletop.ui.games.sumidagawa.layout import COMBOS as COMBOS_AREA
from tabletop.ui.games.sumidagawa.layout import HAND, STRIP
from tabletop.ui.games.sumidagawa.seam import BoardSeam as Board  # what the drawing needs of the board
from tabletop.ui.painter import Painter


def write(p: Painter, s: str, pos: tuple[float, float], size: float = style.BODY,
         color: style.Color = style.TEXT_LIGHT, bold: bool = False, anchor: str = "topleft",
         max_width: float | None = None) -> pygame.FRect:
    """`Painter.text` (which caches its width measurements and follows the text-size setting)."""
    return p.text(s, pos, size, color, bold, anchor, max_width=max_width)


def seat_disc(p: Painter, centre: tuple[float, float], seat: int, radius: float = 11) -> None:
    p.seat_disc(centre, radius, seat)


def zone(p: Painter, r: pygame.FRect, label: str = "") -> None:
    p.rect(r, style.FELT_DARK, style.RADIUS)
    if label:
        write(p, label, (r.x + 14, r.y + 8), style.TINY, style.TEXT_MUTED)


def card(p: Painter, surf: pygame.Surface, rect: pygame.FRect, highlight: bool = False, hover: bool = False,
         selected: bool = False) -> None:
    """A card with its soft shadow; legal = accent outline outside, selected = filled accent halo."""
    if highlight or selected:
        glow = rect.inflate(8, 8)
        p.rect(glow, style.ACCENT if (hover or selected) else style.ACCENT_DARK, style.RADIUS,
               width=0 if selected else 3)
    w, h = p.size_px(rect.w, rect.h)
    p.blit(art.shadow(w, h, max(3, w // 10)), (rect.x + 2, rect.y + 3))
    p.blit(surf, rect.topleft)


def badge(p: Painter, right: float, y: float, text: str, fill: style.Color, ink: style.Color,
          compact: bool = False) -> float:
    """A small pill ending at `right`; returns its left edge. It grows with the text-size setting
    unless `compact` (a narrow seat whose name needs the room)."""
    k = 1.0 if compact else p.scale_now
    w = badge_width(p, text, compact)
    r = pygame.FRect(right - w, y, w, 20 * k)
    p.rect(r, fill, 10)
    p.text(text, r.center, style.TINY, ink, bold=True, anchor="center", icon=compact)
    return r.x


def badge_width(p: Painter, text: str, compact: bool = False) -> float:
    return p.measure(text, style.TINY * (1.0 if compact else p.scale_now), bold=True) + 14


def rin_slots(rin: tuple[int, ...]) -> list[tuple[int, str]]:
    """The four Rin of a seat in a fixed order (black, black, red, red), each 'up', 'used' or 'down'."""
    up_b, up_r, used_b, used_r, down_b, down_r = rin
    out: list[tuple[int, str]] = []
    for colour, up, used, down in ((BLACK, up_b, used_b, down_b), (RED, up_r, used_r, down_r)):
        out += [(colour, "up")] * up + [(colour, "used")] * used + [(colour, "down")] * down
    return out


def rin_tag(colour: int) -> str:
    return t("sumidagawa.colour_tag.black" if colour == BLACK else "sumidagawa.colour_tag.red")


# ----- the other seats ---------------------------------------------------------------------------
def seat_status(view: SumidagawaView, seat: int) -> tuple[str, style.Color]:
    if seat in view.out_order:
        return t("sumidagawa.st.out", place=view.out_order.index(seat) + 1), style.GOOD
    bit = 1 << seat
    if view.tiles[seat]:
        return t("sumidagawa.st.waiting"), style.INFO
    if view.locked & bit:
        return t("sumidagawa.st.passed"), style.TEXT_MUTED
    r = view.rin[seat]
    if r[4] or r[5]:
        if view.kagerou and view.leader == seat and not view.leader_acted:
            return t("sumidagawa.st.kagerou"), style.ACCENT
        return t("sumidagawa.st.resting"), style.TEXT_MUTED
    if view.played & bit:
        return t("sumidagawa.st.played"), style.TEXT_LIGHT
    return t("sumidagawa.st.must_play"), style.TEXT_MUTED


def draw_strip(p: Painter, ctx: TableContext, view: SumidagawaView, b: Board) -> None:
    n = view.players
    seats = [s for s in ((ctx.viewer or 0) + k for k in range(n)) if ctx.viewer is None or s % n != ctx.viewer]
    seats = [s % n for s in seats]
    gap = 8
    width = (STRIP.w - gap * (len(seats) - 1)) / len(seats)
    acting = set(ctx.extra.get("to_act", ())) or set(view.to_act)
    for i, seat in enumerate(seats):
        r = pygame.FRect(STRIP.x + i * (width + gap), STRIP.y, width, STRIP.h)
        b.places.add(r, ("seat", seat))
        draw_seat(p, ctx, view, seat, r, seat in acting, seat in b.flash, b)


def draw_seat(p: Painter, ctx: TableContext, view: SumidagawaView, seat: int, r: pygame.FRect, acting: bool,
              flashing: bool, b: Board) -> None:
    """A seat panel: a cached layer (its fill, badges and Rin), painted again when those change or while one of
    its Rin turns. The edge and name (which follow the turn), the hand's backs and count and the status line
    (which follow each move) are drawn over it every frame: a move repaints a seat only if its Rin change."""
    count = b.dealt(seat, view.hand_sizes[seat])  # ticks up as a deal's cards land
    fan = _fan_rect(p, r)
    b.hand_place(seat, fan)
    name = ctx.names[seat]
    badges = _badges(view, seat)
    k = p.scale_now
    room = r.right - 10 - r.x - 44 - sum(p.measure(text, style.TINY * k, bold=True) + 18 for text, _ in badges)
    compact = p.measure(name, style.SMALL * k, bold=acting) > room  # the name comes first
    turning = any(isinstance(k, tuple) and k[0] in ("rin", "rin_flip") and k[1] == seat for k in b.motion.tweens)
    if turning:  # see draw_rin_turning
        right = _paint_seat(p, view, seat, r, badges, compact, b)
    else:
        key = ("seat", seat, tuple(r), tuple(badges), compact, view.rin[seat])
        b.layers.draw(p, r, key, lambda q: _paint_seat(q, view, seat, r, badges, compact, b),
                      late=("seat", seat, ctx.viewer))  # may catch up a frame after a move lands
        right = _badges_left(p, r, badges, compact)
    edge = style.TEXT_LIGHT if flashing else (style.ACCENT if acting else style.FELT_LINE)
    p.rect(r, edge, style.RADIUS, width=3 if (acting or flashing) else 1)
    write(p, name, (r.x + 38, r.y + 20), style.SMALL, style.TEXT_LIGHT, bold=acting, anchor="midleft",
          max_width=right - r.x - 44)
    shown = min(3, count)
    for i in range(shown):
        p.blit(render_back(*p.size_px(fan.w, fan.h)), (fan.x + i * 6, fan.y))
    write(p, _count_words(i18n.language(), count), (fan.x + 2 + max(0, shown - 1) * 6 + fan.w + 4, fan.centery),
          style.SMALL, style.TEXT_LIGHT if count else style.TEXT_MUTED, bold=True, anchor="midleft")
    text, colour = seat_status(view, seat)
    write(p, text, (r.x + 12, r.bottom - 8), style.TINY, colour, anchor="bottomleft", max_width=r.w - 24)


@lru_cache(maxsize=64)
def _count_words(language: str, count: int) -> str:
    return t("sumidagawa.cards_count", count=count)


def _badges(view: SumidagawaView, seat: int) -> list[tuple[str, style.Color]]:
    """The pills at a seat's top right: its agari tile, leader or Kagerō."""
    badges = []
    if view.tiles[seat]:
        badges.append((t("sumidagawa.tile_badge", tile=view.tiles[seat]), style.PANEL))
    if view.leader == seat and view.phase != 4:
        badges.append((t("sumidagawa.kagerou_badge") if view.kagerou else t("sumidagawa.leader_badge"),
                       style.ACCENT_DARK))
    return badges


def _badges_left(p: Painter, r: pygame.FRect, badges: list[tuple[str, style.Color]], compact: bool) -> float:
    """Where the name must end: 4 px left of the last badge (see `badge`)."""
    right = r.right - 10
    for text, _ in badges:
        right -= badge_width(p, text, compact) + 4
    return right


def _fan_rect(p: Painter, r: pygame.FRect) -> pygame.FRect:
    """Where a seat's fan of backs lies: it shrinks to leave the status line room as the text grows."""
    status_top = r.bottom - 8 - style.TINY * 1.35 * p.scale_now
    y = r.y + 44
    bh = min(37.0, status_top - 2 - y)
    return pygame.FRect(r.x + 12, y, bh * 26 / 37, bh)


def _paint_seat(p: Painter, view: SumidagawaView, seat: int, r: pygame.FRect, badges: list[tuple[str, style.Color]],
                compact: bool, b: Board) -> float:
    """A seat panel's fill, disc, badges and Rin (see `draw_seat`); returns where the name must end."""
    p.rect(r, style.FELT_DARK, style.RADIUS)
    seat_disc(p, (r.x + 20, r.y + 20), seat)
    right = r.right - 10
    for text, fill in badges:
        right = badge(p, right, r.y + 10, text, fill, style.INK, compact) - 4
    # The status line has the seat's whole width at the bottom; the hand fan and the Rin above it shrink
    # to leave it room as the text grows.
    status_top = r.bottom - 8 - style.TINY * 1.35 * p.scale_now
    y = _fan_rect(p, r).y
    # the four Rin, in front of the seat
    mh = min(art.MINI[1], status_top - 2 - 6 - y)
    mw = mh * art.MINI[0] / art.MINI[1]
    step = mw + 4
    x = r.right - 12 - 4 * step + 4
    slots = rin_slots(view.rin[seat])
    for k, (colour, st) in enumerate(slots):
        rect = pygame.FRect(x + k * step, y + (0 if st == "used" else 6), mw, mh)
        if not draw_rin_turning(p, b, seat, colour, st, rect, slots[:k].count((colour, st))):
            draw_rin(p, colour, st, rect)
    return right


def draw_rin(p: Painter, colour: int, st: str, rect: pygame.FRect, highlight: bool = False, hover: bool = False,
             selected: bool = False) -> None:
    w, h = p.size_px(rect.w, rect.h)
    if st == "down":
        surf = art.rin_down(colour, w, h, rin_tag(colour))
    else:
        surf = art.rin(colour, w, h)
        if st == "used":
            surf = art.dimmed(surf)
    card(p, surf, rect, highlight, hover, selected)


def draw_rin_turning(p: Painter, b: Board, seat: int, colour: int, st: str, rect: pygame.FRect, nth: int = 0) -> bool:
    """A Rin just turned down (a play), back up (revived at a Jun's end) or from used to face down (a Jun's
    end: the first `flipped` down Rin of its colour, `nth` counting this colour's down Rin) turns over where it
    lies, drawn on top; False when none is turning here."""
    flip = ("rin_flip", seat, colour, nth)
    key = flip if st == "down" and b.motion.get(flip) is not None else ("rin", seat, colour)
    if st not in ("down", "up") or b.motion.get(key) is None:
        return False
    w, h = p.size_px(rect.w, rect.h)
    up, down = art.rin(colour, w, h), art.rin_down(colour, w, h, rin_tag(colour))
    if key == flip:
        up = art.dimmed(art.rin(colour, w, h))  # it was used: face up, faded
    b.spots.card(p, b.motion, key, rect, *((down, up) if st == "down" else (up, down)))
    return True


def flipped_rin(seat: int, before: tuple[int, ...], after: tuple[int, ...], events: list) -> dict[int, int]:
    """How many used Rin of each colour a seat's `rin_flip` turned face down, from its public Rin before and
    after the events (the event gives only a count): a colour's down Rin grew by its flips, by each `rin_down`
    and less each `revive` of the batch."""
    down = {BLACK: after[4] - before[4], RED: after[5] - before[5]}
    for e in events:
        if e.kind in ("rin_down", "revive") and e.data["seat"] == seat:
            down[e.data["colour"]] += -1 if e.kind == "rin_down" else 1
    return {c: n for c, n in down.items() if n > 0}


def banner_texts(combo: int, declared: int) -> tuple[str, str]:
    """The play as called at the table ("改札の7") and its romaji aside ("— Kaisatsu 7"). The aside helps a
    reader of English say the call; a reader of Japanese gets none (it is another script, not their words)."""
    texts = banner(combo, declared)
    return texts["ja"], ("" if i18n.language() == "ja" else f"— {texts['en']}")


# ----- the eight combinations --------------------------------------------------------------------
PIP_W, PIP_H, PIP_STEP = 9, 13, 6


def pips_width(size: int) -> float:
    return (size - 1) * PIP_STEP + PIP_W


def pips(p: Painter, x: float, cy: float, size: int, colour: int, run: bool = False) -> float:
    """Little cards showing a combination's size and colour; a run climbs like a staircase.

    Returns the right edge.
    """
    width, height = pips_width(size), PIP_H + 3 * (size - 1)
    p.blit(art.pips(*p.size_px(width, height), p.vp.scale, size, colour, run), (x, cy - height / 2))
    return x + width


REF_BUTTON = pygame.FRect(COMBOS_AREA.right - 118, COMBOS_AREA.y + 6, 108, 24)


def combo_rects() -> dict[int, pygame.FRect]:
    """Each combination's row: 2 columns (black, red) x 4 rows (1–4 cards)."""
    left = COMBOS_AREA.x + 10
    col_w = (COMBOS_AREA.w - 20 - 8) / 2
    return {c.index: pygame.FRect(left + c.colour * (col_w + 8), COMBOS_AREA.y + 38 + (c.size - 1) * 52, col_w, 47)
            for c in COMBOS}


def draw_combos(p: Painter, ctx: TableContext, view: SumidagawaView, b: Board, options: dict[int, tuple],
                current: int | None, current_declared: int | None) -> None:
    """The combinations zone: its frame and each row are cached layers, a row painted again when a play, the
    pick or the mouse changes it."""
    rects = combo_rects()
    b.places.add(REF_BUTTON, ("reference", 0))
    used_at = {h[5]: h[6] for h in view.jun_plays}
    declared = {combo: option[0] for combo, option in options.items()}  # all the zone shows of an option
    ref_hover = REF_BUTTON.collidepoint(ctx.mouse)
    b.layers.draw(p, COMBOS_AREA, ("combos", ref_hover), lambda q: _paint_combos_frame(q, ref_hover))
    for combo in COMBOS:
        i, r = combo.index, rects[combo.index]
        b.places.add(r, ("combo", i))
        row = (i, used_at.get(i), declared.get(i), current == i, current_declared if current == i else None,
               i in declared and r.collidepoint(ctx.mouse))
        b.layers.draw(p, r, ("combo",) + row, _combo_painter(row))


def _paint_combos_frame(p: Painter, ref_hover: bool) -> None:
    area = COMBOS_AREA
    zone(p, area)
    write(p, t("sumidagawa.combos_title"), (area.x + 14, area.y + 8), style.TINY, style.TEXT_MUTED,
          max_width=REF_BUTTON.x - area.x - 22)  # clear of the Reference button
    p.rect(REF_BUTTON, style.PANEL_EDGE if ref_hover else style.PANEL_DARK, 8)
    p.rect(REF_BUTTON, style.ACCENT if ref_hover else style.PANEL_EDGE, 8, width=1)
    write(p, t("sumidagawa.reference_button"), REF_BUTTON.center, style.TINY, style.TEXT_LIGHT, anchor="center",
           max_width=REF_BUTTON.w - 8)


ComboRow = tuple[int, int | None, int | None, bool, int | None, bool]  # _paint_combo's arguments after the painter


def _combo_painter(row: ComboRow) -> Callable[[Painter], None]:
    return lambda q: _paint_combo(q, *row)


def _paint_combo(p: Painter, index: int, used_at: int | None, declared: int | None, is_current: bool,
                 current_declared: int | None, hovered: bool) -> None:
    """A combination's row: used ones show the number they were played at; playable ones are outlined."""
    combo = COMBOS[index]
    r, colour = combo_rects()[index], combo.colour
    used = used_at is not None
    fill = style.FELT if not used else style.FELT_DARK
    if is_current:
        fill = style.ACCENT_DARK
    elif hovered:
        fill = style.FELT_LINE
    p.rect(r, fill, 8)
    if declared is not None or is_current:
        p.rect(r, style.ACCENT, 8, width=3)
    else:
        p.rect(r, style.FELT_LINE, 8, width=1)
    ink = style.INK if is_current else (style.TEXT_MUTED if used else style.TEXT_LIGHT)
    # The pips sit beside the name; the reading runs below both, so it has the row's width. The row
    # cannot grow (four fill the zone): larger text sets both lines one size step smaller.
    big = p.scale_now > 1
    name_size: float
    tag_size: float
    name_size, reading_size = (style.SMALL, style.MIN_TEXT) if big else (style.BODY, style.TINY)
    x = r.x + 8 + pips_width(combo.size) + 8
    # The number on the right (used at, declared, would become) keeps the name and reading clear of it.
    tag = (str(used_at) if used else f"={current_declared}" if is_current and current_declared
           is not None else f"→{declared}" if declared is not None else "")
    tag_w = (36.0 if used else p.measure(tag, name_size * p.scale_now, bold=True) + 10) if tag else 0.0
    name_w = r.right - x - max(34.0, tag_w)
    squeezed = big and p.measure(combo.ja, name_size * p.scale_now, bold=True) > name_w
    tag_size = name_size
    if squeezed:  # the name, and the number beside it, as large as at 100 % (BODY): never smaller
        name_size = tag_size = style.BODY / p.scale_now
        tag_w = (36.0 if used else p.measure(tag, style.BODY, bold=True) + 10) if tag else 0.0
        name_w = r.right - x - max(34.0, tag_w)
    name = write(p, combo.ja, (x, r.y + (1 if big else 3)), name_size, ink, bold=True, max_width=name_w)
    pips(p, r.x + 8, name.centery, combo.size, colour, combo.shape != SAME and combo.size > 1)
    # With larger text the tag moves up beside the name, so the reading below has the row's whole width.
    reading_w = r.w - 16 if big else r.w - 16 - tag_w
    # Anchored by its line box, whose lowest fifth is padding: with larger text it sits that much lower
    # so its capitals clear the name's feet while its letters stay inside the row.
    write(p, t(f"sumidagawa.reading.{combo.id}"), (r.x + 8, r.bottom + (3 if big else -1)), reading_size,
          style.INK if is_current else style.TEXT_MUTED, anchor="bottomleft", max_width=reading_w)
    tag_centre = (r.right - 18, r.y + 13 if big else r.centery)
    if used:
        p.circle(tag_centre, 12 if big else 14, style.FELT_LINE)
        write(p, str(used_at), tag_centre, style.SMALL, style.TEXT_LIGHT, bold=True, anchor="center",
              max_width=26)
    elif is_current and current_declared is not None:
        write(p, f"={current_declared}", (r.right - 6, tag_centre[1]), tag_size if big else style.H2, style.INK,
              bold=True, anchor="midright", max_width=tag_w)
    elif declared is not None:
        write(p, f"→{declared}", (r.right - 6, tag_centre[1]), tag_size, style.ACCENT, bold=True, anchor="midright",
              max_width=tag_w)


# ----- spectators: the session's scores ----------------------------------------------------------
def draw_scores(p: Painter, ctx: TableContext, view: SumidagawaView, b: Board) -> None:
    """Spectators (and the hot-seat curtain): the session's scores and a legend of the table, a cached layer
    painted again when a score changes."""
    key = ("scores", tuple(ctx.names), view.players, view.games_target, view.game_index,
           tuple(tuple(points) for points in view.game_points), tuple(view.scores))
    b.layers.draw(p, HAND, key, lambda q: _paint_scores(q, ctx, view), late=("scores", ctx.viewer))


def _paint_scores(p: Painter, ctx: TableContext, view: SumidagawaView) -> None:
    left = pygame.FRect(HAND.x, HAND.y, 520, HAND.h)
    zone(p, left, t("sumidagawa.scores_title"))
    games = view.games_target
    col = min(64, (left.w - 200) / (games + 1))
    x0 = left.x + 170
    y = left.y + 36
    for g in range(games):
        write(p, t("sumidagawa.game_n", game=g + 1), (x0 + g * col + col / 2, y), style.TINY,
               style.ACCENT if g == view.game_index else style.TEXT_MUTED, anchor="midtop", max_width=col - 4)
    write(p, t("sumidagawa.total"), (x0 + games * col + col / 2, y), style.TINY, style.TEXT_MUTED, anchor="midtop")
    best = max(view.scores) if view.scores else 0
    for seat in range(view.players):
        ry = y + 26 + seat * 40
        p.rect((left.x + 14, ry, left.w - 28, 34), style.FELT if seat % 2 == 0 else style.PANEL_DARK, 6)
        seat_disc(p, (left.x + 32, ry + 17), seat)
        write(p, ctx.names[seat], (left.x + 50, ry + 17), style.SMALL, style.TEXT_LIGHT, anchor="midleft",
               max_width=110)
        for g in range(games):
            text = str(view.game_points[g][seat]) if g < len(view.game_points) else "–"
            write(p, text, (x0 + g * col + col / 2, ry + 17), style.SMALL, style.TEXT_LIGHT, anchor="center")
        write(p, str(view.scores[seat]), (x0 + games * col + col / 2, ry + 17), style.BODY,
               style.ACCENT if view.scores[seat] == best and best else style.TEXT_LIGHT, bold=True, anchor="center")
    right = pygame.FRect(left.right + 8, HAND.y, HAND.right - left.right - 8, HAND.h)
    zone(p, right, t("sumidagawa.legend_title"))
    title_w = p.measure(t("sumidagawa.legend_title"), style.TINY * p.scale_now)
    write(p, t("app.spectating"), (right.right - 14, right.y + 8), style.TINY, style.TEXT_MUTED, anchor="topright",
          max_width=right.w - 42 - title_w)
    mw, mh = 28, 40
    y = right.y + 34
    for colour, st, key in ((BLACK, "up", "legend_up"), (RED, "used", "legend_used"), (RED, "down", "legend_down")):
        draw_rin(p, colour, st, pygame.FRect(right.x + 16, y + (0 if st == "used" else 6), mw, mh))
        # Larger text: one step smaller here, so the three entries and the note below still fit the zone.
        size = style.TINY if p.scale_now <= 1 else style.MIN_TEXT
        used = p.wrapped(t(f"sumidagawa.{key}"), (right.x + 56, y + 4, right.w - 70, right.bottom - y - 8), size,
                         style.TEXT_LIGHT, line_gap=1.2)
        y += max(52.0, used + 8)
    p.wrapped_fit(t("sumidagawa.legend_play"), (right.x + 16, y + 4, right.w - 30, right.bottom - y - 6),
                  (style.TINY, style.MIN_TEXT), style.TEXT_MUTED, line_gap=1.2)
