"""The Sumidagawa board's cached layers (seats, river, combinations): a still frame paints none of them
again, and every frame looks exactly as the zones painted directly would, also after moves change them."""

from __future__ import annotations

import pygame

from tabletop.games.sumidagawa.actions import PASS
from tabletop.ui.games.sumidagawa import panels
from tabletop.ui.layer_cache import LayerCache
from tests.ui.conftest import post_key, run_until
from tests.ui.test_sumidagawa_board import _lead_state, _table


def _settled(app, scene) -> None:
    assert run_until(app, lambda: not scene.board.animating() and not scene.board.busy() and scene.board.hot,
                     frames=2000)


def _screen(app) -> bytes:
    return pygame.image.tobytes(app.screen, "RGB")


def _painted_directly(app, monkeypatch) -> bytes:
    """The same frame with every layer painted straight onto the table (the cache switched off)."""
    with monkeypatch.context() as m:
        m.setattr(LayerCache, "draw", lambda self, p, rect, key, paint: paint(p))
        app.step(1 / 60)
        return _screen(app)


def test_a_still_frame_paints_no_layer_again(app):
    scene = _table(app, _lead_state())
    _settled(app, scene)
    layers = scene.board.layers
    app.step(1 / 60)
    painted = layers.painted
    assert painted >= 5  # three seats, the river and the combinations were painted once
    for _ in range(5):
        app.step(1 / 60)
    assert layers.painted == painted


def test_layers_show_what_direct_painting_shows_after_moves(app, monkeypatch):
    scene = _table(app, _lead_state())
    _settled(app, scene)
    app.step(1 / 60)
    assert _screen(app) == _painted_directly(app, monkeypatch)
    painted = scene.board.layers.painted
    post_key(pygame.K_7)  # the pick changes the combinations zone (R7+R7 can become...)
    app.step(1 / 60)
    app.step(1 / 60)
    assert scene.board.layers.painted > painted
    assert _screen(app) == _painted_directly(app, monkeypatch)
    post_key(pygame.K_7)
    post_key(pygame.K_x)
    post_key(pygame.K_RETURN)
    app.step(1 / 60)
    assert scene.session.record.actions[0] == (0, "R7+R7+r")
    # the other seats answer (a play where they have one); each settled table matches direct painting
    for _ in range(3):
        state = scene.session.state
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        assert scene.act(seat, next((a for a in legal if a != PASS), PASS))
        _settled(app, scene)
        app.step(1 / 60)
        assert _screen(app) == _painted_directly(app, monkeypatch)


def test_text_checks_paint_the_layers_on_the_table(app, monkeypatch):
    """While text problems are reported every label is drawn (and checked) by the table's own painter,
    and the strings of blitted layers still reach `Painter.drawn`."""
    scene = _table(app, _lead_state())
    _settled(app, scene)
    app.step(1 / 60)
    app.painter.drawn = []
    app.step(1 / 60)
    cached = list(app.painter.drawn)
    painters = []
    paint = panels._paint_combos
    monkeypatch.setattr(panels, "_paint_combos", lambda p, *args: (painters.append(p), paint(p, *args)))
    app.painter.report_to([])
    app.painter.drawn = []
    app.step(1 / 60)
    direct = list(app.painter.drawn)
    app.painter.report_to(None)
    app.painter.drawn = None
    assert painters == [app.painter]
    assert sorted(cached) == sorted(direct)
