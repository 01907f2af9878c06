"""The phone page in a real browser (Debian's Chromium + chromedriver via Selenium) at 390×844, English and
Japanese: a state message built by tabletop.remote.messages renders as big move buttons (≥ 44 px tall), nothing
scrolls sideways, a final move opens the confirm sheet with the move's words, and confirming sends an act
with the move's notation, the version and a fresh move id. The page is served by a local static server under
/r/TEST/ with the server's Content-Security-Policy, so an inline script or style would break it here too.

Skipped where Chromium is missing, except under CI=true, where a missing browser fails.
"""

from __future__ import annotations

import os

import pytest

from tools import make_phone_screenshots as tool

MIN_TAP = 44  # px: the smallest comfortable touch target
GAMES = ["bluffit", "ghost_bumpers", "bloody_summer", "sumidagawa", "kakapo"]


def _needs_chromium() -> None:
    missing = tool.chromium_paths() is None
    try:
        import selenium  # noqa: F401
    except ImportError:
        missing = True
    if missing:
        if os.environ.get("CI") == "true":
            pytest.fail("CI needs chromium, chromium-driver and selenium (make test installs them)")
        pytest.skip("chromium, chromedriver or selenium is not installed (apt-get install chromium chromium-driver)")


@pytest.fixture(scope="module")
def page_url():
    _needs_chromium()
    with tool.page_server() as url:
        yield url


@pytest.fixture(scope="module", params=["en", "ja"])
def browser(request, page_url):
    with tool.chromium(request.param) as driver:
        driver.lang = request.param
        yield driver


def _js(driver, script: str, *args):
    return driver.execute_script(script, *args)


def _no_sideways_scroll(driver) -> None:
    widths = _js(driver, "return [document.documentElement.scrollWidth, document.documentElement.clientWidth,"
                         " window.innerWidth];")
    assert widths[0] <= widths[1] == widths[2] == tool.SIZE[0], widths


def _no_page_errors(driver) -> None:
    errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE" and "/ws" not in e["message"]]
    assert errors == []  # a Content-Security-Policy violation or a script error shows here


@pytest.mark.parametrize("game_id", GAMES)
def test_moves_are_big_buttons_and_a_final_move_asks_first(browser, page_url, game_id):
    payload = tool.scene_payload(game_id, browser.lang)
    tool.show(browser, page_url, payload)
    _no_page_errors(browser)
    _no_sideways_scroll(browser)
    assert _js(browser, "return document.documentElement.lang;") == browser.lang
    # Every hand card is a picture whose text is its alternative.
    alts = _js(browser, "return Array.from(document.querySelectorAll('.card img'), i => i.alt);")
    assert alts == [card["text"] for card in payload["hand"]]
    # A two-step choice first lists the groups: open the first one.
    groups = _js(browser, "return Array.from(document.querySelectorAll('.group-button'), b => b.textContent);")
    if groups:
        _js(browser, "document.querySelector('.group-button').click();")
    buttons = _js(browser, "return Array.from(document.querySelectorAll('button.move'),"
                           " b => [b.textContent, b.getBoundingClientRect().height, b.getBoundingClientRect().width]);")
    labels = [m["label"] for m in payload["moves"]]
    assert buttons and all(text in labels for text, _, _ in buttons)
    if not groups:
        assert sorted(text for text, _, _ in buttons) == sorted(labels)  # every move is a button
    assert all(h >= MIN_TAP and w >= MIN_TAP for _, h, w in buttons), buttons
    for selector in ("#lang", ".group-button"):
        sizes = _js(browser, f"return Array.from(document.querySelectorAll('{selector}'),"
                             " b => b.getBoundingClientRect().height);")
        assert all(h >= MIN_TAP for h in sizes), (selector, sizes)
    _no_sideways_scroll(browser)

    # A final move opens the confirm sheet with the move's words; Cancel closes it and sends nothing.
    first_text = buttons[0][0]
    move = next(m for m in payload["moves"] if m["label"] == first_text)
    assert move["confirm"]
    _js(browser, "window.tabletopOutbox.length = 0; document.querySelector('button.move').click();")
    assert _js(browser, "return document.getElementById('sheet').hidden;") is False
    assert _js(browser, "return document.getElementById('sheet-move').textContent;") == first_text
    assert _js(browser, "return document.getElementById('sheet-ok').textContent;") == payload["labels"]["confirm"]
    sheet_buttons = _js(browser, "return Array.from(document.querySelectorAll('#sheet button'),"
                                 " b => b.getBoundingClientRect().height);")
    assert all(h >= MIN_TAP for h in sheet_buttons)
    _js(browser, "document.getElementById('sheet-cancel').click();")
    assert _js(browser, "return document.getElementById('sheet').hidden;") is True
    assert _js(browser, "return window.tabletopOutbox;") == []

    # Confirm: one act with the move's notation and the version; the moves give way to "sent".
    _js(browser, "document.querySelector('button.move').click(); document.getElementById('sheet-ok').click();")
    sent = _js(browser, "return window.tabletopOutbox;")
    assert len(sent) == 1 and sent[0]["t"] == "act" and sent[0]["a"] == move["a"] and sent[0]["v"] == payload["v"]
    assert 8 <= len(sent[0]["move"]) <= 40
    assert _js(browser, "return document.querySelectorAll('button.move').length;") == 0
    assert payload["labels"]["sent"] in _js(browser, "return document.body.textContent;")

    # The table's answer for that move brings the moves back (here: the same state, as after a refusal).
    _js(browser, "window.tabletopRender({t: 'result', move: arguments[0], ok: false, msg: 'no'});", sent[0]["move"])
    assert _js(browser, "return document.querySelectorAll('button.move, .group-button').length;") > 0
    _no_page_errors(browser)


