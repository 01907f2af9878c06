"""How often the Hint panel's reasons would read alike, per game.

Two figures along random games (seeds 0..GAMES-1, the first 60 actions of each at 4 players where the game
allows it):
- `alike`: at decisions with three or more moves, three moves drawn at random whose game reasons
  (`tabletop.ai.reasons`) are not all different: how much a game's own words tell its moves apart;
- `same reason`: of the hint's lower rows (`tabletop.ai.advice.advise` at `normal:60`, every third
  decision), those that fall back to "same reason as move N" because their game reason repeats a row above.

    python -m bench.hint_lines [--games 6]
"""

from __future__ import annotations

import argparse
import os
import random
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from tabletop.ai.advice import advise, game_reason  # noqa: E402
from tabletop.engine import registry  # noqa: E402
from tabletop.engine.core import Game  # noqa: E402

ACTIONS = 60
LEVEL = "normal:60"


def _said(game: Game, view, action) -> tuple[str, str] | None:  # noqa: ANN001 - any game's View and Action
    got = game_reason(game.id, view, action)
    return None if got is None else (got[0], repr(sorted(got[1].items())))


def measure(game: Game, games: int) -> tuple[int, int, int, int]:
    """(decisions with alike lines, decisions sampled, hint rows saying "same reason", lower rows)."""
    rng = random.Random(1)
    alike = sampled = same = rows = 0
    players = 4 if 4 in game.players else game.players.start
    for seed in range(games):
        state = game.new_state(players, game.resolve_options({}), seed)
        for step in range(ACTIONS):
            if state.is_over():
                break
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            if len(legal) >= 3:
                view = state.view(seat)
                sampled += 1
                alike += len({_said(game, view, a) for a in rng.sample(legal, 3)}) < 3
                if step % 3 == 0:
                    lower = advise(game, LEVEL, view, legal, random.Random(step))[1:]
                    rows += len(lower)
                    same += sum(a.reason.startswith("generic.same") for a in lower)
            state.apply(seat, legal[rng.randrange(len(legal))])
    return alike, sampled, same, rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.hint_lines", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    args = parser.parse_args(argv)
    print("| game | three random moves read alike | hint rows saying \"same reason\" |")
    print("|---|---|---|")
    for game in registry.available_games():
        alike, sampled, same, rows = measure(game, args.games)
        print(f"| {game.id} | {alike}/{sampled} | {same}/{rows} |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
