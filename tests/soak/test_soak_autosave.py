"""Soak: the autosave survives a crash at any moment of a save.

1. In-process: os.fsync or os.replace fails (OSError, or a BaseException standing
   for the process dying) at a random save along random games; load_save must
   then give the record of the last completed save, never an error.
2. The app: the same failures while a table scene plays; the frame loop must keep
   running and the autosave on disk must stay readable.
3. Real kills: a child process plays seeded random games, autosaving after every
   move, and is SIGKILLed at a random moment; load_save must return a record
   whose actions are a prefix of that seeded game, never an error.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tabletop.engine import registry
from tabletop.engine.records import Record, Seat
from tests.soak.budget import Budget, report

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
GAMES = [e.id for e in registry.CATALOG if registry.is_available(e.id)]


class Died(BaseException):
    """Stands for the process being killed inside a save."""


def seeded_game(game_id: str, seed: int) -> list[tuple[int, str]]:
    game = registry.get_game(game_id)
    players = max(game.players.start, 2) if 2 in game.players else game.players.start
    state = game.new_state(players, game.resolve_options({}), seed)
    rng = random.Random(seed)
    actions = []
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        action = legal[rng.randrange(len(legal))]
        state.apply(seat, action)
        actions.append((seat, str(action)))
    return actions


def players_for(game_id: str) -> int:
    game = registry.get_game(game_id)
    return max(game.players.start, 2) if 2 in game.players else game.players.start


def in_process_round(data_dir: Path, rng: random.Random, counts: dict[str, int], failures: list[str]) -> None:
    from tabletop import userdata

    os.environ["TABLETOP_DATA_DIR"] = str(data_dir)
    game_id = rng.choice(GAMES)
    seed = rng.getrandbits(31)
    actions = seeded_game(game_id, seed)
    players = players_for(game_id)
    game = registry.get_game(game_id)
    record = Record(game_id, players, seed, game.resolve_options({}),
                    [Seat(f"P{i}", "random") for i in range(players)], [], game.version)
    saved = -1  # length of the last completed save
    real_fsync, real_replace = os.fsync, os.replace
    for n in range(len(actions) + 1):
        record.actions = actions[:n]
        fail = rng.random() < 0.15
        if fail:
            victim = rng.choice(("fsync", "replace"))
            error = rng.choice((OSError(28, "No space left on device"), Died()))

            def boom(*args, _error=error):
                raise _error

            if victim == "fsync":
                os.fsync = boom
            else:
                os.replace = boom
        try:
            userdata.save_game(record)
            saved = n
            counts["saves"] += 1
        except (OSError, Died):
            counts["crashes"] += 1
        finally:
            os.fsync, os.replace = real_fsync, real_replace
        if fail or rng.random() < 0.1:
            loaded, problem = userdata.load_save(game_id)
            counts["loads_checked"] += 1
            if problem is not None or (saved >= 0 and (loaded is None or loaded.record.actions != actions[:saved])):
                failures.append(f"{game_id} seed {seed} after save {n}: {problem or 'wrong record'}")
                return
    leftovers = [p for p in data_dir.rglob("*.tmp")]
    if leftovers:
        failures.append(f"temporary files left behind: {[p.name for p in leftovers]}")


CHILD = r"""
import os, random, sys
from tabletop.engine import registry
from tabletop.engine.records import Record, Seat
from tabletop.userdata import save_game
from tests.soak.test_soak_autosave import seeded_game, players_for
game_id, seed = sys.argv[1], int(sys.argv[2])
actions = seeded_game(game_id, seed)
players = players_for(game_id)
game = registry.get_game(game_id)
record = Record(game_id, players, seed, game.resolve_options({}),
                [Seat(f"P{i}", "random") for i in range(players)], [], game.version)
print("ready", flush=True)
while True:
    for n in range(len(actions) + 1):
        record.actions = actions[:n]
        save_game(record)
