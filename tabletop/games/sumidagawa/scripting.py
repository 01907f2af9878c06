"""Scripted positions for tests and tutorials: give hands and Rin as text, get a ready State.

    state = scripted_state(
        hands=["B3 B3 R5", "R4 R5", "R6 R6 B9", "B6 B6"],  # one string per seat
        rin=["UUUU", "UUUU", "UUXD", "UUUU"],              # b, b, r, r: U up, X used, D down
        leader=0,
    )

Cards not in any hand go to the undealt remainder. Optional keyword arguments set
the Jun in progress: `table` (table number), `used` (combination ids already
played), `played` (seats that have played this Jun), `locked` (seats that
optional-passed), `turn`, `kagerou`, `rin_last` (seats that used Rin last Jun),
`tiles` (per seat, 0 = none), `out` (seats already out, in order), `games`.
Automatic turns then resolve as in real play, so `to_act()` names a decision.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tabletop.games.sumidagawa.cards import DECK_COUNTS, NUM_CODES, parse_card
from tabletop.games.sumidagawa.combos import BY_ID
from tabletop.games.sumidagawa.state import TURN, SumidagawaState
from tabletop.games.sumidagawa.view import SumidagawaView

_RIN_STATE = {"U": 0, "X": 2, "D": 4}  # offsets of UP / USED / DOWN


def parse_hand(text: str) -> list[int]:
    counts = [0] * NUM_CODES
    for token in text.split():
        counts[parse_card(token)] += 1
    return counts


def rin_counts(text: str) -> tuple[int, ...]:
    """`"UUXD"` (black, black, red, red) -> (up_b, up_r, used_b, used_r, down_b, down_r)."""
    if len(text) != 4 or any(ch not in _RIN_STATE for ch in text):
        raise ValueError(f"Rin are four letters U/X/D (black, black, red, red): {text!r}")
    out = [0] * 6
    for i, ch in enumerate(text):
        out[_RIN_STATE[ch] + (0 if i < 2 else 1)] += 1
    return tuple(out)


def scripted_state(
    hands: Sequence[str],
    rin: Sequence[str] | None = None,
    leader: int = 0,
    *,
    table: int | None = None,
    used: Iterable[str] = (),
    played: Iterable[int] = (),
    locked: Iterable[int] = (),
    turn: int | None = None,
    kagerou: bool | None = None,
    rin_last: Iterable[int] = (),
    tiles: Sequence[int] | None = None,
    out: Sequence[int] = (),
    games: int = 1,
    seed: int = 0,
) -> SumidagawaState:
    n = len(hands)
    counts = [parse_hand(h) for h in hands]
    remainder = [DECK_COUNTS[c] - sum(h[c] for h in counts) for c in range(NUM_CODES)]
    if min(remainder) < 0:
        raise ValueError("the scripted hands use more copies of a card than the deck has")
    rin_tuples = tuple(rin_counts(r) for r in (rin or ["UUUU"] * n))
    active = (1 << n) - 1
    for p in out:
        active &= ~(1 << p)
    rin_last_mask = sum(1 << p for p in rin_last)
    tiles = list(tiles) if tiles is not None else [0] * n
    played_mask = sum(1 << p for p in played)
    view = SumidagawaView(
        game="sumidagawa", seat=None, players=n, hand_sizes=tuple(sum(h) for h in counts),
        remainder_size=sum(remainder), rin=rin_tuples, tiles=tuple(tiles), next_tile=max(tiles, default=0) + 1,
        out_order=tuple(out), active=active, rin_last=rin_last_mask, phase=TURN,
        turn=leader if turn is None else turn, leader=leader,
        kagerou=bool(rin_last_mask >> leader & 1) if kagerou is None else kagerou,
        leader_acted=turn is not None and turn != leader or bool(played_mask >> leader & 1),
        used_combos=sum(1 << BY_ID[c].index for c in used), table=table,
        last_player=-1, pending=active, played=played_mask, locked=sum(1 << p for p in locked),
        jun_number=1, played_cards=tuple([0] * NUM_CODES), games_target=games, scores=(0,) * n,
    )
    state = SumidagawaState.from_view(view, counts, remainder, seed)
    if table is not None and state.last_player < 0:
        # a table number implies an earlier play; the most recent one was by the previous active seat
        state.last_player = next(q for q in ((state.turn - k) % n for k in range(1, n + 1)) if active >> q & 1)
        state.pending = active & ~(1 << state.last_player)
    state._advance()
    return state
