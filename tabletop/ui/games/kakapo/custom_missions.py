"""The player's own KAKAPO missions: the map files in the user missions folder, and whether each can be won.

`scan()` reads every map (`*.tmx`, or Tiled's JSON `*.tmj`/`*.json`) in `userdata.missions_dir()`
(sorted by name). A file the loader refuses becomes an entry with its one-line error (file,
object, reason); the others still load. `Verdicts` answers "can it be won?" for the loaded ones on a
background thread, one mission at a time with a time limit each, so the frame loop never
waits; answers are kept per process by mission id (the content's hash). A mission the solver
cannot settle in the first limit gets a second, longer try once every other mission has its
answer; until then it has none (the list says "checking…"), after it, "unknown".
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop.engine.tiled import TiledError, is_map_file
from tabletop.games.kakapo.custom import rules_of_value, value_from_file
from tabletop.games.kakapo.missions import Mission
from tabletop.games.kakapo.winnable import UNKNOWN, verdict
from tabletop.userdata import missions_dir

SOLVE_SECONDS = 5.0  # per mission, first try: quick answers for every mission first
MORE_SECONDS = 60.0  # per mission, second try for those the first left open; "unknown" when it needs longer


@dataclass(frozen=True)
class CustomEntry:
    path: Path
    value: dict[str, Any] | None = None  # the `mission` option value (content + hash) when the file is valid
    mission: Mission | None = None
    error: str = ""  # the loader's one line when it is not
    problem: TiledError | None = None  # the same, with its message key for the player's language

    @property
    def ok(self) -> bool:
        return self.mission is not None


def scan(folder: Path | None = None) -> list[CustomEntry]:
    """Every map file of the folder (TMX or JSON), valid or not, sorted by file name."""
    folder = folder if folder is not None else missions_dir()
    entries = []
    files = sorted((p for p in folder.glob("*") if is_map_file(p)), key=lambda p: p.name.lower())
    for path in files:
        try:
            value = value_from_file(path)
        except TiledError as exc:
            entries.append(CustomEntry(path, error=str(exc), problem=exc))
            continue
        entries.append(CustomEntry(path, value, rules_of_value(value, path).mission))
    return entries


_ANSWERS: dict[str, str] = {}
_LOCK = threading.Lock()


class Verdicts:
    """Solves the given missions one after another on a daemon thread; `get(id)` is None until answered."""

    def __init__(self, missions: list[Mission], seconds: float = SOLVE_SECONDS,
                 more_seconds: float = MORE_SECONDS) -> None:
        self.seconds = seconds
        self.more_seconds = more_seconds
        self._todo = [m for m in missions if m.id not in _ANSWERS]
        self._cancelled = threading.Event()
        self._thread: threading.Thread | None = None
        if self._todo:
            self._thread = threading.Thread(target=self._run, name="kakapo-verdicts", daemon=True)
            self._thread.start()

    def _run(self) -> None:
        open_ones = self._solve(self._todo, self.seconds, keep_unknown=self.more_seconds <= 0)
        if open_ones:
            self._solve(open_ones, self.more_seconds, keep_unknown=True)

    def _solve(self, missions: list[Mission], seconds: float, keep_unknown: bool) -> list[Mission]:
        """Answers each mission within `seconds`; returns those left UNKNOWN and not kept (a second try's)."""
        left: list[Mission] = []
        for mission in missions:
            if self._cancelled.is_set():
                return []
            answer = verdict(mission, self._stopper(time.monotonic() + seconds))
            if self._cancelled.is_set():
                return []  # stopped by the player leaving, not by the time limit: no answer to keep
            if answer == UNKNOWN and not keep_unknown:
                left.append(mission)
                continue
            with _LOCK:
                _ANSWERS[mission.id] = answer
        return left

    def _stopper(self, deadline: float) -> Callable[[], bool]:
        return lambda: self._cancelled.is_set() or time.monotonic() > deadline

    @staticmethod
    def get(mission_id: str) -> str | None:
        with _LOCK:
            return _ANSWERS.get(mission_id)

    def busy(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def cancel(self) -> None:
        self._cancelled.set()

    def wait(self, timeout: float | None = None) -> None:
        """For tests and screenshots: block until every answer is in."""
        if self._thread is not None:
            self._thread.join(timeout)


def forget_answers() -> None:
    """Tests: start from no cached verdicts."""
    with _LOCK:
        _ANSWERS.clear()


__all__ = ["MORE_SECONDS", "SOLVE_SECONDS", "UNKNOWN", "CustomEntry", "Verdicts", "forget_answers", "scan"]
