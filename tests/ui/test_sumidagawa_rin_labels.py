"""Under each of your Rin its state is one word (使える, 使用済み, ready, used): at 150 % Japanese text it
stays whole, fitted to its width, instead of breaking before its last kana (使え / る)."""

from __future__ import annotations

import pytest

from tabletop import i18n
from tabletop.engine.records import Seat
from tabletop.session import Session
from tabletop.ui.scenes.table import TableScene


@pytest.mark.parametrize("language", ["ja", "en"])
def test_a_rin_state_word_is_drawn_whole_at_the_largest_text(app, language) -> None:
    i18n.set_language(language)
    app.settings.ui_scale = app.painter.text_scale = 1.5
    seats = [Seat("P", "human"), Seat("A", "easy"), Seat("B", "easy")]
    table = TableScene(app, Session.new("sumidagawa", 3, seats, {}, 5))
    app.stack.push(table)
    for _ in range(240):  # the deal and the AI's first plays, until it is the person's turn
        app.step(1 / 60)
        if table.session.state.to_act() == [0] and not table.board.busy():
            break
    while app.stack.top is not table:  # the first-game card
        app.stack.pop()
    app.painter.drawn = drawn = []
    try:
        app.draw()
    finally:
        app.painter.drawn = None
    word = i18n.t("sumidagawa.rin_up")
    assert drawn.count(word) >= 1, "no Rin ready to use is shown"
    assert word[:-1] not in drawn and word[-1] not in drawn  # never split over two lines
