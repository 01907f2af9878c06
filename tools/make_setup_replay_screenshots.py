"""Make the README and issue-16 screenshots in docs/screenshots by driving the real app headless.

    .venv/bin/python tools/make_setup_replay_screenshots.py [--out docs/screenshots] [--lang en,ja]

Shots (each `_en` and `_ja`):
- `title`: the title screen.
- `table`: a BLUFFIT table (you and three easy AIs) at your bid, a few rounds in.
- `setup_option_<game>`: every game's setup with the pointer on one option and its one-line explanation.
- `replay`: a finished BLUFFIT game in the replay, autoplay running at 2×, your seat's view.

Same driver as tools/make_screenshots.py: the real `App` at 1280x720 with dummy SDL drivers,
a throw-away user data folder and a painted pointer.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import pygame  # noqa: E402
from make_screenshots import Driver, shots_main  # noqa: E402

from tabletop import i18n  # noqa: E402
from tabletop.ai.levels import make_agent  # noqa: E402
from tabletop.engine import registry  # noqa: E402
from tabletop.engine.records import Seat  # noqa: E402
from tabletop.session import Session  # noqa: E402
from tabletop.ui.scenes.replay import ReplayScene  # noqa: E402
from tabletop.ui.scenes.setup import OPTION_STEP, OPTION_TOP, OPTION_X, SetupScene  # noqa: E402
from tabletop.ui.scenes.table import TableScene  # noqa: E402
from tabletop.ui.scenes.title import TitleScene  # noqa: E402
from tabletop.userdata import delete_save, list_saves  # noqa: E402

EXPLAINED = {"bluffit": "toxic_10", "ghost_bumpers": "mode", "bloody_summer": "empty_site", "sumidagawa": "games",
             "kakapo": "mission", "haunted_house": "characters"}  # the option pointed at in each game's shot


def _seats(players: int, language: str) -> list[Seat]:
    names = i18n.t("app.ai_names", language).split(",")
    return [Seat(i18n.t("app.you", language), "human")] + [Seat(names[i], "easy") for i in range(1, players)]


def _bluffit(language: str, seed: int = 11, until: int | None = None) -> Session:
    """BLUFFIT for four, every seat played by the easy AI up to `until` actions (or the end)."""
    game = registry.get_game("bluffit")
    session = Session.new("bluffit", 4, _seats(4, language), {}, seed)
    agent, rng = make_agent(game, "easy"), random.Random(seed)
    while not session.state.is_over() and (until is None or len(session.record.actions) < until):
        seat = session.state.to_act()[0]
        session.apply(seat, agent.choose(session.state.view(seat), session.state.legal_actions(seat), rng))
    return session


def shoot(driver: Driver, out: Path, language: str) -> list[Path]:
    app = driver.app
    driver.language(language)
    paths: list[Path] = []
    driver.mouse = pygame.Vector2(-1, -1)
    for saved in list_saves()[0]:  # the title as a first start shows it: no game to continue
        delete_save(saved.slot)
    app.stack.reset(TitleScene(app))
    driver.frames(2)
    paths.append(driver.shot(out / f"title_{language}.png"))
    session = _bluffit(language, until=30)
    while 0 not in session.state.to_act():  # up to your own decision
        seat = session.state.to_act()[0]
        session.apply(seat, session.state.legal_actions(seat)[0])
    app.stack.push(TableScene(app, session))
    driver.frames(30)
    paths.append(driver.shot(out / f"table_{language}.png"))
    app.stack.reset(TitleScene(app))
    for game_id, key in EXPLAINED.items():
        setup = SetupScene(app, game_id)
        app.stack.push(setup)
        driver.frames()
        row = [o.key for o in setup.game.options].index(key)
        driver.glide(OPTION_X + 60, OPTION_TOP + row * OPTION_STEP + 22, start=(700, 600))
        paths.append(driver.shot(out / f"setup_option_{game_id}_{language}.png"))
        app.stack.pop()
    replay = ReplayScene(app, _bluffit(language).record)
    app.stack.push(replay)
    replay.set_viewer(0)
    replay.go(replay.total // 2)
    replay.set_speed(2)
    replay.play()
    driver.frames(40)
    two = next(w for w in replay.widgets if w.label == i18n.t("app.replay_speed", n=2))
    driver.glide(two.rect.right - 8, two.rect.bottom - 4, start=(800, 500))  # just clicked 2×
    paths.append(driver.shot(out / f"replay_{language}.png"))
    app.stack.reset(TitleScene(app))
    return paths


def main(argv: list[str] | None = None) -> int:
    return shots_main(shoot, __doc__.splitlines()[0], argv)


if __name__ == "__main__":
    sys.exit(main())
