"""First-use costs stay out of play frames (issue 18): once a table is open, no frame opens a font file
(a new size costs ~3 ms; text.font_at draws with one shared Font resized to it and the app's loop opens
the size between frames), and a board's offscreen painter
finds the text the table already rendered (the painters share one text cache)."""

from __future__ import annotations

import pygame
import pytest

from tabletop.engine import registry
from tabletop.engine.records import Seat
from tabletop.session import Session
from tabletop.ui import text
from tabletop.ui.games import has_board
from tabletop.ui.painter import Painter
from tabletop.ui.scenes.table import TableScene
from tests.ui.conftest import run_until

GAMES = [g.id for g in registry.available_games() if has_board(g.id)]


@pytest.mark.parametrize("game_id", GAMES)
def test_no_play_frame_opens_a_font_file(app, monkeypatch, game_id) -> None:
    game = registry.get_game(game_id)
    players = max(game.players.start, min(4, game.players.stop - 1))
    session = Session.new(game_id, players, [Seat(f"AI {i}", "random") for i in range(players)], {}, 3)
    app.stack.push(TableScene(app, session))
    app.step(1 / 60)  # the table opens: what it loads here is not a play frame
    opened: list[int] = []
    real = pygame.font.Font

    def counting(*args, **kwargs):
        opened.append(args[1] if len(args) > 1 else 0)
        return real(*args, **kwargs)

    text.defer_font_loading(True)  # as the app's own loop has it (tests run with it off)
    monkeypatch.setattr(pygame.font, "Font", counting)
    try:
        run_until(app, lambda: len(session.record.actions) >= 25 or session.state.is_over(), 3000)
        assert len(session.record.actions) >= 10, "too few moves to tell"
        assert opened == [], f"play frames opened the font at sizes {sorted(set(opened))}"
        while text.load_wanted_font():  # between frames, the sizes met are opened for good
            pass
        loaded = len(opened)
        for _ in range(3):
            app.step(1 / 60)
        assert len(opened) == loaded
    finally:
        text.defer_font_loading(False)


def test_font_at_draws_as_a_font_opened_at_that_size(app) -> None:
    for bold in (False, True):
        for size in (9, 17, 33, 75):
            own = text.font(size, bold)
            shared = text._shared(bold)
            shared.point_size = size
            assert shared.get_linesize() == own.get_linesize() and shared.size("Ag 宝石") == own.size("Ag 宝石")
            a, b = own.render("Ag 宝石 10", True, (20, 30, 40)), shared.render("Ag 宝石 10", True, (20, 30, 40))
            assert pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA")


def test_an_offscreen_painter_reuses_the_text_the_table_rendered(app) -> None:
    app.painter.text("Round 2 · AI 1 leads", (10, 10))
    layer = Painter(pygame.Surface((400, 100), pygame.SRCALPHA), app.viewport)  # as a board's cached layer
    rendered = len(layer._text_cache)
    layer.text("Round 2 · AI 1 leads", (10, 10))
    assert rendered > 0 and len(layer._text_cache) == rendered, "the layer rendered the label again"
