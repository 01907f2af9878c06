"""tools/make_screenshots.py: the KAKAPO documentation shots are made headless, in both languages, and the
legal and illegal drag previews are different pictures."""

from __future__ import annotations

import os

import pygame

import tools.make_screenshots as tool


def test_kakapo_shots_in_both_languages(tmp_path, data_dir):
    out = tmp_path / "shots"
    assert tool.main(["--out", str(out), "--only", "KAKAPO"]) == 0
    assert os.environ["TABLETOP_DATA_DIR"] == str(data_dir)  # the tool's private user folder is undone
    assert not data_dir.exists()  # and nothing was written to the caller's one
    for language in ("en", "ja"):
        legal = out / f"kakapo_drag_legal_{language}.png"
        illegal = out / f"kakapo_drag_illegal_{language}.png"
        assert legal.is_file() and illegal.is_file()
        a, b = pygame.image.load(str(legal)), pygame.image.load(str(illegal))
        assert a.get_size() == b.get_size() == (1280, 720)
        assert pygame.image.tobytes(a, "RGB") != pygame.image.tobytes(b, "RGB")
    english = pygame.image.tobytes(pygame.image.load(str(out / "kakapo_drag_illegal_en.png")), "RGB")
    japanese = pygame.image.tobytes(pygame.image.load(str(out / "kakapo_drag_illegal_ja.png")), "RGB")
    assert english != japanese
