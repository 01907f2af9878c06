"""BLOODY SUMMER ceiling: how often does a seat win that searches on the true hands?

Seat 0 runs a level's search (e.g. `hard:10000`) whose sampled worlds are the real deal — only the
killer's check draws are left to a fresh chance stream — against three ordinary seats (e.g.
`normal:2500`). No level may see other hands; this measures what seeing them is worth, so the hard
level's figure against normal can be judged against it (bench/STRENGTH.md, issue 17). Game i is dealt as
game i of `tabletop arena bloody_summer --players 4 --seed SEED`. One line per game goes to stderr.

    python -m bench.bloody_summer_ceiling [--oracle hard:10000] [--others normal:2500] [--seed 7001] [--games 0:120]
                                          [--guarded]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from typing import Any

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from tabletop.ai import levels  # noqa: E402
from tabletop.ai.guarded import GuardedSearch  # noqa: E402
from tabletop.ai.heuristics import bloody_summer  # noqa: E402
from tabletop.arena import derive_seed, wilson  # noqa: E402
from tabletop.engine import registry  # noqa: E402
from tabletop.engine.core import Chance, Game, State, View  # noqa: E402

PLAYERS = 4


class TrueWorlds:
    """Stands in for the game where the search samples worlds: the true state, check draws redrawn."""

    def __init__(self, game: Game) -> None:
        self._game = game
        self.state: State | None = None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def sample_state(self, view: View, rng: random.Random) -> State:
        assert self.state is not None
        world = self.state.clone()
        world.chance = Chance(rng.getrandbits(62), scheme=self._game.chance_schemes[-1])  # type: ignore[attr-defined]
        return world


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.bloody_summer_ceiling", description=__doc__.splitlines()[0])
    parser.add_argument("--oracle", default="hard:10000", help="seat 0's level (its search sees every hand)")
    parser.add_argument("--others", default="normal:2500", help="the three other seats' level")
    parser.add_argument("--seed", type=int, default=7001)
    parser.add_argument("--games", default="0:120", help="game indices A:B of the run (A included, B not)")
    parser.add_argument("--guarded", action="store_true",
                        help="wrap seat 0's search in the levels' guard (the game's levels play unguarded)")
    args = parser.parse_args(argv)
    first, last = (int(x) for x in args.games.split(":"))
    game = registry.get_game("bloody_summer")
    worlds = TrueWorlds(game)
    profile = bloody_summer.PROFILE
    spec = levels.parse_level(args.oracle)
    search = levels.game_search(worlds, levels.search_config(spec, profile), "oracle", profile)  # type: ignore[arg-type]
    oracle = GuardedSearch(search, profile.choose) if args.guarded else search
    shares = [0.0] * PLAYERS
    for index in range(first, last):
        game_seed = derive_seed(args.seed, index)
        agents = [oracle] + [levels.make_agent(game, args.others) for _ in range(PLAYERS - 1)]
        rngs = [random.Random(derive_seed(game_seed, seat + 1)) for seat in range(PLAYERS)]
        state = game.new_state(PLAYERS, game.resolve_options({}), game_seed)
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            worlds.state = state
            action = legal[0] if len(legal) == 1 else agents[seat].choose(state.view(seat), legal, rngs[seat])
            state.apply(seat, action)
        result = state.result()
        for seat in range(PLAYERS):
            shares[seat] += result.reward(seat)
        print(f"game {index}: rewards {[result.reward(s) for s in range(PLAYERS)]}", file=sys.stderr, flush=True)
    n = last - first
    low, high = wilson(shares[0] / n, n)
    others = " / ".join(f"{s / n:.3f}" for s in shares[1:])
    guard = " (guarded)" if args.guarded else ""
    print(f"bloody_summer, seat 0 {args.oracle} seeing every hand{guard} vs {args.others}, seed {args.seed}, games "
          f"{args.games}: win_share {shares[0] / n:.3f} [{low:.3f}, {high:.3f}]; others {others}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