def test_the_lobby_offers_free_seats(browser, page_url):
    from tabletop.remote.messages import lobby_labels

    labels = lobby_labels()[browser.lang]
    lobby = {"t": "lobby", "labels": labels,
             "seats": [{"seat": 0, "name": "Aki", "free": False}, {"seat": 2, "name": "Ben", "free": True}]}
    browser.get(page_url)
    browser.execute_script("localStorage.clear();")  # the language comes from the phone's own setting
    tool.show(browser, page_url, lobby)
    assert _js(browser, "return document.getElementById('lang').textContent;") == \
        {"en": "日本語", "ja": "English"}[browser.lang]
    seats = _js(browser, "return Array.from(document.querySelectorAll('.seat-button'),"
                         " b => [b.textContent, b.disabled, b.getBoundingClientRect().height]);")
    assert [s[1] for s in seats] == [True, False] and all(s[2] >= MIN_TAP for s in seats)
    assert labels["lobby_free"] in seats[1][0]
    _js(browser, "window.tabletopOutbox.length = 0; document.querySelectorAll('.seat-button')[1].click();")
    assert _js(browser, "return window.tabletopOutbox;") == [{"t": "claim", "seat": 2, "lang": browser.lang}]
    _no_sideways_scroll(browser)
    _no_page_errors(browser)


# A stand-in for the browser's WebSocket, installed before the page's script runs: the test plays the server.
FAKE_SOCKET = """
(() => {
  const sockets = [];
  class FakeSocket {
    constructor(url) {
      this.url = url; this.readyState = 0; this.sent = []; sockets.push(this);
      setTimeout(() => { if (this.readyState === 0) { this.readyState = 1; if (this.onopen) this.onopen({}); } }, 0);
    }
    send(data) { this.sent.push(JSON.parse(data)); }
    close() {
      if (this.readyState === 3) return;
      this.readyState = 3;
      if (this.onclose) this.onclose({});
    }
    deliver(message) { if (this.onmessage) this.onmessage({data: JSON.stringify(message)}); }
  }
  FakeSocket.CONNECTING = 0; FakeSocket.OPEN = 1; FakeSocket.CLOSING = 2; FakeSocket.CLOSED = 3;
  window.WebSocket = FakeSocket;
  window.fakeSockets = sockets;
})();
"""


