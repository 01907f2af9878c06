"""The phone server's defences, each against a real server on 127.0.0.1: Host and Origin checks, the room code and
its lockout, seat tokens, schema, size and rate limits, static files from memory only, and a `refused` message
(with a code and a readable text) for every refusal, with nothing put on the inbox."""

from __future__ import annotations

import aiohttp
import pytest

from tabletop.i18n import catalog
from tabletop.remote.binding import ROOM_ALPHABET
from tabletop.remote.client import PhoneClient, new_move_id
from tabletop.remote.protocol import (
    CODE_FAILURES_MAX,
    FLOOD_CLOSE_AFTER,
    RATE_BURST,
    SOCKETS_MAX,
    SOCKETS_PER_SEAT,
    WS_FRAME_HARD_MAX,
    WS_MESSAGE_MAX,
    ActionRequest,
    Claimed,
    Disconnected,
)
from tests.remote.conftest import INDEX, JOIN, SECRET, TIMEOUT, SteppingClock, barrier, drain, get, raw_request, run


def wrong_code(code: str) -> str:
    return "".join(ROOM_ALPHABET[(ROOM_ALPHABET.index(ch) + 1) % len(ROOM_ALPHABET)] for ch in code)


def assert_refused(message: dict, code: str, lang: str = "en") -> None:
    assert message["t"] == "refused" and message["code"] == code, message
    assert message["msg"] == catalog(lang)[f"phone_server.refused.{code}"]


async def seated(server, seat: int, **options) -> PhoneClient:
    phone = PhoneClient(server.url, **options)
    await phone.connect()
    assert (await phone.hello())["t"] == "lobby"
    assert (await phone.claim(seat))["t"] == "welcome"
    return phone


# ---- HTTP: pages, headers, Host, paths, room code


def test_only_the_join_page_needs_no_room_code(server):
    assert get(server, "/")[0:3:2] == (200, JOIN)
    assert get(server, f"/r/{server.room_code}/")[0:3:2] == (200, INDEX)
    assert get(server, f"/r/{server.room_code}/app.js")[0:3:2] == (200, b"// app")
    status, headers, body = get(server, f"/r/{wrong_code(server.room_code)}/")
    assert status == 404 and body.decode() == catalog("en")["phone_server.http.not_found"]
    assert get(server, f"/r/{wrong_code(server.room_code)}/app.js")[0] == 404
    assert get(server, "/app.js")[0] == 404  # the phone page's files only under the code
    assert get(server, "/index.html")[0] == 404
    assert get(server, "/join.js")[0:3:2] == (200, b"// join")
    assert get(server, f"/r/{server.room_code}/img/none.png")[0] == 404


def test_the_join_form_goes_to_the_typed_code(server):
    status, headers, _ = get(server, "/?code=abcd-2345")
    assert status == 303 and headers["location"] == "/r/ABCD2345/"
    assert get(server, "/?code=../etc")[0] == 200  # not a code's shape: the join page again


def test_every_response_has_the_security_headers(server):
    host = f"127.0.0.1:{server.port}"
    for target in ("/", f"/r/{server.room_code}/", f"/r/{server.room_code}/nothing", "/r/XXXXXXXX/"):
        status, headers, _ = get(server, target)
        csp = headers["content-security-policy"]
        assert csp.startswith("default-src 'self';"), (target, csp)
        assert f"connect-src 'self' ws://{host};" in csp
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "no-referrer"
        assert headers["cache-control"] == "no-store"
    assert "ws://evil" not in get(server, "/", host="evil.example")[1]["content-security-policy"]


@pytest.mark.parametrize("host", [
    "evil.example", "evil.example:{port}", "127.0.0.1", "127.0.0.1:1", "localhost.evil.example:{port}",
    "192.168.1.5:{port}", "",
])
def test_a_host_that_is_not_ours_is_refused(server, host):
    status, _, body = get(server, f"/r/{server.room_code}/", host=None if host is None else host.format(
        port=server.port))
    assert status == 403
    assert body.decode() == catalog("en")["phone_server.http.forbidden_host"]
    assert INDEX not in body


def test_a_request_without_host_is_refused(server):
    status, _, body = get(server, f"/r/{server.room_code}/", host=None)
    assert status == 400 and INDEX not in body  # aiohttp's parser refuses it before our check


def test_our_hosts_are_served(make_server):
    server = make_server(lan_ip="127.0.0.2")
    for host in (f"127.0.0.2:{server.port}", f"localhost:{server.port}", f"LOCALHOST:{server.port}",
                 f"127.0.0.1:{server.port}"):
        assert get(server, f"/r/{server.room_code}/", host=host)[0:3:2] == (200, INDEX)


