"""The desktop's join screen of a phone table, headless: docs/screenshots/phone_join_{en,ja}.png.

A BLUFFIT table with three phone seats and an AI; a scripted phone on loopback has claimed the first seat, so the
picture shows a joined seat, two waiting ones and the host's choices. The address is the machine's own.

    python tools/make_phone_join_screenshots.py [--out docs/screenshots] [--scale 1.0]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools.make_screenshots import private_user_data  # noqa: E402

NAMES = {"en": ["Aki", "Ben", "Chie", "Dan"], "ja": ["あき", "ベン", "ちえ", "だん"]}


def shoot(out: Path, language: str, scale: float) -> Path:
    from tabletop import i18n
    from tabletop.engine.records import Seat
    from tabletop.remote.client import SyncPhone
    from tabletop.session import Session
    from tabletop.ui.app import App
    from tabletop.ui.scenes.table import TableScene

    app = App(size=(1280, 720), fast=True)
    app.settings.language, app.settings.ui_scale = language, scale
    i18n.set_language(language)
    app.painter.text_scale = scale
    app.phone_bind_host, app.phone_port = "127.0.0.1", 0
    names = NAMES[language]
    seats = [Seat(names[0], "phone"), Seat(names[1], "phone"), Seat(names[2], "phone"), Seat(names[3], "easy")]
    table = TableScene(app, Session.new("bluffit", 4, seats, {}, seed=3))
    app.stack.push(table)
    app.step(1 / 60)
    server = table.phones.server
    suffix = "" if scale == 1.0 else f"_{round(scale * 100)}"
    path = out / f"phone_join_{language}{suffix}.png"
    with SyncPhone(f"http://127.0.0.1:{server.port}/r/{server.room_code}/") as phone:
        phone.hello()
        phone.claim(0)
        deadline = time.monotonic() + 10
        while 0 not in table.phones.connected() and time.monotonic() < deadline:
            app.step(1 / 60)
            time.sleep(0.005)
        app.step(1 / 60)
        app.screenshot(path)
    app.stack.pop()  # the join screen; the table's exit stops the server
    app.stack.pop()
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="docs/screenshots")
    parser.add_argument("--scale", type=float, default=1.0)
    args = parser.parse_args(argv)
    with private_user_data():
        for language in ("en", "ja"):
            print(shoot(Path(args.out), language, args.scale))
    return 0


if __name__ == "__main__":
    sys.exit(main())
