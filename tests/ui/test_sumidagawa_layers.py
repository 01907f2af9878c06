"""The Sumidagawa board's cached layers (seats, river, combinations): a still frame paints none of them
again, and every frame looks exactly as the zones painted directly would, also after moves change them."""

from __future__ import annotations

import dataclasses

import pygame

from tabletop.games.sumidagawa.actions import PASS
from tabletop.ui import cards, painter, style
from tabletop.ui.games import BOARD_AREA
from tabletop.ui.games.sumidagawa import panels, river
from tabletop.ui.layer_cache import KEY, LayerCache
from tabletop.ui.painter import Painter
from tests.ui.conftest import post_key, run_until
from tests.ui.test_sumidagawa_board import _lead_state, _table


def _settled(app, scene, spectator: bool = False) -> None:
    """Until nothing moves (and, for a player, their hand is drawn and clickable)."""
    assert run_until(app, lambda: not scene.board.animating() and not scene.board.busy()
                     and (spectator or bool(scene.board.hot)), frames=2000)


def _screen(app) -> bytes:
    """The board's area (the side column's log may show a move's lines a frame late, by design)."""
    return pygame.image.tobytes(app.screen.subsurface(app.viewport.rect(BOARD_AREA)), "RGB")


def _painted_directly(app, monkeypatch, dt: float = 1 / 60) -> bytes:
    """The same frame with every layer painted straight onto the table (the cache switched off)."""
    with monkeypatch.context() as m:
        m.setattr(LayerCache, "draw", lambda self, p, rect, key, paint, late=None: paint(p))
        app.step(dt)
        return _screen(app)


