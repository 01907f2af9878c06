"""This Jun's river: the spoken banner, the plays and discards in order, the agari tiles.

The zone with the cards that lie still is a cached layer keyed by those cards, so a play landing
repaints none of it: the head, the tiles, the banner, the newest play's outline and the card flying in
are drawn over the layer every frame (their strings are formatted once, see `_banner_words`). Quiet
frames paint ahead the layers a coming move may land on (`_prepare`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import lru_cache

import pygame

from tabletop import i18n
from tabletop.games.sumidagawa.cards import BLACK, RED, VALUES, code, parse_card
from tabletop.games.sumidagawa.combos import COMBOS, banner, declared_range
from tabletop.games.sumidagawa.view import SumidagawaView
from tabletop.i18n import t
from tabletop.ui import style
from tabletop.ui.ahead import FACE, WORD
from tabletop.ui.games import TableContext
from tabletop.ui.games.sumidagawa import art
from tabletop.ui.games.sumidagawa.layout import RIVER
from tabletop.ui.games.sumidagawa.panels import banner_texts, card, seat_disc, write, zone
from tabletop.ui.games.sumidagawa.seam import BoardSeam as Board  # what the drawing needs of the board
from tabletop.ui.motion import Tween
from tabletop.ui.painter import Painter
from tabletop.ui.viewport import Viewport

AREA = pygame.FRect(RIVER.x + 16, RIVER.y + 96, RIVER.w - 30, RIVER.h - 98)  # where the cards flow in rows


def play_items(view: SumidagawaView) -> list[tuple]:
    """The Jun's public entries: ("play", seat, bon, rb, rr, combo, declared) and ("discard", seat, card)."""
    return [h for h in view.history[view.jun_start:] if h[0] in ("play", "discard")]


def items_from_events(entries: list[tuple]) -> list[tuple]:
    out: list[tuple] = []
    for e in entries:
        if e[0] == "play":
            _, seat, cards, combo_id, declared = e
            bon = tuple(parse_card(c) for c in cards.split() if c not in ("b", "r"))
            rb = cards.split().count("b")
            rr = cards.split().count("r")
            combo = next(c.index for c in COMBOS if c.id == combo_id)
            out.append(("play", seat, bon, rb, rr, combo, declared))
        else:
            out.append(("discard", e[1], parse_card(e[2])))
    return out


def item_faces(entry: tuple) -> list[tuple[str, int]]:
    """The cards of a river entry in drawing order: ("bon", card) or ("rin", colour)."""
    if entry[0] == "discard":
        return [("bon", entry[2])]
    return [("bon", c) for c in entry[2]] + [("rin", BLACK)] * entry[3] + [("rin", RED)] * entry[4]


def draw_river(p: Painter, ctx: TableContext, view: SumidagawaView, b: Board) -> None:
    items = play_items(view)
    previous = False
    if not items and b.prev_jun:
        items, previous = items_from_events(b.prev_jun), True
    label_h = style.SMALL * p.text_scale * 0.7
    shown, rects, cw, ch = _fit_items(items, AREA, label_h)
    if previous:
        _mark_previous(b, shown, rects, cw, ch)
    flight = b.motion.get(("river",)) if shown and not previous else None
    lying = len(shown) - 1 if flight is not None else len(shown)  # the entries lying still, in the layer
    painted = b.layers.painted
    b.layers.draw(p, RIVER, *_zone_layer(b, shown[:lying], rects[:lying], cw, ch, previous))
    if b.layers.painted == painted:  # a quiet frame
        _prepare(p, b, shown, rects, cw, ch, previous, flight, label_h)
    _draw_head(p, ctx, view, b)
    _draw_banner(p, ctx, view, b, items, previous)
    newest = next((i for i in range(len(shown) - 1, -1, -1) if shown[i][0] == "play"), None)
    if newest is not None and not previous:  # outlined, bright while the play is new
        edge = style.TEXT_LIGHT if b.banner_age < style.JUST_ACTED else style.FELT_LINE
        p.rect(rects[newest].inflate(10, 10), edge, 8, width=2)
    if flight is not None:  # the newest play or discard flies in from its seat
        _draw_entry(p, shown[-1], rects[-1], cw, ch, previous, b, flying=True)
    draw_leaving(p, b)