def test_a_refused_page_speaks_the_browsers_language(server):
    _, _, body = get(server, "/", host="evil.example", headers={"Accept-Language": "ja,en;q=0.5"})
    assert body.decode() == catalog("ja")["phone_server.http.forbidden_host"]


@pytest.mark.parametrize("path", [
    "../secret.html", "../../secret.html", "%2e%2e/secret.html", "%2E%2E%2Fsecret.html", "..%2fsecret.html",
    "..%2Fsecret.js", "/etc/passwd", "%2fetc%2fpasswd", "..\\secret.html", "..%5csecret.html", ".%2e/secret.js",
    "notes.txt", "./notes.txt", "x/../notes.txt", "%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd", "index.html%00.png",
    "img/../../secret.html", "img/..%2f..%2fsecret.html",
])
def test_no_file_outside_the_page_table_is_served(server, path):
    status, _, body = get(server, f"/r/{server.room_code}/{path}")
    assert status in (400, 404), (path, status)
    assert SECRET not in body and b"root:" not in body


def test_a_request_other_than_get_is_refused(server):
    status, _, body = get(server, f"/r/{server.room_code}/", method="POST", headers={"Content-Length": "0"})
    assert status == 405 and body.decode() == catalog("en")["phone_server.http.method"]


def test_wrong_codes_lock_the_address_out(server):
    for _ in range(CODE_FAILURES_MAX):
        assert get(server, f"/r/{wrong_code(server.room_code)}/")[0] == 404
    status, _, body = get(server, f"/r/{server.room_code}/")  # even the right code, now
    assert status == 429 and body.decode() == catalog("en")["phone_server.http.too_many"]
    assert get(server, "/")[0] == 200  # the join page is not behind the lockout
    try:  # another address on this machine is not locked out (Linux routes all of 127/8 to loopback)
        status = get(server, f"/r/{server.room_code}/", source="127.0.0.2")[0]
    except OSError:
        pytest.skip("no second loopback address here")
    assert status == 200


# ---- WebSocket: Origin, tokens, schema, size, rate


@pytest.mark.parametrize("origin", ["http://evil.example", "http://localhost:{port}", "https://127.0.0.1:{port}",
                                    "http://127.0.0.1:{port}.evil.example", "null", ""])
def test_a_socket_from_another_origin_is_refused(server, origin):
    async def scenario():
        phone = PhoneClient(server.url, origin=origin.format(port=server.port))
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await phone.connect()
        assert refused.value.status == 403
    run(scenario())


def test_a_socket_without_origin_is_refused(server):
    request = {"Upgrade": "websocket", "Connection": "Upgrade", "Sec-WebSocket-Version": "13",
               "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ=="}
    status, _, body = get(server, f"/r/{server.room_code}/ws", headers=request)
    assert status == 403 and body.decode() == catalog("en")["phone_server.http.forbidden_origin"]
    request["Origin"] = f"http://127.0.0.1:{server.port}"
    assert get(server, f"/r/{server.room_code}/ws", headers=request)[0] == 101


def test_a_socket_needs_the_room_code(server):
    async def scenario():
        phone = PhoneClient(server.url.replace(server.room_code, wrong_code(server.room_code)))
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await phone.connect()
        assert refused.value.status == 404
    run(scenario())


def test_messages_without_a_valid_token_are_refused_and_queue_nothing(server):
    async def scenario():
        async with PhoneClient(server.url) as phone:
            await phone.send({"t": "act", "token": "x" * 32, "move": new_move_id(), "v": 0, "a": "pass"})
            assert_refused(await phone.next(TIMEOUT), "hello_first")
            await phone.send({"t": "claim", "seat": 0, "lang": "en"})
            assert_refused(await phone.next(TIMEOUT), "hello_first")
            assert (await phone.hello())["t"] == "lobby"  # no token: the lobby, no seat
            for message in ({"t": "act", "token": "x" * 32, "move": new_move_id(), "v": 0, "a": "pass"},
                            {"t": "lang", "token": "x" * 32, "lang": "ja"}, {"t": "ping", "token": "x" * 32}):
                await phone.send(message)
                assert_refused(await phone.next(TIMEOUT), "auth")
            await barrier(phone)
        assert drain(server.inbox) == []
    run(scenario())


def test_a_forged_token_at_hello_gets_the_lobby_not_a_seat(server):
    async def scenario():
        owner = await seated(server, 0)
        async with PhoneClient(server.url, token=owner.token[:-1] + ("A" if owner.token[-1] != "A" else "B")) as other:
            assert (await other.hello())["t"] == "lobby"
            await other.send({"t": "act", "token": owner.token, "move": new_move_id(), "v": 0, "a": "pass"})
            assert_refused(await other.next(TIMEOUT), "auth")  # the right token on a socket with no seat
            await barrier(other)
        assert drain(server.inbox) == [Claimed(0, "en")]
        await owner.close()
    run(scenario())


