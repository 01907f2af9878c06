"""Figures for a finished `make dist`: sizes, start to first frame, and frozen selftests vs source.

    dist/build-venv/bin/python build/measure.py [--runs 5]

Run it with the build venv's Python from the repository root, after `make dist`.
- sizes of the one-folder app (unpacked), its archive and the one-file executable;
- start to first frame (TABLETOP_FIRST_FRAME_EXIT=1), median of --runs runs, for the
  source (`python -m tabletop`), the one-folder and the one-file build: the app's own
  figure (seconds since process start) and the wall time from launch to exit;
- `selftest --out DIR` of the source and of both builds (dummy video and audio), and
  a pixel-wise comparison of every screenshot against the source run's.
Prints a Markdown table; exits non-zero when a selftest fails or a screenshot differs.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "build"))
import build as dist_build  # noqa: E402  (build/build.py: names and paths)


def executables() -> dict[str, list[str]]:
    exe = ".exe" if sys.platform == "win32" else ""
    if sys.platform == "darwin":
        onedir = dist_build.OUT / "Tabletop.app" / "Contents" / "MacOS" / "tabletop"
    else:
        onedir = dist_build.OUT / "tabletop" / f"tabletop{exe}"
    stem = f"tabletop-{dist_build.project()['version']}-{dist_build.os_name()}-{dist_build.arch()}"
    return {"source": [sys.executable, "-m", "tabletop"], "one-folder": [str(onedir)],
            "one-file": [str(dist_build.DIST / f"{stem}-onefile{exe}")]}


def environment(data: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", TABLETOP_DATA_DIR=str(data), **extra)
    return env


def first_frame(cmd: list[str], data: Path) -> tuple[float, float]:
    start = time.perf_counter()
    done = subprocess.run(cmd, cwd=ROOT, env=environment(data, TABLETOP_FIRST_FRAME_EXIT="1"),
                          capture_output=True, text=True, timeout=120)
    wall = time.perf_counter() - start
    lines = [ln for ln in done.stderr.splitlines() if ln.startswith("first-frame ")]
    if done.returncode != 0 or not lines:
        raise SystemExit(f"{cmd}: no first frame (exit {done.returncode})\n{done.stderr[-2000:]}")
    return float(lines[-1].split()[1]), wall


def compare(a: Path, b: Path) -> str:
    import pygame

    left, right = pygame.image.load(a), pygame.image.load(b)
    if left.get_size() != right.get_size():
        return f"size {left.get_size()} != {right.get_size()}"
    if pygame.image.tobytes(left, "RGB") == pygame.image.tobytes(right, "RGB"):
        return ""
    return "pixels differ"


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    for key, value in {"PYGAME_HIDE_SUPPORT_PROMPT": "1", "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}.items():
        os.environ.setdefault(key, value)  # this process only loads PNGs to compare them
    cmds = executables()
    tmp = Path(tempfile.mkdtemp(prefix="tabletop-measure-"))
    print("| figure | value |\n|---|---|")
    onedir_folder = Path(cmds["one-folder"][0]).parent
    if sys.platform == "darwin":
        onedir_folder = onedir_folder.parent.parent
    archives = sorted(dist_build.DIST.glob("tabletop-*.tar.gz")) + sorted(dist_build.DIST.glob("tabletop-*.zip"))
    print(f"| one-folder app, unpacked | {dist_build.folder_size(onedir_folder) / 1e6:.1f} MB |")
    for archive in archives:
        print(f"| {archive.name} | {archive.stat().st_size / 1e6:.1f} MB |")
    print(f"| {Path(cmds['one-file'][0]).name} | {Path(cmds['one-file'][0]).stat().st_size / 1e6:.1f} MB |")

    for label, cmd in cmds.items():
        first_frame(cmd, tmp / "warm")  # one warm-up run: page cache, user data folder
        runs = [first_frame(cmd, tmp / f"ff-{label}") for _ in range(args.runs)]
        inside = statistics.median(r[0] for r in runs)
        wall = statistics.median(r[1] for r in runs)
        print(f"| start to first frame, {label} (median of {args.runs}) | {inside:.2f} s in-app, "
              f"{wall:.2f} s launch to exit; runs {', '.join(f'{r[0]:.2f}' for r in runs)} |")

    failed = False
    shots: dict[str, Path] = {}
    for label, cmd in cmds.items():
        out = tmp / f"shots-{label}"
        start = time.perf_counter()
        done = subprocess.run([*cmd, "selftest", "--out", str(out)], cwd=ROOT, env=environment(tmp / f"sd-{label}"),
                              capture_output=True, text=True, timeout=1800)
        seconds = time.perf_counter() - start
        ok = [ln for ln in done.stderr.splitlines() if ln.startswith("selftest:")]
        print(f"| selftest, {label} | exit {done.returncode}, {len(list(out.glob('*.png')))} PNGs, {seconds:.1f} s; "
              f"{'; '.join(ok)} |")
        failed |= done.returncode != 0
        shots[label] = out
    import pygame

    pygame.init()
    reference = sorted(p.name for p in shots["source"].glob("*.png"))
    for label in ("one-folder", "one-file"):
        names = sorted(p.name for p in shots[label].glob("*.png"))
        problems = [f"{n}: missing" for n in reference if n not in names]
        problems += [f"{n}: {why}" for n in reference if n in names
                     if (why := compare(shots["source"] / n, shots[label] / n))]
        print(f"| screenshots, {label} vs source | {len(reference) - len(problems)}/{len(reference)} identical"
              f"{' — ' + '; '.join(problems) if problems else ''} |")
        failed |= bool(problems)
    shutil.rmtree(tmp, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
