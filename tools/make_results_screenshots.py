"""Make docs/screenshots/results_<game>_{en,ja}.png: each game's results screen after a seeded game, and
results_<game>_{en,ja}_150.png at text size 150 %.

    .venv/bin/python tools/make_results_screenshots.py [--out docs/screenshots] [--only bluffit,kakapo]
        [--scales 1,1.5]

Each game is played through the engine by seeded easy agents (BLOODY SUMMER with 3 players, where
someone is usually killed), then the real ResultsScene is drawn headless (dummy SDL drivers, a
throw-away user data folder) at 1280x720 in English and Japanese, at each text size asked for.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["TABLETOP_DATA_DIR"] = tempfile.mkdtemp(prefix="tabletop-shots-")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # `python tools/make_results_screenshots.py` from a source checkout
    sys.path.insert(0, str(ROOT))

from tabletop.ai.levels import make_agent  # noqa: E402
from tabletop.engine import registry  # noqa: E402
from tabletop.engine.records import Seat  # noqa: E402
from tabletop.session import Session  # noqa: E402
from tabletop.ui.app import App  # noqa: E402
from tabletop.ui.scenes.results import ResultsScene  # noqa: E402

NAMES = ["Aki", "Ben", "Chie", "Dan", "Emi", "Fumi"]
GAMES = {"bloody_summer": (3, 2), "bluffit": (5, 1), "ghost_bumpers": (4, 1), "sumidagawa": (4, 1),
         "kakapo": (3, 2), "haunted_house": (2, 1)}  # game: (players, seed)


def played(game_id: str, players: int, seed: int) -> Session:
    game = registry.get_game(game_id)
    session = Session.new(game_id, players, [Seat(NAMES[i], "human" if i == 0 else "easy") for i in range(players)],
                          {}, seed=seed)
    agent, rng = make_agent(game, "easy"), random.Random(seed)
    while not session.state.is_over():
        seat = session.state.to_act()[0]
        session.apply(seat, agent.choose(session.state.view(seat), session.state.legal_actions(seat), rng))
    return session


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--only", default="", help="comma-separated game ids")
    parser.add_argument("--scales", default="1,1.5", help="comma-separated text sizes (1.5: 150 %%)")
    args = parser.parse_args(argv)
    wanted = [g for g in GAMES if not args.only or g in args.only.split(",")]
    app = App(size=(1280, 720), fast=True)
    for game_id in wanted:
        session = played(game_id, *GAMES[game_id])
        for language in ("en", "ja"):
            for scale in (float(s) for s in args.scales.split(",")):
                app.settings.language, app.settings.ui_scale = language, scale
                app.save_settings()
                app.stack.push(ResultsScene(app, session))
                app.step(1 / 60)
                suffix = "" if scale == 1 else f"_{round(scale * 100)}"
                path = args.out / f"results_{game_id}_{language}{suffix}.png"
                app.screenshot(path)
                app.stack.pop()
                print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