def _zone_layer(b: Board, lying: list[tuple], rects: list[pygame.FRect], cw: float, ch: float,
                previous: bool) -> tuple[tuple, Callable[[Painter], None]]:
    """The river layer's key (all that `_paint_zone` shows) and its painting."""
    key = ("river", tuple(lying), tuple(tuple(r) for r in rects), cw, previous)
    return key, lambda q: _paint_zone(q, b, lying, rects, cw, ch, previous)


def _prepare(p: Painter, b: Board, shown: list[tuple], rects: list[pygame.FRect], cw: float, ch: float,
             previous: bool, flight: Tween | None, label_h: float) -> None:
    """Paint ahead, one a frame, the layers the next move may land on: the river with the flying card lying
    still (an instant AI moves the frame it lands), the same cards dimmed (the move may end the Jun), or the
    new Jun's empty river while the finished one is shown."""
    if previous:
        cw0, ch0 = _fit_items([], AREA, label_h)[2:]
        b.layers.prepare(p, RIVER, *_zone_layer(b, [], [], cw0, ch0, False))
        return
    if not shown or (flight is not None and flight.fraction() < 0.5):
        return
    painted = b.layers.painted
    b.layers.prepare(p, RIVER, *_zone_layer(b, shown, rects, cw, ch, False))
    if b.layers.painted == painted:
        b.layers.prepare(p, RIVER, *_zone_layer(b, shown, rects, cw, ch, True))


def _paint_zone(p: Painter, b: Board, lying: list[tuple], rects: list[pygame.FRect], cw: float, ch: float,
                previous: bool) -> None:
    """The zone and the cards lying still: the river's cached layer."""
    zone(p, RIVER)
    bed = pygame.FRect(RIVER.x + 6, RIVER.bottom - 64, RIVER.w - 12, 58)
    p.blit(art.river_bed(*p.size_px(bed.w, bed.h)), bed.topleft)
    for entry, rect in zip(lying, rects, strict=True):
        _draw_entry(p, entry, rect, cw, ch, previous, b)


@lru_cache(maxsize=64)
def _head_words(language: str, jun: int, leader: str | None) -> str:
    head = t("sumidagawa.jun_label", jun=jun)
    return head if leader is None else head + t("sumidagawa.jun_leader", name=leader)


def _draw_head(p: Painter, ctx: TableContext, view: SumidagawaView, b: Board) -> None:
    """The Jun's number and leader, and the agari tiles (drawn over the layer: a tile flies in and turns)."""
    head = _head_words(i18n.language(), view.jun_number, ctx.names[view.leader] if view.leader >= 0 else None)
    head_r = write(p, head, (RIVER.x + 14, RIVER.y + 8), style.TINY, style.TEXT_MUTED, max_width=360)
    tiles_x = min(RIVER.right - 196, head_r.right + 12)  # the tiles' label takes the room the head leaves
    draw_tiles(p, view, pygame.FRect(tiles_x, RIVER.y + 6, RIVER.right - 10 - tiles_x, 30), b)


@lru_cache(maxsize=256)
def _banner_words(language: str, play: tuple, name: str) -> tuple[str, str, tuple[str, ...], str]:
    """The banner's strings for a play (the banner is drawn every frame; its words are made once)."""
    combo, declared = play[5], play[6]
    ja, aside = banner_texts(combo, declared)
    tags = []
    if play[2] and _menzaifu(play):
        tags.append(t("sumidagawa.tag_menzaifu"))
    if not play[2]:
        tags.append(t("sumidagawa.tag_rin_only"))
    return ja, aside, tuple(tags), _spoken(language, combo, name)


