"""BLOODY SUMMER opponent model: sampled hands that fit what each opponent did this round.

The sampler deals the unseen cards uniformly, but the round's plays and passes say more: a follower
mostly plays the weakest combination that beats the top, so one who answered S(7) with S(11) seldom
held an 8, 9 or 10; and passing with a beating play in hand is a choice made about a third of the
time, so one who passed on S(9) seldom held a 10 or better. The model redeals a sampled world's hidden
cards a few times and keeps one deal with probability proportional to how likely it makes those plays
and passes (sampling-importance-resampling). It reads only the sampled world, whose round, hand sizes
and discard come from the searcher's view (the view keeps no earlier rounds), so a search that uses it
still depends on the view alone.

**Not used by the levels.** It brings sampled hands closer to what players hold (evidence that the true
hands contradict: 0.47 for normal:200 players; sampler 0.63, model 0.50), but hard:800 against three
normal:200 seats did not win more with it, whether both levels used it or hard alone (bench/STRENGTH.md,
issue 17, 2026-12-02: BLOODY SUMMER hard vs normal). It stays for further studies: pass it to ISMCTS as
`opponent_model` (the heuristics module does not export it, so `levels.game_search` does not pick it up).
"""

from __future__ import annotations

import random

from tabletop.games.bloody_summer.cards import ONE, pack, unpack
from tabletop.games.bloody_summer.rules import FORMS, MAX_VALUE, PAIR, SINGLE, beating_values, packed_cards
from tabletop.games.bloody_summer.state import BloodySummerState

# Deals weighed per sampled world: the sampler's own and CANDIDATES - 1 redeals.
CANDIDATES = 8
# Likelihood factors, from 445 follow decisions of four normal:200 seats (25 games): with a beating play
# in hand they passed 32 % of the time, and 34 % of their plays were not the weakest beating one (60 %
# with three or more to choose from; the factor is that share spread over the stronger plays).
PASS_HOLDING = 0.3  # a pass by a player who held a beating play
SKIP_WEAKER = 0.25  # a play stronger than needed by a player who held a weaker beating one

_LOW = sum(ONE[v] for v in range(1, 14))  # bit 3v for every value: the "value mask" of a packed hand


def _value_mask(values: range) -> int:
    return sum(ONE[v] for v in values)


# [form][top value][reversed] -> value mask of the plays of that form that beat the top
_BEATING = {form: (0,) + tuple((_value_mask(beating_values(form, top, False)),
                                _value_mask(beating_values(form, top, True)))
                               for top in range(1, MAX_VALUE[form] + 1))
            for form in FORMS}
# [value][reversed] -> value mask of the weaker values (lower normally, higher when reversed); for straights
# the values are their lowest cards, ordered the same way
_WEAKER = (0,) + tuple((_value_mask(range(1, v)), _value_mask(range(v + 1, 14))) for v in range(1, 14))


def _usable(hand: int, form: str) -> int:
    """Value mask of the combinations of `form` in a packed hand (a straight by its lowest value)."""
    upper = hand >> 1 | hand >> 2  # count 2 or more
    if form == PAIR:
        return upper & _LOW
    held = (hand | upper) & _LOW
    if form == SINGLE:
        return held
    return held & held >> 3 & held >> 6


# One piece of evidence: (opponent, cards to add back to their hand now, form, value mask, factor): the
# deal is `factor` times as likely when the hand they held then had a combination of `form` in the mask.
Evidence = tuple[int, int, str, int, float]


def round_evidence(state: BloodySummerState, seat: int) -> list[Evidence]:
    """What this round's plays and passes say about the hands of `seat`'s opponents.

    Turns go clockwise among open seats and a pass is final, so every open seat strictly between two
    consecutive players passed on the first of the two plays; seats passed after the last play passed
    on it. The lead says little (any combination may open a round) and is not used.
    """
    plays = state.plays
    if not plays:
        return []
    n, rev = state.n, state.reversed
    evidence: list[Evidence] = []
    open_seats = state.alive
    later = [0] * n  # cards each seat played after the play being read (walked backwards below)
    passed_on: list[tuple[int, int]] = []  # (seat, index of the play it passed on)
    for i in range(1, len(plays)):
        x, y = plays[i - 1][0], plays[i][0]
        z = (x + 1) % n
        while z != y:
            if open_seats >> z & 1:
                passed_on.append((z, i - 1))
                open_seats &= ~(1 << z)
            z = (z + 1) % n
    last = len(plays) - 1
    for z in range(n):
        if state.passed >> z & 1 and open_seats >> z & 1:
            passed_on.append((z, last))
    for z, i in passed_on:
        if z != seat:
            _, form, top = plays[i]
            evidence.append((z, 0, form, _BEATING[form][top][rev], PASS_HOLDING))
    for i in range(last, 0, -1):
        p, form, value = plays[i]
        later[p] += packed_cards(form, value)
        if p == seat:
            continue
        weaker = _BEATING[form][plays[i - 1][2]][rev] & _WEAKER[value][rev]
        if weaker:
            evidence.append((p, later[p], form, weaker, SKIP_WEAKER))
    return evidence


def _weight(hands: list[int], evidence: list[Evidence]) -> float:
    weight = 1.0
    for p, extra, form, mask, factor in evidence:
        if _usable(hands[p] + extra, form) & mask:
            weight *= factor
    return weight


def opponent_model(state: BloodySummerState, seat: int, rng: random.Random) -> None:
    """Redeal, in a world sampled for `seat`, the hidden cards by how well they fit this round's plays and passes."""
    if state.winner is not None:
        return
    evidence = round_evidence(state, seat)
    if not evidence:
        return
    hands = state.hands
    others = [p for p in range(state.n) if p != seat and state.alive >> p & 1]
    cards = unpack(sum(hands[p] for p in others) + state.aside)
    sizes = [state.sizes[p] for p in others]
    deals = [[hands[p] for p in others]]
    weights = [_weight(hands, evidence)]
    trial = hands[:]
    for _ in range(CANDIDATES - 1):
        rng.shuffle(cards)
        deal = []
        at = 0
        for p, size in zip(others, sizes):
            trial[p] = pack(cards[at:at + size])
            deal.append(trial[p])
            at += size
        deals.append(deal)
        weights.append(_weight(trial, evidence))
    chosen = rng.choices(deals, weights)[0]
    held = 0
    for p, hand in zip(others, chosen):
        hands[p] = hand
        held += hand
    state.aside = pack(cards) - held
