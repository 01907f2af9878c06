"""The downloadable app: the PyInstaller spec carries every kind of data, and the built app runs.

Fast tests (always): the spec lists assets/, maps/ and the i18n catalogs, and
tabletop.resources finds a font, a map and a catalog from the source checkout.
Slow test (`make soak`): build the one-folder app with build/build.py and run its
selftest headless; a bundle missing an asset or a module fails it.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from tabletop import resources

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "build" / "tabletop.spec"


def test_spec_bundles_assets_maps_and_catalogs() -> None:
    text = SPEC.read_text(encoding="utf-8")
    data_dirs = re.search(r"^DATA_DIRS = \[(.*)\]$", text, re.M)
    assert data_dirs, "the spec must name its data folders in DATA_DIRS"
    assert {"assets", "maps"} <= set(re.findall(r'"([^"]+)"', data_dirs.group(1)))
    catalogs = re.search(r'^CATALOG_GLOB = "([^"]+)"$', text, re.M)
    assert catalogs, "the spec must name the i18n catalogs in CATALOG_GLOB"
    found = sorted(ROOT.glob(catalogs.group(1)))
    assert {p.parent.name for p in found} == {"en", "ja"}
    assert len(found) == len(list((ROOT / "tabletop" / "i18n").rglob("*.toml")))
    assert "datas=datas" in text
    assert 'collect_submodules("tabletop")' in text, "games and boards are imported by name"
    assert '"build" / "entry.py"' in text
    assert "freeze_support()" in (ROOT / "build" / "entry.py").read_text(encoding="utf-8")


def test_spec_has_no_host_paths() -> None:
    text = SPEC.read_text(encoding="utf-8")
    assert not re.search(r"['\"](/home/|/root/|/work/|/tmp/|[A-Za-z]:\\\\)", text)


def test_gitignore_keeps_build_folder() -> None:
    lines = [ln.strip() for ln in (ROOT / ".gitignore").read_text(encoding="utf-8").splitlines()]
    assert not {"build", "build/", "/build", "/build/"} & set(lines)
    assert "dist/" in lines or "/dist/" in lines


def test_resources_find_every_asset_kind_from_source() -> None:
    assert resources.root() == ROOT
    font = resources.assets_dir() / "fonts" / "NotoSansJP-Tabletop-Regular.otf"
    assert font.is_file() and font.read_bytes()[:4] in (b"OTTO", b"\x00\x01\x00\x00")
    assert (resources.assets_dir() / "fonts" / "OFL.txt").is_file()
    tmx = resources.maps_dir() / "haunted_house.tmx"
    assert tmx.is_file() and b"<map" in tmx.read_bytes()[:400]
    assert sorted((resources.maps_dir() / "kakapo").glob("*.tmx"))
    for lang in ("en", "ja"):
        catalog = resources.catalogs_dir() / lang / "app.toml"
        with catalog.open("rb") as handle:
            assert tomllib.load(handle)
    assert resources.icon_path().is_file()
    assert resources.version() not in ("", "0+unknown")


def _run_frozen(exe: Path, *args: str, tmp: Path, timeout: float, **extra_env: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", TABLETOP_DATA_DIR=str(tmp / "userdata"), **extra_env)
    return subprocess.run([str(exe), *args], cwd=tmp, env=env, capture_output=True, text=True, timeout=timeout)


@pytest.mark.slow
def test_one_folder_app_builds_and_passes_selftest(tmp_path: Path) -> None:
    subprocess.run([sys.executable, str(ROOT / "build" / "build.py"), "--onedir-only"], cwd=ROOT, check=True,
                   timeout=1800)
    if sys.platform == "darwin":
        exe = ROOT / "dist" / "pyinstaller" / "Tabletop.app" / "Contents" / "MacOS" / "tabletop"
    else:
        exe = ROOT / "dist" / "pyinstaller" / "tabletop" / ("tabletop.exe" if sys.platform == "win32" else "tabletop")
    bundle = exe.parent if sys.platform != "darwin" else exe.parent.parent.parent
    before = sorted(p.relative_to(bundle) for p in bundle.rglob("*"))
    out = tmp_path / "shots"
    done = _run_frozen(exe, "selftest", "--out", str(out), tmp=tmp_path, timeout=900)
    assert done.returncode == 0, done.stderr[-4000:]
    assert {"title.png", "setup.png", "results.png"} <= {p.name for p in out.glob("*.png")}
    version = _run_frozen(exe, "--version", tmp=tmp_path, timeout=60)
    with open(ROOT / "pyproject.toml", "rb") as handle:
        assert version.stdout.strip() == f"tabletop {tomllib.load(handle)['project']['version']}"
    worker = _run_frozen(exe, "worker-check", tmp=tmp_path, timeout=120)  # the spawn AI process, frozen
    assert worker.returncode == 0, worker.stdout + worker.stderr[-4000:]
    first = _run_frozen(exe, tmp=tmp_path, timeout=60, TABLETOP_FIRST_FRAME_EXIT="1")  # opens, draws, quits
    assert first.returncode == 0 and "first-frame " in first.stderr, first.stderr[-4000:]
    assert sorted(p.relative_to(bundle) for p in bundle.rglob("*")) == before, "something was written into the bundle"