@lru_cache(maxsize=64)
def _spoken(language: str, combo: int, name: str) -> str:
    return t("sumidagawa.spoken_by", name=name, meaning=t(f"sumidagawa.meaning.{COMBOS[combo].id}"))


def _draw_banner(p: Painter, ctx: TableContext, view: SumidagawaView, b: Board, items: list[tuple],
                 previous: bool) -> None:
    """The newest play as it was spoken (sliding in as it lands), or the Jun's opening line and the note."""
    plays = [h for h in items if h[0] == "play"]
    k = p.scale_now
    ty = max(RIVER.y + 50, RIVER.y + 8 + style.TINY * k * 1.2 + style.H1 * k * 0.55)  # clear of the head line
    if plays and not previous:
        last = plays[-1]
        seat = last[1]
        ja, aside, tags, spoken = _banner_words(i18n.language(), last, ctx.names[seat])
        slide = max(0.0, 1 - b.banner_age / style.TWEEN) * 24
        seat_disc(p, (RIVER.x + 30, ty), seat, 13)
        jr = write(p, ja, (RIVER.x + 52 + slide, ty), style.H1, style.TEXT_LIGHT, bold=True, anchor="midleft")
        tx = jr.right + 12
        if aside:
            tx = write(p, aside, (tx, ty + 3), style.H2, style.ACCENT, anchor="midleft").right + 12
        # the pills grow with their text (k)
        for tag in tags:
            w = p.measure(tag, style.TINY * k, bold=True) + 14
            if tx + w > RIVER.right - 10:
                break
            p.rect((tx, ty - 10 * k, w, 20 * k), style.INFO, 10)
            write(p, tag, (tx + w / 2, ty), style.TINY, style.INK, bold=True, anchor="center")
            tx += w + 6
        write(p, spoken, (RIVER.x + 52, ty + 22), style.TINY, style.TEXT_MUTED, max_width=RIVER.w - 70)
        return
    line = t("sumidagawa.no_play_yet")
    if view.phase == 0 and view.kagerou and not view.leader_acted and view.leader >= 0:
        line = t("sumidagawa.kagerou_open", name=ctx.names[view.leader])
    write(p, line, (RIVER.x + 16, ty), style.BODY, style.TEXT_LIGHT, anchor="midleft", max_width=RIVER.w - 32)
    note = b.note_text(ctx)
    if previous:
        note = f"{note}  {t('sumidagawa.previous_jun')}" if note else t("sumidagawa.previous_jun")
    if note:
        write(p, note, (RIVER.x + 16, ty + 22), style.TINY, style.INFO, max_width=RIVER.w - 32)


def draw_leaving(p: Painter, b: Board) -> None:
    """A finished Jun's cards drift down the river and away when the next Jun begins."""
    mouth = pygame.FRect(RIVER.right - 40, RIVER.bottom - 36, 0, 0)
    for key in [k for k in b.motion.tweens if isinstance(k, tuple) and k[0] == "leaving"]:
        kind, code = key[2]
        w, h = p.size_px(*art.RIVER_CARD)
        face = art.bon(code, w, h) if kind == "bon" else art.rin(code, w, h)
        b.spots.card(p, b.motion, key, mouth, art.dimmed(face, 150))


def _menzaifu(entry: tuple) -> bool:
    info = declared_range(entry[2], entry[3], entry[4])
    return bool(info and info[3])


