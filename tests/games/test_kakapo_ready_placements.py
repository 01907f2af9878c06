"""KAKAPO (issue 18): the placements listed when a lone piece is selected are the placer's next legal moves.

`_check_placeable` lists the lone selected piece's placements (it must know whether any exists) and
the next `legal_actions` hands that list out instead of listing again. It must be exactly the list
the rules give, handed out once, and never once the board or the selection changed.
"""

from __future__ import annotations

import random

from tabletop.games.kakapo import GAME, pieces
from tabletop.games.kakapo.state import PLACE, KakapoState


def _placing_states(players: int, games: int, seed: int) -> list[KakapoState]:
    """States of random games where one selected piece is to be placed (copies: play goes on)."""
    rng = random.Random(seed)
    out = []
    for g in range(games):
        s = GAME.new_state(players, GAME.resolve_options({}), seed * 1000 + g)
        while not s.is_over():
            seat = s.to_act()[0]
            if s.phase == PLACE and len(s.selection) == 1:
                out.append(s.clone())
                out[-1]._ready = s._ready  # the clone lists its own; this one keeps what play listed
            legal = s.legal_actions(seat)
            s.apply_unchecked(seat, legal[rng.randrange(len(legal))])
    return out


def _listed(s: KakapoState) -> list:
    k = s.selection[0]
    return s.rules.legal_actions(k, s.occupied, s.colour_cells)


def test_the_listed_placements_are_the_rules_and_are_handed_out_once() -> None:
    states = _placing_states(4, 20, 1) + _placing_states(2, 20, 2)
    assert len(states) > 200
    for s in states:
        ready = s._ready
        assert ready is not None, "a lone selected piece's placements were not listed when it was selected"
        first = s.legal_actions(s.placer)
        assert first is ready[3]  # no second listing
        assert first == _listed(s)
        second = s.legal_actions(s.placer)
        assert second == first and second is not first  # handed out once: a caller may keep or change its list


def test_a_changed_board_or_selection_lists_again() -> None:
    states = _placing_states(4, 6, 3)
    for s in states[::2]:
        other = next(k for k in range(pieces.NUM_CARDS) if not s.used >> k & 1 and k != s.selection[0])
        s.selection = [other]
        assert s.legal_actions(s.placer) == _listed(s)
    for s in states[1::2]:
        free = next(i for i in range(144) if not s.occupied >> i & 1)
        s.occupied |= 1 << free
        assert s.legal_actions(s.placer) == _listed(s)


def test_a_clone_lists_its_own() -> None:
    s = _placing_states(4, 2, 4)[0]
    twin = s.clone()
    assert twin._ready is None
    assert twin.legal_actions(twin.placer) == s.legal_actions(s.placer)
