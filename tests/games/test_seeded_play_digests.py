"""Seeded games play out exactly as they always have (issue 18's speed work must not change them).

For a handful of seeds per game and player count, a random game (actions chosen by a
seeded `random.Random` among `legal_actions`) is hashed: every action's notation, every
event, every seat's view and the full state (`to_json`, minus the chance bookkeeping)
after each action. The digests were recorded on the code before the speed work; a
change to a deal, a shuffle, a legal-move order, an event or a view changes them.

They pin chance scheme 1 explicitly (every record written before scheme 2 replays with
it); BLOODY SUMMER's new games draw with scheme 2, pinned by the second table, recorded
when scheme 2 was introduced.
"""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from tabletop.engine import registry

# (game, players, seed) -> sha256 prefix under chance scheme 1, recorded before the engines were optimised.
DIGESTS: dict[tuple[str, int, int], str] = {
    ("bluffit", 2, 0): "3e221cef9acdf5f3",
    ("bluffit", 2, 1): "970fa7de5166f99c",
    ("bluffit", 2, 7): "5631c51095230b68",
    ("bluffit", 2, 2024): "7d4de675e927d21a",
    ("bluffit", 3, 0): "6484a140180a6a83",
    ("bluffit", 3, 1): "bcb987f3c86b5e50",
    ("bluffit", 3, 7): "13690c77941fefa7",
    ("bluffit", 3, 2024): "f141a2bec5129804",
    ("bluffit", 6, 0): "c5546d05a349d72f",
    ("bluffit", 6, 1): "a843d5a0ea392649",
    ("bluffit", 6, 7): "1bb59cca24ae72ea",
    ("bluffit", 6, 2024): "63ce078ba1b61e5f",
    ("bloody_summer", 3, 0): "3ef06d9eff7bea51",
    ("bloody_summer", 3, 1): "509fb8951ccfc7c4",
    ("bloody_summer", 3, 7): "f5264d7232d6dba0",
    ("bloody_summer", 3, 2024): "33aaae24cc891f23",
    ("bloody_summer", 4, 0): "12bf00ee06da8ef4",
    ("bloody_summer", 4, 1): "61a0e5796c7d4c72",
    ("bloody_summer", 4, 7): "476b57a3458f6084",
    ("bloody_summer", 4, 2024): "354882d112af7be1",
    ("ghost_bumpers", 3, 0): "0dccad2376262476",
    ("ghost_bumpers", 3, 1): "c3510fb31c5ee3ed",
    ("ghost_bumpers", 3, 7): "6d81bc664a19fae0",
    ("ghost_bumpers", 3, 2024): "86f5d2eb76b0dc92",
    ("ghost_bumpers", 6, 0): "ff9453bff4fdf885",
    ("ghost_bumpers", 6, 1): "8057f99c1059b7a8",
    ("ghost_bumpers", 6, 7): "2606a1510881cb56",
    ("ghost_bumpers", 6, 2024): "290d8e4e0d5f072b",
}

# (game, players, seed) -> sha256 prefix of new games (chance scheme 2).
SCHEME_2_DIGESTS: dict[tuple[str, int, int], str] = {
    ("bloody_summer", 3, 0): "a1afab56351a8267",
    ("bloody_summer", 3, 1): "3a04707d677aa3a1",
    ("bloody_summer", 3, 7): "c0fb4e48180a7844",
    ("bloody_summer", 3, 2024): "01d8bb7c779b4078",
    ("bloody_summer", 4, 0): "6fe87780dc8bfbb3",
    ("bloody_summer", 4, 1): "532f026b5fef3f5f",
    ("bloody_summer", 4, 7): "ceab986823c0b807",
    ("bloody_summer", 4, 2024): "8d36647f7e72299b",
}

CASES = sorted(DIGESTS)


def play_digest(game_id: str, players: int, seed: int, chance_scheme: int = 1) -> str:
    game = registry.get_game(game_id)
    state = game.new_state_with_chance(players, game.resolve_options({}), seed, chance_scheme)
    return state_digest(state, players, seed)


def state_digest(state, players: int, seed: int, any_waiting: bool = False) -> str:
    """Play `state` out with seeded random moves, hashing every state, view, legal list and event.
    `any_waiting`: the mover is drawn from every seat waiting to act (else the first of them)."""
    pick = random.Random(seed)
    h = hashlib.sha256()

    def feed(obj: object) -> None:
        h.update(json.dumps(obj, sort_keys=True, default=repr).encode())

    def snapshot() -> None:
        full = state.to_json()
        full.pop("chance", None)
        feed(full)
        for seat in [None, *range(players)]:
            h.update(repr(state.view(seat)).encode())
        feed(list(state.to_act()))

    snapshot()
    while not state.is_over():
        waiting = state.to_act()
        seat = waiting[pick.randrange(len(waiting))] if any_waiting else waiting[0]
        legal = state.legal_actions(seat)
        feed([str(a) for a in legal])
        action = legal[pick.randrange(len(legal))]
        events = state.apply_unchecked(seat, action)
        feed([str(action), [e.to_json() for e in events]])
        snapshot()
    feed([list(state.result().scores), list(state.result().ranks)])
    return h.hexdigest()[:16]


@pytest.mark.parametrize(("game_id", "players", "seed"), CASES)
def test_seeded_game_plays_out_as_recorded(game_id: str, players: int, seed: int) -> None:
    assert play_digest(game_id, players, seed) == DIGESTS[(game_id, players, seed)]


@pytest.mark.parametrize(("game_id", "players", "seed"), sorted(SCHEME_2_DIGESTS))
def test_seeded_game_of_chance_scheme_2_plays_out_as_recorded(game_id: str, players: int, seed: int) -> None:
    assert registry.get_game(game_id).chance_schemes[-1] == 2
    assert play_digest(game_id, players, seed, 2) == SCHEME_2_DIGESTS[(game_id, players, seed)]


def test_digests_cover_every_optimised_game() -> None:
    assert {g for g, _, _ in CASES} == {"bluffit", "bloody_summer", "ghost_bumpers"}
