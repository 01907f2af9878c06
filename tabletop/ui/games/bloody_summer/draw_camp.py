"""Drawing the camp-site card in the middle: the night scene, the four sites' tabs, the round's pile on it, the
empty site's panel, and the "order reversed" banner that floats over it for a moment."""

from __future__ import annotations

from collections import Counter

import pygame

from tabletop.games.bloody_summer.rules import KILLER_NUMBER, SITE_NUMBERS, SITES, cards_of, combo_text, draw_count
from tabletop.games.bloody_summer.view import BloodySummerView
from tabletop.i18n import t
from tabletop.ui import style
from tabletop.ui.games.bloody_summer import art
from tabletop.ui.games.bloody_summer import layout as L
from tabletop.ui.motion import Motion, Spots
from tabletop.ui.painter import Painter
from tabletop.ui.words.bloody_summer import form_label


def camp_key(view: BloodySummerView, bottom: int, danger: frozenset[int]) -> tuple:
    """What the camp card's layer shows (`bottom`: the site at the bottom of the screen)."""
    return ("camp", bottom, view.empty_area, danger, view.reversed, view.areas, view.alive)


def draw_camp(p: Painter, view: BloodySummerView, bottom: int, danger: frozenset[int]) -> None:
    camp = L.CAMP
    p.rect(camp.move(3, 5), art.CARD_SHADOW, 16)
    p.blit(art.sky(*p.size_px(camp.w, camp.h), p.vp.px(16)), camp.topleft)
    # Mood: moon, pines and tents in the corners, away from the site labels and the pile.
    art.moon(p, (camp.right - 44, camp.y + 42), 17, art.NIGHT_TOP)
    art.pines(p, camp.bottom - 8, camp.x + 30, camp.x + 96, 58)
    art.pines(p, camp.bottom - 8, camp.right - 96, camp.right - 30, 52)
    art.tent(p, (camp.x + 122, camp.bottom - 10), 34)
    art.tent(p, (camp.right - 122, camp.bottom - 10), 30)
    edge = art.BLOOD_BRIGHT if view.reversed else style.PANEL_EDGE
    p.rect(camp, edge, 16, width=3 if view.reversed else 1)
    # 13 endangers everyone: the killer's badge in the top-left corner.
    art.knife(p, (camp.x + 24, camp.y + 26), 12)
    art.chip(p, (camp.x + 52, camp.y + 26), KILLER_NUMBER, True)
    for area in range(4):
        _draw_tab(p, view, area, L.position(area, bottom), danger)


def _draw_tab(p: Painter, view: BloodySummerView, area: int, pos: int, danger: frozenset[int]) -> None:
    r = L.tab_rect(pos)
    empty = area == view.empty_area
    seat = view.areas.index(area) if area in view.areas else None
    fill = art.REVERSED_FILL if empty else style.PANEL_DARK
    p.rect(r, fill, 8)
    p.rect(r, art.BLOOD_BRIGHT if empty else style.PANEL_EDGE, 8, width=2 if empty else 1)
    letter = SITES[area]
    numbers = SITE_NUMBERS[area]
    horizontal = pos in (0, 2)
    disc = (r.x + 17, r.centery) if horizontal else (r.centerx, r.y + 16)
    if seat is not None and view.alive[seat]:
        p.seat_disc(disc, 10, seat)
    else:
        art.skull(p, disc, 9, style.CARD_FACE)
    if horizontal:
        label = t(f"bloody_summer.site.{letter}")
        p.text(label, (r.x + 34, r.centery), style.SMALL, style.TEXT_LIGHT, bold=True, anchor="midleft",
               max_width=84)
        for i, v in enumerate(numbers):
            art.chip(p, (r.right - 72 + i * 26, r.centery), v, v in danger)
    else:
        p.text(letter, (r.centerx, r.y + 42), style.H2, style.TEXT_LIGHT, bold=True, anchor="center")
        for i, v in enumerate(numbers):
            art.chip(p, (r.centerx, r.y + 72 + i * 26), v, v in danger)


def draw_pile(p: Painter, view: BloodySummerView, names: list[str], danger: frozenset[int], motion: Motion,
              spots: Spots) -> None:
    """The round's plays on the camp card, oldest left, the top play large (flying in from its seat while
    `motion` has it); each card shown is marked in `spots`, where a check sends it on from."""
    inner = L.INNER
    if not view.plays:
        if view.winner is None and view.turn is not None:
            p.text(t("bloody_summer.pile.waiting", name=names[view.turn]), (inner.centerx, inner.y + 80),
                   style.BODY, style.TEXT_LIGHT, bold=True, anchor="center", max_width=inner.w - 10)
            p.text(t("bloody_summer.pile.any_form"), (inner.centerx, inner.y + 108), style.SMALL,
                   style.TEXT_MUTED, anchor="center", max_width=inner.w - 10)
        return
    width = _form_pill(p, view)
    pile = view.pile()
    p.text(t("bloody_summer.pile.stats", count=len(pile), draw=draw_count(len(pile))),
           (inner.right, inner.y + 10), style.TINY, style.TEXT_MUTED, anchor="midright",
           max_width=inner.w - width - 12)
    bottom = inner.y + 128
    _draw_plays(p, view, danger, motion, spots, bottom)
    seat, f, value = view.plays[-1]
    p.text(t("bloody_summer.pile.top", name=names[seat], cards=combo_text(f, value)),
           (inner.centerx, bottom + 14), style.SMALL, style.TEXT_LIGHT, bold=True, anchor="center",
           max_width=inner.w)
    chance = view.hit_chance(seat)
    p.text(t("bloody_summer.pile.stands", name=names[seat], chance=chance), (inner.centerx, bottom + 36),
           style.SMALL, art.risk_color(chance), anchor="center", max_width=inner.w)


