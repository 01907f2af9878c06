"""Haunted House Jewel Hunters board (see board.py for the layout and the keys)."""

from tabletop.ui.games.haunted_house.board import Board

__all__ = ["Board"]