def test_another_seats_token_is_refused(server):
    async def scenario():
        aki, ben = await seated(server, 0), await seated(server, 2)
        drain(server.inbox)
        for message in ({"t": "act", "token": aki.token, "move": new_move_id(), "v": 0, "a": "pass"},
                        {"t": "lang", "token": aki.token, "lang": "ja"}, {"t": "ping", "token": aki.token}):
            await ben.send(message)
            assert_refused(await ben.next(TIMEOUT), "auth")
        await barrier(ben)
        await barrier(aki)
        assert drain(server.inbox) == []
        await ben.act("pass", 0)  # its own token works
        assert isinstance(server.inbox.get(timeout=TIMEOUT), ActionRequest)
        await aki.close()
        await ben.close()
    run(scenario())


MALFORMED = [
    ("{", "bad_json"), ("", "bad_json"), ("[]", "bad_json"), ("null", "bad_json"), ('"hello"', "bad_json"),
    ('{"t":"ping","token":"abcdefgh","v":NaN}', "bad_json"), ("[" * 5000 + "]" * 5000, "too_big"),
    ('{"t":"act"}', "bad_message"), ('{"t":"nope","token":"abcdefgh"}', "bad_message"),
    ('{"t":1}', "bad_message"), ('{"token":"abcdefgh"}', "bad_message"),
    ('{"t":"act","token":"{token}","move":"{move}","v":"1","a":"pass"}', "bad_message"),
    ('{"t":"act","token":"{token}","move":"{move}","v":true,"a":"pass"}', "bad_message"),
    ('{"t":"act","token":"{token}","move":"{move}","v":-1,"a":"pass"}', "bad_message"),
    ('{"t":"act","token":"{token}","move":"{move}","v":1.5,"a":"pass"}', "bad_message"),
    ('{"t":"act","token":"{token}","move":"short","v":1,"a":"pass"}', "bad_message"),
    ('{"t":"act","token":"{token}","move":"bad id with spaces","v":1,"a":"pass"}', "bad_message"),
    ('{"t":"act","token":"{token}","move":"{move}","v":1,"a":""}', "bad_message"),
    ('{"t":"act","token":"{token}","move":"{move}","v":1,"a":"' + "x" * 201 + '"}', "bad_message"),
    ('{"t":"act","token":"{token}","move":"{move}","v":1,"a":"pass\\n"}', "bad_message"),
    ('{"t":"act","token":"{token}","move":"{move}","v":1,"a":"pass","extra":1}', "bad_message"),
    ('{"t":"act","token":null,"move":"{move}","v":1,"a":"pass"}', "bad_message"),
    ('{"t":"lang","token":"{token}","lang":"fr"}', "bad_message"),
    ('{"t":"claim","seat":"0","lang":"en"}', "bad_message"),
    ('{"t":"hello","lang":"en"}', "bad_message"),
]


def test_malformed_messages_are_refused_and_queue_nothing(make_server):
    server = make_server(clock=SteppingClock())

    async def scenario():
        phone = await seated(server, 0)
        drain(server.inbox)
        for text, code in MALFORMED:
            await phone.send_raw(text.replace("{token}", phone.token).replace("{move}", new_move_id()))
            assert_refused(await phone.next(TIMEOUT), code)
            await barrier(phone)
        assert drain(server.inbox) == []
        await phone.close()
    run(scenario())


def test_a_refusal_is_in_the_phones_language(server):
    async def scenario():
        phone = await seated(server, 0, lang="ja")
        await phone.send_raw("{")
        assert_refused(await phone.next(TIMEOUT), "bad_json", "ja")
        await phone.close()
    run(scenario())


