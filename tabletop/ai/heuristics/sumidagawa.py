"""Sumidagawa heuristic: shed many Bon per play, spend Rin only when it pays, pass when a play costs more.

Scoring a play (higher is better):
- +1 per Bon shed; emptying the hand is worth a lot more (and most without Rin,
  because a Rin-using play makes you wait a Jun before going out);
- −RIN_COST per Rin: each used Rin costs about one Jun of forced passes;
- 濁流 ends the Jun and keeps the lead; 炎の華 sheds an extra card;
- a slight preference for low declared numbers (low cards are the hard ones to
  shed later, high ones can answer anything).
When an optional pass is allowed, the best play must be worth more than passing.
Choices after a play or at a Jun end keep the colours the hand uses most.
"""

from __future__ import annotations

import random
from typing import cast

from tabletop.ai.profile import AIProfile
from tabletop.ai.score_value import win_chances
from tabletop.engine.core import Action
from tabletop.games.sumidagawa.actions import Discard, Pass, Play, Revive, TurnDown
from tabletop.games.sumidagawa.cards import BLACK, RED, colour_of
from tabletop.games.sumidagawa.combos import DAKURYU, HONO_NO_HANA, declared_number
from tabletop.games.sumidagawa.moves import PLAY_INFO
from tabletop.games.sumidagawa.state import SumidagawaState
from tabletop.games.sumidagawa.view import SumidagawaView

RIN_COST = 1.7
PASS_VALUE = 0.4
NOISE = 0.3


def play_score(play: Play, table: int | None, hand_size: int) -> float:
    combo, lo, hi, _menzaifu = PLAY_INFO[play]
    shed = len(play.bon)
    rin = play.rin_black + play.rin_red
    score = shed - RIN_COST * rin
    left = hand_size - shed
    if left == 0 and shed:
        score += 2.0 if rin else 5.0
    if combo == DAKURYU:
        score += 1.0
    elif combo == HONO_NO_HANA and left >= 2:
        score += 0.8
    declared = declared_number(lo, hi, table)
    if shed and declared is not None:
        score -= 0.04 * declared
    return score


def _colour_weight(hand: tuple[int, ...] | list[int], colour: int) -> int:
    return sum(hand[c] for c in range(len(hand)) if colour_of(c) == colour)


def _pick_turn(legal: list[Action], table: int | None, hand_size: int, rng: random.Random, noise: float) -> Action:
    best: Action | None = None
    best_score = -1e9
    for action in legal:
        if isinstance(action, Pass):
            score = PASS_VALUE
        else:
            score = play_score(cast(Play, action), table, hand_size)  # a turn offers plays and the pass
        if noise:
            score += rng.random() * noise
        if score > best_score:
            best, best_score = action, score
    assert best is not None
    return best


def _pick_choice(legal: list[Action], hand: tuple[int, ...] | list[int], rng: random.Random) -> Action:
    """Revive / turn down / discard: keep the colour the hand holds more of."""
    black, red = _colour_weight(hand, BLACK), _colour_weight(hand, RED)
    keep = BLACK if black > red else RED if red > black else rng.randrange(2)
    for action in legal:
        if isinstance(action, Revive) and action.colour == keep:
            return action
        if isinstance(action, TurnDown) and action.colour != keep:
            return action
        if isinstance(action, Discard) and colour_of(action.card) != keep:
            return action
    return legal[rng.randrange(len(legal))]


def choose(view: SumidagawaView, legal: list[Action], rng: random.Random) -> Action:
    if len(legal) == 1:
        return legal[0]
    if not isinstance(legal[0], Play | Pass):
        return _pick_choice(legal, view.hand, rng)
    assert view.seat is not None  # a seat's own view
    return _pick_turn(legal, view.table, view.hand_sizes[view.seat], rng, NOISE)


# -- search support: the root's shortlist -----------------------------------------------------------

def root_candidates(view: SumidagawaView, legal: list[Action], width: int) -> list[Action]:
    """The `width` best plays by `play_score` (no noise), and the optional pass whenever it is legal.

    Choices that are not a turn (revive, turn down, discard) are few and all kept."""
    if len(legal) <= width or not isinstance(legal[0], Play | Pass):
        return legal
    assert view.seat is not None  # a seat's own view
    hand_size = view.hand_sizes[view.seat]
    plays = [a for a in legal if isinstance(a, Play)]
    plays.sort(key=lambda play: -play_score(play, view.table, hand_size))  # stable: legal order breaks ties
    kept = plays[:width]
    return [a for a in legal if a in kept or isinstance(a, Pass)]


def rollout(state: SumidagawaState, seat: int, legal: list[Action], rng: random.Random) -> Action:
    if len(legal) == 1:
        return legal[0]
    if not isinstance(legal[0], Play | Pass):
        return _pick_choice(legal, state.hands[seat], rng)
    return _pick_turn(legal, state.table, state.hand_size[seat], rng, NOISE)


# -- search support: rollouts stop at the end of the current game of the session -------------------

# Standard deviation of the points difference between two players over one game (points 1..n spread
# over the seats): about 1.8 for 3–4 players.
GAME_SPREAD = 1.8


def segment(state: SumidagawaState) -> int:
    """Which game of the session the state is in; ISMCTS rollouts stop when it changes."""
    return state.game_index


def evaluate(state: SumidagawaState, seat: int) -> float:
    """Chance that `seat` wins the session from its scores after a finished game, in [0, 1].

    Each other seat is beaten with probability Phi(lead / spread), the spread growing with the games
    left; the shares are normalised so the seats' chances add up to one like a session's rewards.
    """
    if not state.to_act():
        return state.result().reward(seat)
    return win_chances(state.scores, state.games_target - state.game_index, GAME_SPREAD)[seat]


PROFILE = AIProfile[SumidagawaView, SumidagawaState](
    choose=choose,
    rollout=rollout,
    evaluate=evaluate,
    segment=segment,
    # Normal stops at 200 iterations, so hard's 2.6 s is felt: hard wins 0.420 of 50 real-time single games
    # against three normal:200 (hard:400 against normal:100: 0.486 of 140), and normal:200 beats three easy
    # seats 0.500 (bench/STRENGTH.md).
    level_iterations={"normal": 200},
    root_shortlist=root_candidates,
    # How many of the heuristic's best turn moves a level's search weighs at its root (None: every legal
    # move). A hand with Rin up offers 30–55 plays; at a few hundred iterations each got a handful of
    # rollouts and the guard (tabletop/ai/guarded.py) kept the heuristic's move at most decisions.
    root_width={"normal": None, "hard": 6},
    # Hard plays the search's own most visited move (no guard): within the shortlist hard's budget gives
    # each move ~60 rollouts, and the guard's 1/sqrt(visits) margin still kept the heuristic's move.
    # Unguarded over every move the search played lone Rin (`b`, `r+r`) and games ran long; the shortlist
    # leaves those out.
    guarded_levels=frozenset({"normal"}),
)
