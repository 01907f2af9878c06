"""BLUFFIT heuristic: bid in proportion to what is on the table, claim or challenge by expected value.

`choose` reads only the seat's View: the chance of winning a challenge is
estimated over the cards the defender may still hold (its starting hand minus
the cards publicly known to be gone), weighted towards high cards when the
defender claimed something valuable (people bid high for high cards).

For the search: `rollout` bids by the same rule as `choose`, and `opponent_model`
redraws the opponents' hidden bids in each sampled world by that rule. Without
the model every world has opponents bid a random card, so the search values
challenges against bidders that do not exist and loses to the plain heuristic
(bench/STRENGTH.md).
"""

from __future__ import annotations

import functools
import math
import random
from typing import cast

from tabletop.ai.profile import AIProfile
from tabletop.engine.core import Action
from tabletop.games.bluffit.actions import Bid, Challenge, Claim
from tabletop.games.bluffit.cards import BOTH_LOSE, CHALLENGER, resolve, starting_hand, value
from tabletop.games.bluffit.state import FINAL_ROUND, BluffitState
from tabletop.games.bluffit.view import BluffitView

NOISE = 0.6  # points of random jitter: "easy" should not be fully predictable
BID_JITTER = 1.5  # ranks either side of the bid's target rank, drawn uniformly


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


def _bid_target(table_best: int, hand_size: int) -> float:
    """The rank (0 = lowest card) a bid aims at: as high in the hand as the table is attractive."""
    return (table_best / 10.0) * (hand_size - 1)


def _bid_index(table_best: int, hand_size: int, rng: random.Random) -> int:
    target = _bid_target(table_best, hand_size) + rng.uniform(-BID_JITTER, BID_JITTER)
    return min(hand_size - 1, max(0, round(target)))


def _choose_bid(view: BluffitView, legal: list[Action], rng: random.Random) -> Action:
    hand = sorted(view.hand, key=value)
    table_best = max((value(c) for c in view.table), default=5)
    return Bid(hand[_bid_index(table_best, len(hand), rng)])


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


def _unit_worth(cards: tuple[int, ...] | list[int]) -> int:
    return cards[0] & 15 if len(cards) == 1 else sum(c & 15 for c in cards)


def rollout(state: BluffitState, seat: int, legal: list[Action], rng: random.Random) -> Action:
    """Cheap policy for search: bid by the table like `choose`, take the best card or challenge with a strong bid.

    Runs tens of thousands of times per second inside ISMCTS, so it reads card codes
    directly (value = code & 15) instead of going through the helpers above, and
    inlines `_bid_index` (the same arithmetic, so the same draws).
    """
    if type(legal[0]) is Bid:
        # Bid as the heuristic does, so simulated opponents bid the way the opponent model assumes.
        table = state.table
        if state.specials:
            legal = sorted(legal, key=lambda a: cast(Bid, a).card & 15)  # the bid phase offers only bids
            table_best = max((c & 15 for c in table), default=5)
        else:
            table_best = table[-1] if table else 5  # the table is kept sorted
        size = len(legal)
        target = (table_best / 10.0) * (size - 1) + (-BID_JITTER + (2 * BID_JITTER) * rng.random())
        return legal[min(size - 1, max(0, round(target)))]
    held = state.held
    best_claim: Claim | None = None
    challenged: Challenge | None = None
    best_gain = target_worth = -1
    for action in legal:
        if type(action) is Claim:
            gain = _unit_worth(action.cards)
            if gain > best_gain:
                best_claim, best_gain = action, gain
        else:
            challenge = cast(Challenge, action)  # the bluff phase offers claims and challenges
            worth = _unit_worth(held[challenge.target])
            if worth > target_worth:
                challenged, target_worth = challenge, worth
    if challenged is not None and _bid(state.strength[seat]) & 15 >= 7 and (best_claim is None
                                                                           or target_worth > best_gain + 2):
        return challenged
    if best_claim is not None and rng.random() < 0.8:
        return best_claim
    return legal[rng.randrange(len(legal))]


