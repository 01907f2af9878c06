"""Status and seat lines are formatted once per move (ui.said), and still follow every fact and the language."""

from __future__ import annotations

from tabletop import i18n
from tabletop.engine.records import Seat
from tabletop.games.ghost_bumpers.actions import SetFear
from tabletop.session import Session
from tabletop.ui.said import Said
from tabletop.ui.scenes.table import TableScene


def test_words_are_formatted_once_per_facts_and_language():
    said = Said()
    made: list[str] = []

    def words(n: int):
        def make() -> str:
            made.append(i18n.language())
            return i18n.plural("app.count.card", n)
        return make

    try:
        assert said(("hand", 3), words(3)) == said(("hand", 3), words(3)) == i18n.plural("app.count.card", 3)
        assert made == ["en"]  # the second frame asked again and got the kept words
        assert said(("hand", 2), words(2)) == i18n.plural("app.count.card", 2)  # other facts: formatted
        i18n.set_language("ja")
        assert said(("hand", 3), words(3)) == i18n.plural("app.count.card", 3, "ja")  # the player's language
        assert made == ["en", "en", "ja"]
    finally:
        i18n.set_language("en")


def _lines(table: TableScene) -> list[str]:
    ctx = table.context()
    return [table.board.status(ctx)] + [table.board.seat_info(ctx, s) for s in range(table.session.players)]


def _fresh_lines(table: TableScene) -> list[str]:
    table.board._said = Said()  # a board that never said them
    return _lines(table)


def test_ghost_bumpers_lines_follow_each_fact(app):
    seats = [Seat(name, "human" if i == 0 else "easy") for i, name in enumerate(("Aki", "Ben", "Chie"))]
    session = Session.new("ghost_bumpers", 3, seats, {}, 5)
    table = TableScene(app, session)
    app.stack.push(table)
    for seat in range(3):
        table.act(seat, SetFear(seat))
    table.board.update(5.0)
    state = session.state
    _lines(table)
    state.scores[1] += 3  # a seat line's score, alone
    assert _lines(table) == _fresh_lines(table)
    state.char_sizes[2] -= 1  # its character deck
    assert _lines(table) == _fresh_lines(table)
    state.turn = (state.turn + 1) % 3  # whose play the status names
    assert _lines(table) == _fresh_lines(table)


def test_kakapo_lines_follow_each_fact(app):
    seats = [Seat("P0", "human"), Seat("P1", "easy")]
    session = Session.new("kakapo", 2, seats, {"mission": "buddy_12"}, 5)
    table = TableScene(app, session)
    app.stack.push(table)
    table.board.update(5.0)
    state = session.state
    _lines(table)
    state.hands[1] &= state.hands[1] - 1  # a card leaves a hand
    assert _lines(table) == _fresh_lines(table)
    state.round += 1  # the status's round
    assert _lines(table) == _fresh_lines(table)
