"""The Game object: options, setup (spec §4) and determinisation for search."""

from __future__ import annotations

import random
from typing import Any

from tabletop.engine.core import Action, Chance, Game, Option, State, View
from tabletop.games.haunted_house import actions, cards
from tabletop.games.haunted_house.board import ROOM_LETTERS, Board, load_board
from tabletop.games.haunted_house.state import JEWELS, PHASE_NAMES, HauntedHouseState
from tabletop.games.haunted_house.view import OUTCOMES, HauntedHouseView


def characters_for(players: int, option: Any) -> int:
    """HH-D12: 'auto' = 4 characters for 1 or 2 controllers, else one per controller."""
    if option in (None, "auto"):
        return 4 if players <= 2 else players
    n = int(option)
    if not 2 <= n <= 4:
        raise ValueError(f"haunted_house: {n} characters; 2 to 4 are played")
    if n < players:
        raise ValueError(f"haunted_house: {players} players need at least {players} characters, not {n}")
    return n


def blank_state(board: Board, advanced: bool, players: int, characters: int, chance: Chance) -> HauntedHouseState:
    s = HauntedHouseState.__new__(HauntedHouseState)
    s.board = board
    s.advanced = advanced
    s.controllers = players
    s.owners = tuple(i % players for i in range(characters))  # interleaved seats (HH-D12)
    s.pos = [0] * characters
    s.carry = [0] * characters
    s.ghosts = list(board.start_ghosts)
    s.spirits = 0
    s.jewels = [0] * 12
    s.revealed = 0
    s.deposited = 0
    s.deposited_mask = 0
    s.draw_pile = []
    s.discard = []
    s.lock = -1
    s.turn = 0  # HH-D13
    s.turn_no = 0
    s.phase = 0
    s.roll = 0
    s.outcome = 0
    s.chance = chance
    s.script = None
    return s


class HauntedHouseGame(Game):
    id = "haunted_house"
    title = {"en": "Haunted House Jewel Hunters", "ja": "おばけ屋敷の宝石ハンター"}
    players = range(1, 5)
    cooperative = True
    seat_secrets = False  # the hidden cards (deck order, numbers face down) are hidden from every seat alike
    version = 1
    options = (
        Option("advanced", False, (False, True), {"en": "Advanced game", "ja": "上級ルール"}),
        Option("characters", "auto", ("auto", 2, 3, 4), {"en": "Hunters on the board", "ja": "ハンターの数"}),
    )

    def __init__(self, map_path: str | None = None) -> None:
        self._map_path = map_path

    @property
    def board(self) -> Board:
        """Loaded on first use: pytmx imports pygame when it is installed, so import stays light."""
        return load_board(self._map_path)

    def new_state(self, players: int, options: dict[str, Any], seed: int) -> HauntedHouseState:
        self.check_players(players)
        opts = self.resolve_options(options)
        advanced = bool(opts["advanced"])
        board = self.board
        s = blank_state(board, advanced, players, characters_for(players, opts["characters"]), Chance(seed))
        deck = cards.deck(advanced)
        s.chance.rng().shuffle(deck)  # setup order: deck, then jewels (§8.4)
        s.draw_pile = deck
        numbers = list(range(1, JEWELS + 1))
        if advanced:
            s.chance.rng().shuffle(numbers)
        for room, k in zip(board.start_jewel_rooms, numbers):
            s.jewels[room] = k
        return s

    def sample_state(self, view: View, rng: random.Random) -> State:
        if not isinstance(view, HauntedHouseView):
            raise TypeError("haunted_house.sample_state needs a HauntedHouseView")
        board = self.board
        s = blank_state(board, view.advanced, view.players, len(view.positions), Chance(rng.getrandbits(62)))
        s.owners = view.owners
        s.pos = [board.index[n] for n in view.positions]
        s.ghosts = list(view.ghosts)
        s.spirits = sum(1 << r for r, on in enumerate(view.spirits) if on)
        s.deposited = view.deposited
        s.turn, s.turn_no, s.roll = view.active, view.turn_no, view.roll
        s.phase = PHASE_NAMES.index(view.phase)
        s.outcome = OUTCOMES.index(view.outcome)
        s.discard = [cards.CODES[c] for c in view.discard]
        s.lock = cards.CODES[view.lock] if view.lock else -1
        pile = [cards.CODES[c] for c in view.draw_pile]
        rng.shuffle(pile)
        s.draw_pile = pile
        if view.advanced:
            s.deposited_mask = sum(1 << k for k in range(1, view.deposited + 1))
            s.carry = list(view.carried)
            known = {k for k in view.room_jewels if k > 0} | {k for k in view.carried if k}
            s.revealed = sum(1 << k for k in known) | s.deposited_mask
            hidden = [k for k in range(1, JEWELS + 1) if k not in known and not s.deposited_mask >> k & 1]
            rng.shuffle(hidden)
            for r, k in enumerate(view.room_jewels):
                s.jewels[r] = k if k > 0 else (hidden.pop() if k < 0 else 0)
        else:  # numbers are meaningless in the basic game: hand them out in order
            free = iter(range(1, JEWELS + 1))
            s.jewels = [next(free) if k else 0 for k in view.room_jewels]
            s.carry = [next(free) if k else 0 for k in view.carried]
            s.deposited_mask = sum(1 << k for k in free)
        return s

    def parse_action(self, text: str) -> Action:
        return actions.parse_action(text)


__all__ = ["HauntedHouseGame", "ROOM_LETTERS", "characters_for"]
