"""Play history and statistics from the finished-game records (user data `history/`). Pure: no pygame.

`load_history(folder)` reads every record file, newest first; a file that cannot be
read (bad JSON, an unknown game, an illegal action) becomes an entry with `error`
set and is listed as unreadable, never raised. `compute_stats(entries)` adds the
readable ones up per game and per seat name: games played, wins, average and best
score; for co-operative games the team's successes (a win for every seat) and the
win rate. KAKAPO's cleared missions come from `kakapo_progress.json` beside the
history folder (`missions_cleared`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from tabletop.engine import registry
from tabletop.engine.records import Record, RecordError, record_from_json, replay


@dataclass
class HistoryEntry:
    path: Path
    record: Record | None = None
    error: str = ""
    finished: str = ""  # "YYYY-MM-DDTHH:MM:SS" (or the file's name stamp)
    scores: tuple[float, ...] = ()
    winners: tuple[int, ...] = ()
    coop_success: bool | None = None

    @property
    def ok(self) -> bool:
        return self.record is not None and not self.error

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.record.seats] if self.record else []


def _stamp_from_name(path: Path) -> str:
    stem = path.stem  # 20250101-120000-game-seed
    if len(stem) >= 15 and stem[:8].isdigit() and stem[9:15].isdigit():
        return f"{stem[:4]}-{stem[4:6]}-{stem[6:8]}T{stem[9:11]}:{stem[11:13]}:{stem[13:15]}"
    return ""


def read_entry(path: Path) -> HistoryEntry:
    entry = HistoryEntry(path, finished=_stamp_from_name(path))
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        record = record_from_json(data, path)
    except (OSError, UnicodeDecodeError, ValueError) as exc:  # JSONDecodeError and RecordError are ValueErrors
        entry.error = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        return entry
    meta = record.meta
    scores, winners = meta.get("scores"), meta.get("winners")
    if not (isinstance(scores, list) and len(scores) == record.players
            and all(isinstance(s, int | float) and not isinstance(s, bool) for s in scores)
            and isinstance(winners, list) and all(isinstance(w, int) and 0 <= w < record.players for w in winners)):
        try:
            state = replay(record, path).state
        except RecordError as exc:
            entry.error = str(exc)
            return entry
        if not state.is_over():
            entry.error = f"{path.name}: the game in this file is not finished"
            return entry
        result = state.result()
        scores, winners = list(result.scores), list(result.winners)
        if result.coop_success is not None:
            meta = {**meta, "coop_success": result.coop_success}
    entry.record = record
    entry.scores = tuple(float(s) for s in scores)
    entry.winners = tuple(winners)
    success = meta.get("coop_success")
    entry.coop_success = success if isinstance(success, bool) else None
    if isinstance(meta.get("finished"), str):
        entry.finished = meta["finished"]
    return entry


def load_history(folder: Path) -> list[HistoryEntry]:
    """Every record file in `folder`, newest first; unreadable files included with `error` set."""
    folder = Path(folder)
    if not folder.is_dir():
        return []
    entries = [read_entry(path) for path in folder.glob("*.json") if ".corrupt-" not in path.name]
    return sorted(entries, key=lambda e: (e.finished, e.path.name), reverse=True)


@dataclass
class SeatStats:
    name: str
    played: int = 0
    wins: int = 0
    total_score: float = 0.0
    best_score: float | None = None

    @property
    def average(self) -> float | None:
        return self.total_score / self.played if self.played else None

    @property
    def win_rate(self) -> float:
        return self.wins / self.played if self.played else 0.0


@dataclass
class GameStats:
    game: str
    cooperative: bool
    played: int = 0
    team_wins: int = 0  # co-op successes
    seats: dict[str, SeatStats] = field(default_factory=dict)
    missions_cleared: int | None = None  # KAKAPO only
    missions_total: int | None = None

    @property
    def win_rate(self) -> float:
        return self.team_wins / self.played if self.played else 0.0

    def ranked(self) -> list[SeatStats]:
        return sorted(self.seats.values(), key=lambda s: (-s.wins, -s.played, s.name))


def _cooperative(game_id: str) -> bool:
    try:
        return bool(registry.get_game(game_id).cooperative)
    except registry.UnknownGame:
        return False


def compute_stats(entries: list[HistoryEntry]) -> dict[str, GameStats]:
    """Per game id (in catalog order, only games that were played)."""
    out: dict[str, GameStats] = {}
    for entry in entries:
        if not entry.ok or entry.record is None:
            continue
        game_id = entry.record.game
        coop = entry.coop_success is not None or _cooperative(game_id)
        stats = out.setdefault(game_id, GameStats(game_id, coop))
        stats.played += 1
        if coop and entry.coop_success:
            stats.team_wins += 1
        for seat, name in enumerate(entry.names):
            seat_stats = stats.seats.setdefault(name, SeatStats(name))
            seat_stats.played += 1
            won = bool(entry.coop_success) if coop else seat in entry.winners
            seat_stats.wins += 1 if won else 0
            if seat < len(entry.scores):
                score = entry.scores[seat]
                seat_stats.total_score += score
                seat_stats.best_score = score if seat_stats.best_score is None else max(seat_stats.best_score, score)
    order = {e.id: i for i, e in enumerate(registry.CATALOG)}
    return dict(sorted(out.items(), key=lambda kv: order.get(kv[0], 99)))


def missions_cleared(data_folder: Path) -> tuple[int, int] | None:
    """(cleared, total) KAKAPO missions from kakapo_progress.json; None when KAKAPO is not installed."""
    try:
        from tabletop.games.kakapo.missions import MISSION_IDS
    except ImportError:
        return None
    try:
        raw = json.loads((Path(data_folder) / "kakapo_progress.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        raw = {}
    cleared = raw.get("cleared", []) if isinstance(raw, dict) else []
    return len({m for m in cleared if isinstance(m, str) and m in MISSION_IDS}), len(MISSION_IDS)


def load_stats(data_folder: Path) -> tuple[list[HistoryEntry], dict[str, GameStats]]:
    """History and statistics from a user data folder (its `history/` and the KAKAPO progress file)."""
    entries = load_history(Path(data_folder) / "history")
    stats = compute_stats(entries)
    missions = missions_cleared(data_folder)
    if missions is not None:
        kakapo = stats.setdefault("kakapo", GameStats("kakapo", True))
        kakapo.missions_cleared, kakapo.missions_total = missions
    return entries, stats