"""


def kill_round(data_dir: Path, rng: random.Random, counts: dict[str, int], failures: list[str]) -> None:
    from tabletop import userdata

    game_id = rng.choice(GAMES)
    seed = rng.getrandbits(31)
    env = dict(os.environ, TABLETOP_DATA_DIR=str(data_dir), PYTHONPATH=str(ROOT), PYGAME_HIDE_SUPPORT_PROMPT="1")
    child = subprocess.Popen([sys.executable, "-c", CHILD, game_id, str(seed)], env=env, cwd=ROOT,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None
        child.stdout.readline()
        time.sleep(rng.uniform(0.01, 0.6))
        os.kill(child.pid, signal.SIGKILL)
    finally:
        child.wait(timeout=30)
    counts["kills"] += 1
    os.environ["TABLETOP_DATA_DIR"] = str(data_dir)
    loaded, problem = userdata.load_save(game_id)
    counts["loads_checked"] += 1
    if problem is not None:
        failures.append(f"kill {game_id} seed {seed}: {problem}")
        return
    if loaded is None:
        return  # killed before the first save finished
    expected = seeded_game(game_id, seed)
    if loaded.record.game != game_id or loaded.record.actions != expected[: len(loaded.record.actions)]:
        failures.append(f"kill {game_id} seed {seed}: the autosave is not a prefix of the game")
    for stale in userdata.saves_dir().glob(f".{game_id}.json.*.tmp"):
        stale.unlink()  # what a killed save leaves: harmless, never read
    userdata.delete_save(game_id)


def app_round(tmp: Path, rng: random.Random, counts: dict[str, int], failures: list[str]) -> None:
    """Saves fail while the app plays: the loop goes on and the file on disk stays loadable."""
    code = r"""
import os, random, sys
os.environ["SDL_VIDEODRIVER"] = "dummy"; os.environ["SDL_AUDIODRIVER"] = "dummy"
from tabletop.engine.records import Seat
from tabletop.session import Session
from tabletop.ui.app import App
from tabletop.ui.scenes.table import TableScene
from tabletop.userdata import load_save
rng = random.Random(int(sys.argv[2]))
app = App(fast=True)
session = Session.new(sys.argv[1], 3 if sys.argv[1] != "kakapo" else 2,
                      [Seat("A", "random"), Seat("B", "random")]
                      + ([Seat("C", "random")] if sys.argv[1] != "kakapo" else []),
                      {}, int(sys.argv[2]))
app.stack.push(TableScene(app, session))
real_fsync, real_replace = os.fsync, os.replace
def boom(*a):
    raise OSError(28, "No space left on device")
frames = 0
for frames in range(3000):
    if rng.random() < 0.3:
        os.fsync = boom
    elif rng.random() < 0.3:
        os.replace = boom
    try:
        app.step(1 / 60)
    finally:
        os.fsync, os.replace = real_fsync, real_replace
    loaded, problem = load_save(sys.argv[1])
    assert problem is None, problem
    if not isinstance(app.stack.top, TableScene):
        break
print("frames", frames)
"""
    game_id = rng.choice(GAMES)
    env = dict(os.environ, TABLETOP_DATA_DIR=str(tmp / f"app-{rng.getrandbits(20)}"), PYTHONPATH=str(ROOT),
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    done = subprocess.run([sys.executable, "-c", code, game_id, str(rng.getrandbits(31))], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    counts["app_games"] = counts.get("app_games", 0) + 1
    if done.returncode != 0:
        failures.append(f"app {game_id}: {(done.stderr.strip().splitlines() or ['?'])[-1]}")


def test_soak_autosave_survives_crashes(tmp_path: Path) -> None:
    budget = Budget(0.06)
    rng = random.Random()
    counts = {"saves": 0, "crashes": 0, "kills": 0, "loads_checked": 0}
    failures: list[str] = []
    old_dir = os.environ.get("TABLETOP_DATA_DIR")
    try:
        app_round(tmp_path, rng, counts, failures)
        rounds = 0
        while not budget.over() and len(failures) < 5:
            folder = tmp_path / f"d{rounds}"
            folder.mkdir()
            if rounds % 3 == 2:
                kill_round(folder, rng, counts, failures)
            else:
                in_process_round(folder, rng, counts, failures)
            rounds += 1
    finally:
        if old_dir is None:
            os.environ.pop("TABLETOP_DATA_DIR", None)
        else:
            os.environ["TABLETOP_DATA_DIR"] = old_dir
    report("autosave", failures=len(failures), notes="; ".join(failures[:3])[:1500], **counts)
    assert not failures, failures[:5]
