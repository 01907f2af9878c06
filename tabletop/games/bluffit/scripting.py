"""Build BLUFFIT positions by hand, for tests and tutorials (spec §14 vectors).

Cards are given in notation ("7", "T10", …). The state starts in the bid phase
of `round` with the given table and start player; hands default to the
starting hand minus nothing (round 1) — pass `hands` to set them exactly.
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.engine.core import Chance, Event
from tabletop.games.bluffit.cards import SPECIALS, parse_card, starting_hand
from tabletop.games.bluffit.state import FINAL_ROUND, BluffitState


def _cards(texts: Sequence[str]) -> list[int]:
    return [parse_card(t) for t in texts]


def scripted_state(
    players: int,
    table: Sequence[str],
    start: int = 0,
    *,
    round: int = 1,
    hands: Sequence[Sequence[str]] | None = None,
    piles: Sequence[Sequence[str]] | None = None,
    specials: Sequence[str] = (),
    combine: bool = False,
    seed: int = 0,
) -> BluffitState:
    s = BluffitState.__new__(BluffitState)
    s.n, s.combine = players, combine
    s.specials = frozenset(SPECIALS[k] for k in specials)
    s.chance = Chance(seed)
    s.round = round
    s.table = sorted(_cards(table))
    s.set_aside, s.removed = [], []
    if hands is None:
        s.hands = [starting_hand(s.specials) for _ in range(players)]
    else:
        s.hands = [sorted(_cards(h)) for h in hands]
    s.piles = [_cards(p) for p in piles] if piles is not None else [[] for _ in range(players)]
    s.start = start
    s.history, s.seen = [], [[] for _ in range(players)]
    s.picked = [tuple(h) for h in s.hands] if round == FINAL_ROUND else [() for _ in range(players)]
    participants = list(range(players))
    if round == FINAL_ROUND:
        participants = [p for p in range(players) if s.hands[p]]
        if start not in participants:
            s.start = min(participants, key=lambda p: (p - start) % players)
    s._begin_round(participants)
    return s


def play(state: BluffitState, *moves: tuple[int, str]) -> list[Event]:
    """Apply (seat, notation) moves through the checked path; returns all events."""
    from tabletop.games.bluffit.actions import parse_action

    events = []
    for seat, text in moves:
        events.extend(state.apply(seat, parse_action(text)))
    return events
