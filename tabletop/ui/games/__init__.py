"""Per-game table views ("boards"): how a game's View is drawn and how clicks become Actions.

Each module `tabletop.ui.games.<game_id>` defines `Board(table)` with
`draw(p, ctx)`, `handle(event, ctx) -> bool` (True when consumed),
`status(ctx) -> str` (the phase line of the top bar) and
`seat_info(ctx, seat) -> str` (a short line under each seat's name), and
inherits `BoardBase` (`busy()` holds the next AI move while an animation runs).
The generic table scene (tabletop.ui.scenes.table) owns everything else: seats,
log, turn order, AI, curtain, autosave.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, cast

import pygame

from tabletop.engine.core import Action, View
from tabletop.i18n import plural, t
from tabletop.ui.cards import render_back
from tabletop.ui.motion import Motion, deal, deal_order, draw_deal, in_deal
from tabletop.ui.painter import Painter
from tabletop.ui.table_services import TableServices

if TYPE_CHECKING:
    from tabletop.engine.records import Seat
    from tabletop.ui.app import App

BOARD_AREA = pygame.FRect(12, 64, 936, 644)  # left of the seats/log column


class DealtView(Protocol):
    """The view of a game that deals hands: how many cards each seat holds (public)."""

    @property
    def hand_sizes(self) -> tuple[int, ...]: ...


@dataclass
class TableContext:
    """What a board may use this frame: the viewer's View and, if the viewer must act, its legal actions."""

    view: View
    viewer: int | None
    names: list[str]
    legal: list[Action]
    act: Callable[[Action], None]
    mouse: pygame.Vector2
    time: float
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def acting(self) -> bool:
        return bool(self.legal)


class BoardBase:
    """Defaults every board shares; boards override what they need.

    Per-seat UI state: everything a board keeps belongs to the person at the screen (a
    selection, a cursor, a chosen position, an open panel, a scroll offset) unless its
    attribute is named in `TABLE_STATE`. At every hot-seat hand-over the table swaps the
    board for `for_next_seat()`, a fresh board that keeps only the table state, so the
    next person never starts from what the last one chose or saw. Forgetting to list an
    attribute fails safe: an animation restarts, no secret carries over. List only what
    every seat may see: animations and memories of public events, and caches.
    """

    TABLE_STATE: tuple[str, ...] = ()
    # Letters the board uses itself (a card, a choice): the table's tool on that letter (Z undo, H hint,
    # L log) then answers only with Ctrl, and its button says so.
    LETTER_KEYS: frozenset[int] = frozenset()
    # Actions that are public and made on the shared screen even by a phone seat (the KAKAPO's placement).
    SCREEN_ACTIONS: tuple[type[Action], ...] = ()
    # The strip showing the person at the screen their hand or selection: the hint panel never covers it.
    HAND_AREA: pygame.FRect | None = None

    table: TableServices
    motion: Motion  # each board makes its own (the deal helpers below fly its cards)

    def __init__(self, table: TableServices) -> None:
        self.table = table

    def busy(self) -> bool:
        """True while the board shows something players should watch before the next AI move."""
        return False

    def animating(self) -> bool:
        """True while anything the board draws changes with time (flashes, tweens, shows, pulses):
        the app then draws every frame; otherwise it sleeps until input. Every timer `update()`
        runs down must show here, or its animation freezes."""
        return self.busy()

    def next_frame_in(self) -> float | None:
        """Seconds until the board looks different without input (see Scene.next_frame_in);
        boards with a slow timer (a pulse in steps) override this."""
        return 0.0 if self.animating() else None

    def deal_hands(self, card: tuple[float, float]) -> None:
        """Every hand flies in from the board's middle, one card to each seat in turn as a dealer deals:
        ("deal", seat, i) is that seat's i-th card. Only the public hand sizes are read, so a deal tells no
        seat anything new (and reads the same whoever sits at the screen)."""
        w, h = card
        centre = pygame.FRect(BOARD_AREA.centerx - w / 2, BOARD_AREA.centery - h / 2, w, h)
        sizes = cast(DealtView, self.table.public_view()).hand_sizes  # only games that deal call this
        deal(self.motion, deal_order(sizes), centre)

    def dealt_rect(self, seat: int | None, i: int, rest: pygame.FRect) -> pygame.FRect | None:
        """Where `seat`'s i-th hand card is drawn now: on its way from the deal, at `rest`, or nowhere while
        it still waits in the deck (`draw_deal` draws the deck)."""
        key = ("deal", seat, i)
        tween = self.motion.get(key)
        if tween is not None and tween.waiting:
            return None
        return self.motion.rect(key, rest)

    def dealt(self, seat: int, size: int) -> int:
        """How many of `seat`'s `size` hand cards have arrived: what a count or fan of backs shows mid-deal."""
        return max(0, size - in_deal(self.motion, seat))  # cards may leave mid-deal

    def hand_place(self, seat: int, rect: pygame.FRect) -> None:
        """Where this frame shows `seat`'s hand when it is not the viewer's (a fan, a badge, a mat): that
        seat's dealt cards fly there face down."""
        places = self.__dict__.setdefault("_hand_places", {})
        places[seat] = pygame.FRect(rect)

    def draw_deal(self, p: Painter, viewer: int | None) -> None:
        """Last in `draw`: the deal's deck and the other seats' cards on their way to their `hand_place`."""
        places = self.__dict__.pop("_hand_places", {})
        if self.motion.running():
            draw_deal(p, self.motion, viewer, places, render_back)

    def hand_label(self, ctx: TableContext, own_key: str, count: int | None = None) -> str:
        """The hand strip's title. At the table the viewer is the person at the screen ("Your hand", the
        game's `own_key`); a replay shows a chosen seat's view, so the label names that seat instead."""
        if not ctx.extra.get("replay") or ctx.viewer is None:
            return t(own_key) if count is None else t(own_key, count=count)
        name = ctx.names[ctx.viewer]
        if count is None:
            return t("app.seat_hand", name=name)
        return plural("app.seat_hand_count", count, name=name)

    def for_next_seat(self) -> BoardBase:
        """A fresh board for the next person at the screen, keeping only `TABLE_STATE`."""
        fresh = type(self)(self.table)
        for name in self.TABLE_STATE:
            setattr(fresh, name, getattr(self, name))
        return fresh


def has_board(game_id: str) -> bool:
    """A game is playable in the app once both its engine and its board exist."""
    return importlib.util.find_spec(f"{__name__}.{game_id}") is not None


def option_pickers(game_id: str) -> dict[str, Callable[..., None]]:
    """Options a game chooses in a scene of its own: {option key: open(app, seats)}."""
    if game_id == "kakapo":
        def open_missions(app: App, seats: list[Seat]) -> None:
            from tabletop.ui.games.kakapo_missions import MissionSelectScene

            app.stack.replace(MissionSelectScene(app, seats))
        return {"mission": open_missions}
    return {}


def progress_keeper(game_id: str) -> Callable[[View], None] | None:
    """What a game keeps for its players beside the history (KAKAPO: the missions cleared), written where the
    history is, when a game with a person at the table ends, from the final public view."""
    if game_id == "kakapo":
        from tabletop.ui.games.kakapo.progress import record_outcome

        return record_outcome
    return None


def board_class(game_id: str) -> type:
    module = importlib.import_module(f"{__name__}.{game_id}")
    return module.Board
