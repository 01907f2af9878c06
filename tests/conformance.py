"""Contract checks every game must pass (OpenSpiel's random_sim_test, extended).

Game test modules call these with their own player counts and options; a
hypothesis-driven wrapper supplies seeds and random choices.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tabletop.engine.core import Game, IllegalAction, State
from tabletop.engine.records import Record, Seat, load_record, replay, save_record

Invariant = Callable[[State], None]


def random_playout(
    game: Game,
    players: int,
    options: dict[str, Any],
    seed: int,
    choice_seed: int,
    invariant: Invariant | None = None,
    max_actions: int = 20_000,
) -> tuple[State, list[tuple[int, str]]]:
    """Play random legal actions to the end, checking the contract at every step."""
    state = game.new_state(players, game.resolve_options(options), seed)
    rng = random.Random(choice_seed)
    actions: list[tuple[int, str]] = []
    while not state.is_over():
        assert len(actions) < max_actions, "game did not end"
        to_act = state.to_act()
        assert to_act, "no seat to act in a game that is not over"
        seat = to_act[rng.randrange(len(to_act))]
        legal = state.legal_actions(seat)
        assert legal, f"seat {seat} to act but has no legal action"
        assert len(set(legal)) == len(legal), "duplicate legal actions"
        action = legal[rng.randrange(len(legal))]
        text = str(action)
        assert game.parse_action(text) == action, f"notation does not round-trip: {text}"
        for other in range(players):
            if other not in to_act:
                assert state.legal_actions(other) == [], f"seat {other} has actions but is not to act"
        state.apply(seat, action)
        actions.append((seat, text))
        if invariant is not None:
            invariant(state)
    assert state.to_act() == ()
    result = state.result()
    assert len(result.scores) == players
    json.dumps(state.to_json())  # full state must be JSON-serialisable
    return state, actions


def check_replay_and_records(
    game: Game, players: int, options: dict[str, Any], seed: int, actions: list[tuple[int, str]], final: State,
    tmp_path: Path,
) -> None:
    """Same seed and actions give the same game; a saved record loads to the same state."""
    record = Record(game.id, players, seed, game.resolve_options(options),
                    [Seat(f"P{i + 1}", "random") for i in range(players)], list(actions), game.version)
    again = replay(record).state
    assert again.to_json() == final.to_json()
    path = tmp_path / f"{game.id}-{seed}.json"
    save_record(path, record)
    loaded = load_record(path).state
    assert loaded.to_json() == final.to_json()
    assert loaded.result() == final.result()


def check_clone_independent(state: State, rng: random.Random) -> None:
    """A clone equals the original and playing on it leaves the original untouched."""
    before = json.dumps(state.to_json(), sort_keys=True)
    twin = state.clone()
    assert json.dumps(twin.to_json(), sort_keys=True) == before
    if not twin.is_over():
        seat = twin.to_act()[0]
        legal = twin.legal_actions(seat)
        twin.apply(seat, legal[rng.randrange(len(legal))])
    assert json.dumps(state.to_json(), sort_keys=True) == before


def check_sample_state_consistent(game: Game, state: State, seat: int, rng: random.Random) -> None:
    """A determinisation from a seat's view looks the same from that seat and is playable."""
    view = state.view(seat)
    sampled = game.sample_state(view, rng)
    assert sampled.view(seat) == view, "sample_state changed what the seat can see"
    assert sampled.to_act() == state.to_act()
    for s in state.to_act():
        if s == seat:
            assert sampled.legal_actions(s) == state.legal_actions(s)


def check_illegal_refused(game: Game, state: State) -> None:
    """Acting out of turn is refused with IllegalAction and changes nothing."""
    to_act = state.to_act()
    players = len(state.result().scores) if state.is_over() else None
    del players
    before = json.dumps(state.to_json(), sort_keys=True)
    idle = [s for s in range(8) if s not in to_act]
    if not to_act or not idle:
        return
    action = state.legal_actions(to_act[0])[0]
    try:
        state.apply(idle[0], action)
    except IllegalAction:
        pass
    else:  # pragma: no cover - the assertion below reports it
        raise AssertionError("an out-of-turn action was accepted")
    assert json.dumps(state.to_json(), sort_keys=True) == before
