"""Sumidagawa: seeded random sessions must play out exactly as they did before the engine was sped up.

The digests below were recorded on the engine before the issue-18 speed work. Each one
hashes, step by step, the legal actions (in order: random play picks by index), the
chosen action, every event (with its visibility), the view of every seat and of a
spectator, the full `to_json()` state and the verdict `check` gives on a few fixed moves. Any change
in what a game does, shows or says changes a digest.
"""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from tabletop.engine.core import IllegalAction
from tabletop.games.sumidagawa import GAME
from tabletop.games.sumidagawa.actions import PASS, parse_action

# Moves whose `check` verdict (and reason) is recorded at every step.
PROBES = (PASS, *(parse_action(t) for t in ("B1", "b", "R4+r", "B5+B6", "B5+B6+b", "R10+R10+R10", "B9+B9+B9+B9")))


def _session_digest(players: int, games: int, seed: int, clone_every_step: bool = False) -> tuple[int, str]:
    """(actions taken, sha256 of everything observable) for one random session.

    With `clone_every_step` each action is applied to a fresh clone, so whatever the
    state caches must survive `clone()` too.
    """
    digest = hashlib.sha256()

    def feed(obj: object) -> None:
        digest.update(json.dumps(obj, sort_keys=True, ensure_ascii=False, default=repr).encode())
        digest.update(b"\n")

    rng = random.Random(seed + 7)
    state = GAME.new_state(players, {"games": games}, seed)
    seats = [*range(players), None]
    feed([repr(state.view(s)) for s in seats])
    feed(state.to_json())
    steps = 0
    while not state.is_over():
        if clone_every_step:
            state = state.clone()
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        feed([str(a) for a in legal])
        for probe in PROBES:
            try:
                state.check(seat, probe)
                feed("ok")
            except IllegalAction as exc:
                feed([exc.key, exc.reason, exc.params])
        action = legal[rng.randrange(len(legal))]
        feed(str(action))
        events = state.apply_unchecked(seat, action)
        feed([e.to_json() for e in events])
        feed([repr(state.view(s)) for s in seats])
        feed(state.to_json())
        steps += 1
    feed(state.to_act())
    feed([state.result().scores, state.result().ranks, state.result().winners])
    return steps, digest.hexdigest()


# (players, games in the session, seed) -> (actions, digest), recorded on the engine before issue 18.
# Seeds 16, 116, 2, 34 and 187 reach the rarer paths: 炎の華 discards and Rin turned down.
RECORDED = {
    (3, 3, 11): (197, "f895283d5ce707abcc8b38d0629ab44f347a11bc42ddabfbeeac71e8f5466e22"),
    (3, 1, 12): (62, "c7f365de1535d410372f59f9ac3fb20ba2e0ddfe426f8e0f999e5318f8971aea"),
    (3, 2, 13): (148, "6e5250e08fcace4f1fdc2fc2ea65ace87930687c0d8b1ff71d427ee5e84e5e85"),
    (3, 3, 16): (200, "be714ef32767dadf23ab8da8e8d0af203e1fd33fac997aa4596958026ce8e003"),
    (3, 3, 116): (195, "6bf13cf9373793b1068098f402c4ad10323ecc8638e644935a415f618df10a85"),
    (4, 3, 21): (258, "b9dde59556b1d1582c6a79952a88d6836c1ba744a6d28f5076351d0a21c7983d"),
    (4, 1, 22): (68, "605d03b362636b2948d01940b309368aa30d368f0c68c8a7c4dd04b286e8fccc"),
    (4, 2, 23): (175, "5d913aef040d12cdf0f9325d1f15d7c55169f91ce1ccafd5fbbba5afb9732bef"),
    (4, 3, 2): (283, "055c336001f4bc88fe5e15c0c6de9c3235dc454becaeaf92c15b956e375f67ce"),
    (4, 3, 34): (262, "163c4088521690d4aea10ca17ad0b73cecf1ed877e1c9ba6e50b97cf3b608775"),
    (4, 3, 187): (231, "f32c9df4cfa1969fc94a3df42934323dd5a44b823f739efeeca3628abbeced50"),
}


@pytest.mark.parametrize("key", sorted(RECORDED))
def test_seeded_session_plays_out_as_recorded(key):
    assert _session_digest(*key) == RECORDED[key]


@pytest.mark.parametrize("key", sorted(RECORDED)[::3])
def test_seeded_session_through_clones_plays_out_as_recorded(key):
    assert _session_digest(*key, clone_every_step=True) == RECORDED[key]
