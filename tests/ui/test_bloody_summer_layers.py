"""BLOODY SUMMER's cached layers (the shared `tabletop/ui/layer_cache.py`): what they show is, pixel for
pixel, what painting straight onto the screen shows, at every text size and after every move; and a move
repaints only the zones it changed."""

from __future__ import annotations

import random

import pygame
import pytest

from tabletop.engine.records import Seat
from tabletop.games.bloody_summer.actions import PASS
from tabletop.session import Session
from tabletop.ui.games import BOARD_AREA
from tabletop.ui.games.bloody_summer import layout
from tabletop.ui.scenes.table import TableScene

NAMES = ["Akiko", "Benjamin", "Chiharu", "Dmitri"]


def _table(app, players: int = 4, seed: int = 4, humans: int = 1) -> TableScene:
    session = Session.new("bloody_summer", players, [Seat(NAMES[i], "human" if i < humans else "easy")
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
    """The board's area as drawn (the side column's log has its own cache, which may show a move's new lines
    a frame late)."""
    app.draw()
    return pygame.image.tobytes(app.screen.subsurface(app.viewport.rect(BOARD_AREA)), "RGB")


def _uncached_shot(app, table: TableScene) -> bytes:
    """The table painted straight onto the screen: while the painter reports text problems, layers are not
    cached (see LayerCache.draw)."""
    app.painter.report_to([])
    try:
        return _shot(app)
    finally:
        app.painter.report_to(None)


def _region(app, shot: bytes, rect: pygame.FRect) -> bytes:
    board = app.viewport.rect(BOARD_AREA)
    surface = pygame.image.frombytes(shot, board.size, "RGB")
    return pygame.image.tobytes(surface.subsurface(app.viewport.rect(rect).move(-board.x, -board.y)), "RGB")


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


@pytest.mark.parametrize("humans", [1, 0])
def test_cached_layers_show_every_move_as_an_uncached_draw_does(app, humans):
    """A stale-cache test: through a seeded game (wounds, passes, kills, the marker passing, reversal), the
    table at rest after each move is pixel for pixel what it is painted straight onto the screen, for a
    player at the table and for a spectator (every hand face down)."""
    table = _table(app, seed=7, humans=humans)
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


def test_card_faces_are_rendered_ahead_not_in_the_frame_a_move_lands_in(app):
    """Frames that only animate render, one per frame, every face a coming move may show (the pile's sizes,
    the last check's, the killer's show's); the frame a play lands in then renders no card face."""
    from tabletop.games.bloody_summer.actions import Play
    from tabletop.ui import cards

    cards._render_card.cache_clear()
    table = _table(app, seed=4)
    board = table.board
    for _ in range(13 * 8):  # quiet frames: the deal's, the wait for a move
        _shot(app)
    assert board.faces.rendered >= 13 * 4 and next(board.faces.todo, None) is None  # all done
    session = table.session
    seat = session.state.to_act()[0]
    plays = [a for a in session.state.legal_actions(seat) if isinstance(a, Play)]
    play = max(plays, key=lambda a: "SPT".index(a.form))  # the most cards: a straight or a pair
    misses, rendered = cards._render_card.cache_info().misses, board.faces.rendered
    assert table.act(seat, play)
    _shot(app)  # the landing frame: the play's faces on the pile were ready
    assert cards._render_card.cache_info().misses == misses
    assert board.faces.rendered == rendered  # and it rendered none ahead either


def test_the_reversed_order_panel_is_ready_before_the_order_reverses(app):
    """The kill that reverses the order repaints much at once (seats, the last check, the show): the red
    "reversed" order panel is painted ahead in a quiet frame, so the reversing frame only blits it."""
    table = _table(app, seed=7, humans=0)
    session = table.session
    rng = random.Random(7)
    while not session.state.view(None).reversed:
        _shot(app)  # the frame the last move landed in
        _shot(app)  # a quiet frame
        before = set(table.board.layers.entries)
        seat = session.state.to_act()[0]
        assert table.act(seat, rng.choice(session.state.legal_actions(seat)))
        _settle(app, table)
        assert not session.state.is_over()
    assert any(key[0] == ("order", True) for key in before)
    _shot(app)  # the reversing frame
    painted = {key[0][0] for key in set(table.board.layers.entries) - before}
    assert "order" not in painted and "seat" in painted
