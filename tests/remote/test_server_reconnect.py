"""Nothing lost: a phone that reconnects gets its seat and the latest payload back, the desktop hears Connected and
Disconnected, a resent move id is queued once and answered the same, old tokens work after a restart, and stop()
reaches the phones (also at interpreter exit)."""

from __future__ import annotations

import asyncio
import json
import socket
import subprocess
import sys
import threading

from tabletop.remote.client import PhoneClient, SyncPhone, answer_next_action, new_move_id
from tabletop.remote.protocol import MOVES_REMEMBERED, ActionRequest, Claimed, Connected, Disconnected, LanguageChanged
from tabletop.remote.server import PhoneServer, dumps
from tests.remote.conftest import TIMEOUT, SteppingClock, barrier, drain, run


def state(version: int, seat: int = 0) -> dict:
    return {"t": "state", "v": version, "seat": seat, "moves": [{"a": "pass", "label": "Pass"}], "you": "Aki"}


async def seated(server, seat: int = 0, lang: str = "en") -> PhoneClient:
    phone = PhoneClient(server.url, lang=lang)
    await phone.connect()
    await phone.hello()
    assert (await phone.claim(seat))["t"] == "welcome"
    return phone


def test_a_reconnecting_phone_gets_its_seat_and_the_latest_payload(server):
    async def scenario():
        phone = await seated(server)
        server.publish(0, state(1))
        assert (await phone.until("state", TIMEOUT))["v"] == 1
        token = phone.token
        await phone.close()  # the phone sleeps
        assert server.inbox.get(timeout=TIMEOUT) == Claimed(0, "en")
        assert server.inbox.get(timeout=TIMEOUT) == Disconnected(0)
        assert server.connected() == set()
        server.publish(0, state(2))  # the game went on meanwhile
        server.publish(0, state(3))
        async with PhoneClient(server.url, token=token, lang="ja") as back:
            welcome = await back.hello()
            assert welcome == {"t": "welcome", "seat": 0}  # the token is not sent again
            assert await back.next(TIMEOUT) == state(3)  # the latest only
            assert server.inbox.get(timeout=TIMEOUT) == Connected(0, "ja")
            assert server.connected() == {0}
        assert server.inbox.get(timeout=TIMEOUT) == Disconnected(0)
    run(scenario())


def test_the_payload_goes_out_as_published_byte_for_byte(server):
    async def scenario():
        phone = await seated(server)
        payload = {"t": "state", "v": 4, "status": "あなたの番です", "hand": [{"img": "bluffit_7", "text": "7"}]}
        server.publish(0, payload)
        message = await phone._ws.receive(timeout=TIMEOUT)  # the raw text, not parsed by the client
        assert message.data == dumps(payload)
        await phone.close()
    run(scenario())


def test_publish_reaches_only_that_seats_phones(server):
    async def scenario():
        aki, ben = await seated(server, 0), await seated(server, 2)
        server.publish(2, state(7, seat=2))
        assert (await ben.until("state", TIMEOUT))["seat"] == 2
        await barrier(aki)
        assert all(m["t"] != "state" for m in aki.received)
        await aki.close()
        await ben.close()
    run(scenario())


def test_publish_from_another_thread_goes_out(server):
    async def scenario():
        phone = await seated(server)
        worker = threading.Thread(target=server.publish, args=(0, state(5)))
        worker.start()
        assert (await phone.until("state", TIMEOUT))["v"] == 5
        worker.join()
        await phone.close()
    run(scenario())


