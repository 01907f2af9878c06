"""Screenshots at text size 150 % (issue 38): the screens where larger text used to crowd or cut.

    .venv/bin/python tools/make_text150_screenshots.py [--out docs/screenshots] [--lang ja]

Shots (suffix `_en` / `_ja`): `text150_title`, `text150_continue` (a save of every game, six seats
with 12-character names where the game seats six), `text150_setup` (Haunted House, the most players),
`text150_replace_dialog` (the save-replace warning with its longest real text), `text150_menu`
(the table menu), `text150_haunted_house_table` (one player with four hunters),
`text150_haunted_house_results` (that game given up: issue 38's finding 2) and `text150_history` (a few
finished games, long names).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import random  # noqa: E402

from make_screenshots import Driver, shots_main  # noqa: E402

from tabletop.engine import registry  # noqa: E402
from tabletop.engine.records import Seat  # noqa: E402
from tabletop.games.haunted_house.actions import GIVE_UP  # noqa: E402
from tabletop.session import Session  # noqa: E402
from tabletop.ui.scenes.history import HistoryScene  # noqa: E402
from tabletop.ui.scenes.results import ResultsScene  # noqa: E402
from tabletop.ui.scenes.saves import SavesScene  # noqa: E402
from tabletop.ui.scenes.setup import SetupScene  # noqa: E402
from tabletop.ui.scenes.table import TableScene  # noqa: E402
from tabletop.ui.scenes.title import TitleScene  # noqa: E402
from tabletop.userdata import archive_record, save_game  # noqa: E402

NAMES = ["Maximilianus", "寿限無寿限無五劫の擦り切", "Bartholomewz", "東海道中膝栗毛弥次郎兵衛", "Wilhelminaxx",
         "長谷川左近衛門之介藤原朝"]


def _seats(players: int) -> list[Seat]:
    return [Seat(NAMES[i], "human" if i == 0 else "easy") for i in range(players)]


def _options(game_id: str) -> dict:
    return {"ghost_bumpers": {"mode": "target", "target": 15}, "sumidagawa": {"games": 1}}.get(game_id, {})


def _finished(game_id: str, seed: int) -> Session:
    """A seeded random game at the game's most players, played to its end (for History)."""
    players = max(registry.get_game(game_id).players)
    session = Session.new(game_id, players, _seats(players), _options(game_id), seed)
    rng = random.Random(seed)
    while not session.state.is_over():
        seat = session.state.to_act()[0]
        session.apply(seat, rng.choice(session.state.legal_actions(seat)))
    return session


def shoot_text150(driver: Driver, out: Path, language: str) -> list[Path]:
    app = driver.app
    driver.language(language)
    app.settings.ui_scale = 1.5
    app.save_settings()
    for entry in registry.CATALOG:
        game = registry.get_game(entry.id)
        save_game(Session.new(entry.id, max(game.players), _seats(max(game.players)), _options(entry.id), 5).record)
    paths = []
    app.stack.reset(TitleScene(app))
    paths.append(driver.shot(out / f"text150_title_{language}.png"))
    app.stack.push(SavesScene(app))
    paths.append(driver.shot(out / f"text150_continue_{language}.png"))
    app.stack.pop()
    setup = SetupScene(app, "haunted_house")
    app.stack.push(setup)
    setup.set_count(max(setup.game.players))
    setup.seats = [Seat(NAMES[i % len(NAMES)], seat.kind) for i, seat in enumerate(setup.seats)]
    setup.layout()
    paths.append(driver.shot(out / f"text150_setup_{language}.png"))
    setup.start()  # the game already has a save: the replace warning comes up
    driver.frames(2)
    paths.append(driver.shot(out / f"text150_replace_dialog_{language}.png"))
    app.stack.reset(TitleScene(app))
    session = Session.new("haunted_house", 1, [Seat(NAMES[1], "human")], {}, 3)
    table = TableScene(app, session)
    app.stack.push(table)
    driver.frames(90)
    paths.append(driver.shot(out / f"text150_haunted_house_table_{language}.png"))
    table.toggle_menu()
    paths.append(driver.shot(out / f"text150_menu_{language}.png"))
    table.toggle_menu()
    session.apply(session.state.to_act()[0], GIVE_UP)  # the team gives up: the results of finding 2
    app.stack.replace(ResultsScene(app, session))
    paths.append(driver.shot(out / f"text150_haunted_house_results_{language}.png"))
    app.stack.reset(TitleScene(app))
    for game_id, seed in (("bluffit", 1), ("haunted_house", 2), ("sumidagawa", 3), ("kakapo", 4)):
        archive_record(_finished(game_id, seed).record)
    app.stack.push(HistoryScene(app))
    paths.append(driver.shot(out / f"text150_history_{language}.png"))
    app.settings.ui_scale = 1.0
    app.save_settings()
    return paths


if __name__ == "__main__":
    sys.exit(shots_main(shoot_text150, __doc__.splitlines()[0], pointer=False))
