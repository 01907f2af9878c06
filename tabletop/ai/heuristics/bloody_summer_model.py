"""BLOODY SUMMER opponent model: sampled hands that fit what each opponent did all game.

The sampler deals the unseen cards uniformly, but every play and pass says more: a follower mostly
plays the weakest combination that beats the top, so one who answered S(7) with S(11) seldom held an
8, 9 or 10; and passing with a beating play in hand is a choice made about a third of the time, so one
who passed on S(9) seldom held a 10 or better. Hands never grow, so what a player did not hold in round
2 they do not hold now: the evidence of every round adds up (the view's public `history`). The model
walks a sampled world's hidden cards towards deals that fit it with a short Metropolis chain of swaps
between the opponents' hands (and the 3-player set-aside cards), starting from the sampler's deal.
It reads only the sampled world, whose rounds, hand sizes and discard come from the searcher's view, so
a search that uses it still depends on the view alone.

**Not used by the levels**, because the evidence turned out nearly empty: by the time it is read, the
cards played since already rule out most of what a pass or a skip said. Along 12 games of four normal:200
seats the true hands held the play a pass is about 0.215 of the time and the sampler's worlds 0.248 (a
skip: 0.650 against 0.681), so the model places 0.5286 of the opponents' cards right where the uniform
sampler places 0.5279 (`python -m bench.bloody_summer_evidence --games 12`). A model of the rounds alone
does not make hard win more either (bench/STRENGTH.md). It stays for further studies: pass it to
ISMCTS as `opponent_model` (the game's AI profile does not name it, so the levels do not use it).
"""

from __future__ import annotations

import random

from tabletop.games.bloody_summer.cards import ONE, unpack
from tabletop.games.bloody_summer.rules import FORMS, MAX_VALUE, PAIR, SINGLE, beating_values, packed_cards
from tabletop.games.bloody_summer.state import BloodySummerState

# Likelihood factors, from 445 follow decisions of four normal:200 seats (25 games): with a beating play
# in hand they passed 32 % of the time, and 34 % of their plays were not the weakest beating one (60 %
# with three or more to choose from; the factor is that share spread over the stronger plays).
PASS_HOLDING = 0.3  # a pass by a player who held a beating play
SKIP_WEAKER = 0.25  # a play stronger than needed by a player who held a weaker beating one
SWAPS = 40  # Metropolis swap proposals per sampled world

_LOW = sum(ONE[v] for v in range(1, 14))  # bit 3v for every value: the "value mask" of a packed hand


def _value_mask(values: range) -> int:
    return sum(ONE[v] for v in values)


# [form][top value][reversed] -> value mask of the plays of that form that beat the top
_BEATING = {form: ((0, 0),) + tuple((_value_mask(beating_values(form, top, False)),
                                _value_mask(beating_values(form, top, True)))
                               for top in range(1, MAX_VALUE[form] + 1))
            for form in FORMS}
# [value][reversed] -> value mask of the weaker values (lower normally, higher when reversed); for straights
# the values are their lowest cards, ordered the same way
_WEAKER = ((0, 0),) + tuple((_value_mask(range(1, v)), _value_mask(range(v + 1, 14))) for v in range(1, 14))


def _usable(hand: int, form: str) -> int:
    """Value mask of the combinations of `form` in a packed hand (a straight by its lowest value)."""
    upper = hand >> 1 | hand >> 2  # count 2 or more
    if form == PAIR:
        return upper & _LOW
    held = (hand | upper) & _LOW
    if form == SINGLE:
        return held
    return held & held >> 3 & held >> 6


# One piece of evidence about one opponent: (cards to add back to their hand now, form, value mask, factor):
# a deal is `factor` times as likely when the hand they held then had a combination of `form` in the mask.
Evidence = tuple[int, str, int, float]
# A round's plays, (seat, form, value) each: the current round's list, or a past round's tuple.
Plays = list[tuple[int, str, int]] | tuple[tuple[int, str, int], ...]


