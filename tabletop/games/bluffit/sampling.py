"""Determinisation for BLUFFIT: a full state consistent with one seat's view.

Hidden information is who played which strength card in past rounds (only the
multiset is public) and the opponents' current strength cards. Every starting
hand holds each number once, so over rounds 1–10 each player plays each number
exactly once; together with the seat's own knowledge and the public challenge
outcomes this is a small constraint problem, solved by a random deal per round
repaired with min-conflicts swaps (a clash is a player playing a card twice, or a
challenge outcome the cards would not produce). When the outcomes cannot all be met within a few randomised
attempts, the sampler drops them rather than fail (it then still respects hands and known cards).
"""

from __future__ import annotations

import random
from typing import cast

from tabletop.engine.core import Chance
from tabletop.games.bluffit.cards import resolve, starting_hand
from tabletop.games.bluffit.edge_colouring import colour_history
from tabletop.games.bluffit.state import FINAL_ROUND, BluffitState
from tabletop.games.bluffit.view import BluffitView, RoundMemory

_ATTEMPTS = 1
_OUTCOME_ROUNDS = 3
_REPAIR_STEPS = 120


def _outcomes_hold(outcomes: tuple[tuple[int, int, str], ...], card: dict[int, int]) -> bool:
    return all(resolve(card[a], card[b]) == o for a, b, o in outcomes if a in card and b in card)


def _random_deal(view: BluffitView, rounds: list[RoundMemory],
                 rng: random.Random) -> tuple[list[dict[int, int]], list[list[int]]]:
    """Per round, {seat: card} with what is known and the rest of its cards dealt at random to the other players;
    and per round, those players (whose card is unknown)."""
    result: list[dict[int, int]] = []
    free: list[list[int]] = []
    for m in rounds:
        known = {q: c for q, c in m.public_known}
        known.update({q: c for r, q, c in view.private_history if r == m.round})
        left = list(m.played)
        for c in known.values():
            left.remove(c)
        players = [p for p in m.participants if p not in known]
        rng.shuffle(left)
        known.update(zip(players, left))
        result.append(known)
        free.append(players)
    return result, free


def _card_uses(result: list[dict[int, int]], current: dict[int, int]) -> dict[tuple[int, int], int]:
    """{(seat, card): how often the seat plays it} over the dealt rounds and the current cards."""
    uses: dict[tuple[int, int], int] = {}
    for full in result:
        for p, c in full.items():
            uses[p, c] = uses.get((p, c), 0) + 1
    for p, c in current.items():
        uses[p, c] = uses.get((p, c), 0) + 1
    return uses


def _assign_history(view: BluffitView, rng: random.Random, use_outcomes: bool) -> list[dict[int, int]] | None:
    """Per past regular round, a full {seat: card} consistent with everything known.

    Each round's unattributed cards are dealt at random to its unattributed
    players, then min-conflicts repair swaps cards within a round until no
    player has played the same card twice (nor a card known to be its bid now).
    """
    if view.round == FINAL_ROUND:
        return []  # hands are the public piles now: who played what earlier no longer matters
    rounds = [m for m in view.history if m.round < FINAL_ROUND]
    current = {q: c for q, c in view.known + view.public_known}
    if view.seat is not None and view.my_strength is not None and view.round < FINAL_ROUND:
        current[view.seat] = view.my_strength
    result, free = _random_deal(view, rounds, rng)
    uses = _card_uses(result, current)

    # Only the latest rounds' outcomes are enforced: they say most about the cards
    # still in hand, and enforcing all of them costs milliseconds late in 6-player games.
    recent = len(rounds) - _OUTCOME_ROUNDS
    outcomes = [m.outcomes if use_outcomes and i >= recent else () for i, m in enumerate(rounds)]

    def broken(i: int) -> int:
        full = result[i]
        return sum(1 for x, y, o in outcomes[i] if resolve(full[x], full[y]) != o)

    def troubled(i: int, p: int) -> bool:
        if uses[p, result[i][p]] > 1:
            return True
        full = result[i]
        return any((x == p or y == p) and resolve(full[x], full[y]) != o for x, y, o in outcomes[i])

    for _ in range(_REPAIR_STEPS):
        bad = [(i, p) for i in range(len(rounds)) for p in free[i] if troubled(i, p)]
        if not bad:
            break
        i, p = bad[rng.randrange(len(bad))]
        full = result[i]
        a = full[p]
        base = broken(i)
        best: list[int] = []
        best_delta = 99
        for q in free[i]:
            b = full[q]
            if q == p or b == a:
                continue
            delta = (uses.get((p, b), 0) + uses.get((q, a), 0)) - (uses[p, a] - 1) - (uses[q, b] - 1)
            if outcomes[i]:
                full[p], full[q] = b, a
                delta += broken(i) - base
                full[p], full[q] = a, b
            if delta < best_delta:
                best, best_delta = [q], delta
            elif delta == best_delta:
                best.append(q)
        if not best:
            continue
        if best_delta > 0 and rng.random() > 0.2:  # mostly greedy; sometimes a worse swap escapes a plateau
            continue
        q = best[rng.randrange(len(best))]
        b = full[q]
        uses[p, a] -= 1
        uses[q, b] -= 1
        uses[p, b] = uses.get((p, b), 0) + 1
        uses[q, a] = uses.get((q, a), 0) + 1
        full[p], full[q] = b, a
    else:
        return None
    return result


