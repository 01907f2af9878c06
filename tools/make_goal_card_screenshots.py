"""Make the "goal and your turn" card screenshots in docs/screenshots by driving the real app headless.

    .venv/bin/python tools/make_goal_card_screenshots.py [--out docs/screenshots] [--lang en,ja]

Shots (each `_en` and `_ja`): `goal_card_<game>` for BLUFFIT (you and two easy AIs) and Haunted House
(you and one easy AI): the card as it opens over a player's first table of that game, once the table's
opening deal has settled under it.

Same driver as tools/make_screenshots.py (`run_shots`): the real `App` at 1280x720 with dummy SDL drivers,
a throw-away user data folder (so every card is still due) and no pointer on the card.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import pygame  # noqa: E402
from make_screenshots import Driver, shots_main  # noqa: E402
from make_setup_replay_screenshots import _seats  # noqa: E402

from tabletop.session import Session  # noqa: E402
from tabletop.ui.scenes.goal_card import GoalCardScene  # noqa: E402
from tabletop.ui.scenes.table import TableScene  # noqa: E402
from tabletop.ui.scenes.title import TitleScene  # noqa: E402

GAMES = {"bluffit": 3, "haunted_house": 2}  # game -> players at the table under the card
SEED = 3


def shoot(driver: Driver, out: Path, language: str) -> list[Path]:
    app = driver.app
    driver.language(language)
    driver.mouse = pygame.Vector2(-1, -1)  # no pointer: the card is read, not clicked
    paths: list[Path] = []
    app.goal_cards = True  # a tool's app (fast) leaves the card off unless asked, like the tests
    try:
        for game_id, players in GAMES.items():
            app.stack.reset(TitleScene(app))
            app.stack.push(TableScene(app, Session.new(game_id, players, _seats(players, language), {}, SEED)))
            driver.frames(90)  # the deal under the card settles, the card is fully in
            if not isinstance(app.stack.top, GoalCardScene):
                raise RuntimeError(f"{game_id}: no goal card over a first table")
            paths.append(driver.shot(out / f"goal_card_{game_id}_{language}.png"))
    finally:
        app.goal_cards = False
        app.stack.reset(TitleScene(app))
    return paths


def main(argv: list[str] | None = None) -> int:
    return shots_main(shoot, __doc__.splitlines()[0], argv, pointer=False)


if __name__ == "__main__":
    sys.exit(main())