def _passes(plays: Plays, open_seats: int, n: int, passed_at_end: int) -> list[tuple[int, int]]:
    """(seat, index of the play it passed on) for a round's plays.

    Turns go clockwise among open seats and a pass is final, so every open seat strictly between two
    consecutive players passed on the first of the two plays; the seats in `passed_at_end` that were still
    open after the last play passed on it."""
    found: list[tuple[int, int]] = []
    for i in range(1, len(plays)):
        x, y = plays[i - 1][0], plays[i][0]
        z = (x + 1) % n
        while z != y:
            if open_seats >> z & 1:
                found.append((z, i - 1))
                open_seats &= ~(1 << z)
            z = (z + 1) % n
    last = len(plays) - 1
    for z in range(n):
        if passed_at_end >> z & 1 and open_seats >> z & 1:
            found.append((z, last))
    return found


def game_evidence(state: BloodySummerState, seat: int) -> dict[int, list[Evidence]]:
    """What every play and pass of the game says about the hands of `seat`'s living opponents, by opponent.

    Rounds are read newest first, so `later[p]` always holds the cards p played after the moment being
    read: their hand then was their hand now plus those. The lead says little (any combination may open a
    round) and is not used."""
    n = state.n
    rounds: list[tuple[int, bool, Plays, int]] = [
        (r.alive, r.reversed, r.plays, r.alive & ~(1 << r.plays[-1][0])) for r in state.history]
    if state.plays:
        rounds.append((state.alive, state.reversed, state.plays, state.passed))
    evidence: dict[int, list[Evidence]] = {p: [] for p in range(n) if p != seat and state.alive >> p & 1}
    later = [0] * n
    for open_seats, rev, plays, passed_at_end in reversed(rounds):
        passes = _passes(plays, open_seats, n, passed_at_end)
        passes.sort(key=lambda found: -found[1])  # newest first, like the plays below
        at = 0
        for i in range(len(plays) - 1, -1, -1):
            while at < len(passes) and passes[at][1] == i:  # passed on play i: before any later play
                z = passes[at][0]
                at += 1
                if z in evidence:
                    _, form, top = plays[i]
                    evidence[z].append((later[z], form, _BEATING[form][top][rev], PASS_HOLDING))
            p, form, value = plays[i]
            later[p] += packed_cards(form, value)
            if i and p in evidence:
                weaker = _BEATING[form][plays[i - 1][2]][rev] & _WEAKER[value][rev]
                if weaker:
                    evidence[p].append((later[p], form, weaker, SKIP_WEAKER))
    return evidence


def _weight(hand: int, evidence: list[Evidence]) -> float:
    weight = 1.0
    for extra, form, mask, factor in evidence:
        if _usable(hand + extra, form) & mask:
            weight *= factor
    return weight


def opponent_model(state: BloodySummerState, seat: int, rng: random.Random) -> None:
    """Move, in a world sampled for `seat`, the hidden cards towards deals that fit the game's plays and passes."""
    if state.winner is not None:
        return
    evidence = game_evidence(state, seat)
    if not any(evidence.values()):
        return
    hands = state.hands
    holders = [p for p in evidence if state.sizes[p]]
    packed = [hands[p] for p in holders]
    cards = [unpack(h) for h in packed]
    rules = [evidence[p] for p in holders]
    if state.aside:  # 3 players: the cards out of the game take part in the swaps, without evidence
        packed.append(state.aside)
        cards.append(unpack(state.aside))
        rules.append([])
    k = len(packed)
    if k < 2:
        return
    weights = [_weight(h, e) for h, e in zip(packed, rules)]
    rand, randrange = rng.random, rng.randrange
    for _ in range(SWAPS):
        a = randrange(k)
        b = randrange(k - 1)
        b += b >= a
        i = randrange(len(cards[a]))
        j = randrange(len(cards[b]))
        va, vb = cards[a][i], cards[b][j]
        if va == vb:
            continue
        new_a = packed[a] - ONE[va] + ONE[vb]
        new_b = packed[b] - ONE[vb] + ONE[va]
        wa = _weight(new_a, rules[a]) if rules[a] else 1.0
        wb = _weight(new_b, rules[b]) if rules[b] else 1.0
        if rand() * weights[a] * weights[b] < wa * wb:
            packed[a], packed[b] = new_a, new_b
            cards[a][i], cards[b][j] = vb, va
            weights[a], weights[b] = wa, wb
    for p, hand in zip(holders, packed):
        hands[p] = hand
    if state.aside:
        state.aside = packed[-1]
