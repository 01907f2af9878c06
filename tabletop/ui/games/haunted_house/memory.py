"""What the Haunted House table keeps across moves: the dice and cards last seen, the walks, flights and
glows that events start, and the lines the top bar and the seat rows show. Every seat may see all of it
(`TABLE_STATE`); the person at the screen's own choices live on the board (board.py)."""

from __future__ import annotations

from typing import Any

import pygame

from tabletop.engine.core import Event
from tabletop.games.haunted_house.board import ROOM_LETTERS
from tabletop.games.haunted_house.view import HauntedHouseView
from tabletop.i18n import t
from tabletop.ui import style
from tabletop.ui.games import BoardBase, TableContext
from tabletop.ui.games.haunted_house.house import Geometry
from tabletop.ui.games.haunted_house.layout import (
    CARD_FLIGHT,
    CARD_STAGGER,
    FLASH_TIME,
    GHOST,
    MAP_FRAME,
    PIECE,
    PILE,
    PULSE_STEPS,
    ROLL_TIME,
    STEP_TIME,
    hunter_targets,
)
from tabletop.ui.glow import Glow
from tabletop.ui.motion import Motion, ease_in_out
from tabletop.ui.table_services import TableServices
from tabletop.ui.words import join_names

PILE_GLOW = "pile"  # the jewel pile's key in `glow` (rooms are keyed by their letter)


