"""The KAKAPO table (see `board`, and `input` for the keys) and its mission pictures.

Modules: `board` (the Board the table scene hosts, tying the three parts below), `memory` (what it keeps
across moves), `draw_board`, `draw_panels` and `draw_strip` (drawing, filling the hit maps), `input` (what a
click or key means), `paint` (a card, a zone, labels), `art` (pieces, birds, board, cards and thumbnails drawn
in code, cached per size), `layout` (zones and board-cell geometry), `ghost` (the piece being placed),
`targets` (the cells birds still need), `progress` (cleared missions in the user data folder).
The mission select scene lives in `tabletop.ui.games.kakapo_missions`.
"""

from __future__ import annotations

from tabletop.ui.games.kakapo.art import mission_thumbnail
from tabletop.ui.games.kakapo.board import Board

__all__ = ["Board", "mission_thumbnail"]
