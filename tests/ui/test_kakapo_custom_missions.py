"""Custom missions in the app: mission select lists the folder's files, broken ones in one line; Settings opens the
folder."""

from __future__ import annotations

from pathlib import Path

import pygame

from tabletop.games.kakapo.content import mission_path
from tabletop.games.kakapo.winnable import WINNABLE
from tabletop.ui.games.kakapo.custom_missions import Verdicts, forget_answers
from tabletop.ui.games.kakapo.custom_section import error_line
from tabletop.ui.games.kakapo_missions import MissionSelectScene
from tests.ui.conftest import post_click, post_key, run_until


def fill_missions_folder() -> Path:
    """One good copy of a bundled mission, one truncated file, one with a wrong bird edge."""
    from tabletop.userdata import missions_dir

    folder = missions_dir()
    text = mission_path("buddy_08").read_bytes()
    (folder / "night_walk.tmx").write_bytes(text)
    (folder / "broken.tmx").write_bytes(text[:1500])
    (folder / "wrong_edges.tmx").write_bytes(text.replace(b"4,5,W,Y;5,6,S,G;5,7,S,G", b"4,5,W,Y"))
    (folder / "notes.txt").write_text("not a mission", encoding="utf-8")
    return folder


def settle(app) -> None:
    """Let a new screen take input (presses right after a transition are dropped on purpose)."""
    for _ in range(30):
        app.step(1 / 60)


def open_custom(app) -> MissionSelectScene:
    forget_answers()
    scene = MissionSelectScene(app)
    app.stack.push(scene)
    settle(app)
    post_key(pygame.K_c)
    assert run_until(app, lambda: scene.section == "custom", frames=10)
    assert scene.custom is not None and scene.custom.verdicts is not None
    scene.custom.verdicts.wait(30)
    settle(app)
    return scene


def test_mission_select_lists_custom_missions_and_one_line_per_broken_file(app):
    folder = fill_missions_folder()
    scene = open_custom(app)
    assert [e.path.name for e in scene.custom.valid] == ["night_walk.tmx"]
    lines = {e.path.name: error_line(e, folder) for e in scene.custom.broken}
    assert sorted(lines) == ["broken.tmx", "wrong_edges.tmx"]
    assert lines["broken.tmx"].startswith("broken.tmx: not a readable Tiled map")
    assert lines["wrong_edges.tmx"].startswith("wrong_edges.tmx: object 1 (M11): edges mismatch")
    assert all("\n" not in line for line in lines.values())
    mission = scene.custom.valid[0].mission
    assert Verdicts.get(mission.id) == WINNABLE and scene.widgets[0].enabled
    post_key(pygame.K_RETURN)
    assert run_until(app, lambda: scene.started is not None, frames=10)
    value = scene.started.record.options["mission"]
    assert value["name"] == "night_walk.tmx" and value["tmx"] == mission_path("buddy_08").read_text(encoding="utf-8")
    assert scene.started.state.view(0).mission == mission.id


def test_an_unwinnable_custom_mission_cannot_be_started(app):
    from tabletop.userdata import missions_dir
    from tests.games.test_kakapo_custom import impossible_mission_text

    (missions_dir() / "impossible.tmx").write_text(impossible_mission_text(), encoding="utf-8")
    scene = open_custom(app)
    assert [e.path.name for e in scene.custom.valid] == ["impossible.tmx"]
    assert not scene.widgets[0].enabled
    post_key(pygame.K_RETURN)
    app.step(1 / 60)
    assert scene.started is None


def test_settings_shows_the_missions_folder_and_opens_it_without_waiting(app, monkeypatch):
    import tabletop.ui.open_folder as opener
    from tabletop.ui.scenes.settings import SettingsScene
    from tabletop.userdata import missions_dir

    launched: list[list[str]] = []

    class FakePopen:
        def __init__(self, command, **kwargs) -> None:
            assert kwargs.get("start_new_session") and "wait" not in kwargs
            launched.append(command)

    monkeypatch.setattr(opener.subprocess, "Popen", FakePopen)
    monkeypatch.setattr(opener.sys, "platform", "linux")
    scene = SettingsScene(app)
    app.stack.push(scene)
    settle(app)
    button = next(w for w in scene.widgets if w.label == "Open folder")
    post_click(app, *button.rect.center)
    assert run_until(app, lambda: bool(launched), frames=10)
    assert launched == [["xdg-open", str(missions_dir())]] and not scene.folder_failed


def test_opener_per_operating_system(tmp_path):
    from tabletop.ui.open_folder import opener_command

    assert opener_command(tmp_path, "darwin") == ["open", str(tmp_path)]
    assert opener_command(tmp_path, "linux") == ["xdg-open", str(tmp_path)]
    assert opener_command(tmp_path, "win32") is None  # os.startfile
