"""A replay shows a chosen seat's view, so each card game's hand strip names that seat ("Bot1's hand",
「Bot1さんの手札」) and never says "Your hand"; at the table the label stays the game's own."""

from __future__ import annotations

import pytest

from tabletop import i18n
from tabletop.engine import registry
from tabletop.engine.records import Seat
from tabletop.session import Session
from tabletop.ui.scenes.replay import ReplayScene
from tabletop.ui.scenes.table import TableScene
from tests.ui.conftest import drawn_strings

CARD_GAMES = ["bluffit", "ghost_bumpers", "sumidagawa", "kakapo", "bloody_summer"]
OWN_LABELS = {"en": ("Your hand",), "ja": ("あなたの手札", "手札・")}
SEAT_LABEL = {"en": "{name}'s hand", "ja": "{name}さんの手札"}


def _session(game_id: str, moves: int = 14) -> Session:
    players = max(p for p in registry.get_game(game_id).players if p <= 4)
    seats = [Seat("Aki" if i == 0 else f"Bot{i}", "human" if i == 0 else "easy") for i in range(players)]
    session = Session.new(game_id, players, seats, {}, 5)
    for _ in range(moves):
        if session.state.is_over():
            break
        seat = session.state.to_act()[0]
        session.apply(seat, session.state.legal_actions(seat)[0])
    return session


def _drawn(app, scene) -> list[str]:
    return drawn_strings(app, scene.draw)


@pytest.fixture(params=["en", "ja"])
def language(request):
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


@pytest.mark.parametrize("game_id", CARD_GAMES)
def test_replay_hand_label_names_the_viewed_seat(app, game_id, language):
    replay = ReplayScene(app, _session(game_id).record)
    app.stack.push(replay)
    for seat in (1, 0):
        replay.set_viewer(seat)
        replay.go(replay.total)
        replay.update(10.0)  # past the deal: the hand strip is drawn
        drawn = _drawn(app, replay)
        name = replay.record.seats[seat].name
        assert any(SEAT_LABEL[language].format(name=name) in s for s in drawn), (game_id, seat, drawn)
        if language == "en" or game_id != "sumidagawa":
            assert not [s for s in drawn if s.startswith(OWN_LABELS[language])], (game_id, seat)
        else:  # Sumidagawa's own Japanese label is a bare 「手札・n枚」: only the named one may show
            assert not [s for s in drawn if s.startswith("手札・")], (game_id, seat)
    app.stack.pop()


@pytest.mark.parametrize("game_id", CARD_GAMES)
def test_table_hand_label_stays_the_screen_persons(app, game_id):
    table = TableScene(app, _session(game_id, moves=0))
    app.stack.push(table)
    table.board.update(10.0)
    drawn = _drawn(app, table)
    assert any(s.startswith("Your hand") for s in drawn), (game_id, drawn)
    assert not any("Aki's hand" in s for s in drawn)
    app.stack.pop()
