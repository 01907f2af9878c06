"""Make the review screenshots (docs/screenshots/review_<game>_<lang>.png) by driving the real app headless.

    .venv/bin/python tools/make_review_screenshots.py [--out docs/screenshots] [--games bluffit,kakapo,bloody_summer]

Each shot is a seeded game of one human (seat 0, played here by the easy heuristic or at random) against AIs,
played to its end, then the real `ResultsScene` on its Review tab once the review is in (worked out in
this process at the review's real fixed budget). SDL runs with the dummy drivers and a throw-away user
data folder, so nothing of the player's is touched. For REPLAY_SHOT's game the replay opened at the costliest
marked move is shot too (`review_replay_<game>_<lang>.png`).
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

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # `python tools/make_review_screenshots.py` from a source checkout
    sys.path.insert(0, str(ROOT))

from tabletop import i18n  # noqa: E402
from tabletop.ai.levels import make_agent  # noqa: E402
from tabletop.engine import registry  # noqa: E402
from tabletop.engine.records import Seat  # noqa: E402
from tabletop.session import Session  # noqa: E402

# game: (players, seed, options, how the "human" plays): games with a few costly moves to show
GAMES = {"bluffit": (4, 3, {}, "easy"), "kakapo": (2, 1, {"mission": "buddy_18"}, "random"),
         "bloody_summer": (4, 2, {}, "random")}
OPPONENT = "normal:100"
REPLAY_SHOT = "bloody_summer"  # also `review_replay_<game>_<lang>.png`: the replay a marked move opens


def finished_session(game_id: str, players: int, seed: int, options: dict, level: str) -> Session:
    """Seat 0 is the human (played here by `level`), the others AIs; played to the end."""
    game = registry.get_game(game_id)
    names = ["Aki", "Ben", "Chie", "Dan", "Emi", "Fumi"]
    seats = [Seat(names[0], "human"), *(Seat(names[i], OPPONENT) for i in range(1, players))]
    session = Session.new(game_id, players, seats, options, seed=seed)
    human, ai, rng = make_agent(game, level), make_agent(game, OPPONENT), random.Random(seed)
    while not session.state.is_over():
        seat = session.state.to_act()[0]
        agent = human if seat == 0 else ai
        session.apply(seat, agent.choose(session.state.view(seat), session.state.legal_actions(seat), rng))
    return session


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--iterations", type=int, default=None, help="review budget (default: the real one)")
    args = parser.parse_args()
    os.environ["TABLETOP_DATA_DIR"] = tempfile.mkdtemp(prefix="tabletop-shots-")
    from tabletop.ui.app import App
    from tabletop.ui.scenes.results import ResultsScene

    out = Path(args.out)
    app = App(size=(1280, 720), fast=True)
    ResultsScene.review_iterations = args.iterations
    for game_id in args.games.split(","):
        players, seed, options, level = GAMES[game_id]
        session = finished_session(game_id, players, seed, options, level)
        scene = ResultsScene(app, session)
        app.stack.reset(scene)
        scene.set_tab("review")
        while scene.reviewer is not None and scene.reviewer.running:
            app.step(1 / 60)
        for lang in ("en", "ja"):
            i18n.set_language(lang)
            scene.layout()
            app.step(1 / 60)
            app.screenshot(out / f"review_{game_id}_{lang}.png")
            print(out / f"review_{game_id}_{lang}.png")
            if game_id == REPLAY_SHOT and scene.review_rows:
                scene.open_reviewed_move(0)  # the replay at the costliest move, from the seat's view
                for _ in range(150):  # the board's own entrance (cards dealt in) has ended
                    app.step(1 / 60)
                app.screenshot(out / f"review_replay_{game_id}_{lang}.png")
                print(out / f"review_replay_{game_id}_{lang}.png")
                app.stack.pop()
    i18n.set_language("en")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
