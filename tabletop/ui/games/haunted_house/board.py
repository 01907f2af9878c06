"""The Haunted House table: the house map on the left, the turn, dice, ghost cards and team
counters in a column on its right.

Mouse: click Roll (or the white die); click a highlighted space to move there (hovering
shows the path step by step; the hunter's own space or Stay keeps it in place); click the
jewel or Take / Leave. Keys: Space, Enter or R rolls; ←/→ (or Tab) pick a destination,
Enter moves there, S stays; T or Enter takes the jewel, L leaves it; G twice gives up.
"""

from __future__ import annotations

import random

import pygame

from tabletop import i18n
from tabletop.engine.core import Action, Event
from tabletop.games.haunted_house.actions import LEAVE, ROLL, STAY, TAKE, GiveUp, Move
from tabletop.games.haunted_house.board import ROOM_LETTERS
from tabletop.games.haunted_house.view import HauntedHouseView
from tabletop.i18n import plural, t
from tabletop.ui import style
from tabletop.ui.cards import render_back, render_card
from tabletop.ui.games import BOARD_AREA, BoardBase, TableContext
from tabletop.ui.games.haunted_house import art
from tabletop.ui.games.haunted_house.house import Geometry, scaled_surface
from tabletop.ui.motion import Motion, blit_card, ease_in_out
from tabletop.ui.painter import Painter
from tabletop.ui.widgets import Button, click, step_choice
from tabletop.ui.words import words_for

WORDS = words_for("haunted_house")  # spaces in words ("corridor square 7", "room A"), never their ids

MAP_FRAME = pygame.FRect(BOARD_AREA.x + 4, BOARD_AREA.y + 4, BOARD_AREA.h - 8, BOARD_AREA.h - 8)
COLUMN_X = MAP_FRAME.right + 12
COLUMN_W = BOARD_AREA.right - COLUMN_X
TURN = pygame.FRect(COLUMN_X, BOARD_AREA.y, COLUMN_W, 200)
DICE = pygame.FRect(COLUMN_X, TURN.bottom + style.GAP, COLUMN_W, 106)
CARDS = pygame.FRect(COLUMN_X, DICE.bottom + style.GAP, COLUMN_W, 178)
TEAM = pygame.FRect(COLUMN_X, CARDS.bottom + style.GAP, COLUMN_W, BOARD_AREA.bottom - CARDS.bottom - style.GAP)

PIECE = 28  # hunter pawn diameter (virtual px)
GHOST = 28
SPIRIT = 40
JEWEL = 30
STEP_TIME = 0.16  # seconds per space when a hunter walks
ROLL_TIME = 0.6
FLASH_TIME = 0.9
PULSE_STEPS = 4  # the active hunter's ring: widths 5, 4, 3, 4 px, a quarter second each
GHOST_PIECES = 24
CARD_FLIGHT = 0.3  # a ghost card's flight from the deck, turning over (scaled by the AI speed)
CARD_STAGGER = 0.12  # between cards drawn together (extra draws), so each is seen arriving
ROOM_PLATE_RIM = (176, 140, 72)  # brass, as the letter plates' frames
SPIRITS_TO_LOSE = 6


def pulse_width(now: float) -> float:
    """The ring's width at app time `now`: a triangle wave over one second, in PULSE_STEPS steps."""
    phase = int(now * PULSE_STEPS) / PULSE_STEPS
    return 3 + 2 * abs(((phase * 2) % 2) - 1)


def hunter_name(ch: int) -> str:
    return t("haunted_house.ui.hunter_name", hunter=t(f"haunted_house.hunter.{ch + 1}"))


def legal_moves(legal: list[Action]) -> list[Move]:
    """The move actions in keyboard order: by distance and destination, staying last (so the first → lights
    a space to go to, and the first ← lights staying)."""
    moves = [a for a in legal if isinstance(a, Move)]
    moves.sort(key=lambda m: (not m.path, len(m.path), m.path[-1] if m.path else ""))
    return moves


def destination(move: Move, here: str) -> str:
    """Where a move ends: its path's last space, or `here` (where the hunter stands) for staying."""
    return move.path[-1] if move.path else here


def _go_label(move: Move) -> str:
    """The Go button: a room by its letter; a corridor square, unnamed on the map, by the steps to it
    (the path on the map counts them)."""
    end = move.path[-1]
    if end == "OUT":
        return t("haunted_house.ui.go_out")
    if end.startswith("P") and end[1:].isdigit():
        return t("haunted_house.ui.go_steps", steps=plural("haunted_house.count.step", len(move.path)))
    return t("haunted_house.ui.go", space=WORDS.space(end))


def _join(items: list[str]) -> str:
    return ("・" if i18n.language() == "ja" else ", ").join(items)


