"""Text fit as a property of every state: every scene, every dialog with its longest real text, and every
game's table and results at its largest player count with 12-character names (Latin and Japanese), at
text size 100/125/150 % x English/Japanese x 1280x720 and 1024x600 windows; History lists a finished game of
each, with those names.

The painter's report (overflow, too small, clipped, overlap, covered; see test_text_fit) must be empty.
Table states are sampled: each parameter set plays its own seeded random game and is checked at a few
points chosen from that seed, so the sweep as a whole meets many states while each test stays short
(pytest-xdist spreads the parameter sets over the cores)."""

from __future__ import annotations

import random
import zlib

import pytest

from tabletop.engine import registry
from tabletop.engine.records import Seat
from tabletop.session import Session
from tabletop.ui.games import has_board
from tabletop.ui.scenes.confirm import ConfirmScene
from tabletop.ui.scenes.curtain import CurtainScene
from tabletop.ui.scenes.history import HistoryScene
from tabletop.ui.scenes.results import ResultsScene
from tabletop.ui.scenes.rules import RulesScene
from tabletop.ui.scenes.saves import SavesScene, date_text, game_title, players_text
from tabletop.ui.scenes.settings import SettingsScene
from tabletop.ui.scenes.setup import SetupScene
from tabletop.ui.scenes.table import TableScene
from tabletop.ui.scenes.title import TitleScene
from tabletop.ui.widgets import TextField
from tabletop.userdata import archive_record, load_save, save_game, slot_of
from tests.ui.test_text_fit import Collector, _configure, _options

GAMES = [g.id for g in registry.available_games() if has_board(g.id)]
SIZES = [(1280, 720), (1024, 600)]
SCALES = [1.0, 1.25, 1.5]
LANGUAGES = ["en", "ja"]
# Twelve characters each: longer than any name in the other tests, within what setup accepts.
LONG_NAMES = ["Maximilianus", "寿限無寿限無五劫の擦り切", "Bartholomewz", "東海道中膝栗毛弥次郎兵衛", "Wilhelminaxx",
              "長谷川左近衛門之介藤原朝"]
SAMPLES = 3  # table states checked per game and parameter set, besides the end


def _long_seats(players: int) -> list[Seat]:
    return [Seat(LONG_NAMES[i % len(LONG_NAMES)], "human" if i == 0 else "easy") for i in range(players)]


def _finished(game_id: str, players: int, seed: int) -> Session:
    """A seeded random game with long names, played to its end through the engine."""
    session = Session.new(game_id, players, _long_seats(players), _options(game_id), seed)
    rng = random.Random(seed)
    while not session.state.is_over():
        seat = session.state.to_act()[0]
        session.apply(seat, rng.choice(session.state.legal_actions(seat)))
    return session


def _sized(app, language: str, scale: float, size: tuple[int, int]) -> None:
    _configure(app, language, scale)
    app.resize(size)


def test_long_names_are_as_long_as_setup_accepts():
    assert all(len(name) == 12 <= TextField.max_len for name in LONG_NAMES)


