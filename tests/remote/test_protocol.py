"""The phone server's pure parts: message schemas, room codes and seat tokens, the code lockout, the rate bucket,
the LAN address and the page file table."""

from __future__ import annotations

import hashlib
import socket

import pytest

from tabletop.i18n import catalog
from tabletop.remote import netaddr
from tabletop.remote.binding import (
    ROOM_ALPHABET,
    CodeLockout,
    SeatBindings,
    is_room_code,
    new_room_code,
    normalise_room_code,
    same_code,
    token_digest,
)
from tabletop.remote.protocol import (
    CODE_FAILURES_MAX,
    CODE_LOCKOUT,
    REFUSAL_CODES,
    Act,
    Claim,
    Hello,
    Lang,
    Ping,
    Refused,
    parse_phone_message,
)
from tabletop.remote.ratelimit import TokenBucket
from tabletop.remote.server import HTTP_TEXT_KEYS, server_texts
from tabletop.remote.static import load_page_files


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


# ---- schemas


def test_each_message_type_parses_to_its_dataclass():
    assert parse_phone_message('{"t":"hello","lang":"ja","token":null}') == Hello("ja", None)
    assert parse_phone_message('{"t":"hello","lang":"en","token":"abc_-9"}') == Hello("en", "abc_-9")
    assert parse_phone_message('{"t":"claim","seat":2,"lang":"en"}') == Claim(2, "en")
    assert parse_phone_message('{"t":"act","token":"tok","move":"abcdefgh","v":12,"a":"bid 7"}') == Act(
        "tok", "abcdefgh", 12, "bid 7")
    assert parse_phone_message('{"t":"act","token":"tok","move":"abcdefgh","v":1,"a":"7を出す"}').a == "7を出す"
    assert parse_phone_message('{"t":"lang","token":"tok","lang":"ja"}') == Lang("tok", "ja")
    assert parse_phone_message('{"t":"ping","token":"tok"}') == Ping("tok")


@pytest.mark.parametrize("text", [
    '{"t":"claim","seat":true,"lang":"en"}', '{"t":"claim","seat":16,"lang":"en"}',
    '{"t":"claim","seat":-1,"lang":"en"}', '{"t":"claim","seat":0,"lang":"EN"}',
    '{"t":"claim","seat":0,"lang":"en","t2":1}', '{"t":"hello","lang":"en","token":""}',
    '{"t":"hello","lang":"en","token":"' + "a" * 65 + '"}', '{"t":"hello","lang":"en","token":"a b"}',
    '{"t":"act","token":"tok","move":"' + "a" * 41 + '","v":1,"a":"x"}',
    '{"t":"act","token":"tok","move":"abcdefgh","v":9007199254740992,"a":"x"}',
    '{"t":"act","token":"tok","move":"abcdefgh","v":1,"a":["x"]}', '{"t":"ping"}', '{"t":"ping","token":5}',
    '{"t":["ping"],"token":"tok"}',
])
def test_a_message_off_its_schema_is_refused(text):
    with pytest.raises(Refused) as refused:
        parse_phone_message(text)
    assert refused.value.code == "bad_message"


@pytest.mark.parametrize("text", ["", "{", "[1]", "1", '{"t":"ping","token":"tok"} x', '{"v":Infinity}'])
def test_text_that_is_not_a_json_object_is_refused(text):
    with pytest.raises(Refused) as refused:
        parse_phone_message(text)
    assert refused.value.code == "bad_json"


def test_every_refusal_and_answer_has_words_in_both_languages():
    texts = server_texts()
    for lang in ("en", "ja"):
        keys = [f"refused.{code}" for code in REFUSAL_CODES] + [f"http.{key}" for key in HTTP_TEXT_KEYS]
        for key in [*keys, "closed", "released"]:
            assert texts[lang][key] == catalog(lang)[f"phone_server.{key}"]
    assert server_texts({"ja": {"rate": "ちょっと待って"}})["ja"]["refused.rate"] == "ちょっと待って"


# ---- room code and seat tokens


def test_room_codes_are_random_and_unambiguous():
    codes = {new_room_code() for _ in range(200)}
    assert len(codes) == 200 and all(is_room_code(code) for code in codes)
    assert not set("".join(codes)) & set("01IO")
    assert normalise_room_code(" abcd-2345\t") == "ABCD2345"
    assert not is_room_code("ABCD234") and not is_room_code("ABCD234O") and not is_room_code("abcd2345")
    assert same_code("ABCD2345", "ABCD2345") and not same_code("ABCD2346", "ABCD2345")
    assert not same_code("é", "ABCD2345")
    assert len(ROOM_ALPHABET) ** 8 == 2**40


