"""Phone page screenshots: docs/screenshots/phone_<game>_{en,ja}.png, 390×844, in Debian's Chromium, and
phone_review_{en,ja}.png: a finished game's message with the seat's review, as the results screen sends it.

Each game is played with seeded random legal moves until seat 0 has a choice on its phone mid-game; that
seat's state message (tabletop.remote.messages) is rendered by the real page (tabletop/remote/page), served
from a local static server under /r/TEST/ with the server's Content-Security-Policy, its card pictures from
tabletop.ui.phone_cards. tests/remote/test_page_browser.py drives the page with the same pieces.

    python tools/make_phone_screenshots.py [--out docs/screenshots] [--only bluffit] [--only review]
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from tabletop import i18n  # noqa: E402
from tabletop.ai.review import Review, review_record  # noqa: E402
from tabletop.engine.records import Seat  # noqa: E402
from tabletop.remote.messages import review_field, seat_payload  # noqa: E402
from tabletop.session import Session  # noqa: E402

PAGE = ROOT / "tabletop" / "remote" / "page"
ROOM = "TEST"
SIZE = (390, 844)
NAMES = ["Aki", "Ben", "Chie", "Dan"]
CSP = "default-src 'self'; img-src 'self'; connect-src 'self'"
TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
         ".css": "text/css; charset=utf-8", ".svg": "image/svg+xml"}
# (players, seed, moves played at least before seat 0's choice is shown)
SCENES = {"bluffit": (4, 5, 14), "ghost_bumpers": (4, 3, 16), "bloody_summer": (4, 2, 9),
          "sumidagawa": (4, 3, 10), "kakapo": (3, 4, 6)}
REVIEWED = "bloody_summer"  # the game whose finished review is shown (SCENES' players and seed)
REVIEW_ITERATIONS = 300  # enough search for the marked moves to be the real ones, quick enough for a tool


def scene_session(game_id: str, *, seat: int = 0, until: Callable[[Session], bool] | None = None) -> Session:
    """A seeded game played with random legal moves until `seat` may act on its phone (after SCENES' count)."""
    players, seed, least = SCENES[game_id]
    session = Session.new(game_id, players, [Seat(NAMES[i]) for i in range(players)], seed=seed)
    rng = random.Random(seed)
    played = 0
    while not session.state.is_over():
        acting = session.state.to_act()
        if seat in acting and played >= least:
            payload = seat_payload(session, seat, "en", played)
            if payload["moves"] and (until is None or until(session)):
                return session
        mover = rng.choice(acting)
        session.apply(mover, rng.choice(session.state.legal_actions(mover)))
        played += 1
    raise RuntimeError(f"{game_id}: seat {seat} never had a phone move")


def scene_payload(game_id: str, lang: str, seat: int = 0) -> dict[str, Any]:
    session = scene_session(game_id, seat=seat)
    return seat_payload(session, seat, lang, len(session.record.actions))


def finished_session(game_id: str) -> Session:
    """The seeded game of SCENES played with random legal moves to its end."""
    players, seed, _ = SCENES[game_id]
    session = Session.new(game_id, players, [Seat(NAMES[i]) for i in range(players)], seed=seed)
    rng = random.Random(seed)
    while not session.state.is_over():
        mover = rng.choice(session.state.to_act())
        session.apply(mover, rng.choice(session.state.legal_actions(mover)))
    return session


@cache
def _finished_review(iterations: int) -> tuple[Session, Review]:
    session = finished_session(REVIEWED)
    return session, review_record(session.record, 0, iterations)


def review_payload(lang: str, iterations: int = REVIEW_ITERATIONS, progress: tuple[int, int] | None = None
                   ) -> dict[str, Any]:
    """Seat 0's message on the results screen: its finished review, or (`progress`) the review under way."""
    session, review = _finished_review(iterations)
    payload = seat_payload(session, 0, lang, len(session.record.actions))
    with i18n.speaking(lang):
        done = progress or (len(review.choices), len(review.choices))
        payload["review"] = review_field(session.game, None if progress else review, done, session.names())
    return payload


_PICTURES: dict[str, bytes] = {}  # published card pictures, as the desktop gives them to the server


def publish_pictures(message: dict[str, Any]) -> None:
    """Draw a state message's card pictures on this (the calling) thread, as the desktop does on the pygame
    thread: the art switches the language while it draws, which must not happen on the server's thread."""
    from tabletop.ui.phone_cards import image_names, render

    for name in image_names(message):
        if name not in _PICTURES:
            _PICTURES[name] = render(message["game"], name)


class _Handler(BaseHTTPRequestHandler):
    """The page's files under /r/TEST/, card pictures under /r/TEST/img/, the join page at /; nothing else."""

    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        prefix = f"/r/{ROOM}/"
        path = self.path.split("?", 1)[0]
        body, kind = b"", "text/plain; charset=utf-8"
        name = path[len(prefix):] if path.startswith(prefix) else None
        if path == "/" or path.startswith("/join"):  # the join page, served at the root as the server does
            name = "join.html" if path == "/" else path[1:]
        try:
            if name == "":
                body, kind = (PAGE / "index.html").read_bytes(), TYPES[".html"]
            elif name and name.startswith("img/") and name.endswith(".png"):
                body, kind = _PICTURES.get(name[4:-4], b""), "image/png"
            elif name and "/" not in name and (PAGE / name).suffix in TYPES and (PAGE / name).is_file():
                body, kind = (PAGE / name).read_bytes(), TYPES[(PAGE / name).suffix]
        except OSError:
            body = b""
        self.send_response(200 if body else 404)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Security-Policy", CSP)
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Cache-Control", "no-store")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: Any) -> None:
        pass


@contextmanager
def page_server() -> Iterator[str]:
    """A local static server for the page; yields the page's URL."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/r/{ROOM}/"
    finally:
        server.shutdown()
        server.server_close()


def chromium_paths() -> tuple[str, str] | None:
    """Debian's chromium and chromedriver, or None where they are not installed."""
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    return (browser, driver) if browser and driver else None


@contextmanager
def chromium(lang: str = "en", size: tuple[int, int] = SIZE) -> Iterator[Any]:
    """A headless Chromium showing a phone's viewport of `size` CSS px at 1×, in `lang`."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    paths = chromium_paths()
    if paths is None:
        raise RuntimeError("chromium and chromedriver are not installed (apt-get install chromium chromium-driver)")
    options = webdriver.ChromeOptions()
    options.binary_location = paths[0]
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                "--hide-scrollbars", f"--lang={lang}", "--force-device-scale-factor=1"):
        options.add_argument(arg)
    options.add_experimental_option("mobileEmulation", {
        "deviceMetrics": {"width": size[0], "height": size[1], "pixelRatio": 1.0, "touch": True}})
    options.add_experimental_option("prefs", {"intl.accept_languages": lang})  # navigator.language
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(paths[1]), options=options)
    try:
        yield driver
    finally:
        driver.quit()


def show(driver: Any, url: str, message: dict[str, Any]) -> None:
    """Load the page and render one server message; wait until its card pictures have loaded."""
    from selenium.webdriver.support.ui import WebDriverWait

    publish_pictures(message)
    driver.get(url)
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return typeof window.tabletopRender === 'function'"))
    driver.execute_script("window.tabletopRender(arguments[0]);", message)
    WebDriverWait(driver, 10).until(lambda d: d.execute_script(
        "return Array.from(document.images).every(i => i.complete && i.naturalWidth > 0);"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    parser.add_argument("--only", choices=[*sorted(SCENES), "review"], action="append")
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    games = args.only or [*sorted(SCENES), "review"]
    with page_server() as url:
        for lang in ("en", "ja"):
            with chromium(lang) as driver:
                for game_id in games:
                    show(driver, url, review_payload(lang) if game_id == "review" else scene_payload(game_id, lang))
                    target = out / f"phone_{game_id}_{lang}.png"
                    driver.save_screenshot(str(target))
                    print(target)
    return 0


if __name__ == "__main__":
    sys.exit(main())
