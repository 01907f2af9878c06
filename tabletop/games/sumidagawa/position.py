"""What a Sumidagawa state holds and how it shows itself: its fields, a seat's view, a state
rebuilt from a view (sampling, tests) and the JSON trace. The rules that change it are
`state.SumidagawaState`, which extends this.

Seats are indices and `-1` means "nobody"; masks are bit masks by seat or by combination index
(see `SumidagawaView`).
"""

from __future__ import annotations

from typing import Any, Self

from tabletop.engine.core import Action, Chance, Event, State
from tabletop.games.sumidagawa import rin as rins
from tabletop.games.sumidagawa.cards import COLOUR_NAME, NUM_CODES, card_text, cards_text
from tabletop.games.sumidagawa.combos import COMBOS
from tabletop.games.sumidagawa.moves import HandSegments
from tabletop.games.sumidagawa.phases import GAME_ID, PHASE_NAMES
from tabletop.games.sumidagawa.view import SumidagawaView

# A public event of the game, as `SumidagawaView.history` lists it.
HistoryEntry = tuple[Any, ...]


class Position(State):
    __slots__ = (
        "n", "games_target", "chance", "scores", "game_index", "game_points", "loser",
        "hands", "hand_size", "remainder", "rinc", "down", "tiles", "next_tile", "out_order", "active", "rin_last",
        "history", "played_cards", "jun_number",
        "phase", "turn", "revive_queue", "leader", "kagerou", "leader_acted", "used_combos", "floor",
        "last_player", "dakuryu_of", "pending", "played", "locked", "jun_start",
        "_legal", "_ev", "_cands", "_rin_users",
    )

    # the session
    n: int
    games_target: int
    chance: Chance
    scores: list[int]
    game_index: int
    game_points: list[tuple[int, ...]]
    loser: int
    # the game: card counts by code, Rin codes per seat (`rin.py`), masks by seat
    hands: list[list[int]]
    hand_size: list[int]
    remainder: list[int]
    rinc: list[int]
    down: int
    tiles: list[int]
    next_tile: int
    out_order: list[int]
    active: int
    rin_last: int
    history: list[HistoryEntry]
    played_cards: list[int]
    jun_number: int
    # the Jun and the turn
    phase: int
    turn: int
    revive_queue: tuple[int, ...]
    leader: int
    kagerou: bool
    leader_acted: bool
    used_combos: int
    floor: int  # the table number, -1 before the Jun's first play
    last_player: int
    dakuryu_of: int
    pending: int
    played: int
    locked: int
    jun_start: int
    # caches and the events of the action being applied
    _legal: list[Action] | None
    _ev: list[Event]
    _cands: list[HandSegments | None]
    _rin_users: int

    @property
    def table(self) -> int | None:
        """The table number: the declared number of the Jun's latest play, None before its first (§7)."""
        return None if self.floor < 0 else self.floor

    @property
    def rin(self) -> list[int]:
        """Every seat's six Rin counters in a row: seat p's are `rin[p * 6:p * 6 + 6]`, at the offsets
        UP / USED / DOWN (+ colour). A fresh list: the state keeps one code per seat (`rinc`)."""
        return [x for c in self.rinc for x in rins.COUNTS[c]]

    def view(self, seat: int | None) -> SumidagawaView:
        n = self.n
        return SumidagawaView(
            game=GAME_ID, seat=seat, players=n,
            hand=tuple(self.hands[seat]) if seat is not None else (),
            hand_sizes=tuple(self.hand_size), remainder_size=sum(self.remainder),
            rin=tuple(rins.COUNTS[c] for c in self.rinc),
            tiles=tuple(self.tiles), next_tile=self.next_tile, out_order=tuple(self.out_order),
            active=self.active, rin_last=self.rin_last, phase=self.phase, turn=self.turn,
            revive_queue=tuple(self.revive_queue), leader=self.leader, kagerou=self.kagerou,
            leader_acted=self.leader_acted, used_combos=self.used_combos, table=self.table,
            last_player=self.last_player, dakuryu_of=self.dakuryu_of, pending=self.pending, played=self.played,
            locked=self.locked, jun_number=self.jun_number, jun_start=self.jun_start,
            history=tuple(self.history), played_cards=tuple(self.played_cards), game_index=self.game_index,
            games_target=self.games_target, scores=tuple(self.scores), game_points=tuple(self.game_points),
            loser=self.loser,
        )

    @classmethod
    def from_view(cls, view: SumidagawaView, hands: list[list[int]], remainder: list[int], seed: int) -> Self:
        """A state with the view's public facts and the given hidden cards (for sample_state and tests)."""
        s = cls.__new__(cls)
        n = s.n = view.players
        s.games_target = view.games_target
        s.chance = Chance(seed)
        s.scores = list(view.scores)
        s.game_index = view.game_index
        s.game_points = list(view.game_points)
        s.loser = view.loser
        s.hands = [list(h) for h in hands]
        s.hand_size = list(view.hand_sizes)
        s.remainder = list(remainder)
        s.rinc = [rins.code(view.rin[p]) for p in range(n)]
        s.down = sum(1 << p for p in range(n) if rins.HAS_DOWN[s.rinc[p]])
        s.tiles = list(view.tiles)
        s.next_tile = view.next_tile
        s.out_order = list(view.out_order)
        s.active = view.active
        s.rin_last = view.rin_last
        s._rin_users = sum(1 << p for p in range(n) if rins.USED[s.rinc[p]])
        s.history = list(view.history)
        s.played_cards = list(view.played_cards)
        s.jun_number = view.jun_number
        s.phase = view.phase
        s.turn = view.turn
        s.revive_queue = tuple(view.revive_queue)
        s.leader = view.leader
        s.kagerou = view.kagerou
        s.leader_acted = view.leader_acted
        s.used_combos = view.used_combos
        s.floor = -1 if view.table is None else view.table
        s.last_player = view.last_player
        s.dakuryu_of = view.dakuryu_of
        s.pending = view.pending
        s.played = view.played
        s.locked = view.locked
        s.jun_start = view.jun_start
        s._legal = None
        s._ev = []
        s._cands = [None] * n
        return s

    def to_json(self) -> dict[str, Any]:
        n = self.n
        rin = self.rin
        return {
            "players": n, "games_target": self.games_target, "chance": self.chance.to_json(),
            "scores": list(self.scores), "game_index": self.game_index,
            "game_points": [list(g) for g in self.game_points], "loser": self.loser,
            "hands": [[card_text(c) for c in range(NUM_CODES) for _ in range(h[c])] for h in self.hands],
            "remainder": [card_text(c) for c in range(NUM_CODES) for _ in range(self.remainder[c])],
            "rin": [{"up": rin[p * 6:p * 6 + 2], "used": rin[p * 6 + 2:p * 6 + 4],
                     "down": rin[p * 6 + 4:p * 6 + 6]} for p in range(n)],
            "tiles": list(self.tiles), "next_tile": self.next_tile, "out_order": list(self.out_order),
            "active": [p for p in range(n) if self.active >> p & 1],
            "used_rin_last_jun": [p for p in range(n) if self.rin_last >> p & 1],
            "history": [_history_json(h) for h in self.history],
            "jun_number": self.jun_number,
            "phase": PHASE_NAMES[self.phase], "turn": self.turn, "revive_queue": list(self.revive_queue),
            "jun": {
                "leader": self.leader, "kagerou": self.kagerou, "leader_has_acted": self.leader_acted,
                "used_combos": [c.id for c in COMBOS if self.used_combos >> c.index & 1],
                "table_number": self.table, "last_player": self.last_player, "dakuryu_of": self.dakuryu_of,
                "pending": [p for p in range(n) if self.pending >> p & 1],
                "played": [p for p in range(n) if self.played >> p & 1],
                "optional_passed": [p for p in range(n) if self.locked >> p & 1],
                "history_start": self.jun_start,
            },
        }


def _history_json(entry: HistoryEntry) -> dict[str, Any]:
    kind, seat = entry[0], entry[1]
    if kind == "play":
        _, _, bon, rb, rr, combo, declared = entry
        return {"kind": kind, "seat": seat, "cards": cards_text(bon, rb, rr), "combo": COMBOS[combo].id,
                "declared": declared}
    if kind == "discard":
        return {"kind": kind, "seat": seat, "card": card_text(entry[2])}
    return {"kind": kind, "seat": seat, "colour": COLOUR_NAME["en"][entry[2]]}
