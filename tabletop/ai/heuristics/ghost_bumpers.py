"""Ghost Bumpers heuristic: the "easy" player and the ISMCTS rollout policy.

The round score is fixed when the scared card is placed (6 − p U cards lie under S),
doubled if exactly the p safe reveals get used, lost if one more is needed. So:

- Fear: bid on how many reveals the hand will be forced into. High singles (7–9) are
  hard to lose; low cards and sets (a pair counts only 2.x) are easy to duck with.
- Play: each candidate play is scored by the chance it takes the trick times what
  winning is worth now (using safe reveals is good up to the last one, one more is a
  disaster, a paranoia finish is worth 10), plus a small term for which cards it
  spends (dump high cards when ducking, keep them when still wanting wins).
- Forced discard: give up the card that helps least.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from tabletop.ai.profile import AIProfile
from tabletop.ai.score_value import win_chances
from tabletop.engine.core import Action
from tabletop.games.ghost_bumpers.actions import DISCARDS, FEARS, Discard, Play, PlayZ, SetFear
from tabletop.games.ghost_bumpers.cards import FIVE, KINDS, Z, deck_score
from tabletop.games.ghost_bumpers.state import GhostBumpersState
from tabletop.games.ghost_bumpers.view import GhostBumpersView

Trick = Sequence[tuple[int, int, int, int]]



def fear_position(hand: Sequence[int], rng: random.Random) -> int:
    """How many reveals to survive: about the number of tricks this hand cannot avoid."""
    danger = 0.0
    for v in (7, 8, 9):
        c = hand[v]
        if c == 1:
            danger += (v - 6) / 3  # a lone 9 is nearly a sure trick; a pair of 9s is only 2.9
        elif c >= 2:
            danger += 0.3 * (v - 6) / 3
    danger += 0.25 * hand[FIVE]  # fives in my tricks cost extra reveals
    low = hand[1] + hand[2] + hand[3]
    danger -= 0.25 * low
    p = int(danger + 0.5) + (1 if rng.random() < 0.3 else 0)
    return max(0, min(5, p))


def _hold_chance(st: int, later: int) -> float:
    """Rough chance that a play of strength `st` (tenths) survives `later` opponents."""
    if st >= 100:
        return 1.0
    if st == 0:
        return 0.0
    q = min(0.97, max(0.03, (st - 10) / 85))
    return q ** later


def _win_value(owed: int, z_trick: bool, safe: int, size: int) -> float:
    """What taking this trick is worth: reveals used well, a scare, a paranoia finish or a Z move."""
    below = size - 1 - safe
    at_bottom = safe == size - 1
    if z_trick:
        if size < 2:
            return 0.0
        return 2.0 * (size - 1) if at_bottom else -1.0  # S to the top, or one point fewer under S
    if at_bottom:  # nothing to lose: aim for the paranoia finish
        if owed == size:
            return 10.0
        return 0.3 if owed < size else 0.0
    if owed > safe:
        return -2.0 * below - 1.0
    return 0.8 * owed + (below if owed == safe else 0.0)  # exactly used up doubles the score


def choose_play(hand: Sequence[int], trick: Trick, players: int, safe: int, size: int,
                legal: Sequence[Action], rng: random.Random) -> Action:
    best_st = -1
    fives = 0
    z_on_table = False
    for _, c, k, st in trick:
        if st >= best_st:
            best_st = st
        if c == FIVE:
            fives += k
        elif c == Z:
            z_on_table = True
    later = players - len(trick) - 1
    ducking = safe == 0 or (safe < size - 1 and deck_score(size, safe) > 0 and safe <= 1)
    choice = legal[0]
    top = -1e9
    for action in legal:
        if type(action) is PlayZ:
            card, count, st = Z, 1, 10 * action.declared
        elif type(action) is Play:
            card, count = action.value, action.count
            st = 10 * card if count == 1 else 10 * count + card
        else:
            continue
        p_win = _hold_chance(st, later) if st >= best_st else 0.0
        z_trick = z_on_table or card == Z
        owed = 1 + fives + (count if card == FIVE else 0) + (0.3 * later if later else 0)
        value = p_win * _win_value(round(owed), z_trick, safe, size) if p_win else 0.0
        # Spending: when ducking, be rid of high cards; otherwise keep them and spend low ones.
        spend = (card if card else 5) / 9 * count
        value += 0.15 * spend if ducking else -0.1 * spend
        if card == Z:
            value -= 0.3  # the 0/10 card is a flexible escape: keep it unless it is clearly worth it
        value += rng.random() * 0.05
        if value > top:
            top, choice = value, action
    return choice


def choose_discard(hand: Sequence[int], legal: Sequence[Action]) -> Action:
    """Keep Z and low cards (they duck); give up the highest card held."""
    for card in range(KINDS - 1, 0, -1):
        if hand[card] and DISCARDS[card] in legal:
            return DISCARDS[card]
    return legal[0]


def choose(view: GhostBumpersView, legal: list[Action], rng: random.Random) -> Action:
    """The easy player: reads only its seat's View."""
    seat = view.seat
    first = type(legal[0])
    hand = view.hand
    if first is SetFear:
        return FEARS[fear_position(hand, rng)]
    if first is Discard:
        return choose_discard(hand, legal)
    assert seat is not None
    return choose_play(hand, view.trick, view.players, view.own_scared, view.char_sizes[seat], legal, rng)


def rollout(state: GhostBumpersState, seat: int, legal: list[Action], rng: random.Random) -> Action:
    """Cheap policy for search on a determinised state (reads the sampled state directly)."""
    first = type(legal[0])
    hand = state.hands[seat]
    if first is SetFear:
        return FEARS[fear_position(hand, rng)]
    if first is Discard:
        return choose_discard(hand, legal)
    return choose_play(hand, state.trick, state.players, state.scared[seat], state.char_sizes[seat], legal, rng)


# -- search support: rollouts stop at the end of the current round ----------------------------------

# Measured over 40 four-player games of this policy: a seat scores 5.7 points a round on average and
# the difference of two seats' round points has a standard deviation of 6.4.
ROUND_POINTS = 5.7
ROUND_SPREAD = 6.4


def segment(state: GhostBumpersState) -> int:
    """The round being played; ISMCTS rollouts stop (and `evaluate`) when it changes."""
    return state.round_no


def rounds_left(state: GhostBumpersState) -> int:
    """Rounds still to play, counting the one just dealt (target mode: estimated from the leader's gap)."""
    if state.mode == "target":
        return max(1, math.ceil((state.target - max(state.scores)) / ROUND_POINTS))
    return max(1, state.rounds - state.round_no + 1)


def evaluate(state: GhostBumpersState, seat: int) -> float:
    """Chance that `seat` wins from the scores at a round's start, in [0, 1] (the true result once over)."""
    if state.is_over():
        return state.result().reward(seat)
    return win_chances(state.scores, rounds_left(state), ROUND_SPREAD)[seat]


PROFILE = AIProfile[GhostBumpersView, GhostBumpersState](
    choose=choose,
    rollout=rollout,
    evaluate=evaluate,
    segment=segment,
    # Normal stops at 250 iterations: at its 2,500 (reached in 0.8 s) hard's 10,000 won only 0.360 of 25
    # real-time games against three normal; against normal:250 hard wins 0.867 of 30, and normal:250 beats
    # three easy seats 0.713 (bench/STRENGTH.md).
    level_iterations={"normal": 250},
)
