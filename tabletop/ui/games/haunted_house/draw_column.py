"""Drawing the side column: whose turn it is with what to do and its buttons, the dice, the ghost cards of the
turn, and the team's counters with the Give up button. Functions of the painter, the frame's context and the
board's memory; the buttons they make are recorded in the hit map, to be drawn last."""

from __future__ import annotations

import random
from collections.abc import Callable

import pygame

from tabletop.engine.core import Action
from tabletop.games.haunted_house.actions import LEAVE, ROLL, STAY, TAKE, Move
from tabletop.games.haunted_house.board import ROOM_LETTERS
from tabletop.games.haunted_house.state import JEWELS
from tabletop.games.haunted_house.view import HauntedHouseView
from tabletop.i18n import plural, t
from tabletop.ui import style
from tabletop.ui.cards import render_back, render_card
from tabletop.ui.games import TableContext
from tabletop.ui.games.haunted_house import art
from tabletop.ui.games.haunted_house.layout import CARDS, DICE, TEAM, TURN
from tabletop.ui.games.haunted_house.memory import HouseMemory
from tabletop.ui.motion import blit_card
from tabletop.ui.painter import Painter
from tabletop.ui.widgets import Button
from tabletop.ui.words.haunted_house import WORDS  # spaces in words ("corridor square 7", "room A"), never their ids


def hunter_name(ch: int) -> str:
    return t("haunted_house.ui.hunter_name", hunter=t(f"haunted_house.hunter.{ch + 1}"))


def go_label(move: Move) -> str:
    """The Go button: a room by its letter; a corridor square, unnamed on the map, by the steps to it
    (the path on the map counts them)."""
    end = move.path[-1]
    if end == "OUT":
        return t("haunted_house.ui.go_out")
    if end.startswith("P") and end[1:].isdigit():
        return t("haunted_house.ui.go_steps", steps=plural("haunted_house.count.step", len(move.path)))
    return t("haunted_house.ui.go", space=WORDS.space(end))


def zone(p: Painter, r: pygame.FRect, label: str) -> None:
    p.rect(r, style.FELT_DARK, style.RADIUS)
    # A label grown by the text size rises into the zone's top margin: the dice, cards and rows
    # under it keep their places and it stays clear of them.
    p.text(label, (r.x + 12, r.y + 6 - 10 * (p.scale_now - 1)), style.TINY, style.TEXT_MUTED, max_width=r.w - 24)


def hint(ctx: TableContext, view: HauntedHouseView, moves: list[Move], watched: bool) -> str:
    """What the turn zone tells the person at the screen to do (or whom they wait for); `watched`: a game
    of AIs only, shown to no seat."""
    ch = view.active
    if not ctx.acting:
        if ctx.viewer is None and all(n for n in ctx.names) and watched:
            return t("app.spectating")
        return t("haunted_house.hint.wait", name=ctx.names[view.owners[ch]], hunter=t(f"haunted_house.hunter.{ch + 1}"))
    if ROLL in ctx.legal:
        return t("haunted_house.hint.roll")
    if TAKE in ctx.legal:
        room = view.positions[ch]
        number = view.room_jewels[ROOM_LETTERS.index(room)]
        if view.jewel_must_wait(number):  # taking it means carrying it until its turn
            return t("haunted_house.hint.take_later", room=room, number=number, next=view.next_required)
        return t("haunted_house.hint.take", room=room)
    if len(moves) == 1:
        return t("haunted_house.hint.trapped" if view.carrying(ch) else "haunted_house.hint.blocked")
    return t("haunted_house.hint.move", roll=view.roll)


