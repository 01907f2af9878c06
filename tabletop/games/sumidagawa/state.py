"""The Sumidagawa state machine (§14): session, game, Jun, turns and automatic passes.

Single-option turns (forced pass, locked pass, and a pass by a player who has
played but can no longer make any play) resolve inside `apply`, so `to_act()`
only ever names a seat with a real decision.
"""

from __future__ import annotations

from tabletop.engine.core import Action, Chance, Event, Result
from tabletop.games.sumidagawa import events as ev
from tabletop.games.sumidagawa import rin as rins
from tabletop.games.sumidagawa.actions import PASS, Discard, Play, Revive, TurnDown
from tabletop.games.sumidagawa.cards import (
    BLACK,
    CARD_TEXTS,
    NUM_CODES,
    RED,
    colour_of,
    counts_of,
    deck_list,
)
from tabletop.games.sumidagawa.combos import (
    DAKURYU,
    HONO_NO_HANA,
)
from tabletop.games.sumidagawa.moves import HandSegments, hand_segments, plays_now, segments_after
from tabletop.games.sumidagawa.passes import NEXT_ACTIVE as _NEXT_ACTIVE
from tabletop.games.sumidagawa.passes import RUNS as _AUTO_RUNS
from tabletop.games.sumidagawa.passes import SEATS_IN as _SEATS_IN
from tabletop.games.sumidagawa.passes import auto_passes
from tabletop.games.sumidagawa.phases import (
    FIRE_DISCARD,
    FIRE_RIN,
    GAME_ID,
    HAND_SIZE,
    MAX_JUNS,
    OVER,
    REVIVE,
    TURN,
)
from tabletop.games.sumidagawa.position import Position
from tabletop.games.sumidagawa.reasons import illegal, refuse

# the names others import from here
__all__ = ["FIRE_DISCARD", "FIRE_RIN", "GAME_ID", "MAX_JUNS", "OVER", "REVIVE", "TURN", "SumidagawaState"]

_DECK = tuple(deck_list())
_DECLARED_SLOTS = ev.DECLARED_SLOTS
# the choices outside a turn, made once (actions are frozen)
_REVIVES = (Revive(BLACK), Revive(RED))
_TURN_DOWNS = (TurnDown(BLACK), TurnDown(RED))
_DISCARDS = tuple(Discard(c) for c in range(NUM_CODES))


