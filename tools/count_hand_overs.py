"""How many times a whole game hands the screen from one person to another: every seat human on one screen
(hot-seat, the curtain policy of the table) against every seat on a phone. Median over seeded random games.

Each curtain the table raises is a hand-over (the screen passes to another person, who taps to see). The moves
are random legal ones, made as the people would make them: at the screen by whoever the table shows, on the
phones through the table's own act.

    python tools/count_hand_overs.py [--games 5]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("TABLETOP_DATA_DIR", tempfile.mkdtemp(prefix="tabletop-hand-overs-"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

TABLES = [("bluffit", 4), ("bluffit", 6), ("ghost_bumpers", 4), ("ghost_bumpers", 6), ("bloody_summer", 4),
          ("sumidagawa", 4), ("kakapo", 4)]
MAX_STEPS = 50_000


def play(app, game_id: str, players: int, kind: str, seed: int) -> tuple[int, int]:
    """One game with every seat of `kind` ("human" or "phone"): (actions, hand-overs)."""
    from tabletop.engine.records import Seat
    from tabletop.session import Session
    from tabletop.ui.scenes.curtain import CurtainScene
    from tabletop.ui.scenes.phone_join import PhoneJoinScene
    from tabletop.ui.scenes.table import TableScene

    app.phone_bind_host, app.phone_port = "127.0.0.1", 0
    seats = [Seat(f"P{i + 1}", kind) for i in range(players)]
    table = TableScene(app, Session.new(game_id, players, seats, {}, seed))
    app.stack.push(table)
    rng = random.Random(seed)
    hand_overs = 0
    state = table.session.state
    for _ in range(MAX_STEPS):
        if state.is_over():
            break
        app.step(1 / 60)
        top = app.stack.top
        if isinstance(top, PhoneJoinScene):  # no real phones here: every seat counts as taken
            app.stack.pop()
            table._phones_ready()
        elif isinstance(top, CurtainScene):
            hand_overs += 1
            app.stack.pop()
            top.on_ready()
        elif table.hold is not None:
            table.release_hold()
        elif kind == "phone":
            seat = next(iter(state.to_act()))
            table.act(seat, rng.choice(state.legal_actions(seat)))
        elif (seat := table.viewer()) is not None and seat in state.to_act():
            table.act(seat, rng.choice(state.legal_actions(seat)))
    actions = len(table.session.record.actions)
    while app.stack.scenes:
        app.stack.pop()
    return actions, hand_overs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5)
    args = parser.parse_args(argv)
    from tabletop.ui.app import App

    app = App(size=(1280, 720), fast=True)
    print("| game, players | actions | hand-overs, one screen | hand-overs, phones |")
    print("|---|---|---|---|")
    for game_id, players in TABLES:
        screen = [play(app, game_id, players, "human", seed) for seed in range(args.games)]
        phones = [play(app, game_id, players, "phone", seed) for seed in range(args.games)]
        actions = statistics.median(a for a, _ in screen)
        print(f"| {game_id} {players} | {actions:.0f} | {statistics.median(h for _, h in screen):.0f} | "
              f"{statistics.median(h for _, h in phones):.0f} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
