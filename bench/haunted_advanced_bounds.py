"""Haunted House, advanced game: the race the team must win, measured from both ends.

A game is won only if the jewels get out, in number order, before the sixth evil spirit. This measures
the two clocks of that race with scripted teams that read the true state (ceiling tools, not levels):

- how long the house holds: `idle` (nobody moves: the ghost cards alone) and `fighters` (every hunter
  ends each move where the black dice are expected to remove the most, weighted by the chance that the
  next card hits the room: a team that does nothing but fight) and `pairs` (the same, with hunters 0-1
  and 2-3 as partners who wait for each other: two dice remove twice the ghosts, and only two can fight
  an evil spirit);
- how long the delivery takes: `courier` knows every jewel number from the start, sends the nearest free
  hunter to the lowest number not yet in hand (up to AHEAD numbers ahead) and parks carriers of later
  numbers on the corridor next to the door; with `--ghost-free` no ghost is ever placed (cards, locks and
  reshuffles still happen), so the turns it needs are the delivery work alone;
- `hybrid`: two couriers and a fighting pair; its two halves apart: `pair` (hunters 0-1 fight as
  partners, the others stand still) and `couriers2` (hunters 0-1 deliver, the others stand still);
- `easy`: the levels' own teammate (`tabletop/ai/heuristics/haunted_house.py`, seeing only its View), for
  comparison on the same deals.

Game i is dealt as game i of `tabletop arena haunted_house --option advanced=true --seed SEED`.

    python -m bench.haunted_advanced_bounds --team courier [--ghost-free] [--games 400] [--seed 30000]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
from collections.abc import Callable
from contextlib import contextmanager
from multiprocessing import get_context

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from tabletop.ai.heuristics import haunted_house as teammate  # noqa: E402
from tabletop.arena import derive_seed, wilson  # noqa: E402
from tabletop.engine import registry  # noqa: E402
from tabletop.engine.core import Action  # noqa: E402
from tabletop.games.haunted_house.actions import LEAVE, TAKE, Take  # noqa: E402
from tabletop.games.haunted_house.board import OUT  # noqa: E402
from tabletop.games.haunted_house.state import WON, HauntedHouseState  # noqa: E402

PLAYERS = 4
AHEAD = 3  # a courier takes numbers at most this far ahead of the next one (7 measured the same)
HIT_WEIGHT = 4.0  # fighters: how much the next card's chance of hitting a two-ghost room raises its worth
PAIR_SETUP = 0.4  # pairs: worth of a fight the partner can join next turn (0.8 and 1.5 held the house less long)
TURN_LIMIT = 400  # a ghost-free game always ends; this only guards the loop

Policy = Callable[[HauntedHouseState, list[Action], random.Random], Action]


def _destination(state: HauntedHouseState, action: Action) -> int:
    return teammate._dest(state.board, state.pos[state.turn], action)


def idle(state: HauntedHouseState, legal: list[Action], rng: random.Random) -> Action:
    if isinstance(legal[0], Take):
        return LEAVE
    return next((a for a in legal if _destination(state, a) == state.pos[state.turn]), legal[0])


def _expected_removal(state: HauntedHouseState, room: int, company: bool, hits: list[float]) -> float:
    """Ghosts the black dice are expected to remove here, a spirit counting as its three ghosts."""
    if state.spirits >> room & 1:
        return 3 * 5 / 9 * (1 + HIT_WEIGHT * 0.3) if company else 0.0
    ghosts = state.ghosts[room]
    if not ghosts:
        return 0.0
    worth = 1 + HIT_WEIGHT * 3 * hits[room] * (ghosts == 2)
    if company:
        return (1.0 if ghosts == 2 else 0.75) * worth
    return 0.5 * worth


def fighter(state: HauntedHouseState, legal: list[Action], rng: random.Random, setup: float = 0.0) -> Action:
    """A hunter that only fights. With `setup`, hunters 0-1 and 2-3 are partners: a room the partner can
    reach next turn is worth `setup` times the two-dice fight the partner would then have there (an evil
    spirit can be fought only in company)."""
    if isinstance(legal[0], Take):
        return LEAVE
    if state.deposited == 8:
        return courier(state, legal, rng)
    board, me = state.board, state.turn
    partner_at = state.pos[me ^ 1]
    reach = board.dist[state.locked_colour() + 1][partner_at]
    hits = teammate.ghost_hit_chance(state.view(None))
    best, best_score = legal[0], -1.0
    for action in legal:
        d = _destination(state, action)
        score = rng.random() * 0.01
        if board.is_room(d):
            company = any(p == d for i, p in enumerate(state.pos) if i != me)
            score += _expected_removal(state, d - 1, company, hits)
            if setup and not company and reach[d] <= 6:
                score += setup * _expected_removal(state, d - 1, True, hits)
        if score > best_score:
            best, best_score = action, score
    return best


def pairs(state: HauntedHouseState, legal: list[Action], rng: random.Random) -> Action:
    return fighter(state, legal, rng, setup=PAIR_SETUP)


def _assignments(state: HauntedHouseState, couriers: range) -> dict[int, int]:
    """Free courier -> jewel room: lowest numbers first, each to the nearest free courier."""
    dist = state.board.dist[state.locked_colour() + 1]
    need = state.deposited + 1
    free = [i for i in couriers if state.carry[i] == 0]
    out: dict[int, int] = {}
    for number, room in sorted((k, r + 1) for r, k in enumerate(state.jewels) if k):
        if not free or number - need > AHEAD:
            break
        hunter = min(free, key=lambda i: dist[state.pos[i]][room])
        out[hunter] = room
        free.remove(hunter)
    return out


def courier(state: HauntedHouseState, legal: list[Action], rng: random.Random,
            couriers: range = range(PLAYERS)) -> Action:
    board, me = state.board, state.turn
    target = _assignments(state, couriers).get(me)
    if isinstance(legal[0], Take):
        return TAKE if target == state.pos[me] else LEAVE
    dist = board.dist[state.locked_colour() + 1]
    carrying = state.carry[me] != 0
    best, best_score = legal[0], 1e9
    for action in legal:
        d = _destination(state, action)
        if target is not None and not carrying and state.deposited < 8:
            score = dist[d][target]
        else:  # out with the next number, or wait for it on the corridor by the door
            score = dist[d][OUT] + (0.5 if carrying and not state.may_exit(me) and not board.is_corridor(d) else 0)
        if carrying and d != OUT and state.spirits & board.spirit_bit[d]:
            score += 50  # a carrier never walks into a trap
        score += rng.random() * 0.1
        if score < best_score:
            best, best_score = action, score
    return best


def hybrid(state: HauntedHouseState, legal: list[Action], rng: random.Random) -> Action:
    if state.turn < 2 or state.deposited == 8:
        return courier(state, legal, rng, couriers=range(2))
    return pairs(state, legal, rng)


def pair(state: HauntedHouseState, legal: list[Action], rng: random.Random) -> Action:
    """The hybrid's clocks apart: hunters 0-1 fight as partners, 2-3 stand still (how long one pair holds)."""
    return pairs(state, legal, rng) if state.turn < 2 else idle(state, legal, rng)


