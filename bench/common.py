"""Shared helpers of the benchmark scripts: the machine line, percentiles, table formatting."""

from __future__ import annotations

import math
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

BENCH_DIR = Path(__file__).resolve().parent
ROOT = BENCH_DIR.parent


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0-100), nearest-rank; 0.0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, math.ceil(q / 100 * len(ordered)) - 1))
    return ordered[k]


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def pygame_version() -> str:
    """pygame-ce's version without importing pygame here (no window, no banner)."""
    try:
        from importlib.metadata import version

        return version("pygame-ce")
    except Exception:  # noqa: BLE001 - a missing distribution only makes the line vaguer
        return "?"


def machine_line() -> str:
    return (f"CPU: {cpu_model()}, {os.cpu_count()} cores; Python {platform.python_version()}; "
            f"pygame-ce {pygame_version()}; {platform.system()} {platform.release()}")


def date_line() -> str:
    return time.strftime("%Y-%m-%d %H:%M %Z")


def git_commit() -> str:
    try:
        out = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True,
                             timeout=10)
        return out.stdout.strip() or "?"
    except (OSError, subprocess.SubprocessError):
        return "?"


def table(headers: list[str], rows: list[list[str]]) -> str:
    """A Markdown table (it also reads well as plain text)."""
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(headers)]
    def line(cells: list[str]) -> str:
        return "| " + " | ".join(c.ljust(w) for c, w in zip(cells, widths)) + " |"
    out = [line(headers), "|" + "|".join("-" * (w + 2) for w in widths) + "|"]
    out += [line(r) for r in rows]
    return "\n".join(out)


def python_env() -> dict[str, str]:
    """Environment for child Python processes: headless SDL, the repo importable, no pygame banner."""
    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    env["PYTHONPATH"] = str(ROOT) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    return env


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)
