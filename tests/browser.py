"""Debian's Chromium, headless, driven by Selenium with the system chromedriver: a phone-sized browser for tests.

No browser is downloaded: the binary and the driver come from the `chromium` and `chromium-driver` packages,
which `make test` installs. Where they are missing a test is skipped with the reason, except under CI=true,
where it fails: a CI run must not pass by skipping the browser.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

PHONE_SIZE = (390, 844)


def _binaries() -> tuple[str, str]:
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver") or (
        "/usr/lib/chromium/chromedriver" if os.path.exists("/usr/lib/chromium/chromedriver") else None)
    if browser and driver:
        try:
            import selenium  # noqa: F401
        except ImportError:
            browser = None
    if not (browser and driver):
        reason = "Debian's chromium, chromium-driver and selenium are needed (make test installs them)"
        if os.environ.get("CI") == "true":
            pytest.fail(reason)
        pytest.skip(reason)
    return browser, driver


@contextmanager
def chromium_phone(lang: str = "en", size: tuple[int, int] = PHONE_SIZE) -> Iterator:
    """A headless Chromium window of a phone's size, in `lang`; closed on exit."""
    browser, driver_path = _binaries()
    os.environ.setdefault("SE_OFFLINE", "true")  # Selenium Manager never looks for a browser to download
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = browser
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--disable-extensions", "--no-first-run", f"--window-size={size[0]},{size[1]}",
                 f"--lang={lang}"):
        options.add_argument(flag)
    options.add_experimental_option("prefs", {"intl.accept_languages": lang})
    driver = webdriver.Chrome(options=options, service=Service(driver_path))
    try:
        driver.set_window_size(*size)
        yield driver
    finally:
        driver.quit()
