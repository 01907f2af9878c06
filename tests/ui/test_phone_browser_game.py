"""Phones in a real browser play whole games: Debian's Chromium, headless, at 390x844, against AI seats.

The app runs its real loop on this thread with the real server on loopback; each phone is a Chromium page
driven by Selenium from its own thread, tapping the seat, the moves and the confirm sheet as a player would.
The desktop must show no curtain and never a private view, and every phone must see the game's end.
"""

from __future__ import annotations

import random
import threading
import time

import pytest

from tabletop.engine.records import Seat
from tabletop.session import Session
from tabletop.ui.scenes.phone_join import PhoneJoinScene
from tabletop.ui.scenes.table import TableScene
from tests.remote.test_page_browser import _needs_chromium
from tools import make_phone_screenshots as tool

NAMES = ["Aki", "Ben", "Chie", "Dan"]
GAME_SECONDS = 300


class BrowserPhone(threading.Thread):
    """One phone: claims its seat by name, then plays random moves until the page shows the ending."""

    def __init__(self, url: str, name: str, seed: int, lang: str) -> None:
        super().__init__(daemon=True)
        self.url, self.name, self.rng, self.lang = url, name, random.Random(seed), lang
        self.taps = 0
        self.saw_end = False
        self.error: BaseException | None = None
        self.stop = threading.Event()

    def run(self) -> None:
        from selenium.common.exceptions import StaleElementReferenceException
        from selenium.webdriver.common.by import By

        try:
            with tool.chromium(self.lang) as driver:
                driver.get(self.url)
                end = time.monotonic() + GAME_SECONDS
                while not self.stop.is_set() and time.monotonic() < end:
                    try:
                        if driver.find_elements(By.CSS_SELECTOR, "section.over"):
                            self.saw_end = True
                            return
                        self._tap(driver, By)
                    except StaleElementReferenceException:
                        pass  # the page re-rendered under the tap: look again
                    time.sleep(0.03)
        except BaseException as exc:  # reported by the test on the main thread
            self.error = exc

    @staticmethod
    def _press(driver, element) -> None:
        """As a thumb does: the button scrolled to the middle of the screen (not under the sticky header)."""
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
        element.click()

    def _tap(self, driver, by) -> None:
        sheet = driver.find_element(by.ID, "sheet")
        if sheet.is_displayed():
            self._press(driver, driver.find_element(by.ID, "sheet-ok"))
            self.taps += 1
            return
        for seat in driver.find_elements(by.CSS_SELECTOR, "button.seat-button"):
            if self.name in seat.text and seat.is_enabled():
                self._press(driver, seat)
                return
        choices = (driver.find_elements(by.CSS_SELECTOR, "button.move")
                   or driver.find_elements(by.CSS_SELECTOR, "button.group-button"))
        if choices:
            self._press(driver, self.rng.choice(choices))
            self.taps += 1


@pytest.mark.parametrize("game_id,kinds,lang", [("bluffit", ["phone", "phone", "easy", "easy"], "en"),
                                                ("ghost_bumpers", ["phone", "easy", "phone", "easy"], "ja")])
def test_browser_phones_play_a_whole_game(app, curtains, game_id, kinds, lang):
    _needs_chromium()
    app.phone_bind_host, app.phone_port = "127.0.0.1", 0
    seats = [Seat(name, kind) for name, kind in zip(NAMES, kinds)]
    table = TableScene(app, Session.new(game_id, len(kinds), seats, {}, seed=21))
    app.stack.push(table)
    app.step(1 / 60)
    assert isinstance(app.stack.top, PhoneJoinScene)
    server = table.phones.server
    url = f"http://127.0.0.1:{server.port}/r/{server.room_code}/"
    phones = [BrowserPhone(url, NAMES[i], i, lang) for i, kind in enumerate(kinds) if kind == "phone"]
    for phone in phones:
        phone.start()
    try:
        end = time.monotonic() + GAME_SECONDS
        while not all(p.saw_end or not p.is_alive() for p in phones):
            assert time.monotonic() < end, f"{game_id}: the game did not end in time"
            app.step(1 / 60)
            if isinstance(app.stack.top, PhoneJoinScene) and table.phones.all_bound():
                app.stack.top.start()  # the host starts once every phone has its seat
            assert table.viewer() is None, "the desktop of a phone table showed a private view"
            time.sleep(0.004)
        for phone in phones:
            assert phone.error is None, f"{phone.name}'s phone: {phone.error!r}"
            assert phone.saw_end, f"{phone.name}'s phone never showed the ending"
            assert phone.taps > 3
        assert table.session.state.is_over()
        assert curtains == [], "a table whose humans all use phones showed a curtain"
    finally:
        for phone in phones:
            phone.stop.set()
            phone.join(10)
        table.phones.close()
