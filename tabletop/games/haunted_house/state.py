"""The rules engine: one turn = `roll`, then a move, then (sometimes) take / leave (spec §5.8).

Seats are controllers; characters are separate (HH-D12): character i belongs to
controller `owners[i]`. Chance (white die, card shuffles, black dice) is drawn inside
`apply` from the state's Chance, or from a test `Script` when one is attached.
"""

from __future__ import annotations

from typing import Any

from tabletop.engine.core import Action, Chance, Event, IllegalAction, Result, State
from tabletop.games.haunted_house import cards
from tabletop.games.haunted_house.actions import LEAVE, ROLL, TAKE, GiveUp, Move, Roll, Take
from tabletop.games.haunted_house.board import COLOUR_NAMES, NO_LOCK, OUT, ROOM_LETTERS, Board
from tabletop.games.haunted_house.movement import destinations, path_problem
from tabletop.games.haunted_house.view import OUTCOMES, PHASES, HauntedHouseView

GAME_ID = "haunted_house"
PHASE_ROLL, PHASE_MOVE, PHASE_TAKE, PHASE_OVER = 0, 1, 2, 3
PHASE_NAMES = ("roll", "move", "take", "over")
RUNNING, WON, LOST_SPIRITS, LOST_HOPELESS, LOST_GAVE_UP = 0, 1, 2, 3, 4
OUTCOME_NAMES = ("", "won", "six_spirits", "hopeless", "gave_up")
GHOST, SPIRIT, BLANK = "ghost", "spirit", "blank"
BLACK_FACES = (GHOST, GHOST, GHOST, SPIRIT, SPIRIT, BLANK)
JEWELS = 8
SPIRITS_TO_LOSE = 6
EVENT_KINDS = (
    "die_rolled", "card_room", "card_shuffle", "card_draw2", "card_draw3", "card_lock_blue", "card_lock_green",
    "card_ignored", "deck_shuffled", "ghost_redirected", "ghost_placed", "spirit_formed", "blue_doors_locked",
    "green_doors_locked", "blue_doors_unlocked", "green_doors_unlocked", "moved", "stayed", "jewel_revealed",
    "jewel_taken", "jewel_left", "jewel_deposited", "fight_rolled", "ghosts_removed", "spirit_removed",
    "turn_started", "game_won", "game_lost_six_spirits", "game_lost_hopeless", "game_lost_gave_up",
)
ILLEGAL_SLUGS = ("game_over", "not_your_turn", "phase_roll", "phase_move", "phase_take", "unknown_space")


def _illegal(reason: str, slug: str, **params: Any) -> IllegalAction:
    return IllegalAction(reason, f"{GAME_ID}.illegal.{slug}", **params)


_REASONS = {
    "trapped": "you carry a jewel in room {room}, which has an evil spirit: you cannot leave until it is driven out",
    "too_far": "that path takes {steps} steps but you rolled {roll}",
    "revisit": "a path may not visit the same space twice ({space})",
    "not_adjacent": "{from_space} and {to_space} are not connected by a door or corridor",
    "door_locked_blue": "the blue doors are locked",
    "door_locked_green": "the green doors are locked",
    "wrong_jewel_order": "your jewel cannot leave the house yet: jewels must go out in number order",
    "through_out": "stepping outside ends your move",
    "spirit_blocks": "a jewel carrier cannot pass through room {room}: it has an evil spirit",
    "corridor_occupied": "another hunter stands on {space}; you may pass it but not stop there",
}


class Script:
    """Scripted chance for tests: queued white-die results and black-dice faces.

    `white` holds die values 1..6; `black` holds one list of faces ("ghost", "spirit",
    "blank") per fight. While a queue has entries they replace the random draw; the
    deck order is scripted by setting `draw_pile` directly (see testing.py).
    """

    __slots__ = ("white", "black")

    def __init__(self, white: list[int] | None = None, black: list[list[str]] | None = None) -> None:
        self.white = list(white or [])
        self.black = [list(f) for f in (black or [])]

    def clone(self) -> Script:
        return Script(self.white, self.black)


