"""KAKAPO play-out pins: seeded random games must keep exactly the same legal lists, events, views and saves.

The digests were recorded on the engine before its speed work (issue 18), so any change
of rules, of the order of legal actions, of event payloads, of views or of `to_json`
shows up here. To see the digests of the current code: `python -m tests.games.test_kakapo_golden`.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import random

import pytest

from tabletop.engine.core import Action, IllegalAction
from tabletop.games.kakapo import GAME, pieces
from tabletop.games.kakapo.actions import Place, Reveal, Skill
from tabletop.games.kakapo.state import KakapoState

# (players, options, seed) -> sha256 of the whole play-out record (see `playout_digest`).
GOLDEN: dict[tuple[int, str, int], str] = {
    (2, "auto", 1): "e7c4b67f380062710d7c3680c39a167fcf52075bdf99e0c98a94aed56c4180b8",
    (2, "auto", 7): "55cfdf73623b7399c2c713e43d2ae2d53aa2a5f50a1cf5ccaf738643fee39ff5",
    (2, "buddy_12", 3): "398c6bdd2f33f1a507bdabd4803a0f2236800e17fe824f266b2908bca9fbede6",
    (2, "buddy_20", 11): "cd8c320121d5b428affa68f965930fd348e04adf9775e0d2022a2159bc2e3eae",
    (3, "auto", 2): "10b229d66af44654930a47764af2a688c87e518679e4f3d929ed536dfc4cad51",
    (3, "party_19", 5): "87a2be86f50e2acf63401499c0b577afb8d7df5f833746aed07366d93dae9deb",
    (4, "auto", 4): "9ea88174c4eae2d5a7b352e358999a9baf1c67c23b01d9bc8b64c36329084877",
    (4, "party_08", 9): "f1a76ac596219aa443ee85bbf4940efd90d1f128589e2c2b13cc4d60b8160fd3",
    (4, "party_20", 13): "52556960f72b60ab5da4d337aaaf3e6f725017a05229b4562f206662ebda51f8",
    (2, "buddy_05", 203): "3863e6b258d6188c281d83fdf91d141242ac2434599a697deab295b624751782",
    (3, "auto", 7): "402d9f7b6c3c90d2a42d4e6a7b2c1720307f199211738d494f5f7e5245282fa9",
    (4, "auto", 3): "c4263319a3c37f4fba0c0e6cc7e8b60182931698d5f4ebf56454945b53f87378",
}

SETUPS = [(2, "auto", 1), (2, "auto", 7), (2, "buddy_12", 3), (2, "buddy_20", 11), (3, "auto", 2),
          (3, "party_19", 5), (4, "auto", 4), (4, "party_08", 9), (4, "party_20", 13),
          (2, "buddy_05", 203), (3, "auto", 7), (4, "auto", 3)]  # the last three scan birds; 7 and 3 win


def _digest(value: object) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, default=str).encode()).hexdigest()


def _refusals(state: KakapoState, seat: int, rng: random.Random) -> list[object]:
    """What `check` says about a few random actions, legal or not (its reasons teach the rules)."""
    tries: list[Action] = [Reveal(rng.randrange(40)), Skill(rng.choice(("none", "double", "up", "down"))),
                           Skill("wild", rng.randrange(5))]
    for _ in range(3):
        p = rng.choice(pieces.PLACEMENTS[rng.choice(state.selection or [rng.randrange(40)])])
        tries.append(Place(p.piece, p.orient, p.top, p.left))
    out: list[object] = []
    for action in tries:
        try:
            state.check(seat, action)
            out.append([str(action), "ok"])
        except IllegalAction as exc:
            out.append([str(action), exc.key, exc.params, exc.reason])
    return out


def playout_digest(players: int, mission: str, seed: int) -> str:
    """Play one seeded random game through `legal_actions` + `apply`, hashing everything it shows.

    Per step: the actor, every legal action of every seat (in order), `check`'s verdict on a
    few random actions, the chosen action, its events, the clone's play of the same action, every seat's view and the
    spectator's, and the full `to_json`.
    """
    state = GAME.new_state(players, GAME.resolve_options({"mission": mission}), seed)
    rng = random.Random(seed * 31 + players)
    record: list[object] = [state.to_json()]
    while not state.is_over():
        seat = state.to_act()[0]
        legal = {s: [str(a) for a in state.legal_actions(s)] for s in range(players)}
        choices = state.legal_actions(seat)
        action = choices[rng.randrange(len(choices))]
        refusals = _refusals(state, rng.choice((seat, (seat + 1) % players)), rng)
        twin = state.clone()
        events = [e.to_json() for e in state.apply(seat, action)]
        twin_events = [e.to_json() for e in twin.apply_unchecked(seat, action)]
        assert twin_events == events and twin.to_json() == state.to_json()
        views = [dataclasses.asdict(state.view(s)) for s in (*range(players), None)]
        record.append([seat, _digest(legal), refusals, str(action), events, _digest(views), _digest(state.to_json())])
    result = state.result()
    record.append([list(result.scores), list(result.ranks), list(result.winners), result.coop_success])
    return _digest(record)


@pytest.mark.parametrize(("players", "mission", "seed"), SETUPS)
def test_seeded_games_play_out_as_recorded(players: int, mission: str, seed: int) -> None:
    assert playout_digest(players, mission, seed) == GOLDEN[(players, mission, seed)]


if __name__ == "__main__":
    for players, mission, seed in SETUPS:
        print(f'    ({players}, "{mission}", {seed}): "{playout_digest(players, mission, seed)}",')
