"""What the drawing modules (`panels`, `river`) use of the Sumidagawa board: its memory of public events,
its caches, its hit areas and the deal it animates. `board.Board` has all of it; the drawing modules
depend on this protocol rather than on the board, so the board imports them and not the other way round."""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from tabletop.ui.ahead import Ahead
from tabletop.ui.games import TableContext
from tabletop.ui.layer_cache import LayerCache
from tabletop.ui.motion import Motion, Spots


class BoardSeam(Protocol):
    flash: dict[int, float]
    banner_age: float
    prev_jun: list[tuple[Any, ...]]
    motion: Motion
    spots: Spots
    layers: LayerCache
    warming: Ahead
    seat_rects: dict[int, pygame.FRect]
    combo_rects: dict[int, pygame.FRect]
    ref_button: pygame.FRect

    def dealt(self, seat: int, size: int) -> int: ...

    def hand_place(self, seat: int, rect: pygame.FRect) -> None: ...

    def note_text(self, ctx: TableContext) -> str: ...
