"""Drawing the house: the map, its locked doors, the destinations the hunter may reach (recorded in the hit
map), the path to the chosen one, the rooms' ghosts, spirits and jewels, the hunters, and the spirit and
jewel counters under the map. Functions of the painter, the frame's context and the board's memory; they
change nothing but the hit map and the memory's records of where things were drawn."""

from __future__ import annotations

import pygame

from tabletop.games.haunted_house.actions import TAKE, Move
from tabletop.games.haunted_house.board import ROOM_LETTERS
from tabletop.games.haunted_house.state import JEWELS, SPIRITS_TO_LOSE
from tabletop.games.haunted_house.view import HauntedHouseView
from tabletop.i18n import t
from tabletop.ui import style
from tabletop.ui.games import TableContext
from tabletop.ui.games.haunted_house import art
from tabletop.ui.games.haunted_house.input import Target, destination
from tabletop.ui.games.haunted_house.layout import GHOST, JEWEL, PIECE, SPIRIT, hunter_targets, pulse_width
from tabletop.ui.games.haunted_house.memory import PILE_GLOW, HouseMemory
from tabletop.ui.hitmap import HitMap
from tabletop.ui.motion import ease_in_out
from tabletop.ui.painter import Painter

ROOM_PLATE_RIM = (176, 140, 72)  # brass, as the letter plates' frames


def draw_locks(p: Painter, m: HouseMemory, view: HauntedHouseView) -> None:
    for colour in art.DOOR_MARKS:  # every coloured door shows its pattern, locked or not
        for door in m.geo.locked_doors(colour):
            p.blit(art.door_mark(p.vp.px(door.w), p.vp.px(door.h), colour), door.topleft)
    if not view.lock:
        return
    colour = view.lock.split(":")[1]
    icon = art.padlock(p.vp.px(22), colour)
    for door in m.geo.locked_doors(colour):
        p.rect(door.inflate(6, 6), style.INK, 3)
        p.rect(door.inflate(2, 2), art.DOOR_COLORS[colour], 2)
        p.blit(icon, door.center, anchor="center")


def draw_destinations(p: Painter, m: HouseMemory, ctx: TableContext, here: str, moves: list[Move],
                      picked: Move | None, hits: HitMap[Target]) -> Move | None:
    """The spaces the hunter may end on, each a click target; the chosen one (the keyboard's pick, else the
    one under the pointer) is lit brighter and returned."""
    if not moves:
        return None
    g = m.geo
    p.blit(destination_overlay(p, m, moves, here), g.frame.topleft)
    hovered: Move | None = None
    for move in moves:
        r = g.rects[destination(move, here)]
        hits.add(r, move)
        if r.collidepoint(ctx.mouse):
            hovered = move
    # The keyboard's pick wins over the pointer resting on a space: it is what Enter and the Go button play.
    # Pointing at another destination drops the pick (see `input.pointing_elsewhere`), so the last input shows.
    chosen = picked or hovered
    for move in moves:
        r = g.rects[destination(move, here)]
        on = move is chosen
        p.rect(r.inflate(-4, -4), style.ACCENT if on else style.ACCENT_DARK, 6, width=4 if on else 3)
    return chosen


def destination_overlay(p: Painter, m: HouseMemory, moves: list[Move], here: str) -> pygame.Surface:
    """The destinations' tint, one surface over the map (cached while the moves and the window stay)."""
    g = m.geo
    size = p.size_px(g.frame.w, g.frame.h)
    key = (tuple(moves), here, size)
    if m._overlay is None or m._overlay[0] != key:
        surf = pygame.Surface(size, pygame.SRCALPHA)
        s = size[0] / g.frame.w
        for move in moves:
            r = g.rects[destination(move, here)]
            local = pygame.Rect(round((r.x - g.frame.x) * s), round((r.y - g.frame.y) * s), round(r.w * s),
                                round(r.h * s))
            pygame.draw.rect(surf, (*style.ACCENT, 70 if move.path else 40), local.inflate(-4, -4),
                             border_radius=max(1, round(6 * s)))
        m._overlay = (key, surf)
    return m._overlay[1]


def draw_path(p: Painter, m: HouseMemory, view: HauntedHouseView, move: Move) -> None:
    ch = view.active
    start = m.drawn_at.get(ch)
    if start is None or not move.path:
        return
    points = [(v.x, v.y) for v in [start] + m.geo.waypoints(view.positions[ch], move.path)]
    for a, b in zip(points, points[1:]):
        p.line(a, b, style.INK, 7)
    for a, b in zip(points, points[1:]):
        p.line(a, b, style.ACCENT, 3)
    for i, name in enumerate(move.path, start=1):
        c = m.geo.rects[name].center
        last = i == len(move.path)
        radius = 13 if last else 10
        p.circle(c, radius + 2, style.INK)
        p.circle(c, radius, style.ACCENT)
        p.text(str(i), c, style.SMALL if last else style.TINY, style.INK, bold=True, anchor="center")


