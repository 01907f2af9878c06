"""BLUFFIT heuristic: bid in proportion to what is on the table, claim or challenge by expected value.

`choose` reads only the seat's View: the chance of winning a challenge is
estimated over the cards the defender may still hold (its starting hand minus
the cards publicly known to be gone), weighted towards high cards when the
defender claimed something valuable (people bid high for high cards).
"""

from __future__ import annotations

import random

from tabletop.engine.core import Action
from tabletop.games.bluffit.actions import Bid, Challenge, Claim
from tabletop.games.bluffit.cards import CHALLENGER, resolve, starting_hand, value
from tabletop.games.bluffit.state import FINAL_ROUND
from tabletop.games.bluffit.view import BluffitView

NOISE = 0.6  # points of random jitter: "easy" should not be fully predictable


def _possible_cards(view: BluffitView, seat: int) -> list[int]:
    """Cards `seat` may have bid this round, from public knowledge and this view's own memory."""
    known_now = dict(view.known) | dict(view.public_known)
    if seat in known_now:
        return [known_now[seat]]
    if view.round == FINAL_ROUND:
        return list(view.final_hands[seat])
    gone = {c for m in view.history for q, c in m.public_known if q == seat}
    gone |= {c for _, q, c in view.private_history if q == seat}
    cards = [c for c in starting_hand(frozenset(view.specials)) if c not in gone]
    return cards or list(starting_hand(frozenset(view.specials)))


def _win_chance(mine: int, view: BluffitView, defender: int) -> float:
    cards = _possible_cards(view, defender)
    unit = view.held[defender]
    top = max(value(c) for c in unit)
    # A player who claimed a high card tends to hold a high strength card.
    weights = [1.0 + (value(c) * top) / 25.0 for c in cards]
    won = sum(w for c, w in zip(cards, weights) if resolve(mine, c) == CHALLENGER)
    return won / sum(weights)


def _choose_bid(view: BluffitView, legal: list[Action], rng: random.Random) -> Action:
    hand = sorted(view.hand, key=value)
    table_best = max((value(c) for c in view.table), default=5)
    # Spend a card whose rank in our hand matches how attractive the table is.
    target = (table_best / 10.0) * (len(hand) - 1) + rng.uniform(-1.5, 1.5)
    index = min(len(hand) - 1, max(0, round(target)))
    return Bid(hand[index])


def _choose_turn(view: BluffitView, legal: list[Action], rng: random.Random) -> Action:
    mine = view.my_strength
    assert mine is not None and view.seat is not None
    best: tuple[float, Action] | None = None
    for action in legal:
        if isinstance(action, Claim):
            gain = sum(value(c) for c in action.cards)
            # Later players may take it away: a strong bid keeps it more often.
            later = len(view.participants) - view.turn - 1
            keep = 1.0 - min(0.8, later * 0.18 * (1.0 - value(mine) / 11.0))
            score = gain * keep
        else:
            assert isinstance(action, Challenge)
            gain = sum(value(c) for c in view.held[action.target])
            score = gain * _win_chance(mine, view, action.target)
        score += rng.uniform(0, NOISE)
        if best is None or score > best[0]:
            best = (score, action)
    assert best is not None
    return best[1]


def choose(view: BluffitView, legal: list[Action], rng: random.Random) -> Action:
    if len(legal) == 1:
        return legal[0]
    if isinstance(legal[0], Bid):
        return _choose_bid(view, legal, rng)
    return _choose_turn(view, legal, rng)


def rollout(state, seat: int, legal: list[Action], rng: random.Random) -> Action:
    """Cheap policy for search: bid a random card, take the best card or challenge with a strong bid.

    Runs tens of thousands of times per second inside ISMCTS, so it reads card codes
    directly (value = code & 15) instead of going through the helpers above.
    """
    first = legal[0]
    if isinstance(first, Bid):
        return legal[rng.randrange(len(legal))]
    best_claim, best_gain = None, -1
    target, target_worth = None, -1
    for action in legal:
        if isinstance(action, Claim):
            gain = sum(c & 15 for c in action.cards)
            if gain > best_gain:
                best_claim, best_gain = action, gain
        else:
            worth = sum(c & 15 for c in state.held[action.target])
            if worth > target_worth:
                target, target_worth = action, worth
    if target is not None and state.strength[seat] & 15 >= 7 and (best_claim is None or target_worth > best_gain + 2):
        return target
    if best_claim is not None and rng.random() < 0.8:
        return best_claim
    return legal[rng.randrange(len(legal))]
