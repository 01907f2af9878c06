"""`tabletop selftest --out DIR`: drive the real UI through a full AI game of every available game.

Saves title.png, setup.png, <game>.png (mid-game) per game and results.png, and
returns 0 only if every step worked. Runs with any SDL video driver (dummy too),
uses a throw-away user data folder so it never touches the player's saves.
"""

from __future__ import annotations

import os
import sys
import tempfile
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tabletop.ui.app import App

MID_GAME_ACTIONS = 14
MAX_FRAMES = 60_000


def phone_table(app: App, out: Path) -> None:
    """A phone table on loopback: the join screen, a scripted phone claims its seat, and its first move is played
    (the bundled server, page files and messages all work). Saves phone_join.png."""
    import time

    from tabletop.engine.records import Seat
    from tabletop.remote.client import SyncPhone
    from tabletop.session import Session
    from tabletop.ui.scenes.phone_join import PhoneJoinScene
    from tabletop.ui.scenes.table import TableScene
    from tabletop.ui.scenes.title import TitleScene

    app.phone_bind_host, app.phone_port = "127.0.0.1", 0
    session = Session.new("bluffit", 3, [Seat("Aki", "phone"), Seat("Ben", "easy"), Seat("Chie", "easy")], {}, 7)
    table = TableScene(app, session)
    app.stack.push(table)
    app.step(1 / 60)
    if not isinstance(app.stack.top, PhoneJoinScene) or table.phones is None or table.phones.server is None:
        raise RuntimeError("the phone table did not open its join screen")
    phones, server = table.phones, table.phones.server
    deadline = time.monotonic() + 30

    def until(done: Callable[[], bool]) -> None:
        while not done():
            if time.monotonic() > deadline:
                raise RuntimeError("the phone table did not answer in time")
            app.step(1 / 60)
            time.sleep(0.002)

    with SyncPhone(f"http://127.0.0.1:{server.port}/r/{server.room_code}/") as phone:
        if phone.hello().get("t") != "lobby" or phone.claim(0).get("t") != "welcome":
            raise RuntimeError("the scripted phone could not claim its seat")
        until(lambda: 0 in phones.connected())
        app.screenshot(out / "phone_join.png")
        app.stack.top.start()
        seen: list[dict] = []

        def heard(wanted: Callable[[dict], bool]) -> bool:
            try:
                message = phone.next(timeout=0.005)
            except TimeoutError:
                return False
            if message is not None and wanted(message):
                seen.append(message)
            return bool(seen)

        until(lambda: heard(lambda m: m.get("t") == "state" and bool(m.get("moves"))))
        state = seen.pop()
        move = phone.act(state["moves"][0]["a"], state["v"])
        until(lambda: heard(lambda m: m.get("move") == move))
        answers = seen
        if not answers[0].get("ok") or all(seat != 0 for seat, _ in session.record.actions):
            raise RuntimeError(f"the phone's move was not played: {answers[0]}")
    app.stack.reset(TitleScene(app))
    if table.phones is not None:
        raise RuntimeError("the phone server kept listening after the table closed")


def run(out: Path, language: str = "en", size: tuple[int, int] = (1280, 720), games: list[str] | None = None,
        level: str = "easy") -> int:
    os.environ.setdefault("TABLETOP_DATA_DIR", tempfile.mkdtemp(prefix="tabletop-selftest-"))
    import pygame

    from tabletop.engine import registry
    from tabletop.engine.records import Seat
    from tabletop.session import Session
    from tabletop.ui.app import App
    from tabletop.ui.games import has_board
    from tabletop.ui.scenes.results import ResultsScene
    from tabletop.ui.scenes.setup import SetupScene
    from tabletop.ui.scenes.table import TableScene
    from tabletop.ui.scenes.title import TitleScene

    out.mkdir(parents=True, exist_ok=True)
    app = App(size=size, fast=True)
    app.settings.language = language
    app.save_settings()
    failures: list[str] = []
    try:
        app.stack.push(TitleScene(app))
        app.step(0.016)
        app.screenshot(out / "title.png")
        ids = games or [g.id for g in registry.available_games() if has_board(g.id)]
        app.stack.push(SetupScene(app, ids[0]))
        app.step(0.016)
        app.screenshot(out / "setup.png")
        app.stack.pop()
        for game_id in ids:
            try:
                game = registry.get_game(game_id)
                players = max(game.players.start, min(4, game.players.stop - 1))
                names = ["Aki", "Ben", "Chie", "Dan", "Emi", "Fumi"]
                seats = [Seat(names[i], level) for i in range(players)]
                session = Session.new(game_id, players, seats, {}, seed=7)
                app.stack.push(TableScene(app, session))
                shot = False
                last_table = None  # the latest table frame, for games that end before MID_GAME_ACTIONS
                for _ in range(MAX_FRAMES):
                    app.step(1 / 60)
                    top = app.stack.top
                    if not shot and isinstance(top, TableScene) and not session.state.is_over():
                        if len(session.record.actions) >= MID_GAME_ACTIONS:
                            app.step(1 / 60)
                            app.screenshot(out / f"{game_id}.png")
                            shot = True
                        elif session.record.actions:
                            last_table = app.screen.copy()
                    if isinstance(top, ResultsScene):
                        app.step(1 / 60)
                        if game_id == ids[0]:
                            app.screenshot(out / "results.png")
                        break
                else:
                    raise RuntimeError(f"{game_id}: the game did not finish in {MAX_FRAMES} frames")
                if not shot:
                    if last_table is not None:
                        app.screen.blit(last_table, (0, 0))
                    app.screenshot(out / f"{game_id}.png")
                app.stack.reset(TitleScene(app))
                print(f"selftest: {game_id} ok ({len(session.record.actions)} actions)", file=sys.stderr)
            except Exception:
                failures.append(game_id)
                traceback.print_exc()
                app.stack.reset(TitleScene(app))
        try:
            phone_table(app, out)
            print("selftest: phone table ok (one move from a scripted phone on loopback)", file=sys.stderr)
        except Exception:
            failures.append("phone table")
            traceback.print_exc()
    finally:
        while app.stack.scenes:
            app.stack.pop()
        pygame.quit()
    if failures:
        print(f"selftest: FAILED for {', '.join(failures)}", file=sys.stderr)
        return 1
    print(f"selftest: all good, screenshots in {out}", file=sys.stderr)
    return 0
