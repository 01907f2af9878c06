"""The phone table's join screen and a phone table's side column: every text fits, in both languages, at 100 and
150 %, with real-length names; the host's choices for a seat nobody took work; Start waits for every phone."""

from __future__ import annotations

import pytest

from tabletop.engine.records import Seat
from tabletop.remote.client import SyncPhone
from tabletop.session import Session
from tabletop.ui.scenes.phone_join import PhoneJoinScene
from tabletop.ui.scenes.table import TableScene
from tests.ui.test_phone_table import drive, local_url
from tests.ui.test_text_fit import NAMES, Collector, _configure


def _phone_table(app, kinds: list[str]) -> TableScene:
    app.phone_bind_host, app.phone_port = "127.0.0.1", 0
    session = Session.new("ghost_bumpers", len(kinds), [Seat(NAMES[i], k) for i, k in enumerate(kinds)], {}, 4)
    table = TableScene(app, session)
    app.stack.push(table)
    app.step(1 / 60)
    return table


@pytest.mark.parametrize("scale", [1.0, 1.5])
@pytest.mark.parametrize("language", ["en", "ja"])
def test_join_screen_and_phone_table_fit(app, language, scale):
    _configure(app, language, scale)
    table = _phone_table(app, ["phone", "phone", "phone", "phone", "easy", "easy"])
    phone = SyncPhone(local_url(table))
    try:
        phone.hello()
        phone.claim(1)
        drive(app, lambda: 1 in table.phones.connected())
        join = app.stack.top
        assert isinstance(join, PhoneJoinScene)
        join.layout()
        collect = Collector(app)
        collect.draw(join, "join screen")
        for seat in (0, 2, 3):
            table.phones.reseat(seat, "easy")
        app.step(1 / 60)
        app.stack.top.start()
        collect.draw(table, "phone table")
        collect.assert_clean()
    finally:
        phone.close()
        table.phones.close()


def test_start_waits_for_every_phone_and_a_missing_seat_can_go_to_ai_or_the_screen(app):
    table = _phone_table(app, ["phone", "phone", "easy"])
    join = app.stack.top
    try:
        join.start()
        assert app.stack.top is join, "the game started with a phone seat nobody took"
        join._reseater(0, "normal")()
        assert table.session.record.seats[0].kind == "normal"
        join._reseater(1, "human")()
        assert app.stack.top is table, "with no phone seat left the table opens"
        assert table.phones.server is None, "with no phone seat left the server stops listening"
        assert table.session.screen_humans() == [1]
    finally:
        table.phones.close()


def test_leaving_from_the_join_screen_closes_the_table_and_its_server(app):
    from tabletop.ui.scenes.title import TitleScene

    app.stack.push(TitleScene(app))
    table = _phone_table(app, ["phone", "easy", "easy"])
    phones = table.phones
    app.stack.top.on_leave()
    assert isinstance(app.stack.top, TitleScene), "Leave table went back to the title"
    assert phones.server is None, "the phone server stopped listening with the table"
