"""User data: settings, saved games in progress, finished-game records. Lives in the platform's data folder.

Source runs and packaged runs share the same folder (platformdirs), and nothing is
ever written beside the code. TABLETOP_DATA_DIR overrides the folder (tests, CI).
Everything is JSON written atomically; a file that cannot be read is moved aside
(renamed, never deleted) and reported, and the app carries on with defaults.
"""

from __future__ import annotations

import json
import os
import re
import time
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

import platformdirs

from tabletop.engine.atomic import write_json_atomic, write_text_atomic
from tabletop.engine.records import Record, RecordError, Replayed, Seat, load_record, save_record
from tabletop.save_writer import saves


def data_dir() -> Path:
    override = os.environ.get("TABLETOP_DATA_DIR")
    path = Path(override) if override else Path(platformdirs.user_data_dir("Tabletop", appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def missions_dir() -> Path:
    """Where players put their own KAKAPO mission maps (.tmx); mission select lists them under Custom."""
    path = data_dir() / "missions"
    path.mkdir(parents=True, exist_ok=True)
    return path


def move_aside(path: Path) -> Path:
    """Rename a bad file out of the way (keeping it for a bug report) and return the new name."""
    target = path.with_name(f"{path.stem}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}{path.suffix}")
    n = 1
    while target.exists():
        target = path.with_name(f"{path.stem}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}-{n}{path.suffix}")
        n += 1
    path.rename(target)
    return target


UI_SCALES = (1.0, 1.25, 1.5)


@dataclass
class Settings:
    language: str = "en"
    ai_speed: str = "normal"  # instant / normal / slow
    fullscreen: bool = False
    volume: float = 0.7
    muted: bool = False
    ui_scale: float = 1.0  # text size in side panels, rules, history: 1.0 / 1.25 / 1.5
    motion: bool = True  # cards and pieces move to their places (off for comfort: they just appear)

    @staticmethod
    def path() -> Path:
        return data_dir() / "settings.json"

    @classmethod
    def load(cls) -> tuple[Settings, str | None]:
        path = cls.path()
        if not path.exists():
            return cls(), None
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
            if not isinstance(raw, dict):
                raise ValueError("not an object")
            known = {f.name: f for f in fields(cls)}
            defaults = cls()
            values = {}
            for key, value in raw.items():
                if key in known and isinstance(value, type(getattr(defaults, key))):
                    values[key] = value
            settings = cls(**values)
            if settings.language not in ("en", "ja"):
                settings.language = "en"
            if settings.ai_speed not in ("instant", "normal", "slow"):
                settings.ai_speed = "normal"
            settings.volume = min(1.0, max(0.0, float(settings.volume)))
            if settings.ui_scale not in UI_SCALES:
                settings.ui_scale = 1.0
            return settings, None
        except (OSError, ValueError, TypeError) as exc:
            moved = move_aside(path)
            return cls(), f"{path.name}: {exc} (moved to {moved.name})"

    def save(self) -> None:
        write_json_atomic(self.path(), asdict(self))


# ----- saved games in progress ---------------------------------------------------------------------
# Every game in progress is a record in saves/<slot>.json, written atomically after every move. A
# new game's slot is its game id, so each game keeps its own save and starting one never touches
# another's; a second save of the same game (only ever made by migration) gets <game id>-2, -3 …
# A loaded record remembers its slot in meta["slot"], so it is saved back to the same file.
# A data folder may still hold autosave.json, the single save of older versions; `list_saves` moves it into saves/
# first.

LEGACY_AUTOSAVE = "autosave.json"
_SLOT = re.compile(r"[a-z][a-z0-9_]*(-[0-9]+)?")


@dataclass
class SavedGame:
    slot: str
    replayed: Replayed
    saved_at: float  # the file's modification time (seconds since the epoch)

    @property
    def record(self) -> Record:
        return self.replayed.record


def saves_dir() -> Path:
    path = data_dir() / "saves"
    path.mkdir(parents=True, exist_ok=True)
    return path


def slot_of(record: Record) -> str:
    """Where `record` is saved: the slot it was loaded from, else its game id."""
    slot = record.meta.get("slot")
    return slot if isinstance(slot, str) and _SLOT.fullmatch(slot) else record.game


def save_path(slot: str) -> Path:
    if not _SLOT.fullmatch(slot):
        raise ValueError(f"not a save slot name: {slot!r}")
    return saves_dir() / f"{slot}.json"


def save_game(record: Record) -> None:
    """Write the game to its slot (atomically: a failed write leaves the previous save whole)."""
    save_record(save_path(slot_of(record)), record)


def _record_text(record: Record) -> str:
    """The record as save text, made now (a snapshot); compact, so making it in a frame costs ~0.1 ms."""
    return json.dumps(record.to_json(), ensure_ascii=False)


def save_game_soon(record: Record) -> None:
    """`save_game` off the frame: the text is made at the app's next `saves.pump()` (after the frame that
    applied the move is on screen), then `save_writer.saves` writes it (atomically, only the newest of
    several waiting). Failures come back from `saves.failures()`."""
    slot = slot_of(record)
    saves.later(("save", slot), lambda: saves.write_text(save_path(slot), _record_text(record)))


def archive_and_delete_save_soon(record: Record) -> None:
    """Keep a finished game in the history, then delete its save (only once the archive is written),
    off the frame. The save is written first, whole: a save of it still waiting (made or not) is replaced."""
    slot = slot_of(record)

    def hand_over() -> None:
        save = save_path(slot)
        archive, text = _archive_path(record), _record_text(record)

        def archive_then_delete() -> None:
            write_text_atomic(save, text)  # the finished game is in its save even if the archive fails
            write_text_atomic(archive, text)
            save.unlink(missing_ok=True)

        saves.submit(save, archive_then_delete)

    saves.later(("save", slot), hand_over)


def delete_save(slot: str) -> None:
    save_path(slot).unlink(missing_ok=True)


def load_save(slot: str) -> tuple[SavedGame | None, str | None]:
    """The game saved in `slot`, or (None, message) when it is unreadable (the file is moved aside)."""
    path = save_path(slot)
    if not path.exists():
        return None, None
    try:
        replayed = load_record(path)
        saved_at = path.stat().st_mtime
    except (RecordError, OSError) as exc:
        moved = move_aside(path)
        return None, f"{exc} — moved to {moved.name}"
    replayed.record.meta["slot"] = slot
    return SavedGame(slot, replayed, saved_at), None


def _free_slot(game_id: str) -> str:
    slot, n = game_id, 1
    while save_path(slot).exists():
        n += 1
        slot = f"{game_id}-{n}"
    return slot


def migrate_legacy_autosave() -> str | None:
    """Move the old single save (autosave.json) into saves/, byte for byte; a message if it was unreadable
    (then it is moved aside, as a bad save always is)."""
    path = data_dir() / LEGACY_AUTOSAVE
    if not path.exists():
        return None
    try:
        game_id = load_record(path).record.game
    except RecordError as exc:
        moved = move_aside(path)
        return f"{exc} — moved to {moved.name}"
    try:
        os.replace(path, save_path(_free_slot(game_id)))  # a rename: same bytes, same date
    except OSError as exc:  # left where it is; the next start tries again
        return f"{path}: {exc.strerror or exc}"
    return None


def list_saves() -> tuple[list[SavedGame], list[str]]:
    """Every saved game in progress, most recently played first, and a message per unreadable file
    (each moved aside). Migrates the old single save first."""
    problems: list[str] = []
    migrated = migrate_legacy_autosave()
    if migrated:
        problems.append(migrated)
    saves: list[SavedGame] = []
    for path in sorted(saves_dir().glob("*.json")):
        if not _SLOT.fullmatch(path.stem):
            continue  # a file moved aside, or someone else's
        saved, problem = load_save(path.stem)
        if saved is not None:
            saves.append(saved)
        if problem:
            problems.append(problem)
    saves.sort(key=lambda s: s.saved_at, reverse=True)
    return saves, problems


def history_dir() -> Path:
    path = data_dir() / "history"
    path.mkdir(parents=True, exist_ok=True)
    return path


def _archive_path(record: Record) -> Path:
    return history_dir() / f"{time.strftime('%Y%m%d-%H%M%S')}-{record.game}-{record.seed}.json"


def archive_record(record: Record) -> Path:
    """Keep a finished game for replays and statistics."""
    path = _archive_path(record)
    save_record(path, record)
    return path


# ----- the last setup per game ----------------------------------------------------------------------
# setup.json: {"games": {<game id>: {"players": n, "seats": [{"name", "kind"}, …], "options": {…}}}}, the
# setup last started for each game. Only a convenience: a file that cannot be read is ignored (the
# next start writes a good one), and the setup scene checks every value against the game before use.

def _setup_path() -> Path:
    return data_dir() / "setup.json"


def _remembered_setups() -> dict[str, dict[str, Any]]:
    try:
        raw = json.loads(_setup_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    games = raw.get("games") if isinstance(raw, dict) else None
    return {k: v for k, v in games.items() if isinstance(v, dict)} if isinstance(games, dict) else {}


def remembered_setup(game_id: str) -> dict[str, Any] | None:
    """The setup last started for `game_id` as saved (unchecked), or None."""
    return _remembered_setups().get(game_id)


def remember_setup(game_id: str, setup: dict[str, Any]) -> None:
    """Keep `setup` as the last one for `game_id`, next to the other games' (atomically)."""
    games = _remembered_setups()
    games[game_id] = setup
    write_json_atomic(_setup_path(), {"games": games})


def remember_table(game_id: str, players: int, seats: list[Seat], options: dict[str, Any]) -> None:
    """`remember_setup` of a table about to start; a failed write costs only the convenience."""
    try:
        remember_setup(game_id, {"players": players, "seats": [{"name": s.name, "kind": s.kind} for s in seats],
                                 "options": options})
    except (OSError, TypeError, ValueError):
        pass


# ----- first-time things: a tutorial opened, a "goal and your turn" card dismissed ---------------------
# seen.json: {"tutorial": [game ids], ...}; small, rewritten atomically; unreadable means "nothing seen yet".

def _seen_path() -> Path:
    return data_dir() / "seen.json"


def _seen() -> dict[str, list[str]]:
    try:
        raw = json.loads(_seen_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(raw, dict):
        return {}
    return {k: [g for g in v if isinstance(g, str)] for k, v in raw.items() if isinstance(v, list)}


def has_seen(kind: str, game_id: str) -> bool:
    """Whether the player has already had `kind` ("tutorial", "intro_card") for this game."""
    return game_id in _seen().get(kind, [])


def mark_seen(kind: str, game_id: str) -> None:
    seen = _seen()
    if game_id not in seen.setdefault(kind, []):
        seen[kind].append(game_id)
        write_json_atomic(_seen_path(), seen)
