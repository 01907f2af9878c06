"""The maps against the real Tiled editor (Debian's `tiled`, run headless): what Tiled writes, the app reads.

`make test` installs Tiled where it can (Linux with apt, as root or with sudo). Without it these tests skip and
say why, except under CI=true on Linux, where a missing Tiled fails them. Tiled re-saves every bundled map once per
session (a module fixture in its own temporary folder, so parallel workers never share files).
"""

from __future__ import annotations

import dataclasses
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop.engine.tiled import TiledMapData, read_tmx
from tabletop.games.haunted_house.maps import load_house_map
from tabletop.games.kakapo.maps import load_custom_mission, load_mission
from tabletop.resources import maps_dir
from tabletop.ui.games.kakapo.custom_missions import scan
from tests.engine.tiled_missions import KAKAPO, write_template_mission, write_tsx_mission, write_zstd_mission

ROOT = Path(__file__).resolve().parents[2]
BUNDLED = sorted(maps_dir().rglob("*.tmx"))


def _tiled_or_skip() -> str:
    found = shutil.which("tiled")
    if found is None:
        reason = "Tiled is not installed (`make test` installs Debian's `tiled` on Linux as root)"
        if os.environ.get("CI") == "true" and sys.platform.startswith("linux"):
            pytest.fail(reason + "; CI must have it")
        pytest.skip(reason)
    return found


def _env(home: Path) -> dict[str, str]:
    """Headless Qt, and Tiled's settings and runtime files in this test's own folder."""
    runtime = home / "runtime"
    runtime.mkdir(mode=0o700, parents=True, exist_ok=True)
    return dict(os.environ, QT_QPA_PLATFORM="offscreen", HOME=str(home), XDG_CONFIG_HOME=str(home / "config"),
                XDG_RUNTIME_DIR=str(runtime))


def _run(home: Path, *args: str | Path) -> subprocess.CompletedProcess[str]:
    tool = _tiled_or_skip() if args[0] == "tiled" else shutil.which(str(args[0])) or str(args[0])
    done = subprocess.run([tool, *map(str, args[1:])], env=_env(home), capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done


def tiled_save(home: Path, source: Path, target: Path, fmt: str = "tmx") -> Path:
    """Tiled opens `source` and saves it as `target` in `fmt` (tmx or json)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    _run(home, "tiled", "--export-map", fmt, source, target)
    return target


@pytest.fixture(scope="module")
def resaved(tmp_path_factory) -> dict[Path, tuple[Path, Path]]:
    """Every bundled map, saved by Tiled as TMX and as JSON (once for the module)."""
    _tiled_or_skip()
    out = tmp_path_factory.mktemp("tiled_resaved")
    copies = {}
    for original in BUNDLED:
        rel = original.relative_to(maps_dir())
        copies[original] = (tiled_save(out, original, out / "tmx" / rel),
                            tiled_save(out, original, out / "json" / rel.with_suffix(".tmj"), "json"))
    return copies


def _same(data: TiledMapData) -> TiledMapData:
    return dataclasses.replace(data, path=Path())


def test_every_bundled_map_saved_by_tiled_as_tmx_and_json_reads_the_same(resaved):
    assert len(resaved) == 42
    for original, copies in resaved.items():
        for copy in copies:
            assert _same(read_tmx(copy)) == _same(read_tmx(original)), copy
            if original.parent == KAKAPO and original.stem != "TEMPLATE":
                assert load_mission(copy) == load_mission(original)
        if original.name == "haunted_house.tmx":
            for copy in copies:
                assert dataclasses.replace(load_house_map(copy), path="") == \
                    dataclasses.replace(load_house_map(original), path="")
    json_text = resaved[KAKAPO / "TEMPLATE.tmx"][1].read_text(encoding="utf-8")
    assert json.loads(json_text)["type"] == "map"  # really Tiled's JSON


def test_the_templates_instructions_survive_a_save_by_tiled(resaved):
    tmx, tmj = resaved[KAKAPO / "TEMPLATE.tmx"]
    for copy in (tmx, tmj):
        data = read_tmx(copy)
        assert "custom missions folder" in data.properties["how_to"]
        assert "read_me" in data.object_layers
        assert all("piece" in o.properties["help"] for o in data.layer("mission") or ())


def _cli(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "tabletop", *args], capture_output=True, text=True, cwd=cwd,
                          env=env, timeout=300)


@pytest.mark.parametrize("write", [write_tsx_mission, write_template_mission], ids=["tsx", "template"])
def test_a_mission_saved_by_tiled_with_other_files_lists_plays_elsewhere_and_replays(tmp_path, write):
    draft = write(tmp_path / "missions", "draft.tmx")
    mission = tiled_save(tmp_path, draft, draft.with_name("owl.tmx"))  # as Tiled writes it
    text = mission.read_text(encoding="utf-8")
    assert ('source="deco.tsx"' in text) if write is write_tsx_mission else ('template="birds/M05_r0.tx"' in text)
    draft.unlink()
    assert [(e.path.name, e.ok) for e in scan(mission.parent)] == [("owl.tmx", True)]
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    played = _cli(elsewhere, "arena", "kakapo", "--games", "1", "--agents", "easy", "--quiet", "--option",
                  f"mission={mission}", "--records", str(tmp_path / "records"))
    assert played.returncode == 0, played.stderr
    mission.parent.rename(tmp_path / "moved")  # the record keeps playing after its mission file is moved
    (record,) = (tmp_path / "records").glob("*.json")
    replayed = _cli(elsewhere, "replay", str(record))
    assert replayed.returncode == 0, replayed.stderr
    assert json.loads(replayed.stdout)["finished"] is True


def test_a_zstd_layer_saved_by_tiled_reads(tmp_path):
    saved = tiled_save(tmp_path, write_zstd_mission(tmp_path / "draft"), tmp_path / "zstd.tmx")
    assert 'compression="zstd"' in saved.read_text(encoding="utf-8")
    assert load_custom_mission(saved).birds == load_custom_mission(KAKAPO / "TEMPLATE.tmx").birds


def test_tmxrasterizer_draws_each_bird_in_its_shape(tmp_path):
    """The template's kiwi (M05, cells (2,7), (3,7), (3,8)) is an L, not the square of its bounding box."""
    _tiled_or_skip()
    if shutil.which("tmxrasterizer") is None:
        pytest.skip("tmxrasterizer is not installed (Debian's tiled package has it)")
    pygame = pytest.importorskip("pygame")
    picture = tmp_path / "template.png"
    _run(tmp_path, "tmxrasterizer", "--size", "384", KAKAPO / "TEMPLATE.tmx", picture)  # 384 px = 32 px tiles
    image = pygame.image.load(str(picture))

    def drawn(r: int, c: int) -> bool:
        return image.get_at((c * 32 + 16, r * 32 + 16)).a > 0

    assert drawn(2, 7) and drawn(3, 7) and drawn(3, 8)
    assert not drawn(2, 8)