def draw_turn(p: Painter, m: HouseMemory, ctx: TableContext, view: HauntedHouseView, shown_hint: str) -> None:
    """The turn zone: the hunter to play, its player and the hint (`turn_buttons` are drawn last)."""
    r = TURN
    zone(p, r, t("haunted_house.ui.turn", turn=view.turn_no + 1))
    ch = view.active
    owner = view.owners[ch]
    if ctx.acting:
        p.rect(r, style.ACCENT, style.RADIUS, width=2)
    _draw_turn_order(p, view, r)
    if view.phase == "over":
        won = view.outcome == "won"
        # Two lines rather than a squeeze when the text size grows (the verdict is long).
        p.wrapped(t(f"haunted_house.status.over_{view.outcome or 'won'}"), (r.x + 12, r.y + 40, r.w - 24, r.h - 52),
                  style.BODY, style.GOOD if won else style.BAD, bold=True, line_gap=1.2, align="center")
        return
    p.blit(art.hunter(p.vp.px(40), ch), (r.x + 34, r.y + 54), anchor="center")
    p.text(hunter_name(ch), (r.x + 64, r.y + 44), style.BODY, style.TEXT_LIGHT, bold=True, anchor="midleft",
           max_width=r.w - 76)
    p.blit(art.seat_badge(p.vp.px(16), owner), (r.x + 72, r.y + 68), anchor="center")
    p.text(t("haunted_house.ui.played_by", name=ctx.names[owner]), (r.x + 84, r.y + 68), style.SMALL,
           style.TEXT_MUTED, anchor="midleft", max_width=r.w - 96)
    by = r.bottom - 44
    box = (r.x + 12, r.y + 86, r.w - 24, by - 4 - (r.y + 86))
    size, lines = hint_lines(p, m, shown_hint, box)
    for i, line in enumerate(lines):
        p.text(line, (box[0], box[1] + i * size * 1.25 * p.text_scale), size,
               style.ACCENT if ctx.acting else style.TEXT_MUTED)


def turn_buttons(ctx: TableContext, moves: list[Move], picked: Move | None) -> list[Button]:
    """The turn zone's buttons: Roll; Take and Leave; Go (to the keyboard's pick) and Stay; or Stay alone."""
    r = TURN
    by = r.bottom - 44
    half = (r.w - 32) / 2
    left, right = pygame.FRect(r.x + 12, by, half, 36), pygame.FRect(r.x + 20 + half, by, half, 36)
    whole = pygame.FRect(r.x + 12, by, r.w - 24, 36)

    def act(action: Action) -> Callable[[], None]:
        return lambda: ctx.act(action)

    if ROLL in ctx.legal:
        return [Button(whole, t("haunted_house.action.roll"), act(ROLL), primary=True, size=style.SMALL)]
    if TAKE in ctx.legal:
        return [Button(left, t("haunted_house.action.take"), act(TAKE), primary=True, size=style.SMALL),
                Button(right, t("haunted_house.action.leave"), act(LEAVE), size=style.SMALL)]
    if picked is not None and picked.path:
        return [Button(left, go_label(picked), act(picked), primary=True, size=style.SMALL),
                Button(right, t("haunted_house.action.stay"), act(STAY), size=style.SMALL)]
    if moves and STAY in moves:
        return [Button(whole, t("haunted_house.action.stay"), act(STAY), primary=len(moves) == 1 or picked == STAY,
                       size=style.SMALL)]
    return []


def _draw_turn_order(p: Painter, view: HauntedHouseView, r: pygame.FRect) -> None:
    """The hunters in turn order, top right of the turn zone; the one to play is ringed."""
    size, step = 18, 24
    x = r.right - 14 - size / 2 - step * (view.characters - 1)
    for ch in range(view.characters):
        c = (x + ch * step, r.y + 18)
        if ch == view.active and view.phase != "over":
            p.circle(c, size / 2 + 3, style.ACCENT, width=2)
        p.blit(art.hunter(p.vp.px(size), ch), c, anchor="center")