def _layout_items(items: list[tuple], area: pygame.FRect, cw: float, ch: float,
                  label_h: float) -> list[pygame.FRect] | None:
    """Item rects flowing in rows for this card size, or None if they do not fit."""
    step = cw * 0.36
    row_h = ch + 12 + label_h  # the card, then its player's line (taller with larger text)
    x, y = area.x, area.y
    out = []
    for entry in items:
        n = 1 if entry[0] == "discard" else len(entry[2]) + entry[3] + entry[4]
        w = max(cw + (n - 1) * step, 70)
        if x + w > area.right and x > area.x:
            x, y = area.x, y + row_h
        if y + row_h > area.bottom + 2:
            return None
        out.append(pygame.FRect(x, y, w, ch))
        x += w + 16
    return out


def _fit_items(items: list[tuple], area: pygame.FRect,
               label_h: float) -> tuple[list[tuple], list[pygame.FRect], float, float]:
    """The entries shown (the last six when even small cards overflow), their rects and the card size."""
    for cw, ch in (art.RIVER_CARD, art.RIVER_SMALL):
        rects = _layout_items(items, area, cw, ch, label_h)
        if rects is not None:
            return items, rects, cw, ch
    cw, ch = art.RIVER_SMALL
    items = items[-6:]
    return items, _layout_items(items, area, cw, ch, label_h) or [], cw, ch


def _mark_previous(b: Board, items: list[tuple], rects: list[pygame.FRect], cw: float, ch: float) -> None:
    """Where a finished Jun's cards lie, for their flight away (counted from the last: a long Jun is cut at
    the start). Marked every frame, outside the river's cached layer."""
    shown, drawn = sum(len(item_faces(entry)) for entry in items), 0
    for entry, rect in zip(items, rects, strict=False):
        for i in range(len(item_faces(entry))):
            b.spots.mark(("previous", drawn - shown), pygame.FRect(rect.x + i * cw * 0.36, rect.y, cw, ch))
            drawn += 1


def _draw_entry(p: Painter, entry: tuple, rect: pygame.FRect, cw: float, ch: float, previous: bool, b: Board,
                flying: bool = False) -> None:
    """One play or discard: its cards (a finished Jun's and discards dimmed), its player's disc and its
    spoken name; `flying`: the newest, whose cards fly in from its seat."""
    size = p.size_px(cw, ch)
    if entry[0] == "play":
        faces = [art.bon(c, *size) for c in entry[2]]
        faces += [art.rin(BLACK, *size)] * entry[3] + [art.rin(RED, *size)] * entry[4]
    else:
        faces = [art.bon(entry[2], *size)]
    for i, surf in enumerate(faces):
        if previous or entry[0] == "discard":
            surf = art.dimmed(surf, 150)
        at = pygame.FRect(rect.x + i * cw * 0.36, rect.y, cw, ch)
        if flying:
            b.spots.card(p, b.motion, ("river",), at, surf)
        else:
            card(p, surf, at)
    ly = rect.bottom + 12
    seat_disc(p, (rect.x + 7, ly), entry[1], 7)
    label = banner(entry[5], entry[6])["ja"] if entry[0] == "play" else t("sumidagawa.discarded")
    write(p, label, (rect.x + 17, ly), style.SMALL, style.TEXT_LIGHT if not previous else style.TEXT_MUTED,
          bold=entry[0] == "play", anchor="midleft", max_width=rect.w - 3)  # clear of the next play (16 px on)