def _where(language: str, scale: float, size: tuple[int, int]) -> str:
    return f"{language} {round(scale * 100)}% {size[0]}x{size[1]}"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("scale", SCALES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_scene_and_dialog_fits(app, language, scale, size):
    _sized(app, language, scale, size)
    at = _where(language, scale, size)
    collect = Collector(app)
    for game_id in GAMES:
        game = registry.get_game(game_id)
        save_game(Session.new(game_id, max(game.players), _long_seats(max(game.players)), _options(game_id), 5).record)
        archive_record(_finished(game_id, max(game.players), 6).record)  # History lists it
    collect.show(TitleScene(app), f"{at} title")
    for tab in ("games", "stats"):
        collect.show(HistoryScene(app, tab), f"{at} history {tab}")
    collect.show(SettingsScene(app), f"{at} settings")
    collect.show(SavesScene(app), f"{at} continue")
    collect.show(CurtainScene(app, LONG_NAMES[1], 1, lambda: None), f"{at} curtain")
    for game_id in GAMES:
        game = registry.get_game(game_id)
        setup = SetupScene(app, game_id)
        app.stack.push(setup)
        setup.set_count(max(game.players))
        setup.seats = [Seat(LONG_NAMES[i % len(LONG_NAMES)], seat.kind) for i, seat in enumerate(setup.seats)]
        setup.layout()
        collect.draw(setup, f"{at} {game_id} setup")
        # The replace dialog with its longest real text: this game's save, every seat named at length.
        saved, _problem = load_save(slot_of(Session.new(game_id, max(game.players), _long_seats(max(game.players)),
                                                        _options(game_id), 5).record))
        assert saved is not None
        body = app_text("app.save_replace_body", game=game_title(game_id), players=players_text(saved), n=999,
                        date=date_text(saved.saved_at))
        confirm = ConfirmScene(app, app_text("app.save_replace_title"), body, app_text("app.save_replace_confirm"),
                               lambda: None)
        app.stack.push(confirm)
        collect.draw(confirm, f"{at} {game_id} replace dialog")
        app.stack.pop()
        app.stack.pop()
        for tab in ("summary", "full"):
            collect.show(RulesScene(app, game_id, tab), f"{at} {game_id} rules {tab}")
    collect.assert_clean()


def app_text(key: str, **values) -> str:
    from tabletop.i18n import t

    return t(key, **values)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("scale", SCALES)
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game_id", GAMES)
def test_every_table_fits_with_long_names(app, game_id, language, scale, size):
    """The table at its largest player count, names at 12 characters: a few sampled states, the menu,
    the end, the ending banner and the results."""
    _sized(app, language, scale, size)
    at = f"{_where(language, scale, size)} {game_id}"
    collect = Collector(app)
    game = registry.get_game(game_id)
    players = max(game.players)
    seed = zlib.crc32(f"{game_id} {language} {scale} {size}".encode()) % 1000
    session = Session.new(game_id, players, _long_seats(players), _options(game_id), seed)
    table = TableScene(app, session)
    app.stack.push(table)
    rng = random.Random(seed)
    checks = set(rng.sample(range(1, 120), SAMPLES)) | {0}
    for step in range(5000):
        state = session.state
        if state.is_over():
            break
        if step in checks:
            table.board.update(1.0)
            collect.draw(table, f"{at} table after {step} actions")
            if step == 0:
                table.toggle_menu()
                collect.draw(table, f"{at} table menu")
                table.toggle_menu()
        seat = state.to_act()[0]
        table.act(seat, rng.choice(state.legal_actions(seat)))
    table.board.update(5.0)
    collect.draw(table, f"{at} table at the end")
    table.update(5.0)
    collect.draw(table, f"{at} table with the ending banner")
    app.stack.pop()
    collect.show(ResultsScene(app, session), f"{at} results")
    collect.assert_clean()


def test_replace_warning_is_whole_at_150_percent_japanese(app):
    """Issue 38, finding 1: the replace dialog's body (this replaces the save; other saves stay) is drawn
    whole, above its buttons, in Japanese at 150 %, for the longest real save (six long names)."""
    _sized(app, "ja", 1.5, (1280, 720))
    record = Session.new("ghost_bumpers", 6, _long_seats(6), _options("ghost_bumpers"), 5).record
    save_game(record)
    saved, _problem = load_save(slot_of(record))
    body = app_text("app.save_replace_body", game=game_title("ghost_bumpers"), players=players_text(saved), n=999,
                    date=date_text(saved.saved_at))
    confirm = ConfirmScene(app, app_text("app.save_replace_title"), body, app_text("app.save_replace_confirm"),
                           lambda: None)
    app.stack.push(confirm)
    drawn: list[str] = []
    app.painter.drawn = drawn
    collect = Collector(app)
    try:
        collect.draw(confirm, "replace dialog")
    finally:
        app.painter.drawn = None
    assert collect.found == []
    assert "ほかのゲームのセーブは残ります。" in "".join(drawn)  # the last sentence is on screen
