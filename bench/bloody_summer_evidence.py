"""How much BLOODY SUMMER's plays and passes tell about the hands, and how much the opponent model recovers.

Games of four seats at one level (seeds 5000…); at seat 0's decisions from round 2 on:
- `placed`: the share of the living opponents' cards that a sampled world puts in the right hand, for
  the sampler's uniform deal and after `tabletop/ai/heuristics/bloody_summer_model.py` moved it;
- per kind of evidence (a pass with a beating play, a play stronger than needed), how often the true
  hand then held the play the evidence is about, against how often the sampler's worlds hold it. The
  model assumes the true share is far lower; equal shares mean the evidence tells nothing new.

    PYTHONPATH=. python -m bench.bloody_summer_evidence [--games 6] [--level normal:200]
"""

from __future__ import annotations

import argparse
import os
import random
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from tabletop.ai.heuristics import bloody_summer_model as model  # noqa: E402
from tabletop.ai.levels import make_agent  # noqa: E402
from tabletop.engine import registry  # noqa: E402
from tabletop.games.bloody_summer.cards import count  # noqa: E402
from tabletop.games.bloody_summer.state import BloodySummerState  # noqa: E402

GAME = registry.get_game("bloody_summer")
WORLDS = 20  # sampled worlds per decision
KINDS = {model.PASS_HOLDING: "pass", model.SKIP_WEAKER: "skip"}


def _placed(world: BloodySummerState, truth: BloodySummerState, seat: int) -> tuple[int, int]:
    """(opponents' cards the world puts in the right hand, opponents' cards)."""
    right = total = 0
    for p in range(truth.n):
        if p != seat and truth.alive >> p & 1:
            for v in range(1, 14):
                held = count(truth.hands[p], v)
                right += min(held, count(world.hands[p], v))
                total += held
    return right, total


def measure(games: int, level: str) -> dict[str, list[int]]:
    """Counts: placed uniform / modelled [right, total]; per evidence kind [items, true holds, worlds, hold]."""
    tally = {"uniform": [0, 0], "model": [0, 0], "pass": [0, 0, 0, 0], "skip": [0, 0, 0, 0]}
    for game in range(games):
        state = GAME.new_state(4, {}, 5000 + game)
        agents = [make_agent(GAME, level) for _ in range(4)]
        rng = random.Random(game)
        while not state.is_over():
            seat = state.to_act()[0]
            view = state.view(seat)
            if seat == 0 and state.round > 1:
                draw = random.Random(game * 1000 + state.round)
                evidence = model.game_evidence(state, 0)
                for _ in range(WORLDS):
                    world = GAME.sample_state(view, draw)
                    for p, items in evidence.items():
                        for extra, form, mask, factor in items:
                            kind = tally[KINDS[factor]]
                            kind[2] += 1
                            kind[3] += bool(model._usable(world.hands[p] + extra, form) & mask)
                    for name in ("uniform", "model"):
                        if name == "model":
                            model.opponent_model(world, 0, draw)
                        right, total = _placed(world, state, 0)
                        tally[name][0] += right
                        tally[name][1] += total
                for p, items in evidence.items():
                    for extra, form, mask, factor in items:
                        kind = tally[KINDS[factor]]
                        kind[0] += 1
                        kind[1] += bool(model._usable(state.hands[p] + extra, form) & mask)
            state.apply(seat, agents[seat].choose(view, state.legal_actions(seat), rng))
    return tally


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.bloody_summer_evidence",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--level", default="normal:200")
    args = parser.parse_args(argv)
    tally = measure(args.games, args.level)
    for name in ("uniform", "model"):
        right, total = tally[name]
        print(f"cards placed right, {name}: {right / total:.4f} of {total}")
    for name in ("pass", "skip"):
        items, true, worlds, held = tally[name]
        if items:
            print(f"{name}: {items} items; the true hand held the play {true / items:.3f}, "
                  f"the sampler's worlds {held / worlds:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
