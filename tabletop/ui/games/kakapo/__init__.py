"""The KAKAPO table (see `board` for the layout and the keys) and its mission pictures.

Modules: `art` (pieces, birds, board, cards and thumbnails drawn in code, cached per size),
`layout` (zones and board-cell geometry), `ghost` (the piece being placed), `board` (the
Board the table scene hosts), `progress` (cleared missions in the user data folder).
The mission select scene lives in `tabletop.ui.games.kakapo_missions`.
"""

from __future__ import annotations

from tabletop.ui.games.kakapo.art import mission_thumbnail
from tabletop.ui.games.kakapo.board import Board

__all__ = ["Board", "mission_thumbnail"]