def test_an_action_out_of_turn_is_answered_by_the_desktop_and_nothing_else_happens(server):
    """The server queues an act from any seat's own phone; whose turn it is, the desktop decides (here a stand-in
    judge for seat 0's turn), and its refusal reaches the phone as the move's result."""
    turn = 0

    def judge(request: ActionRequest) -> tuple[bool, str]:
        return (True, "") if request.seat == turn else (False, "It is not your turn.")

    async def scenario():
        aki, ben = await seated(server, 0), await seated(server, 2)
        drain(server.inbox)
        move = await ben.act("pass", 1)
        request = await asyncio.to_thread(answer_next_action, server, judge)
        assert request == ActionRequest(2, move, 1, "pass")
        assert await ben.until("result", TIMEOUT) == {"t": "result", "move": move, "ok": False,
                                                      "msg": "It is not your turn."}
        move = await aki.act("pass", 1)
        await asyncio.to_thread(answer_next_action, server, judge)
        assert (await aki.until("result", TIMEOUT))["ok"] is True
        await aki.close()
        await ben.close()
    run(scenario())


def test_a_move_id_is_queued_once_and_a_resend_gets_the_same_reply(server):
    async def scenario():
        phone = await seated(server)
        drain(server.inbox)
        move = await phone.act("pass", 3)
        await phone.act("pass", 3, move)  # resent before the answer: not queued again
        await barrier(phone)
        assert drain(server.inbox) == [ActionRequest(0, move, 3, "pass")]
        answer = {"t": "result", "move": move, "ok": False, "msg": "It is not your turn."}
        server.reply(0, answer)
        assert await phone.until("result", TIMEOUT) == answer
        token = phone.token
        await phone.close()  # the connection drops; the phone resends on its new socket
        async with PhoneClient(server.url, token=token) as back:
            await back.hello()
            await back.act("pass", 3, move)
            assert await back.until("result", TIMEOUT) == answer
            await barrier(back)
        assert ActionRequest(0, move, 3, "pass") not in drain(server.inbox)
    run(scenario())


def test_move_ids_are_remembered_per_seat_and_boundedly(make_server):
    server = make_server(clock=SteppingClock())

    async def scenario():
        aki, ben = await seated(server, 0), await seated(server, 2)
        shared = new_move_id()
        await aki.act("pass", 0, shared)
        await ben.act("pass", 0, shared)  # another seat's id space
        first = await aki.act("pass", 0)
        for _ in range(MOVES_REMEMBERED):
            await aki.act("pass", 0)
        await barrier(aki)
        await barrier(ben)
        requests = [item for item in drain(server.inbox) if isinstance(item, ActionRequest)]
        assert {(r.seat, r.move) for r in requests} >= {(0, shared), (2, shared), (0, first)}
        assert len(requests) == MOVES_REMEMBERED + 3
        await aki.act("pass", 0, shared)  # forgotten: the oldest of more than MOVES_REMEMBERED
        await barrier(aki)
        assert drain(server.inbox) == [ActionRequest(0, shared, 0, "pass")]
        await aki.close()
        await ben.close()
    run(scenario())


def test_a_reply_reaches_every_socket_of_the_seat(server):
    async def scenario():
        phone = await seated(server)
        async with PhoneClient(server.url, token=phone.token) as tab:
            await tab.hello()
            server.reply(0, {"t": "result", "move": "m" * 8, "ok": True, "msg": ""})
            assert (await phone.until("result", TIMEOUT))["ok"] is True
            assert (await tab.until("result", TIMEOUT))["ok"] is True
        await phone.close()
    run(scenario())


def test_language_change_and_wake(make_server):
    wakes = []
    server = make_server(wake=lambda: wakes.append(1))

    async def scenario():
        phone = await seated(server)
        await phone.set_lang("ja")
        await barrier(phone)
        assert drain(server.inbox) == [Claimed(0, "en"), LanguageChanged(0, "ja")]
        assert len(wakes) == 2  # one wake per queued item
        await phone.send_raw("{")
        assert (await phone.until("refused", TIMEOUT))["msg"].endswith("。")  # refusals now in Japanese
        await phone.close()
    run(scenario())


