"""Issue 38, finding 10: on the title screen the arrows follow the tiles' grid, not the widget list."""

from __future__ import annotations

import pygame

from tabletop.engine import registry
from tabletop.ui.scenes.title import TitleScene
from tests.ui.conftest import post_key


def _focused_game(title: TitleScene) -> str | None:
    return title.tiles[title.focus][1].id if title.focus is not None and title.focus < len(title.tiles) else None


def test_title_arrows_move_on_the_grid(app):
    title = TitleScene(app)
    app.stack.push(title)
    ids = [entry.id for entry in registry.CATALOG]
    start = ids.index("sumidagawa")  # the second row's first tile
    title.focus = start
    moves = [(pygame.K_RIGHT, "kakapo"), (pygame.K_UP, "ghost_bumpers"), (pygame.K_LEFT, "bluffit"),
             (pygame.K_LEFT, "bluffit"), (pygame.K_DOWN, "sumidagawa")]
    for key, expected in moves:
        post_key(key)
        app.step(1 / 60)
        assert _focused_game(title) == expected, (pygame.key.name(key), _focused_game(title))
    post_key(pygame.K_DOWN)  # under the tiles: the buttons row, not the next tile in the list
    app.step(1 / 60)
    assert title.focus >= len(title.tiles)
