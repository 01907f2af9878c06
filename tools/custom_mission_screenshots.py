"""Screenshots of custom KAKAPO missions for docs/screenshots (en and ja), from the real app, headless.

    .venv/bin/python tools/custom_mission_screenshots.py [--out docs/screenshots]

A throw-away user data folder gets the mission template, a copy of a bundled mission
under a new name, a truncated copy and one with a wrong bird edge. Shots:
- `kakapo_custom_missions_<lang>`: mission select, Custom section, a mission selected
  with its verdict, and the one-line errors of the two broken files;
- `settings_missions_folder_<lang>`: Settings with the folder's path and Open folder.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def fill(folder: Path) -> None:
    from tabletop.games.kakapo.content import mission_path
    from tabletop.resources import maps_dir

    (folder / "TEMPLATE.tmx").write_bytes((maps_dir() / "kakapo" / "TEMPLATE.tmx").read_bytes())
    night = mission_path("buddy_18").read_bytes()
    (folder / "moonlit_pair_copy.tmx").write_bytes(night)
    (folder / "half_saved.tmx").write_bytes(night[:1500])
    (folder / "wrong_edge.tmx").write_bytes(
        mission_path("buddy_08").read_bytes().replace(b"4,5,W,Y;5,6,S,G;5,7,S,G", b"4,5,W,Y"))


def shoot(out: Path, lang: str) -> list[Path]:
    from tabletop import i18n
    from tabletop.ui.app import App
    from tabletop.ui.games.kakapo_missions import MissionSelectScene
    from tabletop.ui.scenes.settings import SettingsScene
    from tabletop.userdata import missions_dir

    app = App(size=(1280, 720), fast=True)
    app.settings.language = lang
    i18n.set_language(lang)
    fill(missions_dir())
    scene = MissionSelectScene(app)
    app.stack.push(scene)
    scene.show("custom")
    assert scene.custom is not None and scene.custom.verdicts is not None
    scene.select_custom(1)
    scene.custom.verdicts.wait(30)
    for _ in range(3):
        app.step(1 / 60)
    shots = [out / f"kakapo_custom_missions_{lang}.png"]
    app.screenshot(shots[-1])
    app.stack.pop()
    app.stack.push(SettingsScene(app))
    for _ in range(3):
        app.step(1 / 60)
    shots.append(out / f"settings_missions_folder_{lang}.png")
    app.screenshot(shots[-1])
    while app.stack.scenes:
        app.stack.pop()
    return shots


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    args = parser.parse_args()
    out = Path(args.out)
    for lang in ("en", "ja"):
        with tempfile.TemporaryDirectory() as data:
            os.environ["TABLETOP_DATA_DIR"] = data
            for shot in shoot(out, lang):
                print(shot.relative_to(ROOT) if shot.is_relative_to(ROOT) else shot)
    return 0


if __name__ == "__main__":
    sys.exit(main())
