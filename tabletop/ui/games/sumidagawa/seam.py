"""What the drawing modules (`draw`, `panels`, `river`) use of the Sumidagawa board: its memory of public events,
its caches, the pick, the hit maps they fill and the deal it animates. `board.Board` has all of it; the drawing
modules depend on this protocol rather than on the board, so the board imports them and not the other way round."""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from tabletop.games.sumidagawa.actions import Play
from tabletop.ui.ahead import Ahead
from tabletop.ui.games import TableContext
from tabletop.ui.games.sumidagawa.input import Move, Place
from tabletop.ui.games.sumidagawa.picking import Pick
from tabletop.ui.glow import Glow
from tabletop.ui.hitmap import HitMap
from tabletop.ui.layer_cache import LayerCache
from tabletop.ui.motion import Motion, Spots
from tabletop.ui.painter import Painter
from tabletop.ui.widgets import Button


class BoardSeam(Protocol):
    flash: Glow[int]
    banner_age: float
    prev_jun: list[tuple[Any, ...]]
    motion: Motion
    spots: Spots
    layers: LayerCache
    warming: Ahead
    places: HitMap[Place]  # the seats, the combinations and the reference button, where they were drawn
    hot: HitMap[Move]  # what a click in the viewer's hand strip does
    buttons: list[Button]
    pick: Pick
    combo_options: dict[int, tuple[int, Play]]
    show_ref: bool

    def dealt(self, seat: int, size: int) -> int: ...

    def hand_place(self, seat: int, rect: pygame.FRect) -> None: ...

    def dealt_rect(self, seat: int | None, i: int, rest: pygame.FRect) -> pygame.FRect | None: ...

    def draw_deal(self, p: Painter, viewer: int | None) -> None: ...

    def hand_label(self, ctx: TableContext, own_key: str, count: int | None = None) -> str: ...

    def note_text(self, ctx: TableContext) -> str: ...

    def confirm(self, ctx: TableContext) -> None: ...