class Board(BoardBase):
    # What every seat may see (public animations, memories of public events, caches); see BoardBase.
    TABLE_STATE = ("white", "white_anim", "fight", "fight_anim", "drawn", "card_anim", "no_card", "walk",
                   "drawn_at", "space_of", "jewel_at", "flash_rooms", "flash_pile", "motion", "pile_rect",
                   "_overlay", "_hint_cache")

    def __init__(self, table) -> None:
        self.table = table
        self.geo = Geometry(MAP_FRAME)
        self.buttons: list[Button] = []
        self.hot: list[tuple[pygame.FRect, Action]] = []  # clickable destinations this frame
        self.die_rect = pygame.FRect(0, 0, 0, 0)
        self.jewel_hot: pygame.FRect | None = None
        self.cursor: int | None = None  # keyboard choice among the move actions
        self.moves_key: tuple = ()
        self.white = 0  # last white die result seen in events
        self.white_anim = 0.0
        self.fight: tuple[list[str], str, int] | None = None  # faces, room, hunter
        self.fight_anim = 0.0
        self.drawn: list[tuple[str, bool]] = []  # ghost cards of the current turn: (card name, ignored)
        self.card_anim = 0.0
        self.no_card = False
        self.pile_rect = pygame.FRect(CARDS.x + 14, CARDS.y + 30, 56, 80)  # the ghost deck, where cards leave
        self.walk: dict[int, tuple[list[pygame.Vector2], float]] = {}  # hunter -> (points, elapsed)
        self.drawn_at: dict[int, pygame.Vector2] = {}  # where each hunter was drawn last frame
        self.jewel_at: dict[str, pygame.Vector2] = {}  # room letter -> where its jewel tile was drawn last frame
        self.space_of: dict[int, str] = {}
        self.flash_rooms: dict[str, tuple[float, style.Color]] = {}
        self.flash_pile = 0.0
        # Ghosts drift down into their room (key ("ghost", room)), a taken jewel flies from its room's tile to the
        # hunter (key ("gem", hunter)); walks take its speed setting and skip.
        self.motion = Motion(lambda: table.app.settings)
        self.give_up_armed = 0.0
        self.pulsing = False  # the last frame drew the active hunter's breathing ring
        self._overlay: tuple[tuple, pygame.Surface] | None = None
        self._rng = random.Random(7)
        self._hint_cache: dict[tuple[str, float], tuple[float, list[str]]] = {}

    # ----- table hooks ------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.white_anim = max(0.0, self.white_anim - dt)
        self.fight_anim = max(0.0, self.fight_anim - dt)
        self.card_anim = max(0.0, self.card_anim - dt)
        self.flash_pile = max(0.0, self.flash_pile - dt)
        self.give_up_armed = max(0.0, self.give_up_armed - dt)
        self.motion.update(dt)
        for ch in list(self.walk):
            points, elapsed = self.walk[ch]
            elapsed += dt
            if elapsed >= self._step_time() * (len(points) - 1):
                del self.walk[ch]
            else:
                self.walk[ch] = (points, elapsed)
        for room in list(self.flash_rooms):
            left, colour = self.flash_rooms[room]
            if left - dt <= 0:
                del self.flash_rooms[room]
            else:
                self.flash_rooms[room] = (left - dt, colour)

    def _step_time(self) -> float:
        """Seconds per space of a walk, scaled like every motion by the AI-speed setting."""
        return self.motion.duration(STEP_TIME)

    def busy(self) -> bool:
        return bool(self.walk) or self.motion.running()

    def animating(self) -> bool:
        return self.motion.running() or bool(self.white_anim or self.fight_anim or self.card_anim or self.flash_pile or self.give_up_armed
                    or self.walk or self.flash_rooms)

    def next_frame_in(self) -> float | None:
        """The active hunter's ring breathes in PULSE_STEPS steps a second: a frame per step, not 60."""
        if self.animating():
            return 0.0
        if not self.pulsing:
            return None
        step = 1 / PULSE_STEPS
        return step - self.table.clock % step

    def on_events(self, events: list[Event], seat: int) -> None:
        self.cursor = None
        for e in events:
            k, d = e.kind, e.data
            if k == "die_rolled":
                self.white, self.white_anim = int(d["value"]), ROLL_TIME
                self.drawn, self.fight, self.no_card = [], None, not d.get("ghost", True)
            elif k.startswith("card_") and k != "card_ignored":
                self.drawn.append((str(d["card"]), False))
                self.card_anim = ROLL_TIME + 0.3
                self._fly_card()
            elif k == "card_ignored":
                self.drawn.append((str(d["card"]), True))
                self._fly_card()
            elif k in ("ghost_placed", "spirit_formed"):
                self.flash_rooms[str(d["room"])] = (FLASH_TIME + ROLL_TIME, style.BAD)
                self.motion.start(("ghost", str(d["room"])), (0, -GHOST * 1.5), (0, 0), delay=ROLL_TIME,
                                  ease=ease_in_out)
            elif k in ("ghosts_removed", "spirit_removed"):
                self.flash_rooms[str(d["room"])] = (FLASH_TIME + ROLL_TIME, style.GOOD)
                self._float_away(str(d["room"]), int(d["count"]) if k == "ghosts_removed" else 0)
            elif k == "moved":
                self._start_walk(int(d["character"]), list(d["path"]))
            elif k == "fight_rolled":
                self.fight = (list(d["dice"]), str(d["room"]), int(d["character"]))
                self.fight_anim = ROLL_TIME
            elif k == "jewel_taken" and str(d["room"]) in self.jewel_at:  # the jewel goes to the hunter's gem spot
                at = self.jewel_at[str(d["room"])]
                self.motion.start(("gem", int(d["character"])), at, at)
            elif k == "jewel_deposited":
                self._deposit(int(d["character"]))
                self.flash_pile = FLASH_TIME

    def _float_away(self, letter: str, ghosts: int) -> None:
        """Ghosts beaten in a fight (`ghosts` of them, else the room's spirit) float up out of their room and
        fade once the fight dice have rolled: keys ("gone", room, slot), slots counted after the ghosts that
        stay (a spirit's slot is -1). Only the public count is read."""
        room = ROOM_LETTERS.index(letter)
        stay = self.table.session.state.view(None).ghosts[room]
        slots = range(stay, stay + ghosts) if ghosts else (-1,)
        for slot in slots:
            self.motion.start(("gone", letter, slot), (0, 0), (0, -GHOST * 1.2), delay=ROLL_TIME / self.motion.factor(),
                              ease=ease_in_out)

    def _draw_gone(self, p: Painter, rect: pygame.FRect, letter: str) -> None:
        """The removed ghosts or spirit of a room: in place while the dice roll, then rising and fading."""
        for key, tween in self.motion.tweens.items():
            if key[0] != "gone" or key[1] != letter:
                continue
            size = SPIRIT if key[2] < 0 else GHOST
            x = rect.x + 6 + size / 2 + max(0, key[2]) * (GHOST + 2)
            step = round(art.FADE_STEPS * (1 - tween.fraction()))
            if step > 0:
                p.blit(art.fading("spirit" if key[2] < 0 else "ghost", p.vp.px(size), step),
                       (x, rect.bottom - 4 - size / 2 + tween.pos().y), anchor="center")

    def _fly_card(self) -> None:
        """The newest ghost card leaves the deck face down and turns over where it is shown, after the white
        die has rolled (the cards are hidden while it rolls: its delay is in real seconds, not scaled) and
        one after another when a card draws more."""
        i = len(self.drawn) - 1
        wait = ROLL_TIME / self.motion.factor() + i * CARD_STAGGER
        self.motion.fly(("card", i), self.pile_rect, base=CARD_FLIGHT, delay=wait, turn=True)

    def _deposit(self, ch: int) -> None:
        """A jewel carried out rides on its hunter to the end of the walk, then flies into the jewel pile."""
        view = self.table.session.state.view(None)
        target = self._hunter_targets(view).get(ch)
        if target is None:
            return
        gem = (target.x + PIECE / 2 - 2, target.y - PIECE / 2 + 2)
        steps = len(self.walk[ch][0]) - 1 if ch in self.walk else 0
        self.motion.start(("deposit", ch), gem, gem, delay=STEP_TIME * steps)  # scaled like the walk's steps

    def _riding(self, ch: int) -> bool:
        """A deposited jewel still on its hunter's way out (its flight to the pile waits for the walk)."""
        tween = self.motion.get(("deposit", ch))
        return tween is not None and tween.waiting

    def _start_walk(self, ch: int, path: list[str]) -> None:
        start = self.space_of.get(ch)
        here = self.drawn_at.get(ch)
        if start is None or here is None or not self.motion.enabled():
            return
        points = [pygame.Vector2(here)] + self.geo.waypoints(start, path)
        self.walk[ch] = (points, 0.0)

    def status(self, ctx: TableContext) -> str:
        view = ctx.view
        assert isinstance(view, HauntedHouseView)
        if view.phase == "over":
            return t(f"haunted_house.status.over_{view.outcome or 'won'}")
        ch = view.active
        params = {"turn": view.turn_no + 1, "hunter": t(f"haunted_house.hunter.{ch + 1}"),
                  "name": ctx.names[view.owners[ch]], "roll": view.roll, "room": view.positions[ch]}
        return t(f"haunted_house.status.{view.phase}", **params)

    def seat_info(self, ctx: TableContext, seat: int) -> str:
        view = ctx.view
        assert isinstance(view, HauntedHouseView)
        mine = [ch for ch, owner in enumerate(view.owners) if owner == seat]
        # One line in the seat row: a seat playing every hunter says so instead of naming four colours.
        text = t("haunted_house.seat.all_hunters") if len(mine) == len(view.owners) else \
            t("haunted_house.seat.hunters", hunters=_join([t(f"haunted_house.hunter.{ch + 1}") for ch in mine]))
        carrying = sum(1 for ch in mine if view.carrying(ch))
        if carrying:
            text += " · " + t("haunted_house.seat.carrying", count=carrying)
        return text

    # ----- drawing ----------------------------------------------------------------------
    def draw(self, p: Painter, ctx: TableContext) -> None:
        view = ctx.view
        assert isinstance(view, HauntedHouseView)
        self.buttons, self.hot, self.jewel_hot = [], [], None
        self.pulsing = False  # set again if the active hunter's ring is drawn
        moves = legal_moves(ctx.legal)
        key = tuple(moves)
        if key != self.moves_key:
            self.moves_key, self.cursor = key, None
        p.rect(MAP_FRAME.inflate(8, 8), style.FELT_DARK, style.RADIUS)
        g = self.geo
        p.blit(scaled_surface(*p.size_px(g.frame.w, g.frame.h)), g.frame.topleft)
        self._draw_locks(p, view)
        focus = self._draw_destinations(p, ctx, view, moves)
        self._draw_room_contents(p, view, ctx)
        if focus is not None:
            self._draw_path(p, view, focus)
        self._draw_hunters(p, view, ctx)
        self._draw_room_names(p)  # over ghosts floating in and hunters walking past, so it always reads
        self._draw_spirit_track(p, view)
        self._draw_deposited(p, view)
        self._draw_turn(p, ctx, view, moves)
        self._draw_dice(p, ctx, view)
        self._draw_cards(p, view)
        self._draw_team(p, ctx, view)
        for b in self.buttons:
            b.hovered = b.rect.collidepoint(ctx.mouse)
            b.draw(p)

    def _zone(self, p: Painter, r: pygame.FRect, label: str) -> None:
        p.rect(r, style.FELT_DARK, style.RADIUS)
        # A label grown by the text size rises into the zone's top margin: the dice, cards and rows
        # under it keep their places and it stays clear of them.
        p.text(label, (r.x + 12, r.y + 6 - 10 * (p.scale_now - 1)), style.TINY, style.TEXT_MUTED, max_width=r.w - 24)

    # map layers
    def _draw_locks(self, p: Painter, view: HauntedHouseView) -> None:
        for colour in art.DOOR_MARKS:  # every coloured door shows its pattern, locked or not
            for door in self.geo.locked_doors(colour):
                p.blit(art.door_mark(p.vp.px(door.w), p.vp.px(door.h), colour), door.topleft)
        if not view.lock:
            return
        colour = view.lock.split(":")[1]
        icon = art.padlock(p.vp.px(22), colour)
        for door in self.geo.locked_doors(colour):
            bar = door.inflate(6, 6) if door.w > door.h else door.inflate(6, 6)
            p.rect(bar, style.INK, 3)
            p.rect(door.inflate(2, 2), art.DOOR_COLORS[colour], 2)
            p.blit(icon, door.center, anchor="center")

    def _draw_destinations(self, p: Painter, ctx: TableContext, view: HauntedHouseView,
                           moves: list[Move]) -> Move | None:
        if not moves:
            return None
        here = view.positions[view.active]
        g = self.geo
        overlay = self._destination_overlay(p, moves, here)
        p.blit(overlay, g.frame.topleft)
        hovered: Move | None = None
        for m in moves:
            dest = destination(m, here)
            r = g.rects[dest]
            self.hot.append((r, m))
            if r.collidepoint(ctx.mouse):
                hovered = m
        # The keyboard's pick wins over the pointer resting on a space: it is what Enter and the Go button play.
        # Pointing at another destination drops the pick (see `handle`), so the last input shows.
        chosen = self._picked(moves) or hovered
        for m in moves:
            dest = destination(m, here)
            r = g.rects[dest]
            on = m is chosen
            p.rect(r.inflate(-4, -4), style.ACCENT if on else style.ACCENT_DARK, 6, width=4 if on else 3)
        return chosen

    def _destination_overlay(self, p: Painter, moves: list[Move], here: str) -> pygame.Surface:
        g = self.geo
        size = p.size_px(g.frame.w, g.frame.h)
        key = (tuple(moves), here, size)
        if self._overlay is None or self._overlay[0] != key:
            surf = pygame.Surface(size, pygame.SRCALPHA)
            s = size[0] / g.frame.w
            for m in moves:
                r = g.rects[destination(m, here)]
                local = pygame.Rect(round((r.x - g.frame.x) * s), round((r.y - g.frame.y) * s), round(r.w * s),
                                    round(r.h * s))
                pygame.draw.rect(surf, (*style.ACCENT, 70 if m.path else 40), local.inflate(-4, -4),
                                 border_radius=max(1, round(6 * s)))
            self._overlay = (key, surf)
        return self._overlay[1]

    def _draw_path(self, p: Painter, view: HauntedHouseView, move: Move) -> None:
        ch = view.active
        start = self.drawn_at.get(ch)
        if start is None or not move.path:
            return
        points = [start] + self.geo.waypoints(view.positions[ch], move.path)
        for a, b in zip(points, points[1:]):
            p.line(a, b, style.INK, 7)
        for a, b in zip(points, points[1:]):
            p.line(a, b, style.ACCENT, 3)
        for i, name in enumerate(move.path, start=1):
            c = self.geo.rects[name].center
            last = i == len(move.path)
            radius = 13 if last else 10
            p.circle(c, radius + 2, style.INK)
            p.circle(c, radius, style.ACCENT)
            p.text(str(i), c, style.SMALL if last else style.TINY, style.INK, bold=True, anchor="center")

    def _room_slots(self, view: HauntedHouseView) -> dict[str, list[int]]:
        slots: dict[str, list[int]] = {}
        for ch, space in enumerate(view.positions):
            slots.setdefault(space, []).append(ch)
        return slots

    def _draw_room_names(self, p: Painter) -> None:
        """Each room's name on a small brass plate just under its letter plate: the band between the letter
        (top-left cell, jewel top-right) and the bottom row where ghosts and hunters stand is free of tokens."""
        size = style.TINY * p.text_scale
        for letter in ROOM_LETTERS:
            rect = self.geo.rects[letter]
            name = t(f"haunted_house.room_name.{letter}")
            width = min(p.measure(name, size), rect.w - 24) + 8
            plate = pygame.FRect(rect.x + 6, rect.y + self.geo.cell * 0.86, width, size * 1.3)
            p.alpha_rect(plate, style.SHADOW, 150, 4)
            p.rect(plate, ROOM_PLATE_RIM, 4, width=1)
            p.text(name, plate.center, style.TINY, style.TEXT_LIGHT, anchor="center", max_width=plate.w - 8)

    def _draw_room_contents(self, p: Painter, view: HauntedHouseView, ctx: TableContext) -> None:
        taking = any(a == TAKE for a in ctx.legal)
        for r, letter in enumerate(ROOM_LETTERS):
            rect = self.geo.rects[letter]
            flash = self.flash_rooms.get(letter)
            if flash is not None:
                pulse = 3 + 2 * (int(flash[0] * 8) % 2)
                p.rect(rect.inflate(-2, -2), flash[1], 6, width=pulse)
            drift = self.motion.pos(("ghost", letter), (0, 0))  # the newest ghost floats down into place
            if view.spirits[r]:
                p.blit(art.spirit(p.vp.px(SPIRIT)), (rect.x + 6 + SPIRIT / 2, rect.bottom - 4 - SPIRIT / 2 + drift.y),
                       anchor="center")
            for i in range(view.ghosts[r]):
                dy = drift.y if i == view.ghosts[r] - 1 else 0.0
                p.blit(art.ghost(p.vp.px(GHOST)), (rect.x + 6 + GHOST / 2 + i * (GHOST + 2),
                                                     rect.bottom - 4 - GHOST / 2 + dy), anchor="center")
            self._draw_gone(p, rect, letter)
            jewel = view.room_jewels[r]
            if jewel:
                label = "" if not view.advanced else ("?" if jewel < 0 else str(jewel))
                jr = pygame.FRect(0, 0, round(JEWEL * 1.4) if label else JEWEL, JEWEL)
                jr.topright = (rect.right - 6, rect.y + 6)
                mine = taking and view.positions[view.active] == letter
                if mine:
                    self.jewel_hot = jr.inflate(8, 8)
                    hover = self.jewel_hot.collidepoint(ctx.mouse)
                    p.rect(jr.inflate(10, 10), style.ACCENT if hover else style.ACCENT_DARK, 6, width=0 if hover else 3)
                p.blit(art.jewel_tile(p.vp.px(JEWEL), label), jr.topleft)
                self.jewel_at[letter] = pygame.Vector2(jr.center)

    def _hunter_targets(self, view: HauntedHouseView) -> dict[int, pygame.Vector2]:
        targets: dict[int, pygame.Vector2] = {}
        step = PIECE + 7
        for space, chars in self._room_slots(view).items():
            rect = self.geo.rects[space]
            kind = self.geo.kinds[space]
            if kind == "corridor":
                for ch in chars:
                    targets[ch] = pygame.Vector2(rect.center)
            elif kind == "outside":
                x0 = rect.centerx - step * (len(chars) - 1) / 2
                for i, ch in enumerate(chars):
                    targets[ch] = pygame.Vector2(x0 + i * step, rect.centery)
            else:
                r = ROOM_LETTERS.index(space)
                view_room_left = 8 + (SPIRIT + 6 if view.spirits[r] else view.ghosts[r] * (GHOST + 2) + 4)
                per_row = max(1, int((rect.w - view_room_left - 6) // step))
                for i, ch in enumerate(chars):
                    row, col = divmod(i, per_row)
                    targets[ch] = pygame.Vector2(rect.right - 6 - PIECE / 2 - col * step,
                                                 rect.bottom - 6 - PIECE / 2 - row * step)
        return targets

    def _draw_hunters(self, p: Painter, view: HauntedHouseView, ctx: TableContext) -> None:
        targets = self._hunter_targets(view)
        order = sorted(range(view.characters), key=lambda ch: (ch == view.active, ch in self.walk))
        for ch in order:
            pos = targets[ch]
            if ch in self.walk:
                points, elapsed = self.walk[ch]
                pts = points[:-1] + [pos]
                step = self._step_time()
                i = min(len(pts) - 2, int(elapsed / step))
                f = ease_in_out(min(1.0, elapsed / step - i))
                pos = pts[i].lerp(pts[i + 1], f)
            self.drawn_at[ch] = pygame.Vector2(pos)
            self.space_of[ch] = view.positions[ch]
            active = ch == view.active and view.phase != "over"
            if active:
                p.circle(pos, PIECE / 2 + 6, style.ACCENT, width=pulse_width(ctx.time))
                self.pulsing = True
            p.blit(art.hunter(p.vp.px(PIECE), ch), pos, anchor="center")
            if view.carrying(ch) or self._riding(ch):  # a jewel just taken flies here from its room's tile
                gp = tuple(self.motion.toward(("gem", ch), (pos.x + PIECE / 2 - 2, pos.y - PIECE / 2 + 2)))
                p.blit(art.gem(p.vp.px(14)), gp, anchor="center")
                if view.advanced:
                    p.text(str(view.carried[ch]), (gp[0] + 8, gp[1] - 2), style.TINY, style.TEXT_LIGHT, bold=True,
                           anchor="midleft")
            if view.players > 1:
                p.blit(art.seat_badge(p.vp.px(16), view.owners[ch]), (pos.x + PIECE / 2 - 1, pos.y + PIECE / 2 - 1),
                       anchor="center")

    def _draw_spirit_track(self, p: Painter, view: HauntedHouseView) -> None:
        r = self.geo.cells(0, 10, 6, 1).inflate(-6, -6)
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
                p.text("6", c, style.TINY, style.BAD, bold=True, anchor="center")

    def _draw_deposited(self, p: Painter, view: HauntedHouseView) -> None:
        r = self.geo.cells(9, 10, 2, 1).inflate(-6, -6)
        p.rect(r, style.PANEL_DARK, 8)
        p.rect(r, style.GOOD if self.flash_pile > 0 else style.PANEL_EDGE, 8, width=3 if self.flash_pile > 0 else 1)
        size = 18
        gap = (r.w - 4 * size) / 5
        arriving = next((t for key, t in self.motion.tweens.items() if key[0] == "deposit"), None)
        for i in range(8):
            row, col = divmod(i, 4)
            c = (r.x + gap + col * (size + gap) + size / 2, r.y + r.h / 4 + row * r.h / 2)
            newest = arriving is not None and i == view.deposited - 1
            if i < view.deposited and not (newest and arriving.waiting):
                at = arriving.start.lerp(c, arriving.fraction()) if newest else c  # the newest flies in from outside
                p.blit(art.gem(p.vp.px(size)), at, anchor="center")
            else:
                p.circle(c, 5, style.FELT_LINE)

    # side column
    def _draw_turn(self, p: Painter, ctx: TableContext, view: HauntedHouseView, moves: list[Move]) -> None:
        r = TURN
        over = view.phase == "over"
        self._zone(p, r, t("haunted_house.ui.turn", turn=view.turn_no + 1))
        ch = view.active
        owner = view.owners[ch]
        if ctx.acting:
            p.rect(r, style.ACCENT, style.RADIUS, width=2)
        self._draw_turn_order(p, view, r)
        if over:
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
        hint = self._hint(ctx, view, moves)
        by = r.bottom - 44
        box = (r.x + 12, r.y + 86, r.w - 24, by - 4 - (r.y + 86))
        size, lines = self._hint_lines(p, hint, box)
        for i, line in enumerate(lines):
            p.text(line, (box[0], box[1] + i * size * 1.25 * p.text_scale), size,
                   style.ACCENT if ctx.acting else style.TEXT_MUTED)
        if ROLL in ctx.legal:
            self.buttons.append(Button(pygame.FRect(r.x + 12, by, r.w - 24, 36), t("haunted_house.action.roll"),
                                       lambda: ctx.act(ROLL), primary=True, size=style.SMALL))
        elif TAKE in ctx.legal:
            half = (r.w - 32) / 2
            self.buttons.append(Button(pygame.FRect(r.x + 12, by, half, 36), t("haunted_house.action.take"),
                                       lambda: ctx.act(TAKE), primary=True, size=style.SMALL))
            self.buttons.append(Button(pygame.FRect(r.x + 20 + half, by, half, 36), t("haunted_house.action.leave"),
                                       lambda: ctx.act(LEAVE), size=style.SMALL))
        elif moves:
            chosen = self._picked(moves)
            if chosen is not None and chosen.path:
                half = (r.w - 32) / 2
                self.buttons.append(Button(pygame.FRect(r.x + 12, by, half, 36),
                                           _go_label(chosen),
                                           lambda m=chosen: ctx.act(m), primary=True, size=style.SMALL))
                self.buttons.append(Button(pygame.FRect(r.x + 20 + half, by, half, 36),
                                           t("haunted_house.action.stay"), lambda: ctx.act(STAY), size=style.SMALL))
            elif STAY in moves:
                self.buttons.append(Button(pygame.FRect(r.x + 12, by, r.w - 24, 36), t("haunted_house.action.stay"),
                                           lambda: ctx.act(STAY), primary=len(moves) == 1 or chosen == STAY,
                                           size=style.SMALL))

    def _draw_turn_order(self, p: Painter, view: HauntedHouseView, r: pygame.FRect) -> None:
        """The hunters in turn order, top right of the turn zone; the one to play is ringed."""
        size, step = 18, 24
        x = r.right - 14 - size / 2 - step * (view.characters - 1)
        for ch in range(view.characters):
            c = (x + ch * step, r.y + 18)
            if ch == view.active and view.phase != "over":
                p.circle(c, size / 2 + 3, style.ACCENT, width=2)
            p.blit(art.hunter(p.vp.px(size), ch), c, anchor="center")

    def _hint_lines(self, p: Painter, hint: str, box: tuple[float, float, float, float]) -> tuple[float, list[str]]:
        """The hint wrapped in SMALL if it fits its box, else TINY, else as at text size 100 % (the box keeps
        its size, so what fitted at 100 % fits: larger text never makes the hint smaller than at 100 %), else
        at the readable minimum (wrapped once per text, window scale and text size; line heights follow the
        text size)."""
        key = (hint, p.vp.scale, p.text_scale)
        if key not in self._hint_cache:
            k = p.text_scale
            for size in (style.SMALL, style.TINY, style.SMALL / k, style.TINY / k, p.min_text / k):
                lines = p.wrap_lines(hint, box[2], size)
                if len(lines) * size * 1.25 * k <= box[3]:
                    break
            self._hint_cache[key] = (size, lines[: max(1, int(box[3] // (size * 1.25 * k)))])
        return self._hint_cache[key]

    def _hint(self, ctx: TableContext, view: HauntedHouseView, moves: list[Move]) -> str:
        ch = view.active
        if not ctx.acting:
            if ctx.viewer is None and all(n for n in ctx.names) and not self.table.session.humans():
                return t("app.spectating")
            return t("haunted_house.hint.wait", name=ctx.names[view.owners[ch]], hunter=t(f"haunted_house.hunter.{ch + 1}"))
        if ROLL in ctx.legal:
            return t("haunted_house.hint.roll")
        if TAKE in ctx.legal:
            room = view.positions[ch]
            number = view.room_jewels[ROOM_LETTERS.index(room)]
            if view.advanced and number > view.next_required:  # taking it means carrying it until its turn
                return t("haunted_house.hint.take_later", room=room, number=number, next=view.next_required)
            return t("haunted_house.hint.take", room=room)
        if len(moves) == 1:
            return t("haunted_house.hint.trapped" if view.carrying(ch) else "haunted_house.hint.blocked")
        return t("haunted_house.hint.move", roll=view.roll)

    def _draw_dice(self, p: Painter, ctx: TableContext, view: HauntedHouseView) -> None:
        r = DICE
        self._zone(p, r, t("haunted_house.ui.dice"))
        size = 54
        self.die_rect = pygame.FRect(r.x + 18, r.y + 26, size, size)
        rolling = self.white_anim > 0
        value = view.roll or self.white
        can_roll = ROLL in ctx.legal
        # a die waiting for this hunter's roll shows "?", not the last hunter's number
        shown = self._rng.randint(1, 6) if rolling else 0 if can_roll else value
        dr = self.die_rect.move(self._rng.uniform(-2, 2), self._rng.uniform(-2, 2)) if rolling else self.die_rect
        if can_roll:
            hover = self.die_rect.collidepoint(ctx.mouse)
            p.rect(self.die_rect.inflate(10, 10), style.ACCENT if hover else style.ACCENT_DARK, 10, width=3)
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
        bsize = 44
        if self.fight is None:
            for i in range(2):
                p.rect((fx + i * (bsize + 10), r.y + 32, bsize, bsize), style.FELT_LINE, 8, width=2)
            p.text(t("haunted_house.ui.no_fight"), (fx, r.bottom - 12), style.TINY, style.TEXT_MUTED,
                   anchor="midleft", max_width=r.right - fx - 10)
            return
        faces, room, _hunter = self.fight
        for i, face in enumerate(faces):
            if self.fight_anim > 0:
                face = ("ghost", "spirit", "blank")[self._rng.randrange(3)]
                off = (self._rng.uniform(-2, 2), self._rng.uniform(-2, 2))
            else:
                off = (0.0, 0.0)
            p.blit(art.black_die(p.vp.px(bsize), face), (fx + i * (bsize + 10) + off[0], r.y + 32 + off[1]))
        p.text(t("haunted_house.ui.fight", room=room), (fx, r.bottom - 12), style.TINY, style.TEXT_LIGHT,
               anchor="midleft", max_width=r.right - fx - 10)

    def _draw_cards(self, p: Painter, view: HauntedHouseView) -> None:
        r = CARDS
        self._zone(p, r, t("haunted_house.ui.ghost_cards"))
        pw, ph = 56, 80
        pile = self.pile_rect = pygame.FRect(r.x + 14, r.y + 30, pw, ph)
        if view.draw_pile:
            for k in range(min(3, len(view.draw_pile)) - 1, -1, -1):
                p.blit(render_back(*p.size_px(pw, ph)), (pile.x + k * 2, pile.y - k * 2))
        else:
            p.rect(pile, style.FELT_LINE, 6, width=2)
        p.text(t("haunted_house.ui.draw_pile", count=len(view.draw_pile)), (pile.centerx, pile.bottom + 12),
               style.TINY, style.TEXT_MUTED, anchor="center", max_width=pw + 16)
        area_x = pile.right + 18
        cw, ch = 84, 120
        cards = self.drawn
        if not cards and view.discard and not self.no_card:
            cards = [(view.discard[-1], False)]
        if self.white_anim > 0:
            cards = []
        if not cards:
            msg = t("haunted_house.ui.no_card") if self.no_card and self.white_anim <= 0 else ""
            if msg:
                p.wrapped(msg, (area_x, r.y + 60, r.right - area_x - 10, 60), style.SMALL, style.TEXT_MUTED)
            return
        room = r.right - 10 - area_x - cw
        step = min(30.0, room / max(1, len(cards) - 1)) if len(cards) > 1 else 0
        for i, (name, ignored) in enumerate(cards):
            x = area_x + i * step
            y = r.y + 28
            rect = pygame.FRect(x, y, cw, ch)
            flying = self.motion.get(("card", i)) is not None and cards is self.drawn
            if i == len(cards) - 1 and not flying:
                p.alpha_rect((rect.x + 2, rect.y + 3, cw, ch), style.SHADOW, 60, 6)
            face = render_card(art.card_face(name, self._card_caption(name)), *p.size_px(cw, ch))
            if flying:  # ghost cards are public: the face shows once it has turned over
                rect = blit_card(p, self.motion, ("card", i), rect, face, render_back(*p.size_px(cw, ch)))
                continue
            p.blit(face, rect.topleft)
            if ignored:
                p.blit(art.dim(*p.size_px(cw, ch)), rect.topleft)
        line = " → ".join(self._card_caption(name) for name, ignored in cards if not ignored)
        skipped = sum(1 for _name, ignored in cards if ignored)
        if skipped:
            line += " (" + t("haunted_house.ui.ignored", count=skipped) + ")"
        p.text(line, (r.x + 14, r.bottom - 14), style.SMALL, style.TEXT_LIGHT, anchor="midleft", max_width=r.w - 28)

    @staticmethod
    def _card_caption(name: str) -> str:
        if name.startswith("room:"):
            return t("haunted_house.card.room", room=name[5:])
        return t("haunted_house.card." + name.replace(":", "_"))

    def _draw_team(self, p: Painter, ctx: TableContext, view: HauntedHouseView) -> None:
        r = TEAM
        self._zone(p, r, t("haunted_house.ui.team"))
        y = r.y + 34 + 8 * (p.scale_now - 1)  # below the zone's label, grown with the text
        on_board = sum(view.ghosts)
        p.blit(art.ghost(p.vp.px(22)), (r.x + 24, y), anchor="center")
        p.text(t("haunted_house.ui.ghost_stock", count=GHOST_PIECES - on_board), (r.x + 42, y), style.SMALL,
               style.TEXT_LIGHT, anchor="midleft", max_width=r.w - 54)
        y += 28
        p.blit(art.gem(p.vp.px(18)), (r.x + 24, y), anchor="center")
        line = t("haunted_house.ui.deposited", count=view.deposited)
        if view.advanced and view.deposited < 8:
            line += " · " + t("haunted_house.ui.next_short", number=view.next_required)
        p.text(line, (r.x + 42, y), style.SMALL, style.TEXT_LIGHT, anchor="midleft", max_width=r.w - 54)
        y += 28
        give_up = ctx.acting and view.phase != "over"
        if give_up:
            armed = self.give_up_armed > 0
            label = t("haunted_house.ui.give_up_confirm") if armed else t("haunted_house.action.give_up")
            width = min(r.w - 24, max(110.0, p.measure(label, style.TINY) + 24))
            self.buttons.append(Button(pygame.FRect(r.right - 12 - width, r.bottom - 36, width, 28), label,
                                       lambda: self._give_up(ctx), size=style.TINY))
        # Grown text reaches down to the button's row: the line then stops short of the button.
        last_w = r.w - 54 - (width + 6 if give_up and p.scale_now > 1 else 0)
        if view.lock:
            colour = view.lock.split(":")[1]
            p.blit(art.padlock(p.vp.px(22), colour), (r.x + 24, y), anchor="center")
            p.line_or_two(t(f"haunted_house.ui.lock_short_{colour}"), r.x + 42, y, style.SMALL,
                          art.DOOR_COLORS[colour], last_w, bold=True)
        elif view.advanced:
            p.line_or_two(t("haunted_house.ui.no_lock"), r.x + 42, y, style.SMALL, style.TEXT_MUTED, last_w)

    # ----- input ------------------------------------------------------------------------
    def _give_up(self, ctx: TableContext) -> None:
        if self.give_up_armed > 0:
            self.give_up_armed = 0.0
            ctx.act(GiveUp())
        else:
            self.give_up_armed = 3.0

    def _picked(self, moves: list[Move]) -> Move | None:
        """The destination chosen with the arrow keys, if any."""
        return moves[self.cursor] if self.cursor is not None and self.cursor < len(moves) else None

    def _point_at(self, event: pygame.event.Event, ctx: TableContext, moves: list[Move]) -> None:
        """Moving the pointer onto another destination than the keyboard's pick drops the pick: the map then
        highlights what the pointer shows, and Enter never plays a space the screen does not show as chosen."""
        picked = self._picked(moves)
        if picked is None or not any(getattr(event, "rel", (0, 0))):
            return
        view = ctx.view
        assert isinstance(view, HauntedHouseView)
        here = view.positions[view.active]
        name = self.geo.space_at(self.table.app.mouse(event.pos))
        if name is not None and name != destination(picked, here) and any(destination(m, here) == name for m in moves):
            self.cursor = None

    def handle(self, event: pygame.event.Event, ctx: TableContext) -> bool:
        if self.motion.skip_on(event, BOARD_AREA, self.table.app.mouse) or (
                self.walk and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1):
            self.walk.clear()  # a click finishes every move at once; the click still does what it does
        if not ctx.legal:
            return False
        moves = legal_moves(ctx.legal)
        if event.type == pygame.MOUSEMOTION:
            self._point_at(event, ctx, moves)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            pos = self.table.app.mouse(event.pos)
            if click(self.buttons, pos):
                return True
            if ROLL in ctx.legal and self.die_rect.collidepoint(pos):
                ctx.act(ROLL)
                return True
            if TAKE in ctx.legal and self.jewel_hot is not None and self.jewel_hot.collidepoint(pos):
                ctx.act(TAKE)
                return True
            if moves:
                view = ctx.view
                assert isinstance(view, HauntedHouseView)
                here = view.positions[view.active]
                name = self.geo.space_at(pos)
                for m in moves:
                    if name is not None and destination(m, here) == name:
                        ctx.act(m)
                        return True
                if name is not None:  # a space the hunter cannot stop on: say why
                    if self.geo.kinds[name] == "corridor" and name in view.positions:
                        reason = t("haunted_house.illegal.corridor_occupied", space=WORDS.space(name))
                    else:
                        reason = t("haunted_house.ui.out_of_reach", space=WORDS.space(name), roll=view.roll)
                    self.table.show_toast(t("app.illegal", reason=reason))
                    return True
            return False
        if event.type != pygame.KEYDOWN:
            return False
        key = event.key
        if key == pygame.K_g:
            self._give_up(ctx)
            return True
        if ROLL in ctx.legal and key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_r):
            ctx.act(ROLL)
            return True
        if TAKE in ctx.legal:
            if key in (pygame.K_t, pygame.K_RETURN, pygame.K_KP_ENTER):
                ctx.act(TAKE)
                return True
            if key == pygame.K_n:  # not L: that is the game log, in every game
                ctx.act(LEAVE)
                return True
        if moves:
            if key in (pygame.K_s, pygame.K_0) and STAY in moves:
                ctx.act(STAY)
                return True
            forward = key in (pygame.K_RIGHT, pygame.K_DOWN) or (key == pygame.K_TAB and not event.mod & pygame.KMOD_SHIFT)
            backward = key in (pygame.K_LEFT, pygame.K_UP) or (key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT)
            if forward or backward:
                self.cursor = step_choice(range(len(moves)), self.cursor, 1 if forward else -1)
                return True
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if self.cursor is not None and self.cursor < len(moves):
                    ctx.act(moves[self.cursor])
                    return True
                if len(moves) == 1:
                    ctx.act(moves[0])
                    return True
        return False
