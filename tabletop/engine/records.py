"""Game records: a game saved as seed + options + seats + actions, as versioned JSON.

Loading a record replays every action through the rules and refuses the file at
the first problem, naming the file, the action index (zero-based, said so in the
message) and the reason. Records are how autosave, replays, undo and arena
outputs are stored. Never pickle.

`chance` names the chance scheme the game was drawn with (see `core.Chance`): a record
without it was written before scheme 2 and replays with scheme 1; a new game's record
(`chance=None`) takes the game's current scheme, and is written with it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop.engine import registry
from tabletop.engine.atomic import write_json_atomic
from tabletop.engine.core import OLD_CHANCE_SCHEME, ActionParseError, Event, IllegalAction, State

FORMAT = "tabletop-record"
FORMAT_VERSION = 1


class RecordError(ValueError):
    """A record that cannot be loaded; the message says where and why."""

    def __init__(self, message: str, path: Path | None = None, index: int | None = None) -> None:
        where = f"{path}: " if path is not None else ""
        at = f"action {index} (zero-based): " if index is not None else ""
        super().__init__(f"{where}{at}{message}")
        self.path = path
        self.index = index
        self.reason = message


@dataclass
class Seat:
    name: str
    kind: str = "human"  # "human" (at the desktop), "phone", or an agent level: "random", "easy", "normal", "hard"

    def to_json(self) -> dict[str, str]:
        return {"name": self.name, "kind": self.kind}


@dataclass
class Record:
    game: str
    players: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    seats: list[Seat] = field(default_factory=list)
    actions: list[tuple[int, str]] = field(default_factory=list)
    version: int = 1
    meta: dict[str, Any] = field(default_factory=dict)  # free-form: started, finished, result
    chance: int | None = None  # chance scheme; None: the game's current one (a new game)

    def chance_scheme(self) -> int:
        return registry.get_game(self.game).chance_schemes[-1] if self.chance is None else self.chance

    def to_json(self) -> dict[str, Any]:
        scheme = self.chance_scheme()
        return {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "game": self.game,
            "version": self.version,
            "players": self.players,
            "options": self.options,
            "seed": self.seed,
            "seats": [s.to_json() for s in self.seats],
            "actions": [[seat, text] for seat, text in self.actions],
            "meta": self.meta,
            **({} if scheme == OLD_CHANCE_SCHEME else {"chance": scheme}),
        }

    def new_state(self) -> State:
        game = registry.get_game(self.game)
        return game.new_state_with_chance(self.players, game.resolve_options(self.options), self.seed,
                                          self.chance_scheme())


def _require(data: dict[str, Any], key: str, kind: type | tuple[type, ...], path: Path | None) -> Any:
    if key not in data:
        raise RecordError(f"missing field {key!r}", path)
    value = data[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise RecordError(f"field {key!r} has the wrong type ({type(value).__name__})", path)
    return value


def record_from_json(data: Any, path: Path | None = None) -> Record:
    """Check the envelope (not the actions: `replay` does that)."""
    if not isinstance(data, dict):
        raise RecordError("not a record (the top level is not a JSON object)", path)
    if data.get("format") != FORMAT:
        raise RecordError(f"not a Tabletop record (format is {data.get('format')!r})", path)
    version = _require(data, "format_version", int, path)
    if version != FORMAT_VERSION:
        raise RecordError(f"record format version {version} is not supported (this app reads {FORMAT_VERSION})", path)
    game_id = _require(data, "game", str, path)
    try:
        game = registry.get_game(game_id)
    except registry.UnknownGame as exc:
        raise RecordError(str(exc), path) from None
    rules_version = _require(data, "version", int, path)
    if rules_version != game.version:
        raise RecordError(f"{game_id} rules version {rules_version} is not supported (this app has {game.version})",
                          path)
    players = _require(data, "players", int, path)
    if players not in game.players:
        raise RecordError(f"{game_id} cannot be played by {players} players", path)
    seed = _require(data, "seed", int, path)
    options = _require(data, "options", dict, path)
    try:
        options = game.resolve_options(options)
    except ValueError as exc:
        raise RecordError(str(exc), path) from None
    seats_raw = _require(data, "seats", list, path)
    seats = []
    for raw in seats_raw:
        if not isinstance(raw, dict) or not isinstance(raw.get("name"), str) or not isinstance(raw.get("kind"), str):
            raise RecordError("a seat must be an object with text fields 'name' and 'kind'", path)
        seats.append(Seat(raw["name"], raw["kind"]))
    if len(seats) != players:
        raise RecordError(f"{len(seats)} seats listed for {players} players", path)
    actions_raw = _require(data, "actions", list, path)
    actions: list[tuple[int, str]] = []
    for index, raw in enumerate(actions_raw):
        if (not isinstance(raw, list) or len(raw) != 2 or not isinstance(raw[0], int)
                or isinstance(raw[0], bool) or not isinstance(raw[1], str)):
            raise RecordError("an action must be [seat, text]", path, index)
        actions.append((raw[0], raw[1]))
    meta = data.get("meta", {})
    if not isinstance(meta, dict):
        raise RecordError("field 'meta' has the wrong type", path)
    chance = data.get("chance", OLD_CHANCE_SCHEME)  # absent: written before chance scheme 2
    if not isinstance(chance, int) or isinstance(chance, bool) or chance not in game.chance_schemes:
        raise RecordError(f"{game_id} cannot replay chance scheme {chance!r}", path)
    return Record(game_id, players, seed, options, seats, actions, rules_version, meta, chance)


@dataclass
class Replayed:
    """A record played through: the final state and the events of each action."""

    record: Record
    state: State
    events: list[list[Event]]


def replay(record: Record, path: Path | None = None, upto: int | None = None) -> Replayed:
    """Replay and validate every action (or the first `upto`)."""
    game = registry.get_game(record.game)
    try:
        state = record.new_state()
    except ValueError as exc:
        raise RecordError(str(exc), path) from None
    all_events: list[list[Event]] = []
    actions = record.actions if upto is None else record.actions[:upto]
    for index, (seat, text) in enumerate(actions):
        if not 0 <= seat < record.players:
            raise RecordError(f"seat {seat} does not exist", path, index)
        try:
            action = game.parse_action(text)
            all_events.append(state.apply(seat, action))
        except ActionParseError as exc:
            raise RecordError(f"{text!r} is not an action of {record.game}: {exc}", path, index) from None
        except IllegalAction as exc:
            raise RecordError(f"{text!r} by seat {seat} is illegal: {exc.reason}", path, index) from None
    return Replayed(record, state, all_events)


def load_record(path: Path) -> Replayed:
    """Read, check and replay a record file."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordError(f"cannot be read: {exc}", path) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"is not valid JSON ({exc.msg} at line {exc.lineno})", path) from None
    except RecursionError:  # a record never nests deeper than three levels
        raise RecordError("is not a record (JSON nested too deeply)", path) from None
    except ValueError as exc:  # e.g. an integer of more than 4300 digits (int_max_str_digits)
        raise RecordError(f"is not valid JSON ({exc})", path) from None
    return replay(record_from_json(data, path), path)


def save_record(path: Path, record: Record) -> None:
    write_json_atomic(Path(path), record.to_json())
