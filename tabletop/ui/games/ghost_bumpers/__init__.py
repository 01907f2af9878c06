"""Ghost Bumpers table (see board.py for the layout and the keys)."""

from tabletop.ui.games.ghost_bumpers.board import Board

__all__ = ["Board"]