def hint_lines(p: Painter, m: HouseMemory, text: str,
               box: tuple[float, float, float, float]) -> tuple[float, list[str]]:
    """The hint wrapped in SMALL if it fits its box, else TINY, else as at text size 100 % (the box keeps
    its size, so what fitted at 100 % fits: larger text never makes the hint smaller than at 100 %), else
    at the readable minimum (wrapped once per text, window scale and text size; line heights follow the
    text size)."""
    key = (text, p.vp.scale, p.text_scale)
    if key not in m._hint_cache:
        k = p.text_scale
        for size in (style.SMALL, style.TINY, style.SMALL / k, style.TINY / k, p.min_text / k):
            lines = p.wrap_lines(text, box[2], size)
            if len(lines) * size * 1.25 * k <= box[3]:
                break
        m._hint_cache[key] = (size, lines[: max(1, int(box[3] // (size * 1.25 * k)))])
    return m._hint_cache[key]


def draw_dice(p: Painter, m: HouseMemory, ctx: TableContext, view: HauntedHouseView,
              rng: random.Random) -> pygame.FRect:
    """The white die (rolling, its number, or "?" waiting for this hunter's roll) and the fight's black dice;
    returns the white die's rect, the Roll click target."""
    r = DICE
    zone(p, r, t("haunted_house.ui.dice"))
    size = 54
    die = pygame.FRect(r.x + 18, r.y + 26, size, size)
    rolling = m.white_anim > 0
    value = view.roll or m.white
    can_roll = ROLL in ctx.legal
    # a die waiting for this hunter's roll shows "?", not the last hunter's number
    shown = rng.randint(1, 6) if rolling else 0 if can_roll else value
    dr = die.move(rng.uniform(-2, 2), rng.uniform(-2, 2)) if rolling else die
    if can_roll:
        hover = die.collidepoint(ctx.mouse)
        p.rect(die.inflate(10, 10), style.ACCENT if hover else style.ACCENT_DARK, 10, width=3)
    if shown:
        p.blit(art.white_die(p.vp.px(size), shown), dr.topleft)
    else:
        p.rect(dr, style.FELT_LINE, 9, width=2)
        p.text("?", dr.center, style.H2, style.TEXT_MUTED, bold=True, anchor="center")
    caption = t("haunted_house.ui.move_die", value=value) if value and not rolling and not can_roll else (
        t("haunted_house.action.roll") if can_roll else "")
    fx = r.x + 110
    if caption:  # centred in the die's column (left of the divider), as wide as the column
        p.text(caption, ((r.x + fx - 12) / 2, r.bottom - 12), style.TINY, style.TEXT_MUTED, anchor="center",
               max_width=fx - 12 - r.x - 4)
    p.line((fx - 12, r.y + 28), (fx - 12, r.bottom - 10), style.FELT_LINE)
    _draw_fight(p, m, fx, rng)
    return die


def _draw_fight(p: Painter, m: HouseMemory, fx: float, rng: random.Random) -> None:
    r = DICE
    bsize = 44
    if m.fight is None:
        for i in range(2):
            p.rect((fx + i * (bsize + 10), r.y + 32, bsize, bsize), style.FELT_LINE, 8, width=2)
        p.text(t("haunted_house.ui.no_fight"), (fx, r.bottom - 12), style.TINY, style.TEXT_MUTED,
               anchor="midleft", max_width=r.right - fx - 10)
        return
    faces, room, _hunter = m.fight
    for i, face in enumerate(faces):
        if m.fight_anim > 0:
            face = ("ghost", "spirit", "blank")[rng.randrange(3)]
            off = (rng.uniform(-2, 2), rng.uniform(-2, 2))
        else:
            off = (0.0, 0.0)
        p.blit(art.black_die(p.vp.px(bsize), face), (fx + i * (bsize + 10) + off[0], r.y + 32 + off[1]))
    p.text(t("haunted_house.ui.fight", room=room), (fx, r.bottom - 12), style.TINY, style.TEXT_LIGHT,
           anchor="midleft", max_width=r.right - fx - 10)


def card_caption(name: str) -> str:
    if name.startswith("room:"):
        return t("haunted_house.card.room", room=name[5:])
    return t("haunted_house.card." + name.replace(":", "_"))


def draw_cards(p: Painter, m: HouseMemory, view: HauntedHouseView) -> None:
    """The ghost deck and the cards this turn drew (the last discard between turns), hidden while the die
    rolls; a drawn card flies from the deck and turns over."""
    r = CARDS
    zone(p, r, t("haunted_house.ui.ghost_cards"))
    pw, ph = 56, 80
    pile = m.pile_rect = pygame.FRect(r.x + 14, r.y + 30, pw, ph)
    if view.draw_pile:
        for k in range(min(3, len(view.draw_pile)) - 1, -1, -1):
            p.blit(render_back(*p.size_px(pw, ph)), (pile.x + k * 2, pile.y - k * 2))
    else:
        p.rect(pile, style.FELT_LINE, 6, width=2)
    p.text(t("haunted_house.ui.draw_pile", count=len(view.draw_pile)), (pile.centerx, pile.bottom + 12),
           style.TINY, style.TEXT_MUTED, anchor="center", max_width=pw + 16)
    area_x = pile.right + 18
    cards = m.drawn
    if not cards and view.discard and not m.no_card:
        cards = [(view.discard[-1], False)]
    if m.white_anim > 0:
        cards = []
    if not cards:
        msg = t("haunted_house.ui.no_card") if m.no_card and m.white_anim <= 0 else ""
        if msg:
            p.wrapped(msg, (area_x, r.y + 60, r.right - area_x - 10, 60), style.SMALL, style.TEXT_MUTED)
        return
    _draw_card_row(p, m, cards, area_x)


def _draw_card_row(p: Painter, m: HouseMemory, cards: list[tuple[str, bool]], area_x: float) -> None:
    r = CARDS
    cw, ch = 84, 120
    room = r.right - 10 - area_x - cw
    step = min(30.0, room / max(1, len(cards) - 1)) if len(cards) > 1 else 0
    for i, (name, ignored) in enumerate(cards):
        rect = pygame.FRect(area_x + i * step, r.y + 28, cw, ch)
        flying = m.motion.get(("card", i)) is not None and cards is m.drawn
        if i == len(cards) - 1 and not flying:
            p.alpha_rect((rect.x + 2, rect.y + 3, cw, ch), style.SHADOW, 60, 6)
        face = render_card(art.card_face(name, card_caption(name)), *p.size_px(cw, ch))
        if flying:  # ghost cards are public: the face shows once it has turned over
            blit_card(p, m.motion, ("card", i), rect, face, render_back(*p.size_px(cw, ch)))
            continue
        p.blit(face, rect.topleft)
        if ignored:
            p.blit(art.dim(*p.size_px(cw, ch)), rect.topleft)
    line = " → ".join(card_caption(name) for name, ignored in cards if not ignored)
    skipped = sum(1 for _name, ignored in cards if ignored)
    if skipped:
        line += " (" + t("haunted_house.ui.ignored", count=skipped) + ")"
    p.text(line, (r.x + 14, r.bottom - 14), style.SMALL, style.TEXT_LIGHT, anchor="midleft", max_width=r.w - 28)


def draw_team(p: Painter, ctx: TableContext, view: HauntedHouseView, armed: bool,
              give_up: Callable[[], None]) -> Button | None:
    """The team's counters: ghosts left in the stock, jewels out (and the next number), the lock; returns the
    Give up button while the viewer plays (`armed`: it asks to be pressed again)."""
    r = TEAM
    zone(p, r, t("haunted_house.ui.team"))
    y = r.y + 34 + 8 * (p.scale_now - 1)  # below the zone's label, grown with the text
    p.blit(art.ghost(p.vp.px(22)), (r.x + 24, y), anchor="center")
    p.text(t("haunted_house.ui.ghost_stock", count=view.ghost_stock), (r.x + 42, y), style.SMALL,
           style.TEXT_LIGHT, anchor="midleft", max_width=r.w - 54)
    y += 28
    p.blit(art.gem(p.vp.px(18)), (r.x + 24, y), anchor="center")
    line = t("haunted_house.ui.deposited", count=view.deposited)
    if view.advanced and view.deposited < JEWELS:
        line += " · " + t("haunted_house.ui.next_short", number=view.next_required)
    p.text(line, (r.x + 42, y), style.SMALL, style.TEXT_LIGHT, anchor="midleft", max_width=r.w - 54)
    y += 28
    button = None
    if ctx.acting and view.phase != "over":
        label = t("haunted_house.ui.give_up_confirm") if armed else t("haunted_house.action.give_up")
        width = min(r.w - 24, max(110.0, p.measure(label, style.TINY) + 24))
        button = Button(pygame.FRect(r.right - 12 - width, r.bottom - 36, width, 28), label, give_up, size=style.TINY)
    # Grown text reaches down to the button's row: the line then stops short of the button.
    last_w = r.w - 54 - (button.rect.w + 6 if button is not None and p.scale_now > 1 else 0)
    if view.lock:
        colour = view.lock.split(":")[1]
        p.blit(art.padlock(p.vp.px(22), colour), (r.x + 24, y), anchor="center")
        p.line_or_two(t(f"haunted_house.ui.lock_short_{colour}"), r.x + 42, y, style.SMALL,
                      art.DOOR_COLORS[colour], last_w, bold=True)
    elif view.advanced:
        p.line_or_two(t("haunted_house.ui.no_lock"), r.x + 42, y, style.SMALL, style.TEXT_MUTED, last_w)
    return button