class SumidagawaState(Position):
    __slots__ = ()

    # ------------------------------------------------------------------ setup
    def __init__(self, players: int, games_target: int, seed: int) -> None:
        self.n = players
        self.games_target = games_target
        self.chance = Chance(seed)
        self.scores = [0] * players
        self.game_index = 0
        self.game_points: list[tuple[int, ...]] = []
        self.loser = -1
        self._ev: list[Event] = []
        self._legal: list[Action] | None = None
        self.revive_queue: tuple[int, ...] = ()  # empty again whenever the revival choices are made
        self._start_game()
        self._advance()

    def _start_game(self) -> None:
        """Deal (§3) and open the first Jun; the previous loser leads, else a random player."""
        n = self.n
        deck = list(_DECK)
        rng = self.chance.shuffle(deck)  # = `rng().shuffle(deck)`, at half the cost; `rng` draws on
        size = HAND_SIZE[n]
        dealt = [sorted(deck[p * size:(p + 1) * size]) for p in range(n)]
        self.hands = [counts_of(cards) for cards in dealt]
        self.remainder = [0] * NUM_CODES
        for c in deck[n * size:]:
            self.remainder[c] += 1
        self.hand_size = [size] * n
        self._cands: list[HandSegments | None] = [None] * n  # per seat, until its hand changes
        self.rinc = [rins.ALL_UP] * n  # each seat's Rin as one code (`rin.py`)
        self.down = 0  # seats with a face-down Rin (bit per seat): their turns are forced passes (§9.3)
        self.tiles = [0] * n
        self.next_tile = 1
        self.out_order: list[int] = []
        self.active = (1 << n) - 1
        self.rin_last = 0
        self._rin_users = 0  # seats holding used Rin (bit per seat), so a Jun's end visits only them
        self.history = []
        self.played_cards = [0] * NUM_CODES
        self.jun_number = 0
        leader = self.loser if self.loser >= 0 else rng.randrange(n)
        self._ev.append(Event("game_start", {"game": self.game_index + 1, "games": self.games_target,
                                             "leader_seat": leader}))
        for p in range(n):
            self._ev.append(Event("deal", {"seat": p, "cards": [CARD_TEXTS[c] for c in dealt[p]]}, (p,)))
        self._start_jun(leader)

    # ------------------------------------------------------------------ helpers
    def _segments(self, p: int) -> HandSegments:
        segments = self._cands[p]
        if segments is None:
            segments = self._cands[p] = hand_segments(self.hands[p])
        return segments

    def _options(self, p: int) -> tuple[str | None, list[Action]]:
        """§9.1: (automatic pass kind or None, the choices when there is a decision)."""
        choices = self._choices(p)
        return (choices, []) if isinstance(choices, str) else (None, choices)

    def _choices(self, p: int) -> list[Action] | str:
        """`_options` as the choices of `p` when it has a decision, else the kind of its automatic
        pass (a list or a str rather than a pair: this runs once or twice per action)."""
        if self.kagerou and p == self.leader and not self.leader_acted:
            plays = plays_now(self._cands[p] or self._segments(p), rins.UP_KEY[self.rinc[p]], self.used_combos,
                              self.floor)
            return plays or "forced"
        bit = 1 << p
        if self.down & bit:
            return "forced"
        if self.locked & bit:
            return "locked"
        plays = plays_now(self._cands[p] or self._segments(p), rins.UP_KEY[self.rinc[p]], self.used_combos,
                          self.floor)
        if self.played & bit:
            if plays:
                plays.append(PASS)  # `plays` is a fresh list
                return plays
            return "optional"
        return plays or "stuck"  # SD-17: unreachable, treated as a pass

    def _advance(self) -> None:
        """Resolve automatic turns until someone has a decision (or the session ends): `_choices`
        (§9.1) inlined, as this runs once or twice per action."""
        while self.phase == TURN:
            p = self.turn
            bit = 1 << p
            kagerou = p == self.leader and self.kagerou and not self.leader_acted  # must open (§9.2)
            if not kagerou and (self.down | self.locked) & bit:  # forced or locked: a run of automatic passes
                self._auto_passes(p)
                continue
            plays = plays_now(self._cands[p] or self._segments(p), rins.UP_KEY[self.rinc[p]], self.used_combos,
                              self.floor)
            if plays:
                if self.played & bit:  # (never for a Kagerō opening: the leader has not acted)
                    plays.append(PASS)  # `plays` is a fresh list
                self._legal = plays
                return
            # SD-17: "stuck" is unreachable, treated as a pass
            self._pass(p, "forced" if kagerou else "optional" if self.played & bit else "stuck")

    def _auto_passes(self, p: int) -> None:
        """The run of forced and locked passes from `p` on (`passes.auto_passes`)."""
        down, locked, active = self.down, self.locked, self.active
        pending = self.pending
        # (`passes.run_key` inlined: this runs for most actions)
        run = (_AUTO_RUNS.get(p | pending << 2 | down << 6 | locked << 10 | active << 14)
               or auto_passes(p, pending, down, locked, active))
        events, self.pending, passed, self.turn = run
        self._ev += events
        if passed >> self.leader & 1:
            self.leader_acted = True
        if not self.pending:
            self._end_jun()

    # ------------------------------------------------------------------ Jun flow
    def _start_jun(self, leader: int) -> None:
        if self.jun_number >= MAX_JUNS:  # SD-29: Jun MAX_JUNS was the last one; the state keeps its number
            self._abort_game()
            return
        self.jun_number = jun = self.jun_number + 1
        self.phase = TURN
        self.leader = self.turn = leader
        self.kagerou = kagerou = self.rin_last >> leader & 1 == 1
        self.leader_acted = False
        self.used_combos = self.played = self.locked = 0
        self.floor = -1  # the table number, -1 until the Jun's first play (`table` says None)
        self.last_player = self.dakuryu_of = -1
        self.pending = self.active
        self.jun_start = len(self.history)
        out = self._ev
        out.append(ev.JUN_START.get(jun << 2 | leader) or ev.jun_start(jun, leader))
        if kagerou:
            out.append(ev.KAGEROU[leader])

    def _pass(self, p: int, kind: str) -> None:
        if p == self.leader:
            self.leader_acted = True
        if kind == "optional":
            self.locked |= 1 << p
        self._ev.append(ev.PASS[kind][p])
        self.pending = pending = self.pending & ~(1 << p)
        if not pending:
            self._end_jun()
        else:
            self.turn = _NEXT_ACTIVE[self.active][p]

    def _play(self, p: int, play: Play) -> None:
        # (`ev.play_facts` and `declared_number` inlined: this runs for two actions in three)
        facts = ev.FACTS_BY_ID.get(id(play)) or ev.play_facts(play)
        combo, lo, menzaifu, events, bon, rin_black, rin_red, rin_key = facts
        floor = self.floor
        if lo < 0:  # Rin-only: copies the table, 1 as the Jun's first play (§7.3)
            declared = 1 if floor < 0 else floor
        else:  # the lowest reading >= the table (§7.2); the play is legal, so it is <= hi
            declared = lo if lo >= floor else floor
        if bon:
            hand = self.hands[p]
            played_cards = self.played_cards
            for c in bon:
                hand[c] -= 1
                played_cards[c] += 1
            self.hand_size[p] = left = self.hand_size[p] - len(bon)
            segments = self._cands[p]
            if segments is not None:
                self._cands[p] = segments_after(segments, hand, bon)
        else:
            left = self.hand_size[p]
        bit = 1 << p
        if rin_key:  # those Rin go UP -> USED (§5.3)
            self.rinc[p] = rins.AFTER_PLAY[self.rinc[p]][rin_key]
            self._rin_users |= bit
        self.played |= bit
        if p == self.leader:
            self.leader_acted = True
        self.used_combos |= 1 << combo
        self.floor = declared
        self.last_player = p
        self.history.append(("play", p, bon, rin_black, rin_red, combo, declared))
        out = self._ev
        out.append(events[p * _DECLARED_SLOTS + declared] or ev.play_event(facts, p, declared))
        if menzaifu:  # a Rin-only triple gets no −1, so `facts` says False for it
            out.append(ev.MENZAIFU[p])
        if combo == HONO_NO_HANA:
            if self._fire_flower(p):
                return
            left = self.hand_size[p]  # a card may have been discarded
        if left and combo != DAKURYU:
            # `_post_play` when nothing happens but the turn passing on (most plays): with cards
            # left the seat holds no tile, so no one goes out and the game goes on
            active = self.active
            self.pending = active & ~bit
            self.turn = _NEXT_ACTIVE[active][p]
            return
        self._post_play(p, combo)

    def _fire_flower(self, p: int) -> bool:
        """§10.2; True when the player must choose (phase changed), else applied."""
        left = self.hand_size[p]
        hand = self.hands[p]
        if left >= 2:
            low = next(c for c in range(NUM_CODES) if hand[c])
            if colour_of(low) == BLACK and hand[low + 1]:
                self.phase = FIRE_DISCARD
                return True
            self._discard(p, low)
        elif left == 0:
            up_b, up_r = rins.COUNTS[self.rinc[p]][:2]
            if up_b and up_r:
                self.phase = FIRE_RIN
                return True
            if up_b or up_r:
                self._turn_down(p, BLACK if up_b else RED)
        return False

    def _discard(self, p: int, card: int) -> None:
        self.hands[p][card] -= 1
        self.hand_size[p] -= 1
        segments = self._cands[p]
        if segments is not None:
            self._cands[p] = segments_after(segments, self.hands[p], (card,))
        self.played_cards[card] += 1
        self.history.append(("discard", p, card))
        self._ev.append(ev.DISCARD[p][card])

    def _turn_down(self, p: int, colour: int) -> None:
        self.rinc[p] = rins.AFTER_TURN_DOWN[self.rinc[p]][colour]
        self.down |= 1 << p
        self.history.append(("down", p, colour))
        self._ev.append(ev.RIN_DOWN[p][colour])

    def _post_play(self, p: int, combo: int) -> None:
        tiles = self.tiles
        if self.hand_size[p] == 0 and tiles[p] == 0:
            tiles[p] = self.next_tile
            self.next_tile += 1
            self._ev.append(ev.TILE[p][tiles[p]])
        if tiles[p] and self.rinc[p] == rins.ALL_UP:  # a tile and all four Rin up: out (§12.2)
            self._go_out(p)
        active = self.active
        if active & (active - 1) == 0:
            self._end_game()
            return
        if combo == DAKURYU:
            self.dakuryu_of = p
            self._end_jun()
            return
        self.pending = active & ~(1 << p)
        self.turn = _NEXT_ACTIVE[active][p]

    def _go_out(self, p: int) -> None:
        self.out_order.append(p)
        self.active &= ~(1 << p)
        self.pending &= ~(1 << p)
        self._ev.append(ev.OUT[p][len(self.out_order)][self.tiles[p]])

    def _end_jun(self) -> None:
        """§11 step 1 (revival); choices by players with both colours down pause here."""
        out = self._ev
        if self.dakuryu_of >= 0:
            out.append(ev.JUN_END_DAKURYU[self.dakuryu_of])
        elif self.last_player >= 0:
            out.append(ev.JUN_END[self.last_player])
        else:
            out.append(ev.JUN_END_EMPTY)
        down = self.down  # (seats out of the game hold all four Rin up: they went out so)
        if down:
            rinc = self.rinc
            choosers: tuple[int, ...] = ()
            for p in _SEATS_IN[down]:
                c = rinc[p]
                colour = rins.AUTO_REVIVAL[c]
                if colour < 0:  # both colours down: the seat chooses
                    choosers += (p,)
                else:  # `_revive` inlined (nearly once per action)
                    rinc[p] = c = rins.AFTER_REVIVE[c][colour]
                    if not rins.HAS_DOWN[c]:
                        down &= ~(1 << p)
                    out.append(ev.REVIVE[p][colour])
            self.down = down
            if choosers:
                self.revive_queue = choosers
                self.phase = REVIVE
                return
        self._finish_jun()

    def _revive(self, p: int, colour: int) -> None:
        self.rinc[p] = c = rins.AFTER_REVIVE[self.rinc[p]][colour]
        if not rins.HAS_DOWN[c]:
            self.down &= ~(1 << p)
        self._ev.append(ev.REVIVE[p][colour])

    def _finish_jun(self) -> None:
        """§11 steps 2–6."""
        users = self._rin_users
        if users:  # used Rin turn face down; those seats are `used_rin_last_jun` (§11.2)
            rinc = self.rinc
            out = self._ev
            for p in _SEATS_IN[users]:
                c = rinc[p]
                rinc[p] = rins.AFTER_FLIP[c]
                out.append(ev.RIN_FLIP[p][rins.USED[c]])
            self.down |= users
        self.rin_last = users
        self._rin_users = 0
        if self.next_tile > 1:  # someone holds an agari tile
            tiles = self.tiles
            rinc = self.rinc
            waiting = [p for p in _SEATS_IN[self.active] if tiles[p] and rinc[p] == rins.ALL_UP]
            if waiting:
                for p in sorted(waiting, key=lambda q: -tiles[q]):  # overtaking principle (§12.3)
                    self._go_out(p)
                    if self.active & (self.active - 1) == 0:
                        self._end_game()
                        return
        active = self.active
        if self.dakuryu_of >= 0:
            p = self.dakuryu_of
            keep = active >> p & 1 == 1 and self.hand_size[p] > 0
        elif self.last_player >= 0:
            p = self.last_player
            keep = active >> p & 1 == 1
        else:
            p = self.leader
            keep = active >> p & 1 == 1
        self._start_jun(p if keep else _NEXT_ACTIVE[active][p])

    # ------------------------------------------------------------------ game and session end
    def _end_game(self) -> None:
        """§13: points from the last place up; the remaining player is the loser."""
        remaining = next(p for p in range(self.n) if self.active >> p & 1)
        order = self.out_order + [remaining]
        points = [0] * self.n
        for place, p in enumerate(order):
            points[p] = self.n - place
            self.scores[p] += points[p]
        for place, p in enumerate(order):
            self._ev.append(Event("points", {"seat": p, "place": place + 1, "points": points[p],
                                             "total": self.scores[p]}))
        self._ev.append(Event("game_end", {"game": self.game_index + 1, "loser_seat": remaining}))
        self.game_points.append(tuple(points))
        self.loser = remaining
        self._next_game()

    def _abort_game(self) -> None:
        """SD-29: a game that runs past MAX_JUNS scores nothing; the next leader is random again."""
        self._ev.append(Event("game_aborted", {"game": self.game_index + 1, "juns": MAX_JUNS}))
        self.game_points.append((0,) * self.n)
        self.loser = -1
        self._next_game()

    def _next_game(self) -> None:
        self.game_index += 1
        if self.game_index >= self.games_target:
            self.phase = OVER
            best = max(self.scores)
            for p in range(self.n):
                if self.scores[p] == best:
                    self._ev.append(Event("session_winner", {"seat": p, "total": best}))
            return
        self._start_game()

    # ------------------------------------------------------------------ contract
    def to_act(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == TURN:
            return (self.turn,)
        if phase == REVIVE:
            return (self.revive_queue[0],)
        if phase == OVER:
            return ()
        return (self.last_player,)

    def legal_actions(self, seat: int) -> list[Action]:
        legal = self._legal  # set only on a turn with a decision, for the seat to act
        if legal is not None and seat == self.turn:
            return list(legal)
        phase = self.phase
        if phase == TURN:
            if seat != self.turn:
                return []
            if self._legal is None:
                choices = self._choices(seat)
                self._legal = [PASS] if isinstance(choices, str) else choices
            return list(self._legal)
        if phase == REVIVE:
            return list(_REVIVES) if seat == self.revive_queue[0] else []
        if phase == OVER or seat != self.last_player:
            return []
        if phase == FIRE_RIN:
            return list(_TURN_DOWNS)
        low = next(c for c in range(NUM_CODES) if self.hands[seat][c])
        return [_DISCARDS[low], _DISCARDS[low + 1]]

    def check(self, seat: int, action: Action) -> None:
        if self.phase == OVER:
            raise illegal("the session is over", "game_over")
        if seat not in self.to_act():
            raise illegal(f"it is not seat {seat}'s turn", "not_your_turn", seat=seat)
        if action not in self.legal_actions(seat):
            refuse(self, seat, action)

    def apply_unchecked(self, seat: int, action: Action) -> list[Event]:
        events: list[Event] = []
        self._ev = events
        self._legal = None
        phase = self.phase
        if phase == TURN:
            if action.__class__ is Play:
                self._play(seat, action)
            else:
                self._pass(seat, "optional")
        elif phase == REVIVE:
            self._revive(seat, action.colour)  # type: ignore[attr-defined]
            self.revive_queue = self.revive_queue[1:]
            if not self.revive_queue:
                self.phase = TURN
                self._finish_jun()
        else:
            if phase == FIRE_DISCARD:
                self._discard(seat, action.card)  # type: ignore[attr-defined]
            else:
                self._turn_down(seat, action.colour)  # type: ignore[attr-defined]
            self.phase = TURN
            self._post_play(seat, HONO_NO_HANA)
        self._advance()
        return events

    def is_over(self) -> bool:
        return self.phase == OVER

    def result(self) -> Result:
        return Result.from_scores(self.scores)

    def clone(self) -> SumidagawaState:
        s = SumidagawaState.__new__(SumidagawaState)
        s.n = self.n
        s.games_target = self.games_target
        s.chance = self.chance.clone()
        s.scores = self.scores[:]
        s.game_index = self.game_index
        s.game_points = self.game_points[:]
        s.loser = self.loser
        s.hands = [h[:] for h in self.hands]
        s.hand_size = self.hand_size[:]
        s.remainder = self.remainder[:]
        s.rinc = self.rinc[:]
        s.down = self.down
        s.tiles = self.tiles[:]
        s.next_tile = self.next_tile
        s.out_order = self.out_order[:]
        s.active = self.active
        s.rin_last = self.rin_last
        s._rin_users = self._rin_users
        s.history = self.history[:]
        s.played_cards = self.played_cards[:]
        s.jun_number = self.jun_number
        s.phase = self.phase
        s.turn = self.turn
        s.revive_queue = self.revive_queue  # a tuple
        s.leader = self.leader
        s.kagerou = self.kagerou
        s.leader_acted = self.leader_acted
        s.used_combos = self.used_combos
        s.floor = self.floor
        s.last_player = self.last_player
        s.dakuryu_of = self.dakuryu_of
        s.pending = self.pending
        s.played = self.played
        s.locked = self.locked
        s.jun_start = self.jun_start
        s._legal = self._legal  # never mutated in place, so sharing is safe
        s._cands = self._cands[:]  # segment lists are replaced, never changed in place, so sharing is safe
        s._ev = []
        return s