class HauntedHouseState(State):
    __slots__ = (
        "board", "advanced", "controllers", "owners", "pos", "carry", "ghosts", "spirits", "jewels", "revealed",
        "deposited", "deposited_mask", "draw_pile", "discard", "lock", "turn", "turn_no", "phase", "roll",
        "outcome", "chance", "script",
    )

    board: Board
    advanced: bool
    controllers: int
    owners: tuple[int, ...]
    pos: list[int]  # node per character
    carry: list[int]  # jewel number carried per character, 0 = none
    ghosts: list[int]  # per room 0..2
    spirits: int  # bit mask of rooms holding an evil spirit
    jewels: list[int]  # per room: jewel number lying there, 0 = none
    revealed: int  # bit mask of jewel numbers turned face up (advanced)
    deposited: int
    deposited_mask: int  # bit mask of deposited jewel numbers
    draw_pile: list[int]  # card codes, top of the pile = last element
    discard: list[int]  # card codes, top = last element
    lock: int  # active lock card code, or -1
    turn: int  # active character
    turn_no: int
    phase: int
    roll: int
    outcome: int
    chance: Chance
    script: Script | None

    # ---- queries -------------------------------------------------------------------------------

    @property
    def characters(self) -> int:
        return len(self.pos)

    def locked_colour(self) -> int:
        return cards.LOCK_COLOUR[self.lock] if self.lock >= 0 else NO_LOCK

    def next_required(self) -> int:
        return self.deposited + 1 if self.advanced else 0

    def may_exit(self, ch: int) -> bool:
        k = self.carry[ch]
        return not (self.advanced and k and k != self.deposited + 1)

    def occupied_mask(self, ch: int) -> int:
        board, mask = self.board, 0
        for other, p in enumerate(self.pos):
            if other != ch and board.kind[p] == 2:
                mask |= 1 << p
        return mask

    def destinations(self, ch: int | None = None, steps: int | None = None) -> list[tuple[int, tuple[int, ...]]]:
        """Legal end spaces with canonical paths (node indices) for a character and a roll (UI helper)."""
        ch = self.turn if ch is None else ch
        steps = self.roll if steps is None else steps
        return destinations(self.board, self.pos[ch], steps, self.carry[ch] > 0, self.spirits, self.locked_colour(),
                            self.may_exit(ch), self.occupied_mask(ch))

    def reachable(self, ch: int | None = None, steps: int | None = None) -> dict[str, tuple[str, ...]]:
        """UI helper: destination name -> canonical path (space names entered) for a character and roll."""
        names = self.board.names
        return {names[d]: tuple(names[v] for v in path) for d, path in self.destinations(ch, steps)}

    def to_act(self) -> tuple[int, ...]:
        if self.phase == PHASE_OVER:
            return ()
        return (self.owners[self.turn],)

    def legal_actions(self, seat: int) -> list[Action]:
        if self.phase == PHASE_OVER or seat != self.owners[self.turn]:
            return []
        if self.phase == PHASE_ROLL:
            return [ROLL]
        if self.phase == PHASE_TAKE:
            return [TAKE, LEAVE]
        board = self.board
        cache = board.move_cache
        moves = []
        for _d, path in self.destinations():
            move = cache.get(path)
            if move is None:
                move = cache[path] = Move(tuple(board.names[v] for v in path))
            moves.append(move)
        return moves

    def is_over(self) -> bool:
        return self.phase == PHASE_OVER

    def result(self) -> Result:
        won = self.outcome == WON
        n = self.controllers
        return Result(scores=(float(self.deposited),) * n, ranks=(1,) * n,
                      winners=tuple(range(n)) if won else (), coop_success=won)

    def trapped(self, ch: int) -> bool:
        return self.carry[ch] > 0 and bool(self.spirits & self.board.spirit_bit[self.pos[ch]])

    # ---- checking ------------------------------------------------------------------------------

    def check(self, seat: int, action: Action) -> None:
        if self.phase == PHASE_OVER:
            raise _illegal("the game is over", "game_over")
        if seat != self.owners[self.turn]:
            raise _illegal(f"it is not your turn: the {self._hunter_word(self.turn)} hunter's controller is to act",
                           "not_your_turn", seat=self.owners[self.turn])
        if isinstance(action, GiveUp):
            return
        expected = {PHASE_ROLL: Roll, PHASE_MOVE: Move, PHASE_TAKE: Take}[self.phase]
        if not isinstance(action, expected):
            what = {PHASE_ROLL: "roll the die", PHASE_MOVE: "move (or stay)", PHASE_TAKE: "take or leave the jewel"}
            raise _illegal(f"now you must {what[self.phase]}", f"phase_{PHASE_NAMES[self.phase]}")
        if isinstance(action, Move):
            index = self.board.index
            for name in action.path:
                if name not in index:
                    raise _illegal(f"there is no space {name} in this house", "unknown_space", space=name)
            ch = self.turn
            problem = path_problem(self.board, self.pos[ch], tuple(index[n] for n in action.path), self.roll,
                                   self.carry[ch] > 0, self.spirits, self.locked_colour(), self.may_exit(ch),
                                   self.occupied_mask(ch))
            if problem is not None:
                slug, params = problem
                raise _illegal(_REASONS[slug].format(**params), slug, **params)

    @staticmethod
    def _hunter_word(ch: int) -> str:
        return ("red", "yellow", "blue", "green")[ch]

    # ---- playing -------------------------------------------------------------------------------

    def _who(self) -> dict[str, Any]:
        return {"seat": self.owners[self.turn], "character": self.turn, "hunter": self.turn + 1}

    def apply_unchecked(self, seat: int, action: Action) -> list[Event]:
        events: list[Event] = []
        if isinstance(action, Roll):
            self._do_roll(events)
        elif isinstance(action, Move):
            self._do_move(action, events)
        elif isinstance(action, Take):
            self._do_take(action.take, events)
        elif isinstance(action, GiveUp):
            self._lose(LOST_GAVE_UP, events)
        return events

    def _do_roll(self, events: list[Event]) -> None:
        script = self.script
        if script is not None and script.white:
            v = script.white.pop(0)
        else:
            v = int(self.chance.rng().random() * 6) + 1
        events.append(Event("die_rolled", {**self._who(), "value": v, "ghost": v <= 5}))
        self.roll = v
        if v <= 5:
            self._turn_card(events)
            if self.phase == PHASE_OVER:
                return
        self.phase = PHASE_MOVE

    # cards (§9)

    def _draw(self, events: list[Event]) -> int:
        if not self.draw_pile:  # HH-D10
            self.draw_pile = self.discard
            self.discard = []
            self._shuffle(events)
        return self.draw_pile.pop()

    def _shuffle(self, events: list[Event]) -> None:
        self.chance.rng().shuffle(self.draw_pile)
        events.append(Event("deck_shuffled", {"cards": len(self.draw_pile)}))

    def _reshuffle_all(self, events: list[Event]) -> None:
        self.draw_pile += self.discard
        self.discard = []
        self._shuffle(events)

    def _turn_card(self, events: list[Event]) -> None:
        card = self._draw(events)
        events.append(Event(cards.event_kind(card), {"card": cards.NAMES[card], **self._card_data(card)}))
        if card < 12:
            self.discard.append(card)
            self._place_ghost(card, events)
        elif card == cards.SHUFFLE:
            self.discard.append(card)
            if self.advanced:
                self._end_lock(events)
            self._reshuffle_all(events)
        elif card in (cards.DRAW2, cards.DRAW3):
            self.discard.append(card)
            need = 2 if card == cards.DRAW2 else 3
            done = 0
            while done < need:
                extra = self._draw(events)
                if extra in (cards.SHUFFLE, cards.DRAW2, cards.DRAW3):  # HH-D17
                    self.discard.append(extra)
                    events.append(Event("card_ignored", {"card": cards.NAMES[extra]}))
                    continue
                events.append(Event(cards.event_kind(extra), {"card": cards.NAMES[extra], **self._card_data(extra)}))
                if extra < 12:
                    self.discard.append(extra)
                    self._place_ghost(extra, events)
                    if self.phase == PHASE_OVER:
                        return
                else:
                    self._set_lock(extra, events)  # HH-D14
                done += 1
            self._reshuffle_all(events)  # the lock card stays aside (HH-D15)
        else:
            self._set_lock(card, events)

    @staticmethod
    def _card_data(card: int) -> dict[str, Any]:
        return {"room": ROOM_LETTERS[card]} if card < 12 else {}

    def _set_lock(self, card: int, events: list[Event]) -> None:
        old = self.lock
        if old >= 0:
            self.discard.append(old)
            if old != card:
                events.append(Event(f"{COLOUR_NAMES[cards.LOCK_COLOUR[old]]}_doors_unlocked", {}))
        self.lock = card
        if old != card:
            events.append(Event(f"{COLOUR_NAMES[cards.LOCK_COLOUR[card]]}_doors_locked", {}))

    def _end_lock(self, events: list[Event]) -> None:
        if self.lock >= 0:
            events.append(Event(f"{COLOUR_NAMES[cards.LOCK_COLOUR[self.lock]]}_doors_unlocked", {}))
            self.discard.append(self.lock)
            self.lock = -1

    def _place_ghost(self, room: int, events: list[Event]) -> None:
        r = room
        while self.spirits >> r & 1:  # redirect to the next room without a spirit (§5.4.1)
            r = (r + 1) % 12
        if r != room:
            events.append(Event("ghost_redirected", {"from_room": ROOM_LETTERS[room], "room": ROOM_LETTERS[r]}))
        self.ghosts[r] += 1
        events.append(Event("ghost_placed", {"room": ROOM_LETTERS[r], "ghosts": self.ghosts[r]}))
        if self.ghosts[r] == 3:
            self.ghosts[r] = 0
            self.spirits |= 1 << r
            count = self.spirits.bit_count()
            events.append(Event("spirit_formed", {"room": ROOM_LETTERS[r], "spirits": count}))
            if count >= SPIRITS_TO_LOSE:
                self._lose(LOST_SPIRITS, events)

    # movement, jewels, fights

    def _do_move(self, action: Move, events: list[Event]) -> None:
        board = self.board
        ch = self.turn
        path = [board.index[n] for n in action.path]
        if path:
            self.pos[ch] = path[-1]
            events.append(Event("moved", {**self._who(), "path": list(action.path), "to": action.path[-1],
                                          "steps": len(path)}))
            if self.advanced:  # the log tells the walk first, then what it turned up
                for node in path:  # reveal every number-down jewel on the way (HH-D18)
                    if board.kind[node] == 1:
                        k = self.jewels[node - 1]
                        if k and not self.revealed >> k & 1:
                            self.revealed |= 1 << k
                            events.append(Event("jewel_revealed", {"room": board.names[node], "number": k}))
        else:
            events.append(Event("stayed", {**self._who(), "space": board.names[self.pos[ch]]}))
        where = self.pos[ch]
        if where == OUT and self.carry[ch]:  # T4: automatic deposit (HH-D06)
            k = self.carry[ch]
            self.carry[ch] = 0
            self.deposited += 1
            self.deposited_mask |= 1 << k
            events.append(Event("jewel_deposited", {**self._who(), "number": k if self.advanced else 0,
                                                    "deposited": self.deposited}))
        if where == OUT and self.deposited == JEWELS and all(p == OUT for p in self.pos):
            self.outcome = WON
            self.phase = PHASE_OVER
            events.append(Event("game_won", {"deposited": self.deposited}))
            return
        if board.kind[where] == 1 and self.jewels[where - 1] and not self.carry[ch]:
            self.phase = PHASE_TAKE  # T5: the controller decides
            return
        self._finish_turn(events)

    def _do_take(self, take: bool, events: list[Event]) -> None:
        ch = self.turn
        room = self.pos[ch] - 1
        if take:
            k = self.jewels[room]
            self.jewels[room] = 0
            self.carry[ch] = k
            events.append(Event("jewel_taken", {**self._who(), "room": ROOM_LETTERS[room],
                                                "number": k if self.advanced else 0}))
        else:
            events.append(Event("jewel_left", {**self._who(), "room": ROOM_LETTERS[room]}))
        self._finish_turn(events)

    def _black(self, n: int) -> list[str]:
        script = self.script
        if script is not None and script.black:
            faces = script.black.pop(0)
            if len(faces) != n:
                raise AssertionError(f"script gave {len(faces)} black dice for a fight with {n}")
            return faces
        rng = self.chance.rng()
        return [BLACK_FACES[int(rng.random() * 6)] for _ in range(n)]

    def _fight_event(self, letter: str, faces: list[str]) -> Event:
        return Event("fight_rolled", {**self._who(), "room": letter, "dice": list(faces),
                                      "ghost_marks": faces.count(GHOST), "spirit_marks": faces.count(SPIRIT)})

    def _fight(self, events: list[Event]) -> None:
        ch = self.turn
        node = self.pos[ch]
        if self.board.kind[node] != 1:
            return
        room = node - 1
        others = sum(1 for o, p in enumerate(self.pos) if p == node and o != ch)
        letter = ROOM_LETTERS[room]
        if self.ghosts[room]:
            faces = self._black(2 if others else 1)
            events.append(self._fight_event(letter, faces))
            removed = min(faces.count(GHOST), self.ghosts[room])
            if removed:
                self.ghosts[room] -= removed
                events.append(Event("ghosts_removed", {"room": letter, "count": removed}))
        elif self.spirits >> room & 1 and others:
            faces = self._black(2)
            events.append(self._fight_event(letter, faces))
            if SPIRIT in faces:
                self.spirits &= ~(1 << room)
                events.append(Event("spirit_removed", {"room": letter, "spirits": self.spirits.bit_count()}))

    def hopeless(self) -> bool:
        """HH-D11: (a) every character a lone trapped carrier; (b) advanced, all carry, none the next number."""
        pos, carry = self.pos, self.carry
        if not all(carry):
            return False
        if all(self.spirits & self.board.spirit_bit[p] for p in pos) and len(set(pos)) == len(pos):
            return True
        return self.advanced and (self.deposited + 1) not in carry

    def _finish_turn(self, events: list[Event]) -> None:
        self._fight(events)  # T6
        if self.hopeless():  # T7
            self._lose(LOST_HOPELESS, events)
            return
        self.turn = (self.turn + 1) % len(self.pos)  # T8
        self.turn_no += 1
        self.phase = PHASE_ROLL
        self.roll = 0
        events.append(Event("turn_started", self._who()))

    def _lose(self, reason: int, events: list[Event]) -> None:
        self.outcome = reason
        self.phase = PHASE_OVER
        events.append(Event(f"game_lost_{OUTCOME_NAMES[reason]}", {"reason": OUTCOME_NAMES[reason]}))

    # ---- copying and serialising ---------------------------------------------------------------

    def clone(self) -> HauntedHouseState:
        s = HauntedHouseState.__new__(HauntedHouseState)
        s.board = self.board
        s.advanced = self.advanced
        s.controllers = self.controllers
        s.owners = self.owners
        s.pos = self.pos[:]
        s.carry = self.carry[:]
        s.ghosts = self.ghosts[:]
        s.spirits = self.spirits
        s.jewels = self.jewels[:]
        s.revealed = self.revealed
        s.deposited = self.deposited
        s.deposited_mask = self.deposited_mask
        s.draw_pile = self.draw_pile[:]
        s.discard = self.discard[:]
        s.lock = self.lock
        s.turn = self.turn
        s.turn_no = self.turn_no
        s.phase = self.phase
        s.roll = self.roll
        s.outcome = self.outcome
        s.chance = self.chance.clone()
        s.script = None if self.script is None else self.script.clone()
        return s

    def to_json(self) -> dict[str, Any]:
        names = self.board.names
        return {
            "advanced": self.advanced,
            "controllers": self.controllers,
            "owners": list(self.owners),
            "positions": [names[p] for p in self.pos],
            "carrying": list(self.carry),
            "ghosts": {ROOM_LETTERS[r]: g for r, g in enumerate(self.ghosts) if g},
            "spirits": [ROOM_LETTERS[r] for r in range(12) if self.spirits >> r & 1],
            "jewels": {ROOM_LETTERS[r]: k for r, k in enumerate(self.jewels) if k},
            "revealed": [k for k in range(1, JEWELS + 1) if self.revealed >> k & 1],
            "deposited": [k for k in range(1, JEWELS + 1) if self.deposited_mask >> k & 1],
            "draw_pile": [cards.NAMES[c] for c in reversed(self.draw_pile)],
            "discard": [cards.NAMES[c] for c in self.discard],
            "lock": cards.NAMES[self.lock] if self.lock >= 0 else None,
            "turn": self.turn,
            "turn_no": self.turn_no,
            "phase": PHASE_NAMES[self.phase],
            "roll": self.roll,
            "outcome": OUTCOME_NAMES[self.outcome],
            "chance": self.chance.to_json(),
        }

    def view(self, seat: int | None) -> HauntedHouseView:
        names = self.board.names
        adv = self.advanced
        revealed = self.revealed
        if adv:
            room_jewels = tuple((k if revealed >> k & 1 else -1) if k else 0 for k in self.jewels)
            carried = tuple(self.carry)
        else:
            room_jewels = tuple(-1 if k else 0 for k in self.jewels)
            carried = tuple(1 if k else 0 for k in self.carry)
        return HauntedHouseView(
            game="haunted_house", seat=seat, players=self.controllers, advanced=adv, owners=self.owners,
            active=self.turn, phase=PHASES[self.phase], roll=self.roll, turn_no=self.turn_no,
            positions=tuple(names[p] for p in self.pos), carried=carried, ghosts=tuple(self.ghosts),
            spirits=tuple(bool(self.spirits >> r & 1) for r in range(12)), room_jewels=room_jewels,
            deposited=self.deposited, discard=tuple(cards.NAMES[c] for c in self.discard),
            lock=cards.NAMES[self.lock] if self.lock >= 0 else None,
            draw_pile=tuple(cards.NAMES[c] for c in sorted(self.draw_pile)), outcome=OUTCOMES[self.outcome],
        )
