"""Peak memory of a 4-player game with hard AI, one subprocess per game.

Every seat is the hard AI (ISMCTS, 2.6 s cap) for its first `--hard` decisions;
the game is then finished by the easy AI, so the run stays short while the
search's trees (the memory hog) are built at full size. The child reports its peak
RSS (/proc/self/status VmHWM; resource.getrusage's ru_maxrss where there is no
/proc, which on Linux would also count the parent's peak) after the imports and at the end,
and tracemalloc's peak of Python allocations during one hard decision.

    python -m bench.memory_bench [--hard 2] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

from bench.common import python_env, table

CHILD = r"""
import json, random, resource, sys, time, tracemalloc
def peak_mb():
    # VmHWM is this process's own peak RSS; ru_maxrss on Linux also keeps the parent's peak across exec.
    try:
        for line in open("/proc/self/status"):
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
from tabletop.ai.levels import make_agent
from tabletop.engine import registry
game = registry.get_game(sys.argv[1]); hard_decisions = int(sys.argv[2])
players = 4
base = peak_mb()
hard = make_agent(game, "hard"); easy = make_agent(game, "easy")
state = game.new_state(players, game.resolve_options({}), 7)
rng = random.Random(7); made = 0; traced = 0; actions = 0; start = time.perf_counter()
while not state.is_over():
    seat = state.to_act()[0]
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        action = legal[0]
    elif made < hard_decisions:
        if made == 0:
            tracemalloc.start()
        action = hard.choose(state.view(seat), legal, rng)
        if made == 0:
            traced = tracemalloc.get_traced_memory()[1]
            tracemalloc.stop()
        made += 1
    else:
        action = easy.choose(state.view(seat), legal, rng)
    state.apply(seat, action)
    actions += 1
peak = peak_mb()
print(json.dumps({"game": game.id, "players": players, "hard_decisions": made, "actions": actions,
                  "base_mb": base, "peak_mb": peak, "traced_peak_mb": traced / 2**20,
                  "seconds": time.perf_counter() - start}))
"""


def measure(game_id: str, hard_decisions: int) -> dict:
    done = subprocess.run([sys.executable, "-c", CHILD, game_id, str(hard_decisions)], env=python_env(),
                          capture_output=True, text=True, timeout=600)
    lines = [ln for ln in done.stdout.splitlines() if ln.startswith("{")]
    if done.returncode != 0 or not lines:
        return {"game": game_id, "error": (done.stderr.strip().splitlines() or ["no output"])[-1]}
    return json.loads(lines[-1])


def run(hard_decisions: int = 2) -> list[dict]:
    from tabletop.engine import registry

    return [measure(g.id, hard_decisions) for g in registry.available_games() if 4 in g.players]


def render(rows: list[dict]) -> str:
    body = []
    for r in rows:
        if "error" in r:
            body.append([r["game"], "-", "-", "-", "-", f"failed: {r['error'][:60]}"])
        else:
            body.append([r["game"], str(r["hard_decisions"]), f"{r['base_mb']:.0f}", f"{r['peak_mb']:.0f}",
                         f"{r['traced_peak_mb']:.1f}", f"{r['seconds']:.1f}"])
    return table(["game (4 players)", "hard decisions", "RSS after imports MB", "peak RSS MB",
                  "tracemalloc peak, 1st hard decision MB", "seconds"], body)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.memory_bench", description=__doc__.splitlines()[0])
    parser.add_argument("--hard", type=int, default=2, help="hard-AI decisions before the easy AI takes over")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    rows = run(args.hard)
    print(json.dumps(rows) if args.json else render(rows))
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    sys.exit(main(sys.argv[1:]))