@pytest.fixture(scope="module")
def wired(page_url):
    with tool.chromium("en") as driver:
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": FAKE_SOCKET})
        yield driver


def _wait(driver, script: str, *args):
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, 5, poll_frequency=0.05).until(lambda d: d.execute_script(script, *args))


def _sent(driver, socket: int) -> list[dict]:
    return _js(driver, f"return window.fakeSockets[{socket}].sent;")


def _deliver(driver, socket: int, message: dict) -> None:
    _js(driver, f"window.fakeSockets[{socket}].deliver(arguments[0]);", message)


def test_seat_token_move_resend_release_and_close(wired, page_url):
    from tabletop.remote.messages import lobby_labels

    wired.get(page_url)
    _js(wired, "localStorage.clear(); sessionStorage.clear();")
    wired.get(page_url)
    _wait(wired, "return window.fakeSockets.length === 1 && window.fakeSockets[0].sent.length === 1;")
    assert _js(wired, "return window.fakeSockets[0].url;") == page_url.replace("http://", "ws://") + "ws"
    assert _sent(wired, 0) == [{"t": "hello", "lang": "en", "token": None}]

    # Lobby -> claim -> welcome with a token, which the page keeps for this room.
    labels = lobby_labels()["en"]
    _deliver(wired, 0, {"t": "lobby", "labels": labels, "seats": [{"seat": 1, "name": "Ben", "free": True}]})
    _js(wired, "document.querySelector('.seat-button').click();")
    assert _sent(wired, 0)[-1] == {"t": "claim", "seat": 1, "lang": "en"}
    _deliver(wired, 0, {"t": "welcome", "seat": 1, "token": "tok_0123456789abcdef"})
    assert _js(wired, "return localStorage.getItem('tabletop.TEST');") == "tok_0123456789abcdef"

    # A state, a confirmed move: one act with the token and a fresh move id.
    payload = tool.scene_payload("bluffit", "en", seat=1)
    tool.publish_pictures(payload)
    _deliver(wired, 0, payload)
    _js(wired, "document.querySelector('button.move').click(); document.getElementById('sheet-ok').click();")
    act = _sent(wired, 0)[-1]
    assert act["t"] == "act" and act["token"] == "tok_0123456789abcdef" and act["v"] == payload["v"]

    # The socket drops before the result: the page reconnects, says hello with its token, and once welcomed
    # sends the same move again (the same id, so the table applies it at most once).
    _js(wired, "window.fakeSockets[0].close();")
    _wait(wired, "return window.fakeSockets.length === 2 && window.fakeSockets[1].sent.length === 1;")
    assert _sent(wired, 1) == [{"t": "hello", "lang": "en", "token": "tok_0123456789abcdef"}]
    _deliver(wired, 1, {"t": "welcome", "seat": 1})
    assert _sent(wired, 1)[-1] == act
    _deliver(wired, 1, payload)
    assert _js(wired, "return document.querySelectorAll('button.move').length;") == 0  # still waiting
    _deliver(wired, 1, {"t": "result", "move": act["move"], "ok": True, "msg": ""})
    _js(wired, "window.fakeSockets[1].close();")  # after the result nothing is sent again
    _wait(wired, "return window.fakeSockets.length === 3 && window.fakeSockets[2].sent.length === 1;")
    _deliver(wired, 2, {"t": "welcome", "seat": 1})
    assert _sent(wired, 2) == [{"t": "hello", "lang": "en", "token": "tok_0123456789abcdef"}]

    # A new move gets a new id; switching the language asks the table for the other language.
    _deliver(wired, 2, {**payload, "v": payload["v"] + 1})
    _js(wired, "document.querySelector('button.move').click(); document.getElementById('sheet-ok').click();")
    assert _sent(wired, 2)[-1]["move"] != act["move"]
    # A refusal of that act (nothing was queued): the moves come back with the reason.
    _deliver(wired, 2, {"t": "refused", "code": "rate", "msg": "Slow down."})
    assert _js(wired, "return document.querySelectorAll('button.move').length;") > 0
    assert _js(wired, "return document.getElementById('banner').textContent;") == "Slow down."
    _js(wired, "document.getElementById('lang').click();")
    assert _sent(wired, 2)[-1] == {"t": "lang", "token": "tok_0123456789abcdef", "lang": "ja"}

    # Released by the host: the token is forgotten and the lobby asked for again.
    _deliver(wired, 2, {"t": "released", "msg": "The host freed your seat."})
    assert _js(wired, "return localStorage.getItem('tabletop.TEST');") is None
    assert _sent(wired, 2)[-1] == {"t": "hello", "lang": "ja", "token": None}
    assert "The host freed your seat." in _js(wired, "return document.getElementById('banner').textContent;")

    # Closed: the message shows and the page stops reconnecting.
    _deliver(wired, 2, {"t": "closed", "msg": "The table closed."})
    _js(wired, "window.fakeSockets[2].close();")
    import time

    time.sleep(1.0)  # longer than the first reconnect delay
    assert _js(wired, "return window.fakeSockets.length;") == 3
    assert _js(wired, "return document.getElementById('banner').textContent;") == "The table closed."
    _no_page_errors(wired)


