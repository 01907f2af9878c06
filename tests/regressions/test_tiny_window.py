"""Regression from the soak's UI monkey: a window shrunk to a sliver crashed the card art.

At 1x1 or 900x2 window pixels the viewport's scale fell to ~0.001, card sizes
became 0-6 pixels and render_card / the ghost motif asked pygame for negative
or empty surfaces (ValueError, pygame.error). The viewport now never draws below
MIN_SCALE (the picture is cropped instead).
"""

from __future__ import annotations

import os
import random

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402, TID251 - drives the UI

from tabletop.engine import registry  # noqa: E402
from tabletop.engine.records import Seat  # noqa: E402
from tabletop.ui.viewport import MIN_SCALE, Viewport  # noqa: E402

TINY = [(1, 1), (3, 700), (900, 2), (40, 30)]


def test_viewport_never_scales_below_the_minimum() -> None:
    for size in TINY:
        vp = Viewport(size)
        assert vp.scale >= MIN_SCALE
        centre = vp.point(640, 360)
        back = vp.to_virtual(centre)
        assert abs(back.x - 640) < 4 and abs(back.y - 360) < 4


@pytest.mark.parametrize("game_id", [e.id for e in registry.CATALOG if registry.is_available(e.id)])
def test_tables_and_rules_draw_in_a_sliver_of_a_window(app, game_id: str) -> None:
    from tabletop.session import Session
    from tabletop.ui.scenes.rules import RulesScene
    from tabletop.ui.scenes.table import TableScene

    game = registry.get_game(game_id)
    players = max(game.players.start, min(3, game.players.stop - 1))
    session = Session.new(game_id, players, [Seat("A", "human")] + [Seat("B", "random")] * (players - 1), {}, 3)
    rng = random.Random(3)
    for _ in range(6):  # a few moves in, so hands and piles have cards
        if session.state.is_over():
            break
        seat = session.state.to_act()[0]
        legal = session.state.legal_actions(seat)
        session.apply(seat, legal[rng.randrange(len(legal))])
    app.stack.reset(TableScene(app, session))
    for size in TINY:
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
        app.step(1 / 60)
    for tab in ("summary", "full"):
        app.stack.push(RulesScene(app, game_id, tab))
        for size in TINY:
            pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
            for _ in range(3):
                pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-5, flipped=False, precise_x=0.0,
                                                     precise_y=-5.0, touch=False, which=0))
                app.step(1 / 60)
        app.stack.pop()
