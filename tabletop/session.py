"""A game being played: the State, its Record, who sits where. No pygame; the table scene drives it.

Every applied action goes through the checked path and into the record, so the
record always replays to the current state (autosave, replays, undo).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any

from tabletop.engine import registry
from tabletop.engine.core import Action, Event, Game, State
from tabletop.engine.records import Record, Replayed, Seat

HUMAN_KINDS = ("human", "phone")  # a seat's kind: one of these, or an AI level


@dataclass
class LogEntry:
    seat: int | None  # who acted (None for automatic steps)
    event: Event
    index: int  # action index in the record


@dataclass
class Session:
    game: Game
    record: Record
    state: State
    log: list[LogEntry] = field(default_factory=list)

    @classmethod
    def new(cls, game_id: str, players: int, seats: list[Seat], options: dict[str, Any] | None = None,
            seed: int | None = None, chance: int | None = None) -> Session:
        """A new game; `chance` pins a chance scheme (a tutorial's), else the game's current one."""
        game = registry.get_game(game_id)
        options = game.resolve_options(options)
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        record = Record(game_id, players, seed, options, seats, [], game.version,
                        {"started": time.strftime("%Y-%m-%dT%H:%M:%S")}, chance)
        state = game.new_state_with_chance(players, options, seed, record.chance_scheme())
        return cls(game, record, state)

    @classmethod
    def resume(cls, replayed: Replayed) -> Session:
        game = registry.get_game(replayed.record.game)
        session = cls(game, replayed.record, replayed.state)
        for index, ((seat, _), events) in enumerate(zip(replayed.record.actions, replayed.events)):
            session.log.extend(LogEntry(seat, e, index) for e in events)
        return session

    @property
    def players(self) -> int:
        return self.record.players

    def names(self) -> list[str]:
        return [s.name for s in self.record.seats]

    def is_human(self, seat: int) -> bool:
        """A person plays this seat, at the desktop or on a phone."""
        return self.record.seats[seat].kind in HUMAN_KINDS

    def is_phone(self, seat: int) -> bool:
        return self.record.seats[seat].kind == "phone"

    def humans(self) -> list[int]:
        return [i for i in range(self.players) if self.is_human(i)]

    def phone_seats(self) -> list[int]:
        return [i for i in range(self.players) if self.is_phone(i)]

    def screen_humans(self) -> list[int]:
        """The people who play on the desktop's own screen (not on a phone)."""
        return [i for i in range(self.players) if self.record.seats[i].kind == "human"]

    def shared_screen(self) -> bool:
        """More than one person can see the desktop: a phone seat, or two people playing on it.
        The desktop then shows only the public view, and a private one only behind the curtain."""
        return bool(self.phone_seats()) or len(self.screen_humans()) >= 2

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Checked apply; raises IllegalAction (and changes nothing) for an illegal action."""
        events = self.state.apply(seat, action)
        index = len(self.record.actions)
        self.record.actions.append((seat, str(action)))
        self.log.extend(LogEntry(seat, e, index) for e in events)
        if self.state.is_over():
            result = self.state.result()
            self.record.meta["finished"] = time.strftime("%Y-%m-%dT%H:%M:%S")
            self.record.meta["scores"] = list(result.scores)
            self.record.meta["winners"] = list(result.winners)
            if result.coop_success is not None:
                self.record.meta["coop_success"] = result.coop_success
        return events

    def undo(self, seat: int) -> bool:
        """Take back `seat`'s last action and the actions after it, if tabletop.undo allows it."""
        from tabletop.undo import undone

        try:
            shorter, state = undone(self.record, seat)
        except ValueError:  # refused: see tabletop.undo for why
            return False
        self.record.actions[:] = shorter.actions
        for key in ("finished", "scores", "winners", "coop_success"):
            self.record.meta.pop(key, None)
        self.state = state
        self.log = [entry for entry in self.log if entry.index < len(shorter.actions)]
        return True

    def ai_to_act(self) -> list[int]:
        return [s for s in self.state.to_act() if not self.is_human(s)]

    def humans_to_act(self) -> list[int]:
        return [s for s in self.state.to_act() if self.is_human(s)]

    def screen_humans_to_act(self) -> list[int]:
        return [s for s in self.state.to_act() if self.record.seats[s].kind == "human"]