def draw_room_names(p: Painter, m: HouseMemory) -> None:
    """Each room's name on a small brass plate just under its letter plate: the band between the letter
    (top-left cell, jewel top-right) and the bottom row where ghosts and hunters stand is free of tokens."""
    size = style.TINY * p.text_scale
    for letter in ROOM_LETTERS:
        rect = m.geo.rects[letter]
        name = t(f"haunted_house.room_name.{letter}")
        width = min(p.measure(name, size), rect.w - 24) + 8
        plate = pygame.FRect(rect.x + 6, rect.y + m.geo.cell * 0.86, width, size * 1.3)
        p.alpha_rect(plate, style.SHADOW, 150, 4)
        p.rect(plate, ROOM_PLATE_RIM, 4, width=1)
        p.text(name, plate.center, style.TINY, style.TEXT_LIGHT, anchor="center", max_width=plate.w - 8)


def draw_room_contents(p: Painter, m: HouseMemory, view: HauntedHouseView, ctx: TableContext,
                       hits: HitMap[Target]) -> None:
    taking = any(a == TAKE for a in ctx.legal)
    for r, letter in enumerate(ROOM_LETTERS):
        rect = m.geo.rects[letter]
        if letter in m.glow:
            pulse = 3 + 2 * (int(m.glow.get(letter) * 8) % 2)
            p.rect(rect.inflate(-2, -2), m.glow_colour[letter], 6, width=pulse)
        _draw_ghosts(p, m, view, r, rect)
        _draw_gone(p, m, rect, letter)
        if view.room_jewels[r]:
            mine = taking and view.positions[view.active] == letter
            _draw_jewel(p, m, view, ctx, r, mine, hits)


def _draw_ghosts(p: Painter, m: HouseMemory, view: HauntedHouseView, r: int, rect: pygame.FRect) -> None:
    drift = m.motion.pos(("ghost", ROOM_LETTERS[r]), (0, 0))  # the newest ghost floats down into place
    if view.spirits[r]:
        p.blit(art.spirit(p.vp.px(SPIRIT)), (rect.x + 6 + SPIRIT / 2, rect.bottom - 4 - SPIRIT / 2 + drift.y),
               anchor="center")
    for i in range(view.ghosts[r]):
        dy = drift.y if i == view.ghosts[r] - 1 else 0.0
        p.blit(art.ghost(p.vp.px(GHOST)), (rect.x + 6 + GHOST / 2 + i * (GHOST + 2),
                                             rect.bottom - 4 - GHOST / 2 + dy), anchor="center")


def _draw_jewel(p: Painter, m: HouseMemory, view: HauntedHouseView, ctx: TableContext, r: int, mine: bool,
                hits: HitMap[Target]) -> None:
    """A room's jewel tile (its number once seen, in the advanced game); the one the hunter may take is a
    click target."""
    jewel = view.room_jewels[r]
    label = "" if not view.advanced else ("?" if jewel < 0 else str(jewel))
    jr = pygame.FRect(0, 0, round(JEWEL * 1.4) if label else JEWEL, JEWEL)
    rect = m.geo.rects[ROOM_LETTERS[r]]
    jr.topright = (rect.right - 6, rect.y + 6)
    if mine:
        hot = jr.inflate(8, 8)
        hits.add(hot, TAKE)
        hover = hot.collidepoint(ctx.mouse)
        p.rect(jr.inflate(10, 10), style.ACCENT if hover else style.ACCENT_DARK, 6, width=0 if hover else 3)
    p.blit(art.jewel_tile(p.vp.px(JEWEL), label), jr.topleft)
    m.jewel_at[ROOM_LETTERS[r]] = pygame.Vector2(jr.center)


def _draw_gone(p: Painter, m: HouseMemory, rect: pygame.FRect, letter: str) -> None:
    """The removed ghosts or spirit of a room: in place while the dice roll, then rising and fading."""
    for key, tween in m.motion.tweens.items():
        if not isinstance(key, tuple) or key[0] != "gone" or key[1] != letter:
            continue
        size = SPIRIT if key[2] < 0 else GHOST
        x = rect.x + 6 + size / 2 + max(0, key[2]) * (GHOST + 2)
        step = round(art.FADE_STEPS * (1 - tween.fraction()))
        if step > 0:
            p.blit(art.fading("spirit" if key[2] < 0 else "ghost", p.vp.px(size), step),
                   (x, rect.bottom - 4 - size / 2 + tween.pos().y), anchor="center")


