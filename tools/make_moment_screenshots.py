"""Screenshots of BLUFFIT's moments that used to happen off-stage (issue 38, findings 7 and 8).

    .venv/bin/python tools/make_moment_screenshots.py [--out docs/screenshots] [--lang en,ja]

Shots (suffix `_en` / `_ja`): `moment_bluffit`, an AI's challenge of the person at the screen announced
over the board (four seats, the app's own pacing, so the next AI move waits as when played), and
`final_round_bluffit`, the final round with six seats: the piles became hands and one seat sits out.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from make_screenshots import Driver, shots_main  # noqa: E402

from tabletop.engine.records import Seat  # noqa: E402
from tabletop.games.bluffit.state import FINAL_ROUND  # noqa: E402
from tabletop.session import Session  # noqa: E402
from tabletop.ui.scenes.table import TableScene  # noqa: E402
from tabletop.ui.scenes.title import TitleScene  # noqa: E402

NAMES = {"en": ["Ann", "Aki", "Ben", "Chie", "Dan", "Eri"], "ja": ["あなた", "アキ", "ベン", "チエ", "ダン", "エリ"]}
MOMENT_SEED = 3  # four seats: Aki challenges the person at the screen in round 2
FINAL_SEED = 40  # six seats: one sits the final round out with a single pile card


def _seats(language: str, players: int) -> list[Seat]:
    return [Seat(name, "human" if i == 0 else "easy") for i, name in enumerate(NAMES[language][:players])]


def shoot_moments(driver: Driver, out: Path, language: str) -> list[Path]:
    app = driver.app
    driver.language(language)
    paths = []
    session = Session.new("bluffit", 4, _seats(language, 4), {}, MOMENT_SEED)
    table = TableScene(app, session)
    app.stack.reset(TitleScene(app))
    app.stack.push(table)
    rng = random.Random(MOMENT_SEED)
    while True:  # played through the table, as the AI worker's answers are, up to an AI's challenge of seat 0
        seat = session.state.to_act()[0]
        before = len(session.log)
        table.board.update(10.0)
        table.act(seat, rng.choice(session.state.legal_actions(seat)))
        if seat != 0 and any(entry.event.kind == "challenge" and entry.event.data["target_seat"] == 0
                             for entry in session.log[before:]):
            break
    paths.append(_paced_shot(driver, out / f"moment_bluffit_{language}.png"))
    session = Session.new("bluffit", 6, _seats(language, 6), {}, FINAL_SEED)
    rng = random.Random(FINAL_SEED)
    while session.state.round < FINAL_ROUND:
        seat = session.state.to_act()[0]
        session.apply(seat, rng.choice(session.state.legal_actions(seat)))
    app.stack.reset(TitleScene(app))
    app.stack.push(TableScene(app, session))
    paths.append(_paced_shot(driver, out / f"final_round_bluffit_{language}.png"))
    return paths


def _paced_shot(driver: Driver, path: Path) -> Path:
    """A shot with the table pacing itself as played: the frame drawn for it brings no AI move."""
    driver.app.fast = False
    try:
        return driver.shot(path)
    finally:
        driver.app.fast = True


if __name__ == "__main__":
    sys.exit(shots_main(shoot_moments, __doc__.splitlines()[0], pointer=False))