def _form_pill(p: Painter, view: BloodySummerView) -> float:
    """The round's form (and ⇅ once the order is reversed) in a pill at the pile's top left; returns its width."""
    inner = L.INNER
    label = form_label(view.form or "S") + ("  ⇅" if view.reversed else "")
    width = p.measure(label, style.SMALL, bold=True) + 20
    pill = pygame.FRect(inner.x, inner.y - 2, width, 24)
    p.rect(pill, style.PANEL_DARK, 12)
    p.rect(pill, style.TEXT_MUTED, 12, width=1)
    p.text(label, pill.center, style.SMALL, style.TEXT_LIGHT, bold=True, anchor="center")
    return width


def _width_of(n: int, size: tuple[float, float]) -> float:
    """A group of `n` overlapping cards of `size`."""
    return size[0] + (n - 1) * size[0] * 0.55


def _draw_plays(p: Painter, view: BloodySummerView, danger: frozenset[int], motion: Motion, spots: Spots,
                bottom: float) -> None:
    """The plays in order, oldest left; the top play large on the right. The oldest give way ("+N") where
    the row would not fit."""
    inner = L.INNER
    big, small = L.PILE_BIG, L.PILE_SMALL
    groups: list[tuple[int, str, int, tuple[float, float]]] = []
    for i, (seat, f, value) in enumerate(view.plays):
        groups.append((seat, f, value, big if i == len(view.plays) - 1 else small))
    widths = [_width_of(len(cards_of(f, v)), size) for _, f, v, size in groups]
    gap = 10
    limit = inner.w - 8
    shown = len(groups)
    while shown > 1 and sum(widths[-shown:]) + gap * (shown - 1) > limit - (30 if shown < len(groups) else 0):
        shown -= 1
    hidden = len(groups) - shown
    total = sum(widths[-shown:]) + gap * (shown - 1) + (30 if hidden else 0)
    x = inner.centerx - total / 2
    if hidden:
        p.text(f"+{hidden}", (x + 12, bottom - 24), style.SMALL, style.TEXT_MUTED, anchor="center")
        x += 30
    copies: Counter[int] = Counter()  # each card shown is marked as (value, copy): the check lists values
    for (seat, f, value, size), w in zip(groups[-shown:], widths[-shown:]):
        top = seat == view.plays[-1][0] and size == big
        ox = oy = 0.0
        if top and motion.get(("play", seat)) is not None:  # the group's middle comes from its seat
            middle = pygame.Vector2(x + w / 2, bottom - size[1] / 2)
            ox, oy = motion.toward(("play", seat), middle) - middle
        for j, c in enumerate(cards_of(f, value)):
            rect = pygame.FRect(x + ox + j * size[0] * 0.55, bottom - size[1] + oy, *size)
            art.card(p, c, rect, danger)
            spots.mark(("pile", c, copies[c]), rect)
            copies[c] += 1
        p.seat_disc((x + ox + w / 2, bottom - size[1] - 13 + oy), 9, seat)
        x += w + gap


def draw_empty_site(p: Painter, r: pygame.FRect) -> None:
    p.rect(r, style.FELT_DARK, style.RADIUS)
    p.rect(r, art.BLOOD, style.RADIUS, width=1)
    title = p.text(t("bloody_summer.seat.empty"), (r.x + 46, r.y + 8), style.SMALL, style.TEXT_MUTED, bold=True,
                   max_width=r.w - 56)
    art.tent(p, (r.x + 26, title.centery + 10), 28)
    top = p.under(title, r.y + 32)
    # The note spans the panel under the title and the tent; one size step smaller where the larger text
    # would not fit (the floor stays readable at 150 %).
    p.wrapped_fit(t("bloody_summer.seat.empty_note"), (r.x + 12, top, r.w - 24, r.bottom - 2 - top),
                  (style.TINY, 11, 9), art.BLOOD_BRIGHT)


def draw_banner(p: Painter) -> None:
    """The reversal's banner: it floats over the camp for a moment (what it hides is shown again)."""
    band = pygame.FRect(L.CAMP.x + 62, L.CAMP.centery - 44, L.CAMP.w - 124, 88)  # between the side sites' tabs
    with p.overlay():
        p.rect(band.move(3, 5), art.CARD_SHADOW, style.RADIUS)
        p.rect(band, art.REVERSED_FILL, style.RADIUS)
        p.rect(band, art.BLOOD_BRIGHT, style.RADIUS, width=3)
        p.text("⇅ " + t("bloody_summer.order.banner") + " ⇅", (band.centerx, band.y + 30), style.H1,
               style.CARD_FACE, bold=True, anchor="center", max_width=band.w - 30)
        p.text(t("bloody_summer.order.reversed_note"), (band.centerx, band.bottom - 18), style.BODY,
               style.CARD_FACE, anchor="center", max_width=band.w - 30)
