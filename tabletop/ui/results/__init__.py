"""Results that tell the story of a finished game: one module per game builds a ResultsStory (who won and
why, standings with each player's fate, a round-by-round table, facts) from the session's events and
final state; the results scene only lays it out. `final_move` words the move that ended the game for
the table's banner."""

from __future__ import annotations

import importlib
from types import ModuleType

import pygame

from tabletop.session import Session
from tabletop.ui.painter import Painter
from tabletop.ui.results.model import ResultsStory

GAMES = ("bloody_summer", "bluffit", "ghost_bumpers", "haunted_house", "kakapo", "sumidagawa")


def _module(game_id: str) -> ModuleType:
    if game_id not in GAMES:
        raise KeyError(f"no results story for {game_id}")
    return importlib.import_module(f"tabletop.ui.results.{game_id}")


def build_story(session: Session) -> ResultsStory:
    """The results of a finished session, in the current language."""
    return _module(session.game.id).story(session)


def final_move(session: Session) -> list[str]:
    """The move that ended the game, in words (one to three log lines)."""
    return _module(session.game.id).final_move(session)


def draw_picture(p: Painter, session: Session, rect: pygame.FRect) -> None:
    """The game's small picture of its final position (only games whose story sets `picture`)."""
    if session.game.id == "kakapo":
        from tabletop.ui.results.kakapo_picture import draw_final_board

        draw_final_board(p, session, rect)