def test_the_join_page_fits_a_phone(browser, page_url):
    root = page_url.split("/r/")[0] + "/"
    browser.get(root)
    sizes = _js(browser, "return Array.from(document.querySelectorAll('input, button'),"
                         " e => e.getBoundingClientRect().height);")
    assert len(sizes) == 2 and all(h >= MIN_TAP for h in sizes)
    _no_sideways_scroll(browser)
    _no_page_errors(browser)  # its style and icon are found at the root, where the server serves join* files
    _js(browser, "document.getElementById('code').value = 'abcd-2345'; document.querySelector('form').submit();")
    _wait(browser, "return location.search !== '';")
    assert browser.current_url == root + "?code=abcd-2345"  # the server sends /?code= on to /r/<CODE>/


def test_the_review_shows_under_the_standings(browser, page_url):
    """The results screen's message: progress while the AI works, then the seat's review, card by card."""
    from tabletop.ui.results.review_words import summary

    running = tool.review_payload(browser.lang, progress=(3, 12))
    tool.show(browser, page_url, running)
    assert _js(browser, "return document.querySelector('.review .review-status').textContent;") == \
        running["review"]["status"]
    assert "3" in running["review"]["status"] and "12" in running["review"]["status"]
    assert _js(browser, "return document.querySelector('.review-fill').style.width;") == "25%"
    assert _js(browser, "return document.querySelectorAll('.review-move').length;") == 0

    done = tool.review_payload(browser.lang)
    review = done["review"]
    assert review["status"] is None and review["moves"]
    tool.show(browser, page_url, done)
    titles = _js(browser, "return Array.from(document.querySelectorAll('.box-title'), h => h.textContent);")
    assert titles[:2] == [done["labels"]["over"], done["labels"]["review"]]  # under the standings
    assert _js(browser, "return document.querySelector('.review-summary').textContent;") == review["summary"]
    assert review["summary"] == _summary_in(browser.lang, summary)
    cards = _js(browser, "return Array.from(document.querySelectorAll('.review-move'), c => c.textContent);")
    assert len(cards) == len(review["moves"])
    for text, move in zip(cards, review["moves"]):
        for key in ("moment", "cost", "played", "played_chance", "suggested", "suggested_chance", "why"):
            assert move[key] in text, (key, move[key], text)
    _no_sideways_scroll(browser)
    _no_page_errors(browser)


def _summary_in(lang: str, summary) -> str:
    from tabletop import i18n

    _, review = tool._finished_review(tool.REVIEW_ITERATIONS)
    with i18n.speaking(lang):
        return summary(review)
