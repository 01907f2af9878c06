"""The README points only at files that exist, shows the title and a table, and keeps Quick start to two commands."""

from __future__ import annotations

import re
from pathlib import Path

from tabletop.engine import registry

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
REPO_PATH = re.compile(r"(?<![\w./-])(?:tabletop|docs|tools|tests|bench|build|maps|assets)/[\w./*<>-]+")


def test_every_repository_path_named_in_the_readme_exists():
    named = {m.group(0).rstrip(".") for m in REPO_PATH.finditer(README)}
    games = [g.id for g in registry.available_games()]
    named = {p.replace("<game>", g) for p in named for g in (games if "<game>" in p else [""])}  # every game's
    literal = {p for p in named if not set(p) & set("*<>")}  # other patterns (`assets/icon.*`) are not checked
    missing = sorted(p for p in literal if not (ROOT / p).exists())
    assert not missing, f"README names paths that do not exist: {missing}"


def test_readme_shows_the_title_and_a_table_screenshot():
    images = re.findall(r"!\[[^\]]*\]\(([^)]+\.png)\)", README)
    assert "docs/screenshots/title_en.png" in images and "docs/screenshots/table_en.png" in images
    assert all((ROOT / image).is_file() for image in images)


def test_quick_start_is_two_commands_and_names_python3_venv():
    quick = README.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    block = quick.split("```", 2)[1]
    commands = [line.split("#")[0].strip() for line in block.strip().splitlines()]
    assert commands == ["make play", "make test"]
    assert "python3-venv" in quick
