"""The phone table end to end, without a browser: the real app loop, the real server on loopback, scripted phones.

Whole games played from phones against AI seats with no curtain on the desktop; the desktop's refusals (a move
out of turn, on a position the phone no longer sees, an illegal one) apply nothing; a move id already applied is
answered again and not replayed; a phone coming back, and a game resumed from its save, keep their seats.
"""

from __future__ import annotations

import random
import time

import pytest

from tabletop.engine.records import Seat
from tabletop.remote.client import SyncPhone
from tabletop.session import Session
from tabletop.ui.scenes.phone_join import PhoneJoinScene
from tabletop.ui.scenes.table import TableScene

STEP = 1 / 60


def local_url(table: TableScene) -> str:
    server = table.phones.server
    return f"http://127.0.0.1:{server.port}/r/{server.room_code}/"


def drive(app, done, seconds: float = 10.0) -> None:
    """Steps the app until `done()` (the server thread works meanwhile); fails after `seconds`."""
    end = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < end, "the table did not get there in time"
        app.step(STEP)
        time.sleep(0.002)


def drain(phone: SyncPhone) -> list[dict]:
    messages = []
    while True:
        try:
            message = phone.next(timeout=0.005)
        except TimeoutError:
            return messages
        if message is None:
            return messages
        messages.append(message)


def answer(app, phone: SyncPhone, move: str) -> dict:
    """The table's answer to `move`, reading the phone's messages while the app runs."""
    found: list[dict] = []
    drive(app, lambda: bool(found.extend(m for m in drain(phone) if m.get("move") == move) or found))
    return found[0]


def open_table(app, game_id: str, kinds: list[str], seed: int = 9) -> TableScene:
    app.phone_bind_host, app.phone_port = "127.0.0.1", 0
    seats = [Seat(name, kind) for name, kind in zip(["Aki", "Ben", "Chie", "Dan", "Emi", "Fumi"], kinds)]
    table = TableScene(app, Session.new(game_id, len(kinds), seats, {}, seed))
    app.stack.push(table)
    app.step(STEP)
    assert isinstance(app.stack.top, PhoneJoinScene), "a table with phone seats opens the join screen"
    return table


def join(app, table: TableScene, seats: list[int]) -> dict[int, SyncPhone]:
    phones = {}
    for seat in seats:
        phone = SyncPhone(local_url(table))
        assert phone.hello()["t"] == "lobby"
        assert phone.claim(seat)["t"] == "welcome"
        phones[seat] = phone
    drive(app, lambda: table.phones.connected() == set(seats))
    app.stack.top.start()
    assert app.stack.top is table
    return phones


def close(table: TableScene, phones: dict[int, SyncPhone]) -> None:
    for phone in phones.values():
        phone.close()
    if table.phones is not None:
        table.phones.close()


@pytest.mark.parametrize("game_id,kinds", [("bluffit", ["phone", "phone", "easy", "easy"]),
                                           ("ghost_bumpers", ["phone", "easy", "phone", "easy"])])
def test_phones_play_a_whole_game_with_no_curtain(app, curtains, game_id, kinds):
    table = open_table(app, game_id, kinds)
    phones = join(app, table, [i for i, kind in enumerate(kinds) if kind == "phone"])
    rng = random.Random(1)
    latest: dict[int, dict] = {}
    sent: dict[int, int] = {}  # seat -> the version its last move answered
    try:
        end = time.monotonic() + 120
        while not table.session.state.is_over():
            assert time.monotonic() < end, "the game did not finish"
            app.step(STEP)
            for seat, phone in phones.items():
                for message in drain(phone):
                    if message["t"] == "state":
                        latest[seat] = message
                    assert message["t"] != "refused", message
                    if message["t"] == "result":
                        assert message["ok"], message
                state = latest.get(seat)
                if state and state["moves"] and sent.get(seat) != state["v"]:
                    phone.act(rng.choice(state["moves"])["a"], state["v"])
                    sent[seat] = state["v"]
            assert table.viewer() is None
        assert curtains == [], "a phone table showed a curtain"
        app.step(STEP)
        for seat, phone in phones.items():  # every phone learns the ending
            drive(app, lambda p=phone, s=seat: any(m["t"] == "state" and m["over"] for m in drain(p))
                  or latest.get(s, {}).get("over"))
    finally:
        close(table, phones)


def test_desktop_refuses_out_of_turn_stale_and_illegal_moves_with_nothing_applied(app):
    table = open_table(app, "ghost_bumpers", ["phone", "phone", "easy", "easy"])
    phones = join(app, table, [0, 1])
    try:
        state = table.session.state
        rng = random.Random(2)
        while not (len(state.to_act()) == 1 and state.to_act()[0] in (0, 1)):  # until one phone alone may act
            app.step(STEP)
            for seat in set(state.to_act()) & {0, 1}:
                assert table.act(seat, rng.choice(state.legal_actions(seat)))
        actor = state.to_act()[0]
        other = 1 - actor
        before = list(table.session.record.actions)
        legal = str(state.legal_actions(actor)[0])
        version = table.phones.opened[actor]
        # Out of turn: the other phone sends the acting seat's move as its own.
        said = answer(app, phones[other], phones[other].act(legal, version))
        assert said["ok"] is False and said["msg"]
        # A stale version and an illegal action from the seat to act.
        for text, v in ((legal, version + 3), ("no such move", version)):
            said = answer(app, phones[actor], phones[actor].act(text, v))
            assert said["ok"] is False and said["msg"]
        assert table.session.record.actions == before, "a refused move changed the game"
    finally:
        close(table, phones)


