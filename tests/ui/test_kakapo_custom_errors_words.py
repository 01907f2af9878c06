"""The Custom missions section lists refused files with the loader's reason in the player's language:
in Japanese no line is an English (ASCII-only) sentence, while what the author typed stays verbatim."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from tabletop import i18n
from tabletop.games.kakapo.content import mission_path
from tabletop.ui.games.kakapo.custom_section import CustomSection
from tests.games.test_kakapo_content import BROKEN
from tests.ui.conftest import drawn_strings

WORD = re.compile(r"[A-Za-z]{3,}")


def _folder(tmp_path: Path) -> Path:
    """One refused file per bad-map fixture, plus one that is not text and one valid mission."""
    text = mission_path("buddy_08").read_text(encoding="utf-8")
    for label, edit, _ in BROKEN:
        (tmp_path / f"{label.replace(' ', '_')}.tmx").write_text(edit(text), encoding="utf-8")
    (tmp_path / "binary.tmx").write_bytes(b"\xff\xfe\x00bad")
    (tmp_path / "good.tmx").write_text(text, encoding="utf-8")
    return tmp_path


def _error_lines(app, section: CustomSection) -> list[str]:
    drawn = drawn_strings(app, lambda painter: section.draw_list(
        painter, lambda i: pygame.FRect(40 + i * 90, 120, 86, 110), pygame.Vector2(0, 0), 100, 300, 40, 1200))
    return [s for s in drawn if s.startswith("⚠ ")]


@pytest.fixture
def japanese():
    i18n.set_language("ja")
    yield
    i18n.set_language("en")


def test_japanese_custom_section_shows_no_english_sentence(app, tmp_path, japanese):
    section = CustomSection(_folder(tmp_path))
    section.close()
    refused, valid = section.broken, section.valid
    broken = len(refused)
    assert broken >= 12  # all but the file-name one (a custom file's name is free), and the binary file
    lines = []
    for start in range(0, broken, 7):  # the list shows seven at a time
        section.entries = valid + refused[start:start + 7]
        lines += _error_lines(app, section)
    assert len(lines) == broken
    for line in lines:
        reason = line[2:].split("：", 1)[-1]
        assert not reason.isascii(), line  # a Japanese sentence, not the loader's English
        assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", reason), line
    assert any("'M16'" in line and "'piece'" in line for line in lines)  # the author's words stay verbatim
    assert all(not line.startswith(f"⚠ {tmp_path}") for line in lines)  # the folder is shown above, once


def test_english_lines_are_the_loaders_own(app, tmp_path):
    section = CustomSection(_folder(tmp_path))
    section.close()
    lines = _error_lines(app, section)
    shown = {e.path.name: e for e in section.broken}
    for line in lines:
        name = line[2:].split(":", 1)[0]
        assert line == "⚠ " + shown[name].error.replace(str(tmp_path) + "/", ""), line
    assert WORD.search(lines[0])
