"""The soak's clock and its tally.

SOAK_MINUTES (default 30) is the wall-clock budget of the whole `make soak`. Every
soak test gets a share of it (`Budget(share)`), scaled by the number of xdist
workers running side by side, and never runs past the session's global deadline.
Each test reports its counts with `report(part, **counts)`: one JSON file per
test in the folder the controller named in TABLETOP_SOAK_STATS; the controller
adds them up into bench/SOAK.md (tests/soak/conftest.py).
"""

from __future__ import annotations

import json
import os
import time
import uuid
from pathlib import Path

SETUP_MARGIN = 0.85  # of the budget: the rest covers start-up, collection and the summary


def soak_minutes() -> float:
    try:
        return max(0.2, float(os.environ.get("SOAK_MINUTES", "30")))
    except ValueError:
        return 30.0


def workers() -> int:
    try:
        return max(1, int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1")))
    except ValueError:
        return 1


def global_deadline() -> float:
    """Wall-clock time (time.time()) by which every soak test must have stopped."""
    start = float(os.environ.get("TABLETOP_SOAK_START", "0") or 0) or time.time()
    return start + soak_minutes() * 60 * SETUP_MARGIN


class Budget:
    """A deadline for one soak test: `share` of all the workers' time, capped by the global deadline."""

    def __init__(self, share: float, minimum: float = 2.0) -> None:
        seconds = max(minimum, soak_minutes() * 60 * SETUP_MARGIN * workers() * share)
        self.start = time.time()
        self.end = min(self.start + seconds, max(self.start + minimum, global_deadline()))

    def left(self) -> float:
        return self.end - time.time()

    def over(self) -> bool:
        return time.time() >= self.end


def report(part: str, **counts: int | float | str) -> None:
    """Add counts to the soak summary (failures: a number; details go to `notes`)."""
    folder = os.environ.get("TABLETOP_SOAK_STATS")
    if not folder:
        return
    path = Path(folder)
    path.mkdir(parents=True, exist_ok=True)
    (path / f"{part}-{uuid.uuid4().hex}.json").write_text(json.dumps({"part": part, **counts}), encoding="utf-8")