# -- opponent model: which strength card did each opponent most likely bid? --------------------------

BID_MODEL_SLACK = 0.25  # share of an opponent's bid the model leaves to chance (search overrides, humans)
_REDRAW_TRIES = 8  # joint redraws tried before keeping the sampler's cards (challenge outcomes must hold)


@functools.lru_cache(maxsize=256)
def _rank_chances(table_best: int, hand_size: int) -> tuple[float, ...]:
    """Chance that the heuristic bids the card of each rank: the share of its jitter that rounds there."""
    target = _bid_target(table_best, hand_size)
    low, high = target - BID_JITTER, target + BID_JITTER
    chances = []
    for k in range(hand_size):
        lo = -math.inf if k == 0 else k - 0.5
        hi = math.inf if k == hand_size - 1 else k + 0.5
        covered = max(0.0, min(hi, high) - max(lo, low))
        chances.append((1.0 - BID_MODEL_SLACK) * covered / (2 * BID_JITTER) + BID_MODEL_SLACK / hand_size)
    return tuple(chances)


def opponent_model(state: BluffitState, seat: int, rng: random.Random) -> None:
    """Redraw, in a world sampled for `seat`, the opponents' hidden strength cards by the heuristic's bid rule.

    The sampler deals every card an opponent may hold as equally likely to be its bid; but bids follow the
    table (people bid high for a 10), so a world where everyone bid a random card misjudges every challenge.
    Each opponent's card is redrawn from its hand at bid time, weighted by how likely the heuristic was to bid
    it given the round's table. Only the sampled world and public facts are read; cards `seat` saw stay, and
    the round's challenge outcomes must still hold (else the sampler's cards are kept).
    """
    if state.phase == "over":
        return
    table = list(state.table)
    for unit in state.held:
        table.extend(unit)  # the round's table at bid time: claimed cards came from it
    table_best = max((c & 15 for c in table), default=5)
    fixed = {q for q, _ in state.known[seat]}
    fixed.update(q for a, b, o in state.outcomes if o == BOTH_LOSE for q in (a, b))
    free = [p for p in state.participants if p != seat and p not in fixed and state.strength[p] is not None]
    if not free:
        return
    options: dict[int, tuple[list[int], tuple[float, ...]]] = {}
    for p in free:
        cards = sorted([*state.hands[p], _bid(state.strength[p])], key=lambda c: c & 15)
        options[p] = (cards, _rank_chances(table_best, len(cards)))
    outcomes = state.outcomes
    for _ in range(_REDRAW_TRIES):
        drawn = {p: rng.choices(cards, weights)[0] for p, (cards, weights) in options.items()}
        strength = list(state.strength)
        for p, card in drawn.items():
            strength[p] = card
        if all(resolve(_bid(strength[a]), _bid(strength[b])) == o for a, b, o in outcomes):
            break
    else:
        return
    for p, card in drawn.items():
        old = _bid(state.strength[p])
        if card != old:
            hand = state.hands[p]
            hand.remove(card)
            hand.append(old)
            hand.sort()
            state.strength[p] = card
    known: list[list[tuple[int, int]]] = [[] for _ in range(state.n)]
    for a, b, _ in outcomes:
        known[a].append((b, _bid(state.strength[b])))
        known[b].append((a, _bid(state.strength[a])))
    state.known = known


def _bid(card: int | None) -> int:
    """A seat's bid card where the round says it has one (a participant that was free or was challenged)."""
    assert card is not None
    return card


PROFILE = AIProfile[BluffitView, BluffitState](
    choose=choose,
    rollout=rollout,
    opponent_model=opponent_model,
    # Normal stops at 250 iterations: at its 0.8 s (about 2,000) the search had converged and hard's 2.6 s won
    # only 0.200 of 20 real-time games against three normal; against normal:250 hard wins 0.717 of 30, and
    # normal:250 beats three easy seats 0.750 (bench/STRENGTH.md).
    level_iterations={"normal": 250},
)
