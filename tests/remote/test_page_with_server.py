"""The phone page against the real PhoneServer in Chromium: the lobby, a claim, the seat's state with its card
pictures, a confirmed move reaching the desktop's inbox, the desktop's answer, the server's security headers
(the page runs under its Content-Security-Policy, WebSocket included) and the join page's way in by room code.
Skipped where Chromium is missing (fails under CI=true), like tests/remote/test_page_browser.py."""

from __future__ import annotations

import queue
import time

import pytest

from tabletop.remote.messages import lobby_labels, seat_payload
from tests.remote.test_page_browser import _needs_chromium, _no_page_errors, _no_sideways_scroll
from tools import make_phone_screenshots as tool

server_module = pytest.importorskip("tabletop.remote.server")


def _next(inbox: queue.Queue, kind: type, seconds: float = 5.0):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            item = inbox.get(timeout=0.1)
        except queue.Empty:
            continue
        if isinstance(item, kind):
            return item
    pytest.fail(f"no {kind.__name__} reached the desktop")


def test_a_phone_plays_a_seat_through_the_real_server():
    _needs_chromium()
    from selenium.webdriver.support.ui import WebDriverWait

    from tabletop.remote.protocol import ActionRequest, Claimed
    from tabletop.ui.phone_cards import all_names, render

    session = tool.scene_session("ghost_bumpers", seat=1)
    server = server_module.PhoneServer(seats={1: "Ben"}, lan_ip="127.0.0.1", bind_host="127.0.0.1")
    server.start()
    try:
        server.set_lobby({1: "Ben"}, lobby_labels())
        for name in all_names("ghost_bumpers"):  # as the desktop does when the phone table opens
            server.publish_image(name, render("ghost_bumpers", name))
        payload = seat_payload(session, 1, "en", len(session.record.actions))
        server.publish(1, payload)
        with tool.chromium("en") as driver:
            wait = WebDriverWait(driver, 5, poll_frequency=0.05)
            driver.get(server.url)
            wait.until(lambda d: d.execute_script("return document.querySelectorAll('.seat-button').length === 1;"))
            driver.execute_script("document.querySelector('.seat-button').click();")
            assert _next(server.inbox, Claimed).seat == 1
            wait.until(lambda d: d.execute_script("return document.querySelectorAll('button.move').length > 0;"))
            wait.until(lambda d: d.execute_script(
                "return Array.from(document.images).every(i => i.complete && i.naturalWidth > 0);"))
            assert driver.execute_script("return document.querySelectorAll('.card img').length;") == \
                len(payload["hand"])
            first = payload["moves"][0]
            driver.execute_script("document.querySelector('button.move').click();"
                                  " document.getElementById('sheet-ok').click();")
            request = _next(server.inbox, ActionRequest)
            assert (request.seat, request.version, request.action_text) == (1, payload["v"], first["a"])
            server.reply(1, {"t": "result", "move": request.move, "ok": False, "msg": "Not now"})
            wait.until(lambda d: "Not now" in d.execute_script("return document.getElementById('banner').textContent;"))
            assert driver.execute_script("return document.querySelectorAll('button.move').length;") > 0
            _no_sideways_scroll(driver)
            _no_page_errors(driver)

            root = server.url.split("/r/")[0] + "/"
            driver.get(root)
            driver.execute_script("document.getElementById('code').value = arguments[0];"
                                  " document.querySelector('form').submit();", server.room_code.lower())
            wait.until(lambda d: d.current_url == server.url)
            wait.until(lambda d: d.execute_script("return document.querySelectorAll('button.move').length > 0;"))
            _no_page_errors(driver)
    finally:
        server.stop()
