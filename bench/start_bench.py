"""App start to first frame: `TABLETOP_FIRST_FRAME_EXIT=1` prints `first-frame <seconds>` and exits.

From source (`python -m tabletop`) and, if it was built, the one-file app under
dist/ (its time includes unpacking). Median and worst of a few runs, with a
throw-away user data folder. The goal from source is 0.5 s.

    python -m bench.start_bench [--runs 5] [--json]
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from bench.common import ROOT, python_env, table

PATTERN = re.compile(r"first-frame\s+([0-9.]+)")


def onefile_path() -> Path | None:
    dist = ROOT / "dist"
    if not dist.is_dir():
        return None
    found = sorted(p for p in dist.glob("tabletop-*-onefile*") if p.is_file() and not p.name.endswith(".sha256"))
    return found[-1] if found else None


def first_frame(command: list[str], env: dict[str, str], timeout: float = 60.0) -> float | None:
    with tempfile.TemporaryDirectory(prefix="tabletop-start-bench-") as tmp:
        env = dict(env, TABLETOP_FIRST_FRAME_EXIT="1", TABLETOP_DATA_DIR=tmp)
        try:
            done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=timeout, cwd=tmp)
        except (OSError, subprocess.TimeoutExpired):
            return None
        match = PATTERN.search(done.stderr)
        return float(match.group(1)) if match else None


def run(runs: int = 5) -> list[dict]:
    targets = [("source (python -m tabletop)", [sys.executable, "-m", "tabletop"], python_env())]
    exe = onefile_path()
    if exe is not None:
        env = {k: v for k, v in python_env().items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
        targets.append((f"one-file ({exe.name})", [str(exe)], env))
    rows = []
    for label, command, env in targets:
        first_frame(command, env)  # warm the page cache (and the one-file's first unpack)
        times = [t for t in (first_frame(command, env) for _ in range(runs)) if t is not None]
        rows.append({"what": label, "runs": len(times), "median_s": statistics.median(times) if times else None,
                     "max_s": max(times) if times else None})
    return rows


def render(rows: list[dict]) -> str:
    def fmt(v: float | None) -> str:
        return "failed" if v is None else f"{v:.3f}"
    return table(["start to first frame", "runs", "median s", "max s"],
                 [[r["what"], str(r["runs"]), fmt(r["median_s"]), fmt(r["max_s"])] for r in rows])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.start_bench", description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    rows = run(args.runs)
    print(json.dumps(rows) if args.json else render(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
