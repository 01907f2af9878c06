"""The haunted house's lock line (the team panel: patterned padlock and which colour is locked) fits beside the
Give up button at 100 % and 150 % text, in English and Japanese, for either lock and for none (advanced game).
tests/ui/test_text_fit.py plays the basic game, where no door is ever locked."""

from __future__ import annotations

import pytest

from tabletop.engine.records import Seat
from tabletop.games.haunted_house import cards
from tabletop.session import Session
from tabletop.ui.scenes.table import TableScene
from tests.ui.test_text_fit import Collector


@pytest.mark.parametrize("scale", [1.0, 1.5])
@pytest.mark.parametrize("language", ["en", "ja"])
def test_lock_line_fits_beside_the_give_up_button(app, language, scale):
    app.settings.language = language
    app.settings.ui_scale = scale
    app.save_settings()
    session = Session.new("haunted_house", 2, [Seat("Akiko", "human"), Seat("Benjamin", "easy")],
                          {"advanced": True}, 5)
    table = TableScene(app, session)
    app.stack.push(table)
    collect = Collector(app)
    state = session.state
    for lock in ("lock:blue", "lock:green", None):
        if lock is not None:
            state.lock = cards.CODES[lock]
            if state.lock in state.draw_pile:
                state.draw_pile.remove(state.lock)
        else:
            state.lock = -1  # no lock card is active
        assert table.context().acting  # the Give up button is on the panel
        collect.draw(table, f"{lock or 'no lock'} at {scale}")
    app.stack.pop()
    collect.assert_clean()
