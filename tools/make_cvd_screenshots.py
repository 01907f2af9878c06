"""Make docs/screenshots/cvd/<game>_<vision>.png: each table as seen with protanopia, deuteranopia, tritanopia.

    .venv/bin/python tools/make_cvd_screenshots.py [--out docs/screenshots/cvd] [--only kakapo,sumidagawa]
        [--lang en] [--plain]

Each game is played by seeded easy agents to a moment where the things told apart by colour are on
the table (the haunted house's advanced game with a door lock on, Sumidagawa's cards and Rin in red and
black, KAKAPO's birds with edges of four colours and the pieces, every seat's disc), then the real
TableScene is drawn headless (dummy SDL drivers, a throw-away user data folder) at 1280x720. The
picture's pixels go through colorspacious's "sRGB1+CVD" simulation (Machado et al. 2009) at severity
100 for each kind of colour blindness. `--plain` also writes the unsimulated picture (`<game>_normal`).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["TABLETOP_DATA_DIR"] = tempfile.mkdtemp(prefix="tabletop-cvd-")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # `python tools/make_cvd_screenshots.py` from a source checkout
    sys.path.insert(0, str(ROOT))

import numpy  # noqa: E402
import pygame  # noqa: E402
from colorspacious import cspace_convert  # noqa: E402

from tabletop.ai.levels import make_agent  # noqa: E402
from tabletop.engine import registry  # noqa: E402
from tabletop.engine.records import Seat  # noqa: E402
from tabletop.session import Session  # noqa: E402
from tabletop.ui.app import App  # noqa: E402
from tabletop.ui.scenes.table import TableScene  # noqa: E402

NAMES = ["Aki", "Ben", "Chie", "Dan", "Emi", "Fumi"]
VISIONS = {"protanopia": "protanomaly", "deuteranopia": "deuteranomaly", "tritanopia": "tritanomaly"}
Ready = Callable[[Session], bool]


def _lock_on(session: Session) -> bool:
    return bool(session.state.view(None).lock)


def _moves(n: int) -> Ready:
    return lambda session: len(session.record.actions) >= n


# game: (players, options, seed, the moment to take the picture)
GAMES: dict[str, tuple[int, dict, int, Ready]] = {
    "bluffit": (6, {}, 1, _moves(8)),
    "ghost_bumpers": (6, {}, 1, _moves(14)),
    "bloody_summer": (4, {}, 1, _moves(10)),
    "sumidagawa": (4, {"games": 1}, 2, _moves(14)),
    "kakapo": (4, {"mission": "party_18"}, 3, _moves(5)),
    "haunted_house": (4, {"advanced": True}, 1, _lock_on),
}


def played_to(game_id: str, players: int, options: dict, seed: int, ready: Ready) -> Session:
    """A seeded game of easy agents, stopped at the first moment `ready` is true (seat 0 is the human)."""
    game = registry.get_game(game_id)
    seats = [Seat(NAMES[i], "human" if i == 0 else "easy") for i in range(players)]
    session = Session.new(game_id, players, seats, options, seed=seed)
    agent, rng = make_agent(game, "easy"), random.Random(seed)
    while not ready(session):
        if session.state.is_over():
            raise RuntimeError(f"{game_id}: the game ended before the moment to take its picture")
        seat = session.state.to_act()[0]
        session.apply(seat, agent.choose(session.state.view(seat), session.state.legal_actions(seat), rng))
    return session


def simulate(rgb: numpy.ndarray, vision: str) -> numpy.ndarray:
    """The picture (H x W x 3, uint8) as a person with this colour blindness (severity 100) sees it."""
    cvd = {"name": "sRGB1+CVD", "cvd_type": VISIONS[vision], "severity": 100}
    seen = cspace_convert(rgb.astype(float) / 255.0, cvd, "sRGB1")
    return (numpy.clip(seen, 0.0, 1.0) * 255.0 + 0.5).astype(numpy.uint8)


def table_picture(app: App, session: Session) -> numpy.ndarray:
    table = TableScene(app, session)
    app.stack.push(table)
    table.board.update(5.0)  # every tween has landed
    app.step(1 / 60)
    picture = pygame.surfarray.array3d(app.screen).swapaxes(0, 1).copy()  # surfarray is x-major
    app.stack.pop()
    return picture


def save(rgb: numpy.ndarray, path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(pygame.surfarray.make_surface(rgb.swapaxes(0, 1)), str(path))
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots" / "cvd")
    parser.add_argument("--only", default="", help="comma-separated game ids")
    parser.add_argument("--lang", default="en", help="the language of the table")
    parser.add_argument("--plain", action="store_true", help="also write the unsimulated picture")
    args = parser.parse_args(argv)
    wanted = [g for g in GAMES if not args.only or g in args.only.split(",")]
    app = App(size=(1280, 720), fast=True)
    app.settings.language = args.lang
    app.save_settings()
    for game_id in wanted:
        picture = table_picture(app, played_to(game_id, *GAMES[game_id]))
        paths = [save(picture, args.out / f"{game_id}_normal.png")] if args.plain else []
        paths += [save(simulate(picture, vision), args.out / f"{game_id}_{vision}.png") for vision in VISIONS]
        for path in paths:
            print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)
    pygame.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
