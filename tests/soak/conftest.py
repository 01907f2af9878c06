"""The soak's summary: counts from every soak test, printed and written to bench/SOAK.md."""

from __future__ import annotations

import json
import os
import platform
import shutil
import tempfile
import time
from pathlib import Path

from tests.ui.conftest import app, data_dir  # noqa: F401 - the headless UI fixtures, found by name

ROOT = Path(__file__).resolve().parents[2]
PARTS = {
    "games": ("AI-vs-AI games", ["configs", "configs_total", "games", "actions", "records_verified", "failures"]),
    "fuzz": ("record-file fuzz", ["cases", "refused", "accepted", "failures"]),
    "monkey": ("UI monkey", ["scenes", "events", "frames", "failures"]),
    "autosave": ("autosave crash", ["saves", "crashes", "kills", "app_games", "loads_checked", "failures"]),
}


def _is_worker(config) -> bool:
    return hasattr(config, "workerinput")


def pytest_configure(config) -> None:
    if _is_worker(config):
        return
    config._soak_started = time.time()
    folder = tempfile.mkdtemp(prefix="tabletop-soak-stats-")
    os.environ["TABLETOP_SOAK_STATS"] = folder  # inherited by the xdist workers started after this
    os.environ["TABLETOP_SOAK_START"] = str(config._soak_started)
    config._soak_stats = folder


def pytest_terminal_summary(terminalreporter, exitstatus, config) -> None:
    folder = getattr(config, "_soak_stats", None)
    if folder is None:
        return
    totals: dict[str, dict[str, float]] = {}
    per_game: dict[str, dict[str, float]] = {}
    notes: list[str] = []
    for path in sorted(Path(folder).glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        part = data.pop("part")
        game = data.pop("game", None)
        note = data.pop("notes", None)
        if note:
            notes.append(f"{part}{'/' + game if game else ''}: {note}")
        data.pop("scene", None)
        bucket = totals.setdefault(part, {})
        for key, value in data.items():
            if isinstance(value, int | float):
                bucket[key] = bucket.get(key, 0) + value
        if part == "games" and game:
            row = per_game.setdefault(game, {})
            for key, value in data.items():
                if isinstance(value, int | float):
                    row[key] = row.get(key, 0) + value
    if not totals:  # no soak test ran (a run that selected other tests): keep the last soak's table
        shutil.rmtree(folder, ignore_errors=True)
        return
    stats = terminalreporter.stats
    failed = len(stats.get("failed", [])) + len(stats.get("error", []))
    passed = len(stats.get("passed", []))
    elapsed = time.time() - config._soak_started
    lines = ["# Soak results (`make soak`)", "",
             f"Date: {time.strftime('%Y-%m-%d %H:%M %Z')}; SOAK_MINUTES={os.environ.get('SOAK_MINUTES', '30')}; "
             f"{elapsed / 60:.1f} min wall clock; Python {platform.python_version()}; "
             f"pytest tests: {passed} passed, {failed} failed.", ""]
    lines += ["## Games per game", "", "| game | configs played / total | games | actions | records verified | "
              "failures |", "|---|---|---|---|---|---|"]
    for game, row in sorted(per_game.items()):
        lines.append(f"| {game} | {int(row.get('configs', 0))} / {int(row.get('configs_total', 0))} | "
                     f"{int(row.get('games', 0))} | {int(row.get('actions', 0))} | "
                     f"{int(row.get('records_verified', 0))} | {int(row.get('failures', 0))} |")
    lines += ["", "## Parts", "", "| part | counts | failures |", "|---|---|---|"]
    for part, (title, keys) in PARTS.items():
        bucket = totals.get(part, {})
        counts = ", ".join(f"{k.replace('_', ' ')} {int(bucket.get(k, 0))}" for k in keys if k != "failures")
        lines.append(f"| {title} | {counts} | {int(bucket.get('failures', 0))} |")
    if notes:
        lines += ["", "## Notes", ""] + [f"- {n}" for n in notes[:40]]
    shutil.rmtree(folder, ignore_errors=True)
    text = "\n".join(lines) + "\n"
    terminalreporter.write_line("")
    for line in text.splitlines():
        terminalreporter.write_line(line)
    out = ROOT / "bench" / "SOAK.md"
    try:
        out.write_text(text, encoding="utf-8")
        terminalreporter.write_line(f"written to {out.relative_to(ROOT)}")
    except OSError as exc:  # pragma: no cover - a read-only checkout still prints the table
        terminalreporter.write_line(f"could not write {out}: {exc}")