def draw_hunters(p: Painter, m: HouseMemory, view: HauntedHouseView, ctx: TableContext) -> None:
    """Every hunter on its space (or on its walk there), the active one ringed, with the jewel it carries and,
    with several seats, its player's badge."""
    targets = hunter_targets(m.geo, view)
    order = sorted(range(view.characters), key=lambda ch: (ch == view.active, ch in m.walk))
    for ch in order:
        at = _walked(m, ch, targets[ch])
        m.drawn_at[ch] = pygame.Vector2(at)
        pos = (at.x, at.y)
        m.space_of[ch] = view.positions[ch]
        if ch == view.active and view.phase != "over":
            p.circle(pos, PIECE / 2 + 6, style.ACCENT, width=pulse_width(ctx.time))
            m.pulsing = True
        p.blit(art.hunter(p.vp.px(PIECE), ch), pos, anchor="center")
        if view.carrying(ch) or m._riding(ch):  # a jewel just taken flies here from its room's tile
            gem = m.motion.toward(("gem", ch), (at.x + PIECE / 2 - 2, at.y - PIECE / 2 + 2))
            gp = (gem.x, gem.y)
            p.blit(art.gem(p.vp.px(14)), gp, anchor="center")
            if view.advanced:
                p.text(str(view.carried[ch]), (gp[0] + 8, gp[1] - 2), style.TINY, style.TEXT_LIGHT, bold=True,
                       anchor="midleft")
        if view.players > 1:
            p.blit(art.seat_badge(p.vp.px(16), view.owners[ch]), (at.x + PIECE / 2 - 1, at.y + PIECE / 2 - 1),
                   anchor="center")


def _walked(m: HouseMemory, ch: int, pos: pygame.Vector2) -> pygame.Vector2:
    """Where a walking hunter is now along its waypoints (its resting place `pos` ends the walk)."""
    if ch not in m.walk:
        return pos
    points, elapsed = m.walk[ch]
    pts = points[:-1] + [pos]
    step = m._step_time()
    i = min(len(pts) - 2, int(elapsed / step))
    f = ease_in_out(min(1.0, elapsed / step - i))
    return pts[i].lerp(pts[i + 1], f)


def draw_spirit_track(p: Painter, m: HouseMemory, view: HauntedHouseView) -> None:
    r = m.geo.cells(0, 10, 6, 1).inflate(-6, -6)
    p.rect(r, style.PANEL_DARK, 8)
    p.rect(r, style.PANEL_EDGE, 8, width=1)
    n = sum(view.spirits)
    label_w = r.w - SPIRITS_TO_LOSE * 32 - 14
    p.text(t("haunted_house.ui.spirits", count=n), (r.x + 10, r.centery), style.SMALL,
           style.BAD if n >= 4 else style.TEXT_LIGHT, bold=True, anchor="midleft", max_width=label_w)
    x0 = r.right - SPIRITS_TO_LOSE * 32 - 2
    for i in range(SPIRITS_TO_LOSE):
        c = (x0 + i * 32 + 16, r.centery)
        last = i == SPIRITS_TO_LOSE - 1
        p.circle(c, 14, style.FELT_DARK)
        p.circle(c, 14, style.BAD if last else style.FELT_LINE, width=2)
        if i < n:
            p.blit(art.spirit(p.vp.px(24)), c, anchor="center")
        elif last:
            p.text(str(SPIRITS_TO_LOSE), c, style.TINY, style.BAD, bold=True, anchor="center")


def draw_deposited(p: Painter, m: HouseMemory, view: HauntedHouseView) -> None:
    """The jewels carried out, in two rows of four; the newest flies in from outside once its hunter is out."""
    r = m.geo.cells(9, 10, 2, 1).inflate(-6, -6)
    lit = PILE_GLOW in m.glow
    p.rect(r, style.PANEL_DARK, 8)
    p.rect(r, style.GOOD if lit else style.PANEL_EDGE, 8, width=3 if lit else 1)
    size = 18
    per_row = JEWELS // 2
    gap = (r.w - per_row * size) / (per_row + 1)
    arriving = next((tw for key, tw in m.motion.tweens.items() if isinstance(key, tuple) and key[0] == "deposit"),
                    None)
    for i in range(JEWELS):
        row, col = divmod(i, per_row)
        c = (r.x + gap + col * (size + gap) + size / 2, r.y + r.h / 4 + row * r.h / 2)
        newest = arriving if i == view.deposited - 1 else None  # the newest flies in from outside
        if i < view.deposited and not (newest is not None and newest.waiting):
            at = newest.start.lerp(c, newest.fraction()) if newest is not None else c
            p.blit(art.gem(p.vp.px(size)), (at[0], at[1]), anchor="center")
        else:
            p.circle(c, 5, style.FELT_LINE)