def _river_still(board) -> bool:
    return ("river",) not in board.motion.tweens


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
    # kept without per-pixel alpha: a zone's rounded corner is the colour key (the blit copies runs)
    river = next(surface for key, (surface, _) in layers.entries.items() if key[0][0] == "river")
    assert river.get_alpha() is None and river.get_colorkey() == (*KEY, 255)
    assert river.get_at((0, 0)) == (*KEY, 255) and river.get_at((river.get_width() // 2, 2)) != (*KEY, 255)


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
        # the banner has slid in but the newest play is still outlined bright: the river is a layer again
        assert run_until(app, lambda: scene.board.banner_age >= style.TWEEN and _river_still(scene.board), 200)
        assert scene.board.banner_age < 0.9
        app.step(0)
        assert _screen(app) == _painted_directly(app, monkeypatch, dt=0)
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
    paint = panels._paint_combos_frame
    monkeypatch.setattr(panels, "_paint_combos_frame", lambda p, *args: (painters.append(p), paint(p, *args)))
    app.painter.report_to([])
    app.painter.drawn = []
    app.step(1 / 60)
    direct = list(app.painter.drawn)
    app.painter.report_to(None)
    app.painter.drawn = None
    assert painters == [app.painter]
    assert sorted(cached) == sorted(direct)


def test_spectators_scores_layer_follows_the_scores(app, monkeypatch):
    """A spectator's hand strip shows the session's scores: cached, and painted again when they change.
    (The human seat's turn, seen as a spectator: the table stays still.)"""
    scene = _table(app, _lead_state())
    monkeypatch.setattr(scene, "viewer", lambda: None)
    _settled(app, scene, spectator=True)
    app.step(1 / 60)
    assert _screen(app) == _painted_directly(app, monkeypatch)
    painted = scene.board.layers.painted
    app.step(1 / 60)
    assert scene.board.layers.painted == painted
    state = scene.session.state
    view = state.view(None)
    changed = dataclasses.replace(view, scores=tuple(s + 3 for s in view.scores))
    monkeypatch.setattr(state, "view", lambda seat: changed)
    app.step(1 / 60)
    assert scene.board.layers.painted > painted
    assert _screen(app) == _painted_directly(app, monkeypatch)


def _play_next(scene) -> None:
    """The seat to act plays (a play where it has one, else it passes)."""
    state = scene.session.state
    seat = state.to_act()[0]
    legal = state.legal_actions(seat)
    assert scene.act(seat, next((a for a in legal if a != PASS), PASS))


def test_a_move_landing_repaints_no_river(app, monkeypatch):
    """While a play flies in, a quiet frame paints the river it will lie in; the next move, even one that
    comes the very frame the card lands (an instant AI), finds that layer ready and paints none of the zone,
    and the frame still equals direct painting."""
    scene = _table(app, _lead_state())
    monkeypatch.setattr(scene, "_think", lambda: None)  # the test moves every seat itself
    _settled(app, scene)
    zones: list[int] = []
    paint = river._paint_zone
    monkeypatch.setattr(river, "_paint_zone", lambda p, b, lying, *rest: (zones.append(len(lying)),
                                                                          paint(p, b, lying, *rest)))
    board = scene.board
    for _ in range(3):
        _play_next(scene)
        app.step(1 / 60)
        assert ("river",) in board.motion.tweens  # the play flies in over the layer
        assert run_until(app, lambda: board.motion.fraction(("river",)) >= 0.5, 200)
        app.step(1 / 60)
        board.update(5.0)  # the card lands, and the next move comes in the same frame
        zones.clear()
        _play_next(scene)
        app.step(0)
        assert zones == []
        assert _screen(app) == _painted_directly(app, monkeypatch, dt=0)


def test_a_move_repaints_only_seats_whose_rin_change(app, monkeypatch):
    """The turn passing on (edge, name weight), the hand counts and the status lines are drawn over the cached
    panels: a move repaints only a seat whose Rin it changed, and every seat still equals direct painting."""
    scene = _table(app, _lead_state())
    monkeypatch.setattr(scene, "_think", lambda: None)
    _settled(app, scene)
    painted: list[int] = []
    paint = panels._paint_seat
    monkeypatch.setattr(panels, "_paint_seat", lambda p, view, seat, *rest: (painted.append(seat),
                                                                             paint(p, view, seat, *rest))[1])
    moves = 0
    for _ in range(6):
        before = scene.session.state.view(None).rin
        mover = scene.session.state.to_act()[0]
        _play_next(scene)
        after = scene.session.state.view(None).rin
        painted.clear()
        app.step(0)
        assert set(painted) <= {s for s in range(4) if before[s] != after[s]}
        moves += mover not in painted  # a play that used no Rin: its seat's count and status changed, unpainted
        assert _screen(app) == _painted_directly(app, monkeypatch, dt=0)
        _settled(app, scene, spectator=True)
    assert moves


def test_a_plays_words_are_rendered_before_it_lands(app, monkeypatch):
    """Frames with time to spare render each play's words ahead (river.warm_words), so the frame a play lands
    in renders none of its banner's strings (fails with the warming off)."""
    painter._TEXT_CACHE.clear()
    scene = _table(app, _lead_state())
    monkeypatch.setattr(scene, "_think", lambda: None)
    _settled(app, scene)
    for _ in range(river.WARM_CARD_STEPS + 8 * 4 + 8 * 11 * 6):  # faces, spoken lines, 8 combos x 11 numbers
        app.step(1 / 60)
    rendered: list[str] = []
    render = Painter._render

    def spy(self, text, size, color, bold):
        if (text, self.vp.px(size), color, bold) not in self._text_cache:
            rendered.append(text)
        return render(self, text, size, color, bold)

    monkeypatch.setattr(Painter, "_render", spy)
    for _ in range(3):
        _play_next(scene)
        app.step(0)
        last = [h for h in river.play_items(scene.session.state.view(None)) if h[0] == "play"][-1]
        ja, aside = panels.banner_texts(last[5], last[6])
        assert ja not in rendered and aside not in rendered
        _settled(app, scene, spectator=True)


def test_a_move_ending_the_jun_repaints_no_river(app, monkeypatch):
    """The move that ends a Jun shows its cards dimmed: quiet frames painted that layer ahead, so the frame
    it lands in paints none of the zone (fails without the dimmed layer painted ahead)."""
    scene = _table(app, _lead_state())
    monkeypatch.setattr(scene, "_think", lambda: None)
    _settled(app, scene)
    zones: list[int] = []
    paint = river._paint_zone
    monkeypatch.setattr(river, "_paint_zone", lambda p, b, lying, *rest: (zones.append(len(lying)),
                                                                          paint(p, b, lying, *rest)))
    jun = scene.session.state.view(None).jun_number
    for _ in range(40):  # each seat passes where it may (until the Jun ends), else makes its first play
        assert run_until(app, lambda: not scene.board.busy(), 300)
        for _ in range(3):
            app.step(1 / 60)
        state = scene.session.state
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        zones.clear()
        assert scene.act(seat, PASS if PASS in legal else legal[0])
        app.step(0)
        if scene.session.state.view(None).jun_number != jun:
            break
    assert scene.board.prev_jun and river.play_items(scene.session.state.view(None)) == []
    assert zones == []
    assert _screen(app) == _painted_directly(app, monkeypatch, dt=0)


def test_card_faces_are_rendered_before_a_play_lands(app, monkeypatch):
    """Frames with time to spare render the Bon and Rin faces first (river.warm_words), so the frames plays
    land in render no card face (a first fireworks face costs ~1 ms; fails with the faces left out)."""
    cards._render_card.cache_clear()
    scene = _table(app, _lead_state())
    monkeypatch.setattr(scene, "_think", lambda: None)
    _settled(app, scene)
    for _ in range(river.WARM_CARD_STEPS):
        app.step(1 / 60)
    for _ in range(3):
        before = cards._render_card.cache_info().misses
        _play_next(scene)
        app.step(0)
        assert cards._render_card.cache_info().misses == before
        _settled(app, scene, spectator=True)
