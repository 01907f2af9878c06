"""BLOODY SUMMER's cached layers (the shared `tabletop/ui/layer_cache.py`): what they show is what an
uncached draw shows, at every text size and after every move, and a move repaints only the zones it
changed."""

from __future__ import annotations

import random

import pygame

from tabletop.engine.records import Seat
from tabletop.games.bloody_summer.actions import PASS
from tabletop.session import Session
from tabletop.ui.games.bloody_summer import layout
from tabletop.ui.scenes.table import TableScene

NAMES = ["Akiko", "Benjamin", "Chiharu", "Dmitri"]


def _table(app, players: int = 4, seed: int = 4) -> TableScene:
    session = Session.new("bloody_summer", players, [Seat(NAMES[i], "human" if i == 0 else "easy")
                                                     for i in range(players)], {}, seed)
    table = TableScene(app, session)
    app.stack.push(table)
    return table


def _settle(app, table: TableScene) -> None:
    """Every motion, show, flash and banner over: the table at rest (the board's clock only: no AI moves)."""
    for _ in range(20):
        table.board.update(1.0)
        if not table.board.animating():
            return
    raise AssertionError("the table did not come to rest")


def _shot(app) -> bytes:
    app.draw()
    return pygame.image.tobytes(app.screen, "RGB")


def _uncached_shot(app, table: TableScene) -> bytes:
    table.board.layers.entries.clear()
    return _shot(app)


def _region(app, shot: bytes, rect: pygame.FRect) -> bytes:
    surface = pygame.image.frombytes(shot, app.screen.get_size(), "RGB")
    return pygame.image.tobytes(surface.subsurface(app.viewport.rect(rect)), "RGB")


def _set_text_size(app, scale: float) -> None:
    app.settings.ui_scale = scale
    app.save_settings()


def test_cached_layers_follow_the_text_size_setting(app):
    """Layers cached at 100 % are not shown at 150 %: the side panels grow with the setting, exactly as an
    uncached draw at 150 % shows them (and back at 100 %, as at 100 %)."""
    table = _table(app)
    _settle(app, table)
    small = _shot(app)
    for scale in (1.5, 1.25, 1.0):
        _set_text_size(app, scale)
        cached = _shot(app)
        assert cached == _uncached_shot(app, table), f"a cached layer ignores the {scale:.0%} text size"
        if scale != 1.0:
            for box in (layout.ORDER_BOX, layout.DRAW_BOX, layout.LAST_BOX, layout.DISCARD_BOX, layout.SEATS[0]):
                assert _region(app, cached, box) != _region(app, small, box), (scale, box)
    assert cached == small


def test_cached_layers_show_every_move_as_an_uncached_draw_does(app):
    """A stale-cache test: through a seeded game (wounds, passes, kills, the marker passing, reversal), the
    table at rest after each move is pixel for pixel what it is drawn with an empty cache."""
    table = _table(app, seed=7)
    session = table.session
    rng = random.Random(7)
    checked = 0
    while not session.state.is_over():
        seat = session.state.to_act()[0]
        assert table.act(seat, rng.choice(session.state.legal_actions(seat)))
        _settle(app, table)
        assert _shot(app) == _uncached_shot(app, table), f"a stale layer after move {checked + 1}"
        checked += 1
    assert checked > 20


def test_a_move_repaints_only_the_zones_it_changed(app):
    """A pass changes the passer's seat, the next seat's turn ring and nothing else cached: the camp card and
    the side panels are blitted from the cache on the landing frame."""
    table = _table(app, seed=4)
    session = table.session
    rng = random.Random(4)
    while True:  # to a pass that ends no round (no check, no kill): two seats change, nothing else
        seat = session.state.to_act()[0]
        legal = session.state.legal_actions(seat)
        view = session.state.view(None)
        in_round = sum(1 for s in range(view.players) if view.alive[s] and not view.passed[s])
        if PASS in legal and view.plays and in_round > 2:
            break
        table.act(seat, rng.choice(legal))
        _settle(app, table)
    _settle(app, table)
    _shot(app)  # every layer of the table before the pass is cached
    painted = table.board.layers.painted
    assert table.act(seat, PASS)
    app.step(1 / 60)  # the landing frame
    assert 1 <= table.board.layers.painted - painted <= 2, table.board.layers.painted - painted
