"""Who played which strength card: a bipartite edge colouring (rounds × cards, one colour per player).

Every round each player plays one card, and over rounds 1–10 each player plays
each card of the starting hand once. So the unattributed history is a bipartite
multigraph between rounds and cards, and an attribution is a proper edge
colouring with one colour per player. König's theorem guarantees one exists;
the classic alternating-path (Kempe chain) algorithm finds one while adding
edges in random order, which gives varied samples cheaply even in the tight
last rounds where local search struggles. Edges whose player is known
(challenges seen, public Toxic pairs, this round's known bids) are placed first
and never recoloured: a flip whose chain would move one tries another colour
pair, and a dead end restarts with a new order.
"""

from __future__ import annotations

import random

Edge = tuple[int, int]  # (round index, card)
_RESTARTS = 30


class _Colouring:
    def __init__(self, players: list[int]) -> None:
        self.players = players
        self.at_round: dict[tuple[int, int], int] = {}  # (round, player) -> card
        self.at_card: dict[tuple[int, int], int] = {}  # (card, player) -> round

    def put(self, r: int, card: int, p: int) -> None:
        self.at_round[r, p] = card
        self.at_card[card, p] = r

    def chain(self, r: int, card: int, a: int, b: int) -> list[tuple[int, int, int]]:
        """The a/b component (path or cycle) containing the edge (r, card) coloured a."""
        seen = {(r, card, a)}
        todo = [(r, card, a)]
        while todo:
            er, ec, colour = todo.pop()
            other = b if colour == a else a
            nc = self.at_round.get((er, other))
            if nc is not None and (er, nc, other) not in seen:
                seen.add((er, nc, other))
                todo.append((er, nc, other))
            nr = self.at_card.get((ec, other))
            if nr is not None and (nr, ec, other) not in seen:
                seen.add((nr, ec, other))
                todo.append((nr, ec, other))
        return list(seen)

    def swap(self, path: list[tuple[int, int, int]], a: int, b: int) -> None:
        for r, card, colour in path:
            del self.at_round[r, colour]
            del self.at_card[card, colour]
        for r, card, colour in path:
            self.put(r, card, b if colour == a else a)

    def add(self, r: int, card: int, rng: random.Random) -> bool:
        free_r = [p for p in self.players if (r, p) not in self.at_round]
        free_c = [p for p in self.players if (card, p) not in self.at_card]
        common = [p for p in free_r if p in free_c]
        if common:
            self.put(r, card, common[rng.randrange(len(common))])
            return True
        if not free_r or not free_c:
            return False
        a = free_r[rng.randrange(len(free_r))]
        b = free_c[rng.randrange(len(free_c))]
        # a is used at the card: flip the a/b chain starting there so a becomes free at the card.
        # b is free at the card, so its a/b component is a path ending there, never a cycle.
        self.swap(self.chain(self.at_card[card, a], card, a, b), a, b)
        if (r, a) in self.at_round or (card, a) in self.at_card:
            return False
        self.put(r, card, a)
        return True


def colour_history(
    rounds: int,
    free_edges: list[Edge],
    fixed: list[tuple[int, int, int]],  # (round index or -1 for "this round", card, player)
    players: list[int],
    rng: random.Random,
) -> dict[Edge, list[int]] | None:
    """Players for each free edge (a list per (round, card), as a card may appear twice in a round)."""
    edges = free_edges + [(r, card) for r, card, _ in fixed]
    for _ in range(_RESTARTS):
        col = _Colouring(players)
        order = edges[:]
        rng.shuffle(order)
        if not all(col.add(r, card, rng) for r, card in order):
            continue
        if _pin(col, fixed, rng):
            pinned = {(r, card, p) for r, card, p in fixed}
            result: dict[Edge, list[int]] = {}
            for (r, p), card in col.at_round.items():
                if r >= 0 and (r, card, p) not in pinned:
                    result.setdefault((r, card), []).append(p)
            # a pinned card that also appears unpinned in its round counts once per pin
            return result
    return None


def _pin(col: _Colouring, fixed: list[tuple[int, int, int]], rng: random.Random) -> bool:
    """Move each known edge to its player by Kempe swaps, repeating while a swap unsettles another pin."""
    for _ in range(4 * len(fixed) + 1):
        wrong = [(r, card, q) for r, card, q in fixed if col.at_round.get((r, q)) != card]
        if not wrong:
            return True
        r, card, q = wrong[rng.randrange(len(wrong))]
        holders = [p for p in col.players if col.at_round.get((r, p)) == card]
        if not holders:
            return False
        p = holders[rng.randrange(len(holders))]
        col.swap(col.chain(r, card, p, q), p, q)
    return False
