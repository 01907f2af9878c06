"""A tiny hidden-information game for fast AI tests (registered nowhere).

"Sealed Goofspiel": 2–4 players. Cards 1..20 are shuffled and each player gets
HAND cards, face down. Each round a prize (drawn at random from 1..6 inside
`apply`, chance) is shown; everyone simultaneously bids one card face down
(a sealed action: others see only "b?"). Bids are then revealed and discarded;
the highest unique bid wins the round, and the winner decides in public to
"take" the prize (plus any pot) or "pass" it on to the next round's pot.
Nobody wins a round without a unique highest bid; its prize goes to the pot.
After HAND rounds the highest score wins (ties share the win).

It exercises everything the search must handle: hidden hands, chance inside
apply, a simultaneous sealed phase and a public sequential choice.

to_json: {"players", "hands": [[card]], "bids": [card or -1], "scores", "prize",
"pot", "prizes_left", "discards", "decider" (-1 none), "round", "chance"}.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from tabletop.engine.core import Action, ActionParseError, Chance, Event, Game, IllegalAction, Result, State, View

HAND = 4
DECK = tuple(range(1, 21))
PRIZES = (1, 2, 3, 4, 5, 6)


@dataclass(frozen=True, slots=True)
class Bid(Action):
    card: int

    def __str__(self) -> str:
        return f"b{self.card}"


@dataclass(frozen=True, slots=True)
class Take(Action):
    def __str__(self) -> str:
        return "take"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    def __str__(self) -> str:
        return "pass"


TAKE = Take()
PASS = Pass()


@dataclass(frozen=True)
class ToyView(View):
    hand: tuple[int, ...]
    own_bid: int
    committed: tuple[bool, ...]
    scores: tuple[int, ...]
    prize: int
    pot: int
    prizes_left: tuple[int, ...]
    discards: tuple[int, ...]
    decider: int
    round: int


class ToyState(State):
    __slots__ = ("players", "hands", "bids", "scores", "prize", "pot", "prizes_left", "discards", "decider",
                 "round", "chance")

    def __init__(self, players: int, chance: Chance) -> None:
        self.players = players
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.bids = [-1] * players
        self.scores = [0] * players
        self.prize = 0
        self.pot = 0
        self.prizes_left = list(PRIZES)
        self.discards: list[int] = []
        self.decider = -1
        self.round = 0
        self.chance = chance

    def clone(self) -> ToyState:
        twin = ToyState.__new__(ToyState)
        twin.players = self.players
        twin.hands = [list(h) for h in self.hands]
        twin.bids = list(self.bids)
        twin.scores = list(self.scores)
        twin.prize = self.prize
        twin.pot = self.pot
        twin.prizes_left = list(self.prizes_left)
        twin.discards = list(self.discards)
        twin.decider = self.decider
        twin.round = self.round
        twin.chance = self.chance.clone()
        return twin

    def is_over(self) -> bool:
        return self.round >= HAND

    def to_act(self) -> tuple[int, ...]:
        if self.round >= HAND:
            return ()
        if self.decider >= 0:
            return (self.decider,)
        return tuple(s for s in range(self.players) if self.bids[s] < 0)

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act():
            return []
        if self.decider >= 0:
            return [TAKE, PASS]
        return [Bid(c) for c in self.hands[seat]]

    def check(self, seat: int, action: Action) -> None:
        if seat not in self.to_act():
            raise IllegalAction(f"seat {seat} is not to act", "toy.illegal.not_your_turn")
        if action not in self.legal_actions(seat):
            raise IllegalAction(f"{action} is not legal now", "toy.illegal.generic")

    def _next_prize(self) -> list[Event]:
        self.round += 1
        if self.round >= HAND:
            return [Event("game_over", {})]
        rng = self.chance.rng()
        self.prize = self.prizes_left.pop(rng.randrange(len(self.prizes_left)))
        return [Event("prize", {"value": self.prize})]

    def apply_unchecked(self, seat: int, action: Action) -> list[Event]:
        if isinstance(action, Bid):
            self.hands[seat].remove(action.card)
            self.bids[seat] = action.card
            events = [Event("bid", {"seat": seat}), Event("bid_card", {"card": action.card}, (seat,))]
            if min(self.bids) >= 0:
                events.extend(self._reveal())
            return events
        stake = self.prize + self.pot
        if isinstance(action, Take):
            self.scores[seat] += stake
            self.pot = 0
        else:
            self.pot = stake
        self.decider = -1
        return [Event(str(action), {"seat": seat, "value": stake}), *self._next_prize()]

    def _reveal(self) -> list[Event]:
        bids = self.bids
        self.discards.extend(bids)
        top = max(bids)
        events = [Event("reveal", {"bids": list(bids)})]
        self.bids = [-1] * self.players
        if bids.count(top) == 1:
            self.decider = bids.index(top)
            return events
        self.pot += self.prize
        return events + self._next_prize()

    def view(self, seat: int | None) -> ToyView:
        return ToyView("toy", seat, self.players, tuple(self.hands[seat]) if seat is not None else (),
                       self.bids[seat] if seat is not None else -1,
                       tuple(b >= 0 for b in self.bids), tuple(self.scores), self.prize, self.pot,
                       tuple(self.prizes_left), tuple(self.discards), self.decider, self.round)

    def result(self) -> Result:
        return Result.from_scores(self.scores)

    def public_action_text(self, seat: int, action: Action) -> str:
        return "b?" if isinstance(action, Bid) else str(action)

    def to_json(self) -> dict[str, Any]:
        return {"players": self.players, "hands": [list(h) for h in self.hands], "bids": list(self.bids),
                "scores": list(self.scores), "prize": self.prize, "pot": self.pot,
                "prizes_left": list(self.prizes_left), "discards": list(self.discards), "decider": self.decider,
                "round": self.round, "chance": self.chance.to_json()}


class ToyGame(Game):
    id = "toy"
    title = {"en": "Sealed Goofspiel", "ja": "封印ゴフスピール"}
    players = range(2, 5)

    def new_state(self, players: int, options: dict[str, Any], seed: int) -> ToyState:
        self.check_players(players)
        state = ToyState(players, Chance(seed))
        rng = state.chance.rng()
        deck = list(DECK)
        rng.shuffle(deck)
        for s in range(players):
            state.hands[s] = sorted(deck[s * HAND:(s + 1) * HAND])
        state.round = -1
        state._next_prize()
        return state

    def sample_state(self, view: View, rng: random.Random) -> ToyState:
        assert isinstance(view, ToyView) and view.seat is not None
        seat = view.seat
        state = ToyState(view.players, Chance(rng.getrandbits(62)))
        state.scores = list(view.scores)
        state.prize, state.pot, state.decider, state.round = view.prize, view.pot, view.decider, view.round
        state.prizes_left = list(view.prizes_left)
        state.discards = list(view.discards)
        unseen = [c for c in DECK if c not in view.hand and c not in view.discards and c != view.own_bid]
        rng.shuffle(unseen)
        held = HAND - view.round - (1 if view.decider >= 0 else 0)  # cards per player before this round's bid
        for s in range(view.players):
            if s == seat:
                state.hands[s] = list(view.hand)
                state.bids[s] = view.own_bid
                continue
            cards = [unseen.pop() for _ in range(held)]
            if view.committed[s]:
                state.bids[s] = cards.pop()
            state.hands[s] = sorted(cards)
        return state

    def parse_action(self, text: str) -> Action:
        if text == "take":
            return TAKE
        if text == "pass":
            return PASS
        if text.startswith("b") and text[1:].isdigit() and int(text[1:]) in DECK:
            return Bid(int(text[1:]))
        raise ActionParseError(f"not a toy action: {text!r}")


GAME = ToyGame()
