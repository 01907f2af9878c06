"""BLUFFIT game state: rounds 1–10, the final round from score piles, scoring.

`to_json()` shape (full information):
    {"players", "combine", "specials": [card texts], "round", "phase": "bid"|"bluff"|"over",
     "start": seat, "participants": [seats in turn order], "turn": index into participants,
     "hands": [[cards]], "piles": [[cards]], "table": [cards], "removed": [cards],
     "set_aside": [cards], "strength": [card|null], "held": [[cards]], "acted": [bool],
     "history": [{"round", "participants", "played": [cards sorted], "known": [[seat, card]],
                  "outcomes": [[challenger, defender, outcome]]}],
     "known": [[[seat, card]] per seat: strength cards each seat has seen this round],
     "outcomes": [[challenger, defender, outcome]] this round, "chance": {...}}
Cards are written in notation ("7", "O1", "R5", "V9", "T10").

Design decisions beyond the spec: the table is kept sorted (the physical shuffle
only hides who played what; order carries no information), and the start player
of round 1 is drawn from the seed.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from functools import lru_cache
from itertools import filterfalse
from typing import Any, cast

from tabletop.engine.core import Action, Chance, Event, IllegalAction, Result, State
from tabletop.games.bluffit import events as ev
from tabletop.games.bluffit.actions import CHALLENGES, Bid, Challenge, Claim, bid, claim
from tabletop.games.bluffit.cards import (
    BOTH_LOSE,
    CARD_TEXTS,
    CHALLENGER,
    RESOLVED,
    VALUE_OF,
    card_text,
    starting_hand,
    value,
)
from tabletop.games.bluffit.view import BluffitView, RoundMemory

FINAL_ROUND = 11
_SEATS = tuple(range(n) for n in range(7))  # range(n), made once
# [players][start] -> every seat clockwise from the start player.
_ROUND_THE_TABLE = tuple(tuple((*range(start, n), *range(start)) for start in range(n)) for n in range(7))
_NOTHING = tuple(((),) * n for n in range(7))  # n empty tuples: list(map(list, _NOTHING[n])) makes n new lists
_SEAT_KEYS = tuple(str(p) for p in range(6))  # a round's banked piles are keyed by seat text (JSON keys)
_TEXT = CARD_TEXTS.__getitem__  # card -> notation, for map()


def _texts(cards: list[int] | tuple[int, ...]) -> list[str]:
    return [CARD_TEXTS[c] for c in cards]


# Shared action lists per hand or table (a few thousand distinct ones), so the moves of a
# position are a lookup; the lists are handed out read-only: legal_actions returns copies.
@lru_cache(maxsize=8192)
def _bids(hand: tuple[int, ...]) -> tuple[Bid, ...]:
    return tuple(bid(c) for c in sorted(set(hand)))


@lru_cache(maxsize=8192)
def _single_claims(table: tuple[int, ...]) -> tuple[Claim, ...]:
    return tuple(claim((c,)) for c in sorted(set(table)))


@lru_cache(maxsize=8192)
def _combined_claims(table: tuple[int, ...]) -> tuple[Claim, ...]:
    return tuple(claim(g) for g in claim_groups(table, True))


def claim_groups(table: list[int] | tuple[int, ...], combine: bool) -> list[tuple[int, ...]]:
    """Distinct claimable units on `table`, sorted (spec §8 for the combine variant)."""
    if not combine:
        return [(c,) for c in sorted(set(table))]
    groups: set[tuple[int, ...]] = set()
    by_value: dict[int, list[int]] = {}
    for c in table:
        by_value.setdefault(value(c), []).append(c)
    for v, cards in by_value.items():
        cards.sort()
        for k in range(1, min(len(cards), 10 // v) + 1):
            groups.update(itertools.combinations(cards, k))
    return sorted(groups)


class BluffitState(State):
    __slots__ = (
        "n", "combine", "specials", "round", "phase", "start", "participants", "turn", "hands", "piles",
        "table", "removed", "set_aside", "strength", "held", "acted", "history", "known",
        "outcomes", "chance", "seen", "picked",
    )
    n: int
    combine: bool
    specials: frozenset[int]
    round: int
    phase: str  # "bid", "bluff" or "over"
    start: int
    participants: list[int]  # this round's seats in turn order
    turn: int  # index into participants
    hands: list[list[int]]
    piles: list[list[int]]
    table: list[int]
    removed: list[int]
    set_aside: list[int]
    strength: list[int | None]  # each seat's bid this round
    held: list[list[int]]
    acted: list[bool]
    history: list[RoundMemory]
    known: list[list[tuple[int, int]]]  # per seat: (seat, card) strength cards it saw this round
    outcomes: list[tuple[int, int, str]]  # this round's (challenger, defender, outcome)
    chance: Chance
    seen: list[list[tuple[int, int, int]]]  # per seat: (round, seat, card) of every round
    picked: list[tuple[int, ...]]  # the final round's hands, as picked up from the score piles

    def __init__(self) -> None:  # use new_game() or clone()
        pass

    # ----- construction -------------------------------------------------------------
    @classmethod
    def new_game(cls, players: int, specials: frozenset[int], combine: bool, seed: int) -> BluffitState:
        s = cls()
        s.n = players
        s.combine = combine
        s.specials = specials
        s.chance = Chance(seed)
        deck = list(range(1, 11))
        rng = s.chance.shuffle(deck)
        s.table = sorted(deck[:players])
        s.set_aside = sorted(deck[players:])
        s.removed = []
        hand = starting_hand(specials)
        s.hands = [hand[:] for _ in range(players)]
        s.piles = [[] for _ in range(players)]
        s.start = rng.randrange(players)
        s.round = 1
        s.history = []
        s.seen = [[] for _ in range(players)]
        s.picked = [() for _ in range(players)]
        s._begin_round(_SEATS[players])
        return s

    def _begin_round(self, participants: Sequence[int]) -> None:
        """Participants in clockwise order from the start player; bid phase opens."""
        n, start = self.n, self.start
        if len(participants) == n:  # everyone: the seats from the start player round the table
            order = list(_ROUND_THE_TABLE[n][start])
        else:
            order = sorted(participants, key=lambda p: (p - start) % n)
        self.participants = order
        self.start = order[0]
        self.turn = 0
        self.phase = "bid"
        self.strength = [None] * n
        self.held = list(map(list, _NOTHING[n]))  # n new empty lists
        self.acted = [False] * n
        self.known = list(map(list, _NOTHING[n]))
        self.outcomes = []

    def clone(self) -> BluffitState:
        c = BluffitState.__new__(BluffitState)
        c.n, c.combine, c.specials, c.round, c.phase = self.n, self.combine, self.specials, self.round, self.phase
        c.start, c.participants, c.turn = self.start, self.participants, self.turn
        c.hands = [h[:] for h in self.hands]
        c.piles = [p[:] for p in self.piles]
        c.table, c.removed, c.set_aside = self.table[:], self.removed[:], self.set_aside
        c.strength = self.strength[:]
        c.held = [h[:] for h in self.held]
        c.acted = self.acted[:]
        c.history = self.history  # completed rounds are immutable tuples; appended by copy
        c.known = [k[:] for k in self.known]
        c.outcomes = self.outcomes[:]
        c.chance = self.chance.clone()
        c.seen = [k[:] for k in self.seen]
        c.picked = self.picked
        return c

    # ----- queries -------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.phase == "over"

    def to_act(self) -> tuple[int, ...]:
        if self.phase == "bid":  # those who have not bid yet (a card code is never 0, so None is the only falsy one)
            return tuple(filterfalse(self.strength.__getitem__, self.participants))
        if self.phase == "bluff":
            return (self.participants[self.turn],)
        return ()

    def claim_groups(self) -> list[tuple[int, ...]]:
        """Distinct claimable units on the table (spec §8 for the combine variant)."""
        return claim_groups(self.table, self.combine)

    def challenge_targets(self, seat: int) -> list[int]:
        return [q for q in self.participants if q != seat and self.held[q]]

    def legal_actions(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase == "bid":
            if seat in self.participants and self.strength[seat] is None:
                return [*_bids(tuple(self.hands[seat]))]
            return []
        if phase == "bluff" and seat == self.participants[self.turn]:
            actions: list[Action] = [*(_combined_claims if self.combine else _single_claims)(tuple(self.table))]
            if seat != self.start:  # the start player must claim (spec §4.2)
                held = self.held
                actions += [CHALLENGES[q] for q in self.participants if q != seat and held[q]]
            return actions
        return []

    def check(self, seat: int, action: Action) -> None:
        if self.phase == "over":
            raise IllegalAction("the game is over", "illegal.game_over")
        if seat not in self.to_act():
            raise IllegalAction(f"seat {seat} is not to act now", "illegal.not_your_turn")
        if isinstance(action, Bid):
            if self.phase != "bid":
                raise IllegalAction("bids are over for this round", "bluffit.illegal.not_bidding")
            if action.card not in self.hands[seat]:
                raise IllegalAction(f"{card_text(action.card)} is not in your hand", "bluffit.illegal.not_in_hand",
                                    card=card_text(action.card))
            return
        if self.phase != "bluff":
            raise IllegalAction("first everyone bids a strength card", "bluffit.illegal.must_bid")
        if isinstance(action, Claim):
            if action.cards not in self.claim_groups():
                if len(action.cards) > 1 and not self.combine:
                    raise IllegalAction("you may claim only one card (combine variant is off)",
                                        "bluffit.illegal.one_card")
                if len(action.cards) > 1 and (len({value(c) for c in action.cards}) > 1
                                              or sum(value(c) for c in action.cards) > 10):
                    raise IllegalAction("a group must be cards of one number totalling at most 10",
                                        "bluffit.illegal.bad_group")
                raise IllegalAction("those cards are not on the table", "bluffit.illegal.not_on_table")
            return
        if isinstance(action, Challenge):
            if seat == self.start:
                raise IllegalAction("the start player must claim a card", "bluffit.illegal.start_must_claim")
            if action.target == seat:
                raise IllegalAction("you cannot challenge yourself", "bluffit.illegal.challenge_self")
            if action.target not in self.challenge_targets(seat):
                raise IllegalAction("you can only challenge a player who holds a scoring card",
                                    "bluffit.illegal.target_holds_nothing", target_seat=action.target)
            return
        raise IllegalAction(f"{action!r} is not a BLUFFIT action")

    # ----- play -----------------------------------------------------------------------
    # Bids and claims, the frequent actions, are played inline here: a method call per action
    # costs as much as the bid itself.
    def apply_unchecked(self, seat: int, action: Action) -> list[Event]:
        if isinstance(action, Bid):  # a secret strength card (spec §4.1)
            card = action.card
            self.hands[seat].remove(card)
            strength = self.strength
            strength[seat] = card
            for p in self.participants:
                if strength[p] is None:  # someone has still to bid
                    return [ev.BID[seat]]
            self.phase = "bluff"
            return [ev.BID[seat], ev.BLUFF_START[self.start, self.round]]
        if isinstance(action, Claim):  # take scoring card(s) from the table (§4.2 A)
            cards = action.cards
            table = self.table
            for c in cards:
                table.remove(c)
            self.held[seat] = list(cards)
            events = [ev.CLAIM[seat, cards]]
        else:  # the third kind of action
            events = self._challenge(seat, cast(Challenge, action).target)
        self.acted[seat] = True
        self.turn += 1
        if self.turn == len(self.participants):
            events += self._score_round()
        return events

    def _challenge(self, seat: int, target: int) -> list[Event]:
        strength = self.strength
        mine, theirs = strength[seat], strength[target]
        assert mine is not None and theirs is not None
        outcome = RESOLVED[mine, theirs]
        self.known[seat].append((target, theirs))
        self.known[target].append((seat, mine))
        self.outcomes.append((seat, target, outcome))
        held = self.held
        unit = held[target]
        cards = tuple(unit)
        events = [ev.CHALLENGE[seat, target, cards], ev.COMPARE[seat, target, mine, theirs]]
        if outcome == CHALLENGER:
            held[seat], held[target] = unit, []
            events.append(ev.OUTCOME["challenge_won", seat, target, cards])
        elif outcome == BOTH_LOSE:
            self.table.extend(unit)
            self.table.sort()
            held[target] = []
            events.append(ev.OUTCOME["both_lose", seat, target, cards])
        else:
            events.append(ev.OUTCOME["challenge_lost", seat, target, cards])
        return events

    def _score_round(self) -> list[Event]:
        # Written with maps and plain loops rather than comprehensions: on Python 3.11 each
        # comprehension is a function call, and this runs at the end of every round.
        removed = sorted(self.table)
        self.removed += removed
        self.table = []
        banked = {}
        strength = cast("list[int]", self.strength)  # every participant has bid: the bluff phase came after
        held, participants, rnd, piles = self.held, self.participants, self.round, self.piles
        # Next start player: the acquirer of the highest single card, ties to the earliest in turn
        # order (BD-08/09), so only a strictly higher card displaces; nobody acquired: unchanged.
        best, winner = 0, self.start
        for p in participants:
            unit = held[p]
            if unit:
                banked[_SEAT_KEYS[p]] = list(map(_TEXT, unit))
                piles[p] += unit
                top = max(map(VALUE_OF.__getitem__, unit))
                if top > best:
                    best, winner = top, p
        self.start = winner
        played = sorted(map(strength.__getitem__, participants))
        seen, known = self.seen, self.known
        for p in participants:
            seen[p].append((rnd, p, strength[p]))
            for q, c in known[p]:  # cards this seat saw in its challenges
                seen[p].append((rnd, q, c))
        two_player_reveal = self.n == 2 and rnd < FINAL_ROUND  # with two players both bids are known anyway
        if two_player_reveal:
            seats = sorted(participants)
            public_known = tuple(zip(seats, map(strength.__getitem__, seats)))
        elif self.outcomes:
            both_lose = [(a, b) for a, b, o in self.outcomes if o == BOTH_LOSE]
            public_known = tuple(sorted({(a, strength[a]) for a, _ in both_lose}
                                        | {(b, strength[b]) for _, b in both_lose}))
        else:
            public_known = ()
        self.history = [*self.history, RoundMemory(rnd, tuple(participants), tuple(played), public_known,
                                                   tuple(self.outcomes))]
        events = [Event("round_scored", {"round": rnd, "banked": banked, "removed": list(map(_TEXT, removed)),
                                         "next_start_seat": winner})]
        if two_player_reveal:
            for p in participants:
                events.append(ev.REVEAL[p, strength[p]])
        if self.round == FINAL_ROUND:
            self.removed.extend(played)
            for p in self.participants:
                self.piles[p].extend(self.hands[p])
                self.hands[p] = []
            return events + self._end_game()
        self.table = played
        self.round += 1
        if self.round < FINAL_ROUND:
            self._begin_round(_SEATS[self.n])
            return events
        participants = [p for p in range(self.n) if len(self.piles[p]) >= 2]
        events.append(Event("final_round", {"count": len(participants)}))
        if not participants:
            self.removed.extend(self.table)
            self.table = []
            return events + self._end_game()
        for p in participants:
            self.hands[p] = sorted(self.piles[p])
            self.piles[p] = []
        self.picked = [tuple(h) for h in self.hands]
        self._begin_round(participants)
        return events

    def _end_game(self) -> list[Event]:
        self.phase = "over"
        self.participants = []
        self.strength = [None] * self.n
        self.held = [[] for _ in range(self.n)]
        self.known = [[] for _ in range(self.n)]
        self.outcomes = []
        scores = self.scores()
        return [Event("game_over", {"scores": scores})]

    def scores(self) -> list[int]:
        points = VALUE_OF.__getitem__
        final = self.round == FINAL_ROUND  # cards left in a final-round hand go back to the pile (spec §5)
        return [sum(map(points, pile)) + (sum(map(points, hand)) if final else 0)
                for pile, hand in zip(self.piles, self.hands)]

    def result(self) -> Result:
        return Result.from_scores(self.scores())

    def public_action_text(self, seat: int, action: Action) -> str:
        return "bid ?" if isinstance(action, Bid) else str(action)

    # ----- information ---------------------------------------------------------------
    def view(self, seat: int | None) -> BluffitView:
        known = tuple(self.known[seat]) if seat is not None else ()
        bids = cast("list[int]", self.strength)  # a challenge is made only in the bluff phase, after every bid
        return BluffitView(
            game="bluffit", seat=seat, players=self.n, combine=self.combine,
            specials=tuple(sorted(self.specials)), round=self.round, phase=self.phase, start=self.start,
            participants=tuple(self.participants), turn=self.turn,
            hand=tuple(sorted(self.hands[seat])) if seat is not None else (),
            final_hands=tuple(self.picked) if self.round == FINAL_ROUND else (),
            hand_sizes=tuple(len(h) for h in self.hands),
            piles=tuple(tuple(p) for p in self.piles), table=tuple(self.table), removed=tuple(self.removed),
            set_aside=tuple(self.set_aside),
            my_strength=self.strength[seat] if seat is not None else None,
            has_bid=tuple(s is not None for s in self.strength),
            held=tuple(tuple(h) for h in self.held), acted=tuple(self.acted),
            known=known, outcomes=tuple(self.outcomes),
            public_known=tuple(sorted({(a, bids[a]) for a, b, o in self.outcomes if o == BOTH_LOSE}
                                      | {(b, bids[b]) for a, b, o in self.outcomes if o == BOTH_LOSE})),
            history=tuple(self.history),
            private_history=tuple(self.seen[seat]) if seat is not None else (),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "players": self.n, "combine": self.combine, "specials": _texts(sorted(self.specials)),
            "round": self.round, "phase": self.phase, "start": self.start,
            "participants": list(self.participants), "turn": self.turn,
            "hands": [_texts(h) for h in self.hands], "piles": [_texts(p) for p in self.piles],
            "table": _texts(self.table), "removed": _texts(self.removed), "set_aside": _texts(self.set_aside),
            "strength": [card_text(c) if c is not None else None for c in self.strength],
            "held": [_texts(h) for h in self.held], "acted": list(self.acted),
            "history": [m.to_json() for m in self.history],
            "known": [[[q, card_text(c)] for q, c in k] for k in self.known],
            "outcomes": [list(o) for o in self.outcomes], "chance": self.chance.to_json(),
            "seen": [[[r, q, card_text(c)] for r, q, c in k] for k in self.seen],
            "picked": [_texts(h) for h in self.picked],
        }