def draw_tiles(p: Painter, view: SumidagawaView, r: pygame.FRect, b: Board) -> None:
    """The four agari tiles: free ones on paper, taken ones in the holder's colour with their glyph."""
    holders = {tile: seat for seat, tile in enumerate(view.tiles) if tile}
    tw = 24
    x = r.right - 4 * (tw + 4)
    write(p, t("sumidagawa.agari_tiles"), (x - 8, r.centery), style.TINY, style.TEXT_MUTED, anchor="midright",
          max_width=x - r.x - 8)
    for tile in range(1, 5):
        rect = b.motion.rect(("tile", tile), pygame.FRect(x + (tile - 1) * (tw + 4), r.y, tw, r.h))  # from who went out
        seat = holders.get(tile)
        taking = b.motion.get(("taken", tile))
        if taking is not None:  # just taken: it turns over from paper to its holder's colour
            f = taking.fraction()
            rect = pygame.FRect(rect.centerx - rect.w * abs(1 - 2 * f) / 2, rect.y, rect.w * abs(1 - 2 * f), rect.h)
            if f < 0.5:
                seat = None
        if seat is None:
            p.rect(rect, style.PANEL, 5)
            write(p, str(tile), rect.center, style.SMALL, style.INK, bold=True, anchor="center")
        else:
            p.rect(rect, style.FELT_LINE, 5)
            p.rect(rect, style.SEAT_COLORS[seat % 6], 5, width=2)
            write(p, str(tile), (rect.centerx, rect.y + 9), style.TINY, style.TEXT_MUTED, bold=True, anchor="center")
            p.text(style.SEAT_GLYPHS[seat % 6], (rect.centerx, rect.bottom - 9), style.TINY,
                   style.SEAT_COLORS[seat % 6], anchor="center", icon=True)


# ----- the plays' words, rendered ahead ---------------------------------------------------------
# The sizes a Bon or Rin face is shown at: the hand, the river, a long Jun's river.
WARM_CARD_SIZES = (art.CARD, art.RIVER_CARD, art.RIVER_SMALL)
WARM_CARD_STEPS = len(WARM_CARD_SIZES) * 2 * (len(VALUES) + 1)


def warm_words(p: Painter, b: Board, names: tuple[str, ...]) -> None:
    """Render more card faces (first) and strings a play can show (banner, spoken line, river labels) into
    the shared caches, in a frame that painted nothing new: a play's first landing then finds its cards and
    words ready instead of rendering them in the frame that is already the busiest. A face or eight strings
    a frame (`tabletop.ui.ahead`): 66 faces, then 8 combinations x 11 numbers.
    Nothing is drawn on screen, no frame asked for. Each board keeps its own progress (a cached piece costs
    a lookup)."""
    key = (i18n.language(), p.text_scale, p.vp.scale, names)
    b.warming.step(key, lambda: _warm_steps(p, names))


def _warm_steps(p: Painter, names: tuple[str, ...]) -> Iterator[int]:
    vp = Viewport(p.vp.window)
    vp.scale, vp.offset = p.vp.scale, p.vp.offset
    q = Painter(pygame.Surface((1, 1)), vp)  # the text caches are shared by every painter; this one draws off it
    q.text_scale = p.text_scale
    lang = i18n.language()
    for size in WARM_CARD_SIZES:  # card faces first: a first render (fireworks, lanterns) costs ~0.5-1 ms
        w, h = q.size_px(*size)
        for colour in (BLACK, RED):
            for value in VALUES:
                art.bon(code(colour, value), w, h)
                yield FACE
            art.rin(colour, w, h)
            yield FACE
    for combo in range(len(COMBOS)):
        for name in names:  # the spoken line names the seat and the combination's meaning
            write(q, _spoken(lang, combo, name), (0, 0), style.TINY, style.TEXT_MUTED, max_width=RIVER.w - 70)
            yield WORD
    for declared in range(11):
        for combo in range(len(COMBOS)):
            ja, aside = banner_texts(combo, declared)
            write(q, ja, (0, 0), style.H1, style.TEXT_LIGHT, bold=True)
            yield WORD
            if aside:
                write(q, aside, (0, 0), style.H2, style.ACCENT)
                yield WORD
            for cw, _ in (art.RIVER_CARD, art.RIVER_SMALL):
                width = max(cw + (COMBOS[combo].size - 1) * cw * 0.36, 70)  # as `_layout_items` lays it out
                for ink in (style.TEXT_LIGHT, style.TEXT_MUTED):  # this Jun's, then a finished Jun's
                    write(q, ja, (0, 0), style.SMALL, ink, bold=True, max_width=width - 3)
                    yield WORD
