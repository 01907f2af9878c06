"""Make every screenshot the tools and `tabletop selftest` produce, or compare two such sets pixel by pixel.

    .venv/bin/python tools/screenshot_set.py make OUT      # a folder of shots per tool, and the selftest
    .venv/bin/python tools/screenshot_set.py compare A B   # exit 1 if any shot differs

A refactor that must not change what players see is checked by making a set before and after it
and comparing them: every pixel of every shot must be equal. Shots that differ on every run (the
phone join screen shows a fresh random room code and its QR code; Continue, the replace dialog and History show
when each save or game was written) are listed in RANDOM and skipped.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
TOOLS = ("make_screenshots.py", "make_results_screenshots.py", "make_text150_screenshots.py",
         "make_goal_card_screenshots.py", "make_setup_replay_screenshots.py")
RANDOM = {"phone_join.png", "text150_continue_en.png", "text150_continue_ja.png", "text150_replace_dialog_en.png",
          "text150_replace_dialog_ja.png", "text150_history_en.png", "text150_history_ja.png"}


def _run(args: list[str], out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    result = subprocess.run([sys.executable, *args, "--out", str(out)], cwd=ROOT, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"{' '.join(args)} failed:\n{result.stderr[-2000:]}")


def make(out: Path) -> None:
    for tool in TOOLS:
        _run([f"tools/{tool}"], out / Path(tool).stem)
    for language in ("en", "ja"):
        _run(["-m", "tabletop", "selftest", "--lang", language], out / f"selftest_{language}")


def _pixels(path: Path) -> tuple[tuple[int, int], bytes]:
    surface = pygame.image.load(str(path))
    return surface.get_size(), pygame.image.tobytes(surface, "RGBA")


def compare(before: Path, after: Path) -> int:
    shots = sorted(p.relative_to(before) for p in before.rglob("*.png"))
    if not shots:
        sys.exit(f"no screenshots under {before}")
    differ = [str(s) for s in shots if s.name not in RANDOM
              and (not (after / s).exists() or _pixels(before / s) != _pixels(after / s))]
    extra = sorted(str(p.relative_to(after)) for p in after.rglob("*.png")
                   if not (before / p.relative_to(after)).exists())
    compared = sum(1 for s in shots if s.name not in RANDOM)
    print(f"{compared} shots compared pixel by pixel, {len(differ)} differ, {len(extra)} only in {after}")
    for line in differ + [f"new: {e}" for e in extra]:
        print(f"  {line}")
    return 1 if differ or extra else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("make").add_argument("out", type=Path)
    cmp = sub.add_parser("compare")
    cmp.add_argument("before", type=Path)
    cmp.add_argument("after", type=Path)
    args = parser.parse_args()
    if args.command == "make":
        make(args.out)
        return 0
    return compare(args.before, args.after)


if __name__ == "__main__":
    raise SystemExit(main())