def _colour_history(view: BluffitView, rng: random.Random, pin_past: bool = True) -> list[dict[int, int]] | None:
    """History by edge colouring: fast and exact for hands and known cards, ignores challenge outcomes.

    The seat's own plays are known, so its colour is left out of the problem: what
    remains has one colour per other player and few fixed edges.
    """
    if view.round == FINAL_ROUND:
        return []
    me = view.seat
    rounds = [m for m in view.history if m.round < FINAL_ROUND]
    fixed: list[tuple[int, int, int]] = []
    free: list[tuple[int, int]] = []
    known_rounds: list[dict[int, int]] = []
    for i, m in enumerate(rounds):
        known = {q: c for q, c in m.public_known}
        known.update({q: c for r, q, c in view.private_history if r == m.round})
        known_rounds.append(known)
        left = list(m.played)
        for q, c in known.items():
            left.remove(c)
            if q != me and pin_past:
                fixed.append((i, c, q))
            elif q != me:
                left.append(c)
        free.extend((i, c) for c in left)
    current = {q: c for q, c in view.known + view.public_known if q != me}
    fixed.extend((-1, c, q) for q, c in current.items())
    others = [p for p in range(view.players) if p != me]
    colours = colour_history(len(rounds), free, fixed, others, rng)
    if colours is None:
        return None
    result = [dict(k) for k in known_rounds]
    for (i, card), seats in colours.items():
        for p in seats:
            result[i][p] = card
    return result


def _current_strengths(view: BluffitView, hands: list[list[int]], rng: random.Random,
                       use_outcomes: bool) -> dict[int, int] | None:
    if view.phase == "over":
        return {}
    known = {q: c for q, c in view.known}
    known.update({q: c for q, c in view.public_known})
    if view.seat is not None and view.my_strength is not None:
        known[view.seat] = view.my_strength
    bidders = [p for p in view.participants if view.has_bid[p] and p not in known]
    for _ in range(200):
        card = dict(known)
        for p in bidders:
            card[p] = rng.choice(hands[p])
        if not use_outcomes or _outcomes_hold(view.outcomes, card):
            return card
    return None


def sample_state(view: BluffitView, rng: random.Random) -> BluffitState:
    seat = view.seat
    specials = frozenset(view.specials)
    n = view.players
    # First respect the public challenge outcomes (local search); then an edge colouring that
    # respects hands and every card the seat saw; last (rare, tight 6-player endgames) one that
    # keeps only this round's known cards, which is all the seat's own view depends on.
    plans = [("outcomes", False)] * _ATTEMPTS + [("colour", True)] * 3 + [("colour", False)] * 3
    for method, pin_past in plans:
        use_outcomes = method == "outcomes"
        history = _assign_history(view, rng, True) if use_outcomes else _colour_history(view, rng, pin_past)
        if history is None:
            continue
        hands: list[list[int]]
        if view.phase == "over":
            hands = [[] for _ in range(n)]
        elif view.round == FINAL_ROUND:
            hands = [list(h) for h in view.final_hands]
        else:
            hands = []
            for p in range(n):
                played = {full[p] for full in history}
                hands.append([c for c in starting_hand(specials) if c not in played])
        if seat is not None:
            hands[seat] = list(view.hand) + ([view.my_strength] if view.my_strength is not None else [])
        strengths = _current_strengths(view, hands, rng, use_outcomes)
        if strengths is None:
            continue
        return _build(view, history, hands, strengths, rng)
    raise ValueError("no deal is consistent with this BLUFFIT view")


def _build(view: BluffitView, history: list[dict[int, int]], hands: list[list[int]], strengths: dict[int, int],
           rng: random.Random) -> BluffitState:
    n = view.players
    s = BluffitState.__new__(BluffitState)
    s.n, s.combine, s.specials = n, view.combine, frozenset(view.specials)
    s.round, s.phase, s.start = view.round, view.phase, view.start
    s.participants, s.turn = list(view.participants), view.turn
    s.strength = [None] * n
    for p, c in strengths.items():
        s.strength[p] = c
        if p != view.seat:
            hands[p].remove(c)
    if view.seat is not None and view.my_strength is not None:
        hands[view.seat].remove(view.my_strength)
    s.hands = [sorted(h) for h in hands]
    s.piles = [list(p) for p in view.piles]
    s.table, s.removed, s.set_aside = list(view.table), list(view.removed), list(view.set_aside)
    s.held = [list(h) for h in view.held]
    s.acted = list(view.acted)
    s.history = list(view.history)
    s.outcomes = list(view.outcomes)
    s.known = [[] for _ in range(n)]
    bids = cast("list[int]", s.strength)  # the seats of a challenge have bid
    for a, b, _ in view.outcomes:
        s.known[a].append((b, bids[b]))
        s.known[b].append((a, bids[a]))
    s.seen = [[] for _ in range(n)]
    regular: list[RoundMemory] = [m for m in view.history if m.round < FINAL_ROUND]
    for m, full in zip(regular, history):  # empty in the final round: others' memories are irrelevant
        for p in m.participants:
            s.seen[p].append((m.round, p, full[p]))
            for a, b, _ in m.outcomes:
                if a == p:
                    s.seen[p].append((m.round, b, full[b]))
                elif b == p:
                    s.seen[p].append((m.round, a, full[a]))
    if view.seat is not None:
        s.seen[view.seat] = list(view.private_history)
    s.picked = list(view.final_hands) if view.round == FINAL_ROUND else [() for _ in range(n)]
    s.chance = Chance(rng.getrandbits(48))
    return s