class HouseMemory(BoardBase):
    # What every seat may see (public animations, memories of public events, caches); see BoardBase.
    TABLE_STATE = ("white", "white_anim", "fight", "fight_anim", "drawn", "card_anim", "no_card", "walk",
                   "drawn_at", "space_of", "jewel_at", "glow", "glow_colour", "motion", "pile_rect",
                   "_overlay", "_hint_cache")

    def __init__(self, table: TableServices) -> None:
        self.table = table
        self.geo = Geometry(MAP_FRAME)
        self.white = 0  # last white die result seen in events
        self.white_anim = 0.0
        self.fight: tuple[list[str], str, int] | None = None  # faces, room, hunter
        self.fight_anim = 0.0
        self.drawn: list[tuple[str, bool]] = []  # ghost cards of the current turn: (card name, ignored)
        self.card_anim = 0.0
        self.no_card = False
        self.pile_rect = pygame.FRect(PILE)  # the ghost deck as drawn last, where cards leave
        self.walk: dict[int, tuple[list[pygame.Vector2], float]] = {}  # hunter -> (points, elapsed)
        self.drawn_at: dict[int, pygame.Vector2] = {}  # where each hunter was drawn last frame
        self.jewel_at: dict[str, pygame.Vector2] = {}  # room letter -> where its jewel tile was drawn last frame
        self.space_of: dict[int, str] = {}
        self.glow: Glow[str] = Glow()  # rooms where ghosts came or went, and the jewel pile after a deposit
        self.glow_colour: dict[str, style.Color] = {}
        # Ghosts drift down into their room (key ("ghost", room)), a taken jewel flies from its room's tile to the
        # hunter (key ("gem", hunter)); walks take its speed setting and skip. The settings are not a table
        # service yet: the one reach past the seam, until TableServices offers them.
        self.motion = Motion(lambda: table.settings)
        self.pulsing = False  # the last frame drew the active hunter's breathing ring
        self._overlay: tuple[tuple[object, ...], pygame.Surface] | None = None
        self._hint_cache: dict[tuple[str, float, float], tuple[float, list[str]]] = {}

    # ----- timers -----------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.white_anim = max(0.0, self.white_anim - dt)
        self.fight_anim = max(0.0, self.fight_anim - dt)
        self.card_anim = max(0.0, self.card_anim - dt)
        self.motion.update(dt)
        for ch in list(self.walk):
            points, elapsed = self.walk[ch]
            elapsed += dt
            if elapsed >= self._step_time() * (len(points) - 1):
                del self.walk[ch]
            else:
                self.walk[ch] = (points, elapsed)
        self.glow.update(dt)

    def _step_time(self) -> float:
        """Seconds per space of a walk, scaled like every motion by the AI-speed setting."""
        return self.motion.duration(STEP_TIME)

    def busy(self) -> bool:
        return bool(self.walk) or self.motion.running()

    def animating(self) -> bool:
        return self.motion.running() or bool(self.white_anim or self.fight_anim or self.card_anim or self.glow
                                             or self.walk)

    def next_frame_in(self) -> float | None:
        """The active hunter's ring breathes in PULSE_STEPS steps a second: a frame per step, not 60."""
        if self.animating():
            return 0.0
        if not self.pulsing:
            return None
        step = 1 / PULSE_STEPS
        return step - self.table.clock % step

    # ----- events -----------------------------------------------------------------------
    def on_events(self, events: list[Event], seat: int) -> None:
        for e in events:
            self._on_event(e.kind, e.data)

    def _on_event(self, k: str, d: dict[str, Any]) -> None:
        if k == "die_rolled":
            self.white, self.white_anim = int(d["value"]), ROLL_TIME
            self.drawn, self.fight, self.no_card = [], None, not d.get("ghost", True)
        elif k.startswith("card_"):
            self._card_drawn(str(d["card"]), ignored=k == "card_ignored")
        elif k in ("ghost_placed", "spirit_formed"):
            self._light_room(str(d["room"]), style.BAD)
            self.motion.start(("ghost", str(d["room"])), (0, -GHOST * 1.5), (0, 0), delay=ROLL_TIME,
                              ease=ease_in_out)
        elif k in ("ghosts_removed", "spirit_removed"):
            self._light_room(str(d["room"]), style.GOOD)
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
            self.glow.light(PILE_GLOW, FLASH_TIME)

    def _card_drawn(self, name: str, ignored: bool) -> None:
        self.drawn.append((name, ignored))
        if not ignored:
            self.card_anim = ROLL_TIME + 0.3
        self._fly_card()

    def _light_room(self, letter: str, colour: style.Color) -> None:
        """A room where ghosts came or went glows once the dice have rolled."""
        self.glow.light(letter, FLASH_TIME + ROLL_TIME)
        self.glow_colour[letter] = colour

    def _float_away(self, letter: str, ghosts: int) -> None:
        """Ghosts beaten in a fight (`ghosts` of them, else the room's spirit) float up out of their room and
        fade once the fight dice have rolled: keys ("gone", room, slot), slots counted after the ghosts that
        stay (a spirit's slot is -1). Only the public count is read."""
        room = ROOM_LETTERS.index(letter)
        view = self.table.public_view()
        assert isinstance(view, HauntedHouseView)
        stay = view.ghosts[room]
        slots = range(stay, stay + ghosts) if ghosts else (-1,)
        for slot in slots:
            self.motion.start(("gone", letter, slot), (0, 0), (0, -GHOST * 1.2), delay=ROLL_TIME / self.motion.factor(),
                              ease=ease_in_out)

    def _fly_card(self) -> None:
        """The newest ghost card leaves the deck face down and turns over where it is shown, after the white
        die has rolled (the cards are hidden while it rolls: its delay is in real seconds, not scaled) and
        one after another when a card draws more."""
        i = len(self.drawn) - 1
        wait = ROLL_TIME / self.motion.factor() + i * CARD_STAGGER
        self.motion.fly(("card", i), self.pile_rect, base=CARD_FLIGHT, delay=wait, turn=True)

    def _deposit(self, ch: int) -> None:
        """A jewel carried out rides on its hunter to the end of the walk, then flies into the jewel pile."""
        view = self.table.public_view()
        assert isinstance(view, HauntedHouseView)
        target = hunter_targets(self.geo, view).get(ch)
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

    # ----- lines for the top bar and the seat rows ---------------------------------------
    def status(self, ctx: TableContext) -> str:
        view = ctx.view
        assert isinstance(view, HauntedHouseView)
        if view.phase == "over":
            return t(f"haunted_house.status.over_{view.outcome or 'won'}")
        ch = view.active
        params: dict[str, Any] = {"turn": view.turn_no + 1, "hunter": t(f"haunted_house.hunter.{ch + 1}"),
                  "name": ctx.names[view.owners[ch]], "roll": view.roll, "room": view.positions[ch]}
        return t(f"haunted_house.status.{view.phase}", **params)

    def seat_info(self, ctx: TableContext, seat: int) -> str:
        view = ctx.view
        assert isinstance(view, HauntedHouseView)
        mine = [ch for ch, owner in enumerate(view.owners) if owner == seat]
        # One line in the seat row: a seat playing every hunter says so instead of naming four colours.
        text = t("haunted_house.seat.all_hunters") if len(mine) == len(view.owners) else \
            t("haunted_house.seat.hunters", hunters=join_names(t(f"haunted_house.hunter.{ch + 1}") for ch in mine))
        carrying = sum(1 for ch in mine if view.carrying(ch))
        if carrying:
            text += " · " + t("haunted_house.seat.carrying", count=carrying)
        return text