def couriers2(state: HauntedHouseState, legal: list[Action], rng: random.Random) -> Action:
    """Hunters 0-1 deliver, 2-3 stand still until every jewel is out (how long two couriers need)."""
    if state.turn < 2:
        return courier(state, legal, rng, couriers=range(2))
    return courier(state, legal, rng) if state.deposited == 8 else idle(state, legal, rng)


def easy(state: HauntedHouseState, legal: list[Action], rng: random.Random) -> Action:
    return teammate.choose(state.view(state.owners[state.turn]), legal, rng)


TEAMS: dict[str, Policy] = {"idle": idle, "fighters": fighter, "pairs": pairs, "pair": pair, "courier": courier,
                            "couriers2": couriers2, "hybrid": hybrid, "easy": easy}


@contextmanager
def _no_ghosts(active: bool):
    """Ghost cards place nothing: what is left of a game is its delivery work."""
    place = HauntedHouseState._place_ghost
    if active:
        HauntedHouseState._place_ghost = lambda self, room, events: None  # type: ignore[method-assign]
    try:
        yield
    finally:
        HauntedHouseState._place_ghost = place  # type: ignore[method-assign]


def play(args: tuple[str, int, bool]) -> tuple[bool, int, int]:
    """(won, jewels out, turns played) of one advanced game."""
    team, seed, ghost_free = args
    policy = TEAMS[team]
    game = registry.get_game("haunted_house")
    state = game.new_state(PLAYERS, game.resolve_options({"advanced": True}), seed)
    rng = random.Random(seed)
    with _no_ghosts(ghost_free):
        while not state.is_over() and state.turn_no < TURN_LIMIT:
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[0] if len(legal) == 1 else policy(state, legal, rng))
    return state.outcome == WON, state.deposited, state.turn_no


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.haunted_advanced_bounds",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--team", choices=sorted(TEAMS), required=True)
    parser.add_argument("--ghost-free", action="store_true", help="ghost cards place no ghosts")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=30000)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    tasks = [(args.team, derive_seed(args.seed, i), args.ghost_free) for i in range(args.games)]
    with get_context("spawn").Pool(args.jobs) as pool:
        results = pool.map(play, tasks, chunksize=20)
    wins = [turns for won, _, turns in results if won]
    rate = len(wins) / len(results)
    low, high = wilson(rate, len(results))
    turns = sorted(turns for _, _, turns in results)
    print(f"haunted_house advanced, team {args.team}{' (ghost-free)' if args.ghost_free else ''}, seed {args.seed}: "
          f"won {len(wins)}/{len(results)} = {rate:.4f} [{low:.3f}, {high:.3f}], "
          f"{statistics.mean(j for _, j, _ in results):.2f} jewels out, turns played mean "
          f"{statistics.mean(turns):.1f} (p10 {turns[len(turns) // 10]}, median {turns[len(turns) // 2]}, "
          f"p90 {turns[len(turns) * 9 // 10]})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