def test_a_failing_wake_does_not_break_the_server(make_server):
    def wake():
        raise RuntimeError("the desktop is gone")

    server = make_server(wake=wake)

    async def scenario():
        phone = await seated(server)
        await barrier(phone)
        assert server.inbox.get(timeout=TIMEOUT) == Claimed(0, "en")
        await phone.close()
    run(scenario())


def test_the_lobby_carries_the_desktops_names_and_labels(server):
    server.set_lobby({0: "Aki", 2: "Ben", 3: "Chika"}, {"en": {"pick": "Pick your seat"}, "ja": {"pick": "席を選ぶ"}})

    async def scenario():
        async with PhoneClient(server.url, lang="ja") as phone:
            lobby = await phone.hello()
            assert lobby["labels"] == {"pick": "席を選ぶ"}
            assert [s["name"] for s in lobby["seats"]] == ["Aki", "Ben", "Chika"]
            assert (await phone.claim(3))["seat"] == 3
    run(scenario())


def test_published_images_are_served_under_the_code(server):
    import urllib.request

    png = b"\x89PNG\r\n\x1a\n" + b"picture"
    server.publish_image("bluffit_7", png)
    with urllib.request.urlopen(f"{server.url}img/bluffit_7.png", timeout=TIMEOUT) as answer:
        assert answer.read() == png and answer.headers["Content-Type"] == "image/png"


def test_old_tokens_work_after_a_restart(make_server):
    first = make_server()
    with SyncPhone(first.url) as phone:
        phone.hello()
        phone.claim(2)
        token = phone.token
    saved, code = first.bindings(), first.room_code
    assert set(saved) == {2} and token not in json.dumps(saved)  # only the digest is kept
    first.stop()
    again = make_server(saved_bindings=saved, room_code=code)
    again.publish(2, state(9, seat=2))
    with SyncPhone(again.url, token=token) as phone:
        assert phone.hello() == {"t": "welcome", "seat": 2}
        assert phone.until("state")["v"] == 9
    with SyncPhone(again.url) as stranger:  # the code alone grants no bound seat
        assert stranger.hello()["t"] == "lobby"
        assert stranger.claim(2)["code"] == "seat_taken"


def test_stop_tells_every_phone_and_ends_the_thread(make_server):
    server = make_server()
    phone = SyncPhone(server.url)
    phone.hello()
    phone.claim(0)
    server.stop()
    assert phone.until("closed")["msg"]
    assert phone.next() is None
    phone.close()
    assert not server.running
    server.publish(0, state(1))  # harmless once stopped
    server.release(0)


def test_a_busy_preferred_port_falls_back_to_a_free_one(make_server):
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen(1)
    try:
        server = make_server(port=taken.getsockname()[1])
        assert server.port not in (0, taken.getsockname()[1])
        assert server.url == f"http://127.0.0.1:{server.port}/r/{server.room_code}/"
    finally:
        taken.close()


EXIT_WITHOUT_STOP = """
import sys
from tabletop.remote.server import PhoneServer
server = PhoneServer({0: "Aki"}, lan_ip="127.0.0.1", bind_host="127.0.0.1", page_dir=sys.argv[1])
server.start()
print(server.url, flush=True)
sys.stdin.readline()
"""  # then the interpreter exits without server.stop()


def test_the_server_stops_at_interpreter_exit(page_dir):
    child = subprocess.Popen([sys.executable, "-c", EXIT_WITHOUT_STOP, str(page_dir)], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
    try:
        url = child.stdout.readline().strip()
        with SyncPhone(url) as phone:
            assert phone.hello()["t"] == "lobby"
            child.stdin.write("\n")
            child.stdin.flush()
            assert phone.until("closed", 10)["msg"]  # said by stop(), run by the exit hook
        assert child.wait(10) == 0
    finally:
        child.kill()
        child.wait()


def test_a_server_starts_once(make_server):
    import pytest

    server = make_server()
    with pytest.raises(RuntimeError):
        server.start()
    assert PhoneServer({0: "Aki"}).room_code != PhoneServer({0: "Aki"}).room_code
