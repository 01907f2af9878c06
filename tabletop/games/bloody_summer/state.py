"""BLOODY SUMMER game state: play phase, check phase, reversal, victory (spec §2–§4).

Hands, the pile, the discard pile and the 3-player set-aside cards are packed
multisets (see cards.py), seat sets are bit masks, and the round's plays are a list
of `(seat, form, value)` tuples, so `clone()` copies a handful of ints and two lists.
Seats are numbered clockwise: with 3 players the seats sit at the three used sites
in A→D order, so "next seat" is always `(seat + 1) % players`.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any

from tabletop.engine.core import Action, Chance, Event, IllegalAction, Result, State
from tabletop.games.bloody_summer import events as ev
from tabletop.games.bloody_summer.actions import PASS, PLAYS, Pass, Play
from tabletop.games.bloody_summer.cards import FIELD, ONE, fields, size, unpack
from tabletop.games.bloody_summer.rules import (
    FORM_NAMES,
    FORM_SIZE,
    MAX_VALUE,
    PAIR,
    REVERSAL_WOUNDED,
    SINGLE,
    SITES,
    STRAIGHT,
    beating_values,
    beats,
    combo_text,
    danger_values,
    draw_count,
    hit_chance,
    packed_cards,
    value_mask,
)
from tabletop.games.bloody_summer.view import BloodySummerView, CheckRecord, PastRound

GAME_ID = "bloody_summer"
_SINGLES = PLAYS[SINGLE]
_PAIRS = PLAYS[PAIR]
_STRAIGHTS = PLAYS[STRAIGHT]
_NEED_FORM = {SINGLE: "need_single", PAIR: "need_pair", STRAIGHT: "need_straight"}
# The 52 cards in their pre-shuffle order (value order), each as the packed multiset of that one card:
# a shuffle's order depends only on how many items it shuffles, so a dealt hand is just a sum.
_DECK = tuple(ONE[v] for v in range(1, 14) for _ in range(4))
_DRAW_COUNT = tuple(draw_count(s) for s in range(53))  # by pile size (BS-D2)
_VALUE_TEXT = tuple(str(v) for v in range(14))


@lru_cache(maxsize=1 << 14)
def _shown_hit_chance(pile_size: int, dangerous_cards: int) -> float:
    """The check event's hit chance, rounded for the log, from the pile's size and its dangerous
    cards (packed); cached on both, so a repeated check costs no count (bounded: piles are many)."""
    return round(hit_chance(pile_size, size(dangerous_cards)), 4)


# Legal moves from packed hands without a loop over values: a packed multiset turns into
# a "value mask" with bit 3v set when value v qualifies (held, held twice, starts a
# straight held, beats the top); each mask maps to its tuple of shared actions, ascending.
_LOW = sum(ONE[v] for v in range(1, 14))  # bit 3v for every value


def _subset_table(plays: tuple[Play | None, ...], values: range) -> dict[int, tuple[Play, ...]]:
    """mask -> the plays among `values` whose value bits are set in it, for every such mask."""
    table: dict[int, tuple[Play, ...]] = {0: ()}
    for v in values:
        play = plays[v] if v < len(plays) else None  # no straight starts at 12 or 13
        table.update([(mask | ONE[v], found if play is None else found + (play,)) for mask, found in table.items()])
    return table


_LOW_VALUES, _HIGH_VALUES = range(1, 8), range(8, 14)
_LOW_BITS, _HIGH_BITS = sum(ONE[v] for v in _LOW_VALUES), sum(ONE[v] for v in _HIGH_VALUES)


class _ActionsByMask(dict[int, tuple[Play, ...]]):
    """mask -> the plays of one form whose value bits are set in it, ascending.

    Filled on first use by joining the answers for values 1-7 and 8-13 (two tables of 128 and
    64 entries), so a first look-up is one tuple join: a full table would take ~15 ms to build
    at import, and a look-up by value thousands of times in the first second of play."""

    def __init__(self, plays: tuple[Play | None, ...]) -> None:
        super().__init__()
        self.low = _subset_table(plays, _LOW_VALUES)
        self.high = _subset_table(plays, _HIGH_VALUES)

    def __missing__(self, mask: int) -> tuple[Play, ...]:
        found = self[mask] = self.low[mask & _LOW_BITS] + self.high[mask & _HIGH_BITS]
        return found


_BY_MASK = {SINGLE: _ActionsByMask(_SINGLES), PAIR: _ActionsByMask(_PAIRS), STRAIGHT: _ActionsByMask(_STRAIGHTS)}
_SINGLES_BY_MASK, _PAIRS_BY_MASK, _STRAIGHTS_BY_MASK = _BY_MASK[SINGLE], _BY_MASK[PAIR], _BY_MASK[STRAIGHT]
# [form][top value][reversed] -> value mask of the plays of that form that beat the top (§3.1); no top is 0.
_BEATING = {form: ((0, 0),) + tuple((sum(ONE[v] for v in beating_values(form, top, False)),
                                   sum(ONE[v] for v in beating_values(form, top, True)))
                                  for top in range(1, MAX_VALUE[form] + 1))
            for form in (SINGLE, PAIR, STRAIGHT)}


def _illegal(reason: str, slug: str, **params: Any) -> IllegalAction:
    return IllegalAction(reason, f"{GAME_ID}.illegal.{slug}", **params)


@cache
def _seating(players: int, empty_area: int | None) -> tuple[int | None, tuple[int, ...], tuple[tuple[int, ...], ...],
                                                          tuple[int, ...]]:
    """(empty area, each seat's area, danger values, danger masks): fixed by the player count and options."""
    empty = empty_area if players == 3 else None
    areas = tuple(a for a in range(4) if a != empty)[:players]
    danger = tuple(danger_values(a, empty) for a in areas)
    return empty, areas, danger, tuple(value_mask(d) for d in danger)


_danger_fields = cache(fields)
# danger mask (bit v per value) -> count fields of those values in a packed multiset: every
# danger set there is (4 sites, with or without an empty one), so a check looks it up by an int.
_DANGER_FIELDS = {value_mask(d): fields(d) for players in (3, 4) for empty in (None, 0, 1, 2, 3)
                  for d in _seating(players, empty)[2]}
# danger mask -> per value 0-13 whether it is in the set: a check maps the drawn cards through it.
_DANGER_FLAGS = {mask: tuple(mask >> v & 1 == 1 for v in range(14)) for mask in _DANGER_FIELDS}


def _next_in_mask(n: int, mask: int, seat: int) -> int:
    """The next seat clockwise after `seat` whose bit is set in `mask` (-1: none)."""
    for step in range(1, n + 1):
        i = (seat + step) % n
        if mask >> i & 1:
            return i
    return -1


# [players][seat mask][seat] -> _next_in_mask: the turn passes on at every play and pass.
_NEXT_IN_MASK = {n: tuple(tuple(_next_in_mask(n, mask, seat) for seat in range(n)) for mask in range(1 << n))
                 for n in (3, 4)}


def _seats(mask: int, n: int) -> list[bool]:
    return [bool(mask >> i & 1) for i in range(n)]


class BloodySummerState(State):
    __slots__ = (
        "n", "areas", "empty_area", "danger", "danger_mask", "threshold",
        "hands", "sizes", "aside", "alive", "wounded", "reversed", "marker", "turn",
        "plays", "pile", "pile_n", "passed", "discard", "round", "last_check",
        "history", "winner", "win_reason", "chance",
    )
    # seating, fixed for the game (`_seating`)
    n: int
    areas: tuple[int, ...]
    empty_area: int | None
    danger: tuple[tuple[int, ...], ...]
    danger_mask: tuple[int, ...]
    threshold: int
    # cards are packed multisets (cards.py), seat sets bit masks
    hands: list[int]
    sizes: list[int]
    aside: int
    alive: int
    wounded: int
    reversed: bool
    marker: int
    turn: int
    plays: list[tuple[int, str, int]]  # this round's (seat, form, value)
    pile: int
    pile_n: int
    passed: int
    discard: int
    round: int
    last_check: CheckRecord | None
    history: tuple[PastRound, ...]
    winner: int | None
    win_reason: str | None
    chance: Chance

    # ----- construction -------------------------------------------------------------
    @classmethod
    def blank(cls, players: int, empty_area: int | None, chance: Chance) -> BloodySummerState:
        """Seats, sites and danger sets fixed; everything else empty (callers fill it in)."""
        s = cls.__new__(cls)
        s.n = players
        s.empty_area, s.areas, s.danger, s.danger_mask = _seating(players, empty_area)
        s.threshold = REVERSAL_WOUNDED[players]
        s.hands = [0] * players
        s.sizes = [0] * players
        s.aside = 0
        s.alive = (1 << players) - 1
        s.wounded = 0
        s.reversed = False
        s.marker = 0
        s.turn = 0
        s.plays = []
        s.pile = 0
        s.pile_n = 0
        s.passed = 0
        s.discard = 0
        s.round = 1
        s.last_check = None
        s.history = ()
        s.winner = None
        s.win_reason = None
        s.chance = chance
        return s

    @classmethod
    def new_game(cls, players: int, empty_area: int | None, seed: int, chance_scheme: int) -> BloodySummerState:
        """Deal 13 each (3 players: 13 aside, unseen) and draw the first start player (§2)."""
        s = cls.blank(players, empty_area, Chance(seed, scheme=chance_scheme))
        deck = list(_DECK)
        rng = s.chance.shuffle(deck)
        for seat in range(players):
            s.hands[seat] = sum(deck[13 * seat:13 * seat + 13])
            s.sizes[seat] = 13
        s.aside = sum(deck[13 * players:])
        s.marker = s.turn = rng.randrange(players)
        return s

    def clone(self) -> BloodySummerState:
        s = BloodySummerState.__new__(BloodySummerState)
        s.n = self.n
        s.areas = self.areas
        s.empty_area = self.empty_area
        s.danger = self.danger
        s.danger_mask = self.danger_mask
        s.threshold = self.threshold
        s.hands = self.hands[:]
        s.sizes = self.sizes[:]
        s.aside = self.aside
        s.alive = self.alive
        s.wounded = self.wounded
        s.reversed = self.reversed
        s.marker = self.marker
        s.turn = self.turn
        s.plays = self.plays[:]
        s.pile = self.pile
        s.pile_n = self.pile_n
        s.passed = self.passed
        s.discard = self.discard
        s.round = self.round
        s.last_check = self.last_check
        s.history = self.history  # a tuple, never changed in place
        s.winner = self.winner
        s.win_reason = self.win_reason
        s.chance = self.chance.clone()
        return s

    # ----- queries ------------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        return () if self.winner is not None else (self.turn,)

    def is_over(self) -> bool:
        return self.winner is not None

    def result(self) -> Result:
        if self.winner is None:
            raise ValueError("the game is not over")
        w = self.winner
        return Result(scores=tuple(1.0 if i == w else 0.0 for i in range(self.n)),
                      ranks=tuple(1 if i == w else 2 for i in range(self.n)), winners=(w,))

    def dangerous_in_pile(self, seat: int, extra: int = 0) -> int:
        """How many cards of this round's pile (plus packed `extra`) are in `seat`'s danger set."""
        return size((self.pile + extra) & _danger_fields(self.danger[seat]))

    def hit_chance(self, seat: int) -> float:
        """P(hit) if `seat` were checked on the pile as it stands (§3.2)."""
        return hit_chance(self.pile_n, self.dangerous_in_pile(seat))

    def legal_actions(self, seat: int) -> list[Action]:
        if self.winner is not None or seat != self.turn:
            return []
        h = self.hands[seat]
        # Values held twice and held at least once, from the 3-bit counts (0-4): a count of 2 or more
        # has bit 1 or 2 set, a count of 1 or more any of the three.
        upper = h >> 1 | h >> 2
        held = (h | upper) & _LOW
        if not self.plays:  # the lead: any combination held, never a pass (BS-D7)
            straights = held & held >> 3 & held >> 6  # x, x+1 and x+2 held
            return [*_SINGLES_BY_MASK[held], *_PAIRS_BY_MASK[upper & _LOW], *_STRAIGHTS_BY_MASK[straights]]
        _, form, top = self.plays[-1]
        beating = _BEATING[form][top][self.reversed]  # of the round's form only (§3.1)
        if form == SINGLE:
            usable = held
        elif form == PAIR:
            usable = upper & _LOW
        else:
            usable = held & held >> 3 & held >> 6
        return [*_BY_MASK[form][usable & beating], PASS]

    def check(self, seat: int, action: Action) -> None:
        if self.winner is not None:
            raise _illegal("the game is over", "game_over")
        if seat != self.turn:
            if 0 <= seat < self.n and not self.alive >> seat & 1:
                raise _illegal("a killed player takes no more turns", "dead", seat=seat)
            if 0 <= seat < self.n and self.passed >> seat & 1:
                raise _illegal("you have passed: a pass is final until the next round", "already_passed",
                               seat=seat)
            raise _illegal(f"it is seat {self.turn}'s turn, not seat {seat}'s", "not_your_turn",
                           seat=seat, turn_seat=self.turn)
        if isinstance(action, Pass):
            if not self.plays:
                raise _illegal("the start player must lead: passing is not allowed on the lead", "must_lead")
            return
        if not isinstance(action, Play) or action.form not in FORM_SIZE:
            raise _illegal(f"{action!r} is not a BLOODY SUMMER action", "unknown_action")
        form, value = action.form, action.value
        if not 1 <= value <= MAX_VALUE[form]:
            raise _illegal(f"{action} is not a combination: straights are 3 consecutive values up to 11-12-13",
                           "no_such_combination", play=str(action))
        if self.plays:
            lead_form = self.plays[0][1]
            if form != lead_form:
                raise _illegal(f"this round's form is fixed by the lead: play a {FORM_NAMES[lead_form]} or pass",
                               _NEED_FORM[lead_form])
        held = packed_cards(form, value)
        h = self.hands[seat]
        if any((h >> (3 * v)) & FIELD < (held >> (3 * v)) & FIELD for v in range(value, value + 3)):
            combo = combo_text(form, value)
            raise _illegal(f"you do not hold {combo}", "not_held", cards=combo)
        if self.plays:
            _, _, top_value = self.plays[-1]
            if not beats(form, value, top_value, self.reversed):
                raise self._not_stronger(form, value, top_value)

    def _not_stronger(self, form: str, value: int, top_value: int) -> IllegalAction:
        combo, top = combo_text(form, value), combo_text(form, top_value)
        if form == STRAIGHT:
            if self.reversed:
                return _illegal(f"the order is reversed: {combo} must lie entirely below {top} "
                                f"(highest card at most {top_value - 1})", "straight_not_below",
                                cards=combo, top=top, limit=top_value - 1)
            return _illegal(f"{combo} must lie entirely above {top}: a straight may not reuse the previous "
                            f"straight's numbers (lowest card at least {top_value + 3})", "straight_not_above",
                            cards=combo, top=top, limit=top_value + 3)
        if self.reversed:
            return _illegal(f"the order is reversed: {combo} must be lower than {top}", "not_lower",
                            cards=combo, top=top)
        return _illegal(f"{combo} does not beat {top}: play strictly higher", "not_higher", cards=combo, top=top)

    # ----- play ---------------------------------------------------------------------
    # The turn passes on through the `_NEXT_IN_MASK` table directly (what `_next_open` does, without
    # a call per action): after a play the player is still open, after a pass someone else is, so
    # the look-up always finds a seat.
    def apply_unchecked(self, seat: int, action: Action) -> list[Event]:
        if action is PASS or isinstance(action, Pass):
            self.passed |= 1 << seat
            events = [ev.PASS[seat]]
            last = self.plays[-1][0]
            open_seats = self.alive & ~self.passed
            if not open_seats & ~(1 << last):  # everyone else has passed (§3.1)
                events += self._check_phase(last)
            else:
                self.turn = _NEXT_IN_MASK[self.n][open_seats][seat]
            return events
        assert isinstance(action, Play)
        facts = ev.FACTS_BY_ID.get(id(action)) or ev.play_facts(action)
        cards = facts.packed
        self.hands[seat] -= cards
        left = self.sizes[seat] = self.sizes[seat] - facts.count
        self.pile += cards
        self.pile_n += facts.count
        lead = not self.plays
        self.plays.append((seat, action.form, action.value))
        # facts.event(seat, lead, left), its table read inline (a play is every other action)
        event = facts.events[(seat * 2 + lead) * ev.HAND + left] if 0 <= left < ev.HAND else None
        events = [event or facts.event(seat, lead, left)]
        if left == 0:  # escape: the game ends at once, no check (BS-D6)
            self.winner = seat
            self.win_reason = "escape"
            events.append(ev.ESCAPE[seat])
        else:
            self.turn = _NEXT_IN_MASK[self.n][self.alive & ~self.passed][seat]
        return events

    def _next_open(self, seat: int) -> int:
        """The next living seat clockwise that has not passed this round."""
        found = _NEXT_IN_MASK[self.n][self.alive & ~self.passed][seat]
        if found < 0:
            raise AssertionError("no seat left to act")
        return found

    def _next_living(self, seat: int) -> int:
        i = seat
        for _ in range(self.n):
            i = i + 1 if i + 1 < self.n else 0
            if self.alive >> i & 1:
                return i
        raise AssertionError("nobody is alive")

    def _check_phase(self, last: int) -> list[Event]:
        """The last player takes the marker and faces the killer (§3.2), then the reversal and victory checks."""
        pile = unpack(self.pile)
        mask = self.danger_mask[last]
        chance = _shown_hit_chance(self.pile_n, self.pile & _DANGER_FIELDS[mask])
        drawn = self.chance.draw(pile, _DRAW_COUNT[self.pile_n])  # the killer's draw from the shuffled pile
        matched = list(map(_DANGER_FLAGS[mask].__getitem__, drawn))  # drawn value in the danger set?
        hit = True in matched
        events = [Event("check", {"seat": last, "pile": pile, "drawn": drawn, "matched": matched, "hit": hit,
                                  "chance": chance, "drawn_text": ", ".join(map(_VALUE_TEXT.__getitem__, drawn))})]
        self.history += (tuple.__new__(PastRound, (self.alive, self.reversed, tuple(self.plays))),)
        self.marker = last
        self.discard += self.pile
        self.pile = self.pile_n = 0
        self.plays = []
        self.passed = 0
        bit = 1 << last
        if not hit:
            outcome = "safe"
            events.append(ev.SAFE[last])
        elif not self.wounded & bit:  # at most one wound per check (§3.2 step 3)
            outcome = "wounded"
            self.wounded |= bit
            events.append(ev.WOUNDED[last])
        else:
            outcome = "killed"
            hand = unpack(self.hands[last])
            self.discard += self.hands[last]  # face up (BS-D9)
            self.hands[last] = 0
            self.sizes[last] = 0
            self.alive &= ~bit
            events.append(Event("killed", {"seat": last, "hand": hand, "hand_text": ", ".join(map(str, hand))}))
            self.marker = self._next_living(last)  # BS-D5
            events.append(ev.MARKER[self.marker])
        # CheckRecord(...) without the named tuple's Python-level __new__ (one check per round)
        self.last_check = tuple.__new__(CheckRecord, (last, tuple(pile), tuple(drawn), tuple(matched), outcome))
        full = (1 << self.n) - 1
        if not self.reversed and (self.alive != full or (self.wounded & self.alive).bit_count() >= self.threshold):
            self.reversed = True  # permanent, from the next play phase (§3.3)
            events.append(ev.REVERSED)
        if self.alive.bit_count() == 1:
            self.winner = self.alive.bit_length() - 1
            self.win_reason = "survivor"
            events.append(ev.SURVIVOR[self.winner])
        else:
            self.round += 1
            self.turn = self.marker
            events.append(ev.ROUND_BEGINS[self.round * 4 + self.marker])
        return events

    # ----- information --------------------------------------------------------------
    def view(self, seat: int | None) -> BloodySummerView:
        n = self.n
        return BloodySummerView(
            game=GAME_ID, seat=seat, players=n, areas=self.areas, empty_area=self.empty_area,
            hand=tuple(unpack(self.hands[seat])) if seat is not None else (),
            hand_sizes=tuple(self.sizes), alive=tuple(_seats(self.alive, n)),
            wounded=tuple(_seats(self.wounded, n)), reversed=self.reversed, marker=self.marker,
            turn=None if self.winner is not None else self.turn, plays=tuple(self.plays),
            passed=tuple(_seats(self.passed, n)), discard=tuple(unpack(self.discard)), round=self.round,
            last_check=self.last_check, winner=self.winner, win_reason=self.win_reason, history=self.history,
        )

    def to_json(self) -> dict[str, Any]:
        lc = self.last_check
        return {
            "players": self.n,
            "sites": [SITES[a] for a in self.areas],
            "empty_site": None if self.empty_area is None else SITES[self.empty_area],
            "hands": [unpack(h) for h in self.hands],
            "aside": unpack(self.aside),
            "alive": _seats(self.alive, self.n),
            "wounded": _seats(self.wounded, self.n),
            "reversed": self.reversed,
            "marker": self.marker,
            "turn": None if self.winner is not None else self.turn,
            "round": self.round,
            "plays": [[seat, f"{form}({value})"] for seat, form, value in self.plays],
            "passed": _seats(self.passed, self.n),
            "discard": unpack(self.discard),
            "last_check": None if lc is None else {
                "seat": lc.seat, "pile": list(lc.pile), "drawn": list(lc.drawn), "matched": list(lc.matched),
                "outcome": lc.outcome},
            "winner": self.winner,
            "win_reason": self.win_reason,
            "chance": self.chance.to_json(),
        }