def test_an_oversized_message_is_refused_and_a_huge_one_closes_the_socket(server):
    async def scenario():
        phone = await seated(server, 0)
        drain(server.inbox)
        filler = "x" * (WS_MESSAGE_MAX - 60)
        act = {"t": "act", "token": phone.token, "move": new_move_id(), "v": 0, "a": "p"}
        await phone.send_raw(f'{{"pad":"{filler}",' + str(act)[1:].replace("'", '"'))
        assert_refused(await phone.next(TIMEOUT), "too_big")
        await phone.send_raw("é" * (WS_MESSAGE_MAX // 2 + 1))  # few characters, too many bytes
        assert_refused(await phone.next(TIMEOUT), "too_big")
        await barrier(phone)  # still open
        await phone.send_raw("x" * (WS_FRAME_HARD_MAX + 1))
        assert await phone.next(TIMEOUT) is None  # closed by the frame limit
        assert server.inbox.get(timeout=TIMEOUT) == Disconnected(0)  # and nothing else
        assert drain(server.inbox) == []
    run(scenario())


def test_a_flood_is_refused_then_closed_and_queues_at_most_the_burst(server):
    async def scenario():
        phone = await seated(server, 0)
        drain(server.inbox)
        sent = RATE_BURST + FLOOD_CLOSE_AFTER + 10
        for _ in range(sent):
            await phone.act("pass", 0)
        answers = []
        while (message := await phone.next(TIMEOUT)) is not None:
            answers.append(message)
        codes = [m.get("code") for m in answers]
        assert set(codes) == {"rate", "flood"} and codes[-1] == "flood"
        assert all(m["msg"] for m in answers)
        queued = drain(server.inbox)
        assert all(isinstance(item, ActionRequest) for item in queued[:-1])
        requests = [item for item in queued if isinstance(item, ActionRequest)]
        # the burst less hello and claim, and a token or two refilled while sending
        assert RATE_BURST - 2 <= len(requests) <= RATE_BURST
        assert len(requests) + codes.count("rate") + 1 <= sent
    run(scenario())


def test_claiming_a_bound_seat_is_refused_until_the_host_releases_it(server):
    async def scenario():
        first = await seated(server, 0)
        old_token = first.token
        async with PhoneClient(server.url) as second:
            lobby = await second.hello()
            assert {s["seat"]: s["free"] for s in lobby["seats"]} == {0: False, 2: True}
            assert_refused(await second.claim(0), "seat_taken")
            assert_refused(await second.claim(1), "no_seat")
            await barrier(second)
            assert [type(item) for item in drain(server.inbox)] == [Claimed]

            server.release(0)
            assert (await first.until("released", TIMEOUT))["msg"] == catalog("en")["phone_server.released"]
            assert {s["seat"]: s["free"] for s in (await first.until("lobby", TIMEOUT))["seats"]} == {0: True, 2: True}
            await second.until("lobby", TIMEOUT)  # the lobby changed for every phone in it
            welcome = await second.claim(0)
            assert welcome["t"] == "welcome" and welcome["seat"] == 0 and welcome["token"]
            assert drain(server.inbox) == [Claimed(0, "en")]

            async with PhoneClient(server.url, token=old_token) as back:
                assert (await back.hello())["t"] == "lobby"  # the old device's token no longer holds the seat
            await second.act("pass", 0)
            assert isinstance(server.inbox.get(timeout=TIMEOUT), ActionRequest)
        await first.close()
    run(scenario())


def test_a_released_device_cannot_act_with_its_old_token(server):
    async def scenario():
        phone = await seated(server, 0)
        token = phone.token
        server.release(0)
        await phone.until("lobby", TIMEOUT)
        drain(server.inbox)
        await phone.send({"t": "act", "token": token, "move": new_move_id(), "v": 0, "a": "pass"})
        assert_refused(await phone.next(TIMEOUT), "auth")
        await barrier(phone)
        assert drain(server.inbox) == []
        await phone.close()
    run(scenario())


def test_a_seated_socket_cannot_claim_a_second_seat(server):
    async def scenario():
        phone = await seated(server, 0)
        assert_refused(await phone.claim(2), "seated")
        await phone.close()
    run(scenario())


def test_at_most_two_sockets_per_seat(server):
    async def scenario():
        phone = await seated(server, 0)
        tabs = [PhoneClient(server.url, token=phone.token) for _ in range(SOCKETS_PER_SEAT)]
        for tab in tabs:
            await tab.connect()
        assert (await tabs[0].hello())["t"] == "welcome"
        assert_refused(await tabs[1].hello(), "busy")
        assert await tabs[1].next(TIMEOUT) is None  # and closed
        for client in (phone, *tabs):
            await client.close()
    run(scenario())


def test_at_most_sixteen_sockets(server):
    async def scenario():
        phones = [PhoneClient(server.url) for _ in range(SOCKETS_MAX + 1)]
        for phone in phones[:SOCKETS_MAX]:
            await phone.connect()
        await barrier(phones[SOCKETS_MAX - 1])
        extra = phones[SOCKETS_MAX]
        await extra.connect()
        assert_refused(await extra.next(TIMEOUT), "busy")
        assert await extra.next(TIMEOUT) is None
        for phone in phones:
            await phone.close()
    run(scenario())


def test_the_server_listens_only_while_started(make_server):
    server = make_server()
    port = server.port
    assert get(server, "/")[0] == 200
    server.stop()
    server.stop()  # idempotent
    with pytest.raises(OSError):
        raw_request(port, "/", host=f"127.0.0.1:{port}")
    assert not server.running


def test_the_server_module_never_imports_pygame():
    import subprocess
    import sys

    code = "import sys, tabletop.remote.server, tabletop.remote.client; assert 'pygame' not in sys.modules"
    assert subprocess.run([sys.executable, "-c", code], timeout=30).returncode == 0
