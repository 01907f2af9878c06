"""The state of a Ghost Bumpers game and its rules (docs/rules/ghost_bumpers.md).

Everything is lists of small ints so that `clone()` is a handful of list copies:
hands are count lists indexed by card (0 = Z), the monster deck is a card list whose
*end* is the top, and a character deck is two ints per seat: its size and the index
of S from the top (all other cards are identical U cards).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from tabletop.engine.core import Action, Chance, Event, IllegalAction, Result, State
from tabletop.games.ghost_bumpers.actions import DISCARDS, FEARS, PLAYS, Z_PLAYS, Discard, Play, PlayZ, SetFear
from tabletop.games.ghost_bumpers.cards import (
    CARD_TEXTS,
    CHAR_DECK_SIZE,
    HAND_SIZE,
    KINDS,
    MAX_SET,
    PARANOIA_POINTS,
    Z,
    card_text,
    cards_text,
    char_deck_text,
    counts_to_list,
    deck_score,
    strength_text,
)
from tabletop.games.ghost_bumpers.view import GhostBumpersView, trick_lead, trick_reveals

GAME_ID = "ghost_bumpers"
FEAR, PLAY, DISCARD, OVER = range(4)
PHASES = ("fear", "play", "discard", "over")
TARGET_ROUND_CAP = 50  # GB-D13

# Forced-discard status per seat (`pending`): a card code >= 0 once chosen.
NOT_INVOLVED = -2
MUST_CHOOSE = -1

# `scared` per seat: the index of S from the top, or one of these.
UNPLACED = -1      # fear phase: S not placed yet
SCARED_OUT = -2    # S was revealed (the round ended on it): the deck left holds only U cards


@cache
def _sorted_deck(composition: tuple[int, ...]) -> tuple[int, ...]:
    """The monster deck in its fixed pre-shuffle order (one composition per player count)."""
    return tuple(counts_to_list(composition))


# _PLAYS_UP_TO[card][count]: the plays that holding `count` of `card` allows (§3.3): one to `count`
# cards of a value 1-9, or the 0/10 card declared as 0 or 10. Legal moves are their concatenation.
_MOST_HELD = 40  # table length: more of a card than any hand holds, scripted test hands included
_PLAYS_UP_TO = tuple(tuple(() if k == 0 else Z_PLAYS if card == Z else PLAYS[card][:k] for k in range(_MOST_HELD))
                     for card in range(KINDS))
_UP_TO_Z, _UP_TO_1, _UP_TO_2, _UP_TO_3, _UP_TO_4, _UP_TO_5, _UP_TO_6, _UP_TO_7, _UP_TO_8, _UP_TO_9 = _PLAYS_UP_TO


def _char_deck_json(size: int, scared: int) -> str | None:
    """A character deck for `to_json`: None before S is placed, only U cards once S is out."""
    if scared == UNPLACED:
        return None
    return "U" * size if scared == SCARED_OUT else char_deck_text(size, scared)


# Frequent events, built once and shared (for engine speed). An `Event` is frozen and no
# reader changes its `data`, so an event whose arguments come from a small set (a seat, a card,
# a count, a strength) is made once per set of arguments: building a frozen dataclass costs
# about as much as the rest of a play. Events with free-form arguments (deals, drawn cards,
# scores) are built where they happen.
_SEATS = range(6)  # 3 to 6 players
_EV_FEAR_SET = tuple(Event("fear_set", {"seat": p}) for p in _SEATS)
_EV_TRICKS_BEGIN = tuple(Event("tricks_begin", {"leader_seat": p}) for p in _SEATS)
_EV_DISCARD_CHOSEN = tuple(Event("discard_chosen", {"seat": p}) for p in _SEATS)
_EV_REVEAL = tuple(Event("reveal", {"seat": p}) for p in _SEATS)
_EV_ROTATE = tuple(Event("rotate", {"seat": p}) for p in _SEATS)
_EV_PARANOIA = tuple(Event("paranoia", {"seat": p}) for p in _SEATS)
# [seat][position]: the secret placement, seen only by its seat
_EV_FEAR_CHOSEN = tuple(tuple(Event("fear_chosen", {"seat": p, "position": pos}, (p,))
                              for pos in range(CHAR_DECK_SIZE)) for p in _SEATS)
# [seat][declared as 10]: the 0/10 card
_EV_PLAY_Z = tuple((Event("play_z", {"seat": p, "declared": 0}), Event("play_z", {"seat": p, "declared": 10}))
                   for p in _SEATS)
# [seat][card]: a revealed forced discard
_EV_DISCARDED = tuple(tuple(Event("discarded", {"seat": p, "card": card_text(c)}) for c in range(KINDS))
                      for p in _SEATS)
# [seat][count]: how many cards a seat drew (the cards themselves go in the private `drew`)
_EV_DRAW = tuple(tuple(Event("draw", {"seat": p, "count": k}) for k in range(MAX_SET + 1)) for p in _SEATS)
# [seat][dropped]: S revealed with `dropped` reveals still owed
_EV_SCARED = tuple(tuple(Event("scared", {"seat": p, "dropped": d}) for d in range(MAX_SET + 1)) for p in _SEATS)
_play_events: dict[int, Event] = {}  # by (seat * KINDS + value) * 16 + count
_trick_won_events: dict[int, Event] = {}  # by (winner * 128 + strength) * 16 + reveals


def _play_event(seat: int, value: int, count: int, strength: int) -> Event:
    """`count` cards of `value` (1-9) played at `strength` (tenths; fixed by value and count)."""
    key = (seat * KINDS + value) * 16 + count
    event = _play_events.get(key)
    if event is None:
        event = _play_events[key] = Event("play", {"seat": seat, "value": value, "count": count,
                                                   "strength": strength, "power": strength_text(strength)})
    return event


def _trick_won_event(winner: int, strength: int, reveals: int) -> Event:
    key = (winner * 128 + strength) * 16 + reveals  # strength <= 105 (ten 5s), reveals <= 11
    event = _trick_won_events.get(key)
    if event is None:
        event = _trick_won_events[key] = Event("trick_won", {"winner_seat": winner, "strength": strength,
                                                             "power": strength_text(strength), "reveals": reveals})
    return event


def _illegal(reason: str, slug: str, **params: Any) -> IllegalAction:
    return IllegalAction(reason, f"{GAME_ID}.illegal.{slug}", **params)


class GhostBumpersState(State):
    __slots__ = (
        "players", "mode", "target", "rounds", "composition", "chance", "scores", "last_round", "round_no",
        "start_seat", "phase", "hands", "sizes", "deck", "discard", "char_sizes", "scared", "rotations",
        "trick", "history", "leader", "turn", "drawer", "owed", "pending",
    )

    players: int
    mode: str
    target: int
    rounds: int
    composition: tuple[int, ...]
    chance: Chance
    scores: list[int]
    last_round: list[int]
    round_no: int
    start_seat: int
    phase: int
    hands: list[list[int]]
    sizes: list[int]
    deck: list[int]
    discard: list[int]
    char_sizes: list[int]
    scared: list[int]
    rotations: list[int]
    trick: list[tuple[int, int, int, int]]
    history: list[tuple[tuple[tuple[int, int, int, int], ...], int]]
    leader: int
    turn: int
    drawer: int
    owed: int
    pending: list[int]

    # ------------------------------------------------------------------ setup

    @classmethod
    def blank(cls, players: int, mode: str, target: int, rounds: int, composition: tuple[int, ...],
              chance: Chance) -> GhostBumpersState:
        """An empty table (no cards anywhere); `start_round` or a test script fills it."""
        s = cls.__new__(cls)
        s.players, s.mode, s.target, s.rounds = players, mode, target, rounds
        s.composition, s.chance = composition, chance
        s.scores = [0] * players
        s.last_round = []
        s.round_no = 0
        s.start_seat = 0
        s.phase = FEAR
        s.hands = [[0] * KINDS for _ in range(players)]
        s.sizes = [0] * players
        s.deck = []
        s.discard = [0] * KINDS
        s.char_sizes = [CHAR_DECK_SIZE] * players
        s.scared = [UNPLACED] * players
        s.rotations = [0] * players
        s.trick = []
        s.history = []
        s.leader = s.turn = 0
        s.drawer, s.owed = -1, 0
        s.pending = [NOT_INVOLVED] * players
        return s

    def start_round(self, start_seat: int, events: list[Event]) -> None:
        """Phase 1: gather and shuffle every card, deal 9 each; then phase 2 (fear) begins."""
        n = self.players
        self.round_no += 1
        self.start_seat = self.leader = self.turn = start_seat
        cards = list(_sorted_deck(self.composition))
        self.chance.shuffle(cards)  # the same order as `rng().shuffle`, at half the cost
        self.hands = [[0] * KINDS for _ in range(n)]
        for i in range(n):
            # The holder deals one 9-card block to each seat, starting on their left.
            seat = (start_seat + 1 + i) % n
            hand = self.hands[seat]
            for c in cards[i * HAND_SIZE:(i + 1) * HAND_SIZE]:
                hand[c] += 1
        self.sizes = [HAND_SIZE] * n
        self.deck = cards[n * HAND_SIZE:]
        self.discard = [0] * KINDS
        self.char_sizes = [CHAR_DECK_SIZE] * n
        self.scared = [UNPLACED] * n
        self.rotations = [0] * n
        self.trick = []
        self.history = []
        self.drawer, self.owed = -1, 0
        self.pending = [NOT_INVOLVED] * n
        self.phase = FEAR
        events.append(Event("round_start", {"round": self.round_no, "start_seat": start_seat}))
        for seat in range(n):
            events.append(Event("dealt", {"seat": seat, "cards": cards_text(self.hands[seat])}, (seat,)))

    # ------------------------------------------------------------ contract

    def to_act(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == PLAY:
            return (self.turn,)
        if phase == FEAR:  # list comprehensions: a generator costs about twice as much here
            return tuple([i for i, p in enumerate(self.scared) if p == UNPLACED])
        if phase == DISCARD:
            return tuple([i for i, p in enumerate(self.pending) if p == MUST_CHOOSE])
        return ()

    def legal_actions(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase == PLAY:
            if seat != self.turn:
                return []
            z, c1, c2, c3, c4, c5, c6, c7, c8, c9 = self.hands[seat]
            # One flat list display (values 1-9, then Z): about a tenth of the cost of a loop over values.
            return [*_UP_TO_1[c1], *_UP_TO_2[c2], *_UP_TO_3[c3], *_UP_TO_4[c4], *_UP_TO_5[c5], *_UP_TO_6[c6],
                    *_UP_TO_7[c7], *_UP_TO_8[c8], *_UP_TO_9[c9], *_UP_TO_Z[z]]
        if phase == FEAR:
            return list(FEARS) if 0 <= seat < self.players and self.scared[seat] == UNPLACED else []
        if phase == DISCARD:
            if 0 <= seat < self.players and self.pending[seat] == MUST_CHOOSE:
                hand = self.hands[seat]
                choices: list[Action] = [DISCARDS[c] for c in range(1, KINDS) if hand[c]]
                return choices + [DISCARDS[Z]] if hand[Z] else choices
        return []

    def check(self, seat: int, action: Action) -> None:
        phase = self.phase
        if phase == OVER:
            raise _illegal("the game is over", "game_over")
        if not 0 <= seat < self.players:
            raise _illegal(f"there is no seat {seat}", "no_such_seat", number=seat)
        if phase == FEAR:
            self._check_fear(seat, action)
        elif phase == DISCARD:
            self._check_discard(seat, action)
        else:
            self._check_play(seat, action)

    def _check_fear(self, seat: int, action: Action) -> None:
        if not isinstance(action, SetFear):
            raise _illegal("first every player secretly places their scared card", "place_fear_first")
        if self.scared[seat] != UNPLACED:
            raise _illegal("you have already placed your scared card this round", "fear_already_set")
        p = action.position
        if not 0 <= p < CHAR_DECK_SIZE:
            raise _illegal(f"the scared card goes at a position from 0 (top) to 6 (bottom), not {p}",
                           "bad_position", position=p)

    def _check_discard(self, seat: int, action: Action) -> None:
        if self.pending[seat] != MUST_CHOOSE:
            raise _illegal("you have nothing to discard: wait for the others' forced discards",
                           "no_discard_owed")
        if not isinstance(action, Discard):
            raise _illegal("deck and discard pile are empty: first every player discards one card",
                           "discard_first")
        card = action.card
        if not 0 <= card < KINDS or not self.hands[seat][card]:
            raise _illegal(f"you hold no {card_text(card)} to discard", "not_in_hand", card=card_text(card))

    def _check_play(self, seat: int, action: Action) -> None:
        if seat != self.turn:
            raise _illegal("it is not your turn to play", "not_your_turn", turn_seat=self.turn)
        hand = self.hands[seat]
        if isinstance(action, Play):
            v, n = action.value, action.count
            if not 1 <= v < KINDS or n < 1:
                raise _illegal("a play is one or more cards of one value from 1 to 9", "bad_play")
            if hand[v] < n:
                raise _illegal(f"you hold only {hand[v]} card(s) of value {v}, not {n}", "not_enough",
                               value=v, have=hand[v], count=n)
            return
        if isinstance(action, PlayZ):
            d = action.declared
            if d not in (0, 10):
                raise _illegal("the 0/10 card is declared as 0 or 10", "bad_declared", declared=d)
            if not hand[Z]:
                raise _illegal("you do not hold the 0/10 card", "no_z")
            return
        raise _illegal("on your turn you play one or more identical cards, or the 0/10 card alone", "play_cards")

    def apply_unchecked(self, seat: int, action: Action) -> list[Event]:
        events: list[Event] = []
        kind = type(action)
        if kind is Play:
            v, n = action.value, action.count  # type: ignore[attr-defined]
            self._play(seat, v, n, 10 * v if n == 1 else 10 * n + v, events)  # §3.4, in tenths
        elif kind is PlayZ:
            self._play(seat, Z, 1, 10 * action.declared, events)  # type: ignore[attr-defined]
        elif kind is SetFear:
            self._set_fear(seat, action.position, events)  # type: ignore[attr-defined]
        else:
            self._choose_discard(seat, action.card, events)  # type: ignore[attr-defined]
        return events

    def public_action_text(self, seat: int, action: Action) -> str:
        # The position of S and the forced-discard choice are secret until revealed.
        if type(action) is SetFear:
            return "fear ?"
        if type(action) is Discard:
            return "discard ?"
        return str(action)

    def is_over(self) -> bool:
        return self.phase == OVER

    def result(self) -> Result:
        return Result.from_scores(self.scores)

    def clone(self) -> GhostBumpersState:
        s = GhostBumpersState.__new__(GhostBumpersState)
        s.players, s.mode, s.target, s.rounds = self.players, self.mode, self.target, self.rounds
        s.composition = self.composition
        s.chance = self.chance.clone()
        s.scores = self.scores[:]
        s.last_round = self.last_round[:]
        s.round_no, s.start_seat, s.phase = self.round_no, self.start_seat, self.phase
        s.hands = [h[:] for h in self.hands]
        s.sizes = self.sizes[:]
        s.deck = self.deck[:]
        s.discard = self.discard[:]
        s.char_sizes = self.char_sizes[:]
        s.scared = self.scared[:]
        s.rotations = self.rotations[:]
        s.trick = self.trick[:]
        s.history = self.history[:]
        s.leader, s.turn, s.drawer, s.owed = self.leader, self.turn, self.drawer, self.owed
        s.pending = self.pending[:]
        return s

    def view(self, seat: int | None) -> GhostBumpersView:
        n = self.players
        me = seat if seat is not None and 0 <= seat < n else None
        return GhostBumpersView(
            game=GAME_ID, seat=me, players=n,
            phase=PHASES[self.phase], mode=self.mode, target=self.target, rounds=self.rounds,
            round_no=self.round_no, start_seat=self.start_seat, leader=self.leader,
            turn=self.turn,
            scores=tuple(self.scores), last_round=tuple(self.last_round), composition=self.composition,
            hand=tuple(self.hands[me]) if me is not None else (0,) * KINDS,
            hand_sizes=tuple(self.sizes), deck_count=len(self.deck), discard=tuple(self.discard),
            trick=tuple(self.trick), history=tuple(self.history),
            char_sizes=tuple(self.char_sizes), rotations=tuple(self.rotations),
            fear_done=tuple(p != UNPLACED for p in self.scared),
            scared_out=tuple(p == SCARED_OUT for p in self.scared),
            own_scared=self.scared[me] if me is not None and self.scared[me] >= 0 else -1,
            drawer=self.drawer, owed=self.owed,
            discard_state=tuple(0 if p == NOT_INVOLVED else 1 if p == MUST_CHOOSE else 2 for p in self.pending),
            own_discard=self.pending[me] if me is not None and self.pending[me] >= 0 else -1,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "players": self.players, "mode": self.mode, "target": self.target, "rounds": self.rounds,
            "round": self.round_no, "start_seat": self.start_seat, "phase": PHASES[self.phase],
            "scores": self.scores[:], "last_round": self.last_round[:],
            "hands": [cards_text(h) for h in self.hands],
            "deck": "".join(card_text(c) for c in reversed(self.deck)),
            "discard": cards_text(self.discard),
            "char_decks": [_char_deck_json(r, p) for r, p in zip(self.char_sizes, self.scared)],
            "rotations": self.rotations[:],
            "trick": [[s, card_text(c), k, st] for s, c, k, st in self.trick],
            "history": [{"plays": [[s, card_text(c), k, st] for s, c, k, st in plays], "winner": w}
                        for plays, w in self.history],
            "leader": self.leader, "turn": self.turn, "drawer": self.drawer, "owed": self.owed,
            "pending": [p if p < 0 else card_text(p) for p in self.pending],
            "chance": self.chance.to_json(),
        }

    # ------------------------------------------------------------ phase 2

    def _set_fear(self, seat: int, position: int, events: list[Event]) -> None:
        self.scared[seat] = position
        events.append(_EV_FEAR_SET[seat])
        events.append(_EV_FEAR_CHOSEN[seat][position])
        if UNPLACED not in self.scared:
            self.phase = PLAY
            self.leader = self.turn = self.start_seat
            events.append(_EV_TRICKS_BEGIN[self.start_seat])

    # ------------------------------------------------------------ phase 3

    def _play(self, seat: int, card: int, count: int, st: int, events: list[Event]) -> None:
        self.hands[seat][card] -= count
        self.sizes[seat] -= count
        self.trick.append((seat, card, count, st))
        if card == Z:
            events.append(_EV_PLAY_Z[seat][st == 100])
        else:
            events.append(_play_event(seat, card, count, st))
        # GB-D4: the replacement draw happens at once, before the next player acts.
        if count >= 2 and not self._draw(seat, count - 1, events):
            return
        self._after_play(seat, events)

    def _draw(self, seat: int, wanted: int, events: list[Event]) -> bool:
        """Draw `wanted` cards for `seat`, refilling as in §3.8; False if a forced discard interrupts."""
        hand, deck = self.hands[seat], self.deck
        drawn: list[int] = []
        done = True
        while wanted:
            if not deck:
                if any(self.discard):
                    self._reshuffle(events)
                else:
                    done = self._start_forced_discard(seat, wanted, events, drawn)
                    break
            c = deck.pop()
            hand[c] += 1
            drawn.append(c)
            wanted -= 1
        self.sizes[seat] += len(drawn)
        if drawn:
            events.append(_EV_DRAW[seat][len(drawn)])
            events.append(Event("drew", {"seat": seat, "cards": "".join([CARD_TEXTS[c] for c in drawn])}, (seat,)))
        return done

    def _reshuffle(self, events: list[Event]) -> None:
        cards = counts_to_list(self.discard)
        self.chance.shuffle(cards)
        self.deck.extend(cards)
        self.discard = [0] * KINDS
        events.append(Event("reshuffle", {"count": len(cards)}))

    def _start_forced_discard(self, seat: int, wanted: int, events: list[Event], drawn: list[int]) -> bool:
        """§3.8 step 2 (GB-D5): everyone discards one card; returns True if drawing can go on at once."""
        played = {s for s, _, _, _ in self.trick}
        sizes = list(self.sizes)
        sizes[seat] += len(drawn)  # not yet added by the caller
        pending = [NOT_INVOLVED] * self.players
        for i in range(self.players):
            # A seat with no card cannot discard; one that still has to play keeps its last card.
            if sizes[i] > 1 or (sizes[i] == 1 and i in played):
                pending[i] = MUST_CHOOSE
        if sizes[seat] == 0:
            # GB-D5a: the drawer has no card to give, so they draw one fewer (hands stay equal).
            wanted -= 1
        if MUST_CHOOSE not in pending:
            return True  # nobody can discard: give up the draw (unreachable guard, keeps play finite)
        self.pending = pending
        self.drawer, self.owed = seat, wanted
        self.phase = DISCARD
        events.append(Event("forced_discard", {"drawer_seat": seat, "owed": wanted}))
        return False

    def _choose_discard(self, seat: int, card: int, events: list[Event]) -> None:
        self.pending[seat] = card
        events.append(_EV_DISCARD_CHOSEN[seat])
        if MUST_CHOOSE in self.pending:
            return
        # Everyone has chosen: reveal together, then keep drawing (§3.8 step 3).
        for i, c in enumerate(self.pending):
            if c >= 0:
                self.hands[i][c] -= 1
                self.sizes[i] -= 1
                self.discard[c] += 1
                events.append(_EV_DISCARDED[i][c])
        self.pending = [NOT_INVOLVED] * self.players
        drawer, owed = self.drawer, self.owed
        self.drawer, self.owed = -1, 0
        self.phase = PLAY
        # GB-D5a: step 1 always follows, so the discards form the new deck even when nothing is owed.
        self._reshuffle(events)
        if self._draw(drawer, owed, events):
            self._after_play(drawer, events)

    def _after_play(self, seat: int, events: list[Event]) -> None:
        if len(self.trick) == self.players:
            self._resolve_trick(events)
        else:
            self.turn = (seat + 1) % self.players

    def _resolve_trick(self, events: list[Event]) -> None:
        best, winner = trick_lead(self.trick)  # GB-D7: the later of tied plays wins
        reveals = trick_reveals(self.trick)
        has_z = reveals == 0  # §3.5 step 3b
        discard = self.discard
        for _, c, k, _ in self.trick:
            discard[c] += k
        self.history.append((tuple(self.trick), winner))
        self.trick = []
        events.append(_trick_won_event(winner, best, reveals))
        size, scared = self.char_sizes[winner], self.scared[winner]
        if has_z:
            # §3.5 3b: no reveals; the bottom card goes to the top if there are 2+ cards.
            if size >= 2:
                self.scared[winner] = 0 if scared == size - 1 else scared + 1
                self.rotations[winner] += 1
                events.append(_EV_ROTATE[winner])
        else:
            owed = reveals
            while owed:
                owed -= 1
                if scared == 0:
                    paranoia = owed == 0 and size == 1  # GB-D9
                    # S and the U cards revealed before it have left the deck (§3.5 3a, §4.1).
                    self.char_sizes[winner], self.scared[winner] = size - 1, SCARED_OUT
                    events.append(_EV_SCARED[winner][owed])
                    self._end_round(winner, paranoia, events)
                    return
                scared -= 1
                size -= 1
                events.append(_EV_REVEAL[winner])
            self.char_sizes[winner], self.scared[winner] = size, scared
        if not any(self.sizes):
            self._end_round(-1, False, events)
            return
        self.leader = self.turn = winner

    # ------------------------------------------------------------ §4, §5

    def _end_round(self, scared_seat: int, paranoia: bool, events: list[Event]) -> None:
        n = self.players
        if paranoia:
            points = [PARANOIA_POINTS if i == scared_seat else 0 for i in range(n)]
            events.append(_EV_PARANOIA[scared_seat])
        else:
            points = [0 if i == scared_seat else deck_score(self.char_sizes[i], self.scared[i]) for i in range(n)]
        events.append(Event("round_end", {"round": self.round_no,
                                           "reason": "paranoia" if paranoia else "scare" if scared_seat >= 0
                                           else "hands_empty"}))
        for i in range(n):
            self.scores[i] += points[i]
            # GB-D10: nobody reveals on a paranoia success (deck None = stays hidden).
            deck = None if paranoia or i == scared_seat else char_deck_text(self.char_sizes[i], self.scared[i])
            events.append(Event("round_score", {"seat": i, "points": points[i], "total": self.scores[i],
                                                "deck": deck}))
        self.last_round = points
        if self._game_ends():
            self.phase = OVER
            self.trick = []
            best = max(self.scores)
            for i in range(n):
                if self.scores[i] == best:
                    events.append(Event("game_won", {"seat": i, "total": best}))
            return
        self.start_round((self.start_seat + 1) % n, events)

    def _game_ends(self) -> bool:
        if self.mode == "target":
            return max(self.scores) >= self.target or self.round_no >= TARGET_ROUND_CAP
        return self.round_no >= self.rounds
