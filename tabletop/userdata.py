"""User data: settings, the autosave, finished-game records. Lives in the platform's data folder.

Source runs and packaged runs share the same folder (platformdirs), and nothing is
ever written beside the code. TABLETOP_DATA_DIR overrides the folder (tests, CI).
Everything is JSON written atomically; a file that cannot be read is moved aside
(renamed, never deleted) and reported, and the app carries on with defaults.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import asdict, dataclass, fields
from pathlib import Path

import platformdirs

from tabletop.engine.atomic import write_json_atomic
from tabletop.engine.records import Record, RecordError, Replayed, load_record, save_record


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


def autosave_path() -> Path:
    return data_dir() / "autosave.json"


def save_autosave(record: Record) -> None:
    save_record(autosave_path(), record)


def clear_autosave() -> None:
    autosave_path().unlink(missing_ok=True)


def load_autosave() -> tuple[Replayed | None, str | None]:
    """The saved game, or (None, message) when it is unreadable (the file is moved aside)."""
    path = autosave_path()
    if not path.exists():
        return None, None
    try:
        return load_record(path), None
    except RecordError as exc:
        moved = move_aside(path)
        return None, f"{exc} — moved to {moved.name}"


def history_dir() -> Path:
    path = data_dir() / "history"
    path.mkdir(parents=True, exist_ok=True)
    return path


def archive_record(record: Record) -> Path:
    """Keep a finished game for replays and statistics."""
    path = history_dir() / f"{time.strftime('%Y%m%d-%H%M%S')}-{record.game}-{record.seed}.json"
    save_record(path, record)
    return path