def test_a_resent_move_is_applied_once_and_a_returning_phone_keeps_its_seat(app):
    table = open_table(app, "bluffit", ["phone", "easy", "easy"])
    phones = join(app, table, [0])
    try:
        state = table.session.state
        drive(app, lambda: 0 in state.to_act() and not table.session.ai_to_act())
        action, version = str(state.legal_actions(0)[0]), table.phones.opened[0]
        move = phones[0].act(action, version)
        assert answer(app, phones[0], move)["ok"] is True
        applied = len(table.session.record.actions)
        assert applied == len(table.session.record.actions) and (0, action) in table.session.record.actions
        token = phones[0].token
        phones[0].close()  # the phone drops; it comes back and sends the same move again
        drive(app, lambda: 0 not in table.phones.connected())
        back = SyncPhone(local_url(table), token=token)
        phones[0] = back
        assert back.hello()["t"] == "welcome"
        assert back.until("state")["seat"] == 0, "a returning phone gets its seat's state"
        back.act(action, version, move)
        assert answer(app, back, move)["ok"] is True, "a resend of a move already made is answered as done"
        app.step(STEP)
        assert [a for a in table.session.record.actions if a[0] == 0].count((0, action)) == 1
    finally:
        close(table, phones)


def test_a_resumed_game_takes_its_phones_back_without_pairing_and_a_resent_move_stays_played(app):
    table = open_table(app, "ghost_bumpers", ["phone", "easy", "easy"])
    phones = join(app, table, [0])
    state = table.session.state
    drive(app, lambda: 0 in state.to_act() and not table.session.ai_to_act())
    action, version = str(state.legal_actions(0)[0]), table.phones.opened[0]
    move = phones[0].act(action, version)
    assert answer(app, phones[0], move)["ok"] is True
    record = table.session.record
    played = len(record.actions)
    token, room = phones[0].token, table.phones.server.room_code
    saved = dict(record.meta["phones"])
    assert token not in str(saved), "the save keeps the token's digest, never the token"
    close(table, phones)
    app.stack.pop()
    from tabletop.save_writer import saves
    from tabletop.userdata import load_save, slot_of

    saves.flush()
    saved_game, problem = load_save(slot_of(record))
    assert saved_game is not None, problem
    assert len(saved_game.record.actions) == played, "the move the phone was told is done is in the save"
    resumed = TableScene(app, Session.resume(saved_game.replayed), resumed=True)
    app.stack.push(resumed)
    app.step(STEP)
    phones = {}
    try:
        assert resumed.phones.server.room_code == room
        phone = SyncPhone(local_url(resumed), token=token)
        phones = {0: phone}
        assert phone.hello()["t"] == "welcome", "the saved token is the seat's key again"
        drive(app, lambda: resumed.phones.all_bound() and 0 in resumed.phones.connected())
        app.stack.top.start()  # the host starts again once the phones are back
        # The phone never heard the answer before the restart: it sends the same move again.
        phone.act(action, version, move)
        said = answer(app, phone, move)
        assert said["ok"] is True, f"a move already in the save is answered as done: {said}"
        mine = [a for a in resumed.session.record.actions if a[0] == 0]
        assert mine == [a for a in record.actions[:played] if a[0] == 0], "the resent move was played again"
    finally:
        close(resumed, phones)


def test_phones_wait_for_the_hosts_start(app):
    table = open_table(app, "bluffit", ["phone", "easy", "easy"])
    phone = SyncPhone(local_url(table))
    try:
        phone.hello()
        phone.claim(0)
        waiting: list[dict] = []
        drive(app, lambda: bool(waiting.extend(m for m in drain(phone) if m["t"] == "state") or waiting))
        assert waiting[-1]["moves"] == [] and waiting[-1]["notice"], "a phone is offered moves before the start"
        said = answer(app, phone, phone.act(str(table.session.state.legal_actions(0)[0]), 0))
        assert said["ok"] is False and said["msg"]
        assert table.session.record.actions == []
        app.stack.top.start()
        started: list[dict] = []
        drive(app, lambda: bool(started.extend(m for m in drain(phone) if m["t"] == "state" and m["moves"])
                                or started))
    finally:
        close(table, {0: phone})


@pytest.mark.parametrize("saved", [None, "x", {"room": 5, "port": "80", "bound": []},
                                   {"room": "ABCDEFGH", "port": 99999, "bound": {"0": "zz", "x": "a" * 64}},
                                   {"room": "abc", "bound": {"0": "a" * 64}}])
def test_a_saved_room_that_does_not_check_out_gives_a_fresh_room(saved):
    from tabletop.ui.phone_table import saved_room

    room, port, bound = saved_room(saved, [0, 1])
    assert port == 0 and bound == {}
    assert room in (None, "ABCDEFGH")


def test_a_saved_room_keeps_what_checks_out():
    from tabletop.ui.phone_table import saved_room

    digest = "a" * 64
    assert saved_room({"room": "ABCDEFGH", "port": 8765, "bound": {"0": digest, "3": digest}}, [0, 1]) == \
        ("ABCDEFGH", 8765, {0: digest})