def test_a_token_binds_one_seat_and_only_its_digest_is_kept():
    bindings = SeatBindings()
    token = bindings.bind(0)
    assert len(token) >= 32  # 192 bits in base64url
    other = bindings.bind(2)
    assert bindings.seat_of(token) == 0 and bindings.seat_of(other) == 2
    assert bindings.holds(0, token) and not bindings.holds(2, token)
    assert bindings.seat_of("x" * 32) is None and bindings.seat_of(None) is None and bindings.seat_of("") is None
    assert bindings.digests() == {0: hashlib.sha256(token.encode()).hexdigest(), 2: token_digest(other)}
    assert token not in repr(bindings.digests())
    bindings.release(0)
    assert bindings.seat_of(token) is None and not bindings.is_bound(0)


def test_saved_bindings_come_back_and_bad_ones_are_refused():
    first = SeatBindings()
    token = first.bind(3)
    again = SeatBindings({3: first.digests()[3]})
    assert again.seat_of(token) == 3
    with pytest.raises(ValueError):
        SeatBindings({0: "not a digest"})
    with pytest.raises(ValueError):
        SeatBindings({0: token})


def test_tokens_are_compared_in_constant_time(monkeypatch):
    import tabletop.remote.binding as binding

    compared = []
    real = binding.hmac.compare_digest
    monkeypatch.setattr(binding.hmac, "compare_digest", lambda a, b: compared.append((a, b)) or real(a, b))
    bindings = SeatBindings()
    tokens = [bindings.bind(seat) for seat in range(4)]
    assert bindings.seat_of(tokens[0]) == 0
    assert len(compared) == 4  # every seat compared, even after the match


# ---- lockout and rate


def test_wrong_codes_lock_out_for_a_minute_then_count_again():
    clock = FakeClock()
    lockout = CodeLockout(clock)
    for _ in range(CODE_FAILURES_MAX - 1):
        lockout.failed("10.0.0.2")
    assert not lockout.locked("10.0.0.2")
    lockout.failed("10.0.0.2")
    assert lockout.locked("10.0.0.2") and not lockout.locked("10.0.0.3")
    clock.now += CODE_LOCKOUT - 1
    assert lockout.locked("10.0.0.2")
    clock.now += 2
    assert not lockout.locked("10.0.0.2")
    lockout.failed("10.0.0.2")
    assert not lockout.locked("10.0.0.2")


def test_slow_wrong_codes_never_lock_out():
    clock = FakeClock()
    lockout = CodeLockout(clock)
    for _ in range(3 * CODE_FAILURES_MAX):
        lockout.failed("10.0.0.2")
        clock.now += 4  # 15 a minute
    assert not lockout.locked("10.0.0.2")


def test_the_lockout_remembers_a_bounded_number_of_addresses():
    lockout = CodeLockout(FakeClock(), max_clients=8)
    for n in range(100):
        lockout.failed(f"10.0.0.{n}")
    assert len(lockout._failures) <= 8


def test_the_bucket_allows_a_burst_then_the_rate():
    clock = FakeClock()
    bucket = TokenBucket(10.0, 20, clock)
    assert all(bucket.take() for _ in range(20))
    assert not bucket.take()
    clock.now += 0.11  # a tenth of a second and a bit (float sums)
    assert bucket.take() and not bucket.take()
    clock.now += 1000
    assert sum(bucket.take() for _ in range(50)) == 20


# ---- network address and page files


def test_the_lan_address_is_found_without_sending(monkeypatch):
    sent = []
    real = socket.socket

    class Watched(real):
        def send(self, *args):  # pragma: no cover - a failure path
            sent.append(args)
            return super().send(*args)

        sendto = send

    monkeypatch.setattr(netaddr.socket, "socket", Watched)
    address = netaddr.lan_address()
    socket.inet_aton(address)
    assert not sent


def test_without_a_route_the_address_is_loopback(monkeypatch):
    class NoRoute:
        def __init__(self, *args):
            pass

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

        def connect(self, address):
            raise OSError("Network is unreachable")

    monkeypatch.setattr(netaddr.socket, "socket", NoRoute)
    assert netaddr.lan_address() == "127.0.0.1"


def test_allowed_hosts_name_the_port():
    assert netaddr.allowed_hosts("192.168.1.5", 8765) == {"192.168.1.5:8765", "localhost:8765", "127.0.0.1:8765"}
    assert "localhost" in netaddr.allowed_hosts("192.168.1.5", 80)


def test_only_page_files_are_loaded(tmp_path):
    (tmp_path / "index.html").write_text("<p>")
    (tmp_path / "app.js").write_text("1")
    (tmp_path / "font.woff2").write_bytes(b"wOF2")
    (tmp_path / "server.py").write_text("secret")
    (tmp_path / ".hidden.js").write_text("secret")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "deep.js").write_text("secret")
    outside = tmp_path.parent / "outside.js"
    outside.write_text("secret")
    (tmp_path / "link.js").symlink_to(outside)
    files = load_page_files(tmp_path)
    assert sorted(files) == ["app.js", "font.woff2", "index.html"]
    assert files["index.html"] == (b"<p>", "text/html; charset=utf-8")
    assert load_page_files(tmp_path / "missing") == {}
