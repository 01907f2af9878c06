"""tools/make_goal_card_screenshots.py: the goal-card shots are made headless through make_screenshots'
`run_shots`, one per game and language, each with the card over that game's first table."""

from __future__ import annotations

import os

import pygame

import tools.make_goal_card_screenshots as tool


def test_goal_card_shots_for_each_game_in_both_languages(tmp_path, data_dir):
    out = tmp_path / "shots"
    assert tool.main(["--out", str(out)]) == 0  # the tool itself refuses a table without the card over it
    assert os.environ["TABLETOP_DATA_DIR"] == str(data_dir) and not data_dir.exists()  # private user data
    shots = {}
    for game_id in tool.GAMES:
        for language in ("en", "ja"):
            path = out / f"goal_card_{game_id}_{language}.png"
            image = pygame.image.load(str(path))
            assert image.get_size() == (1280, 720)
            shots[game_id, language] = pygame.image.tobytes(image, "RGB")
    assert len(set(shots.values())) == len(shots)  # each game's card in each language is its own picture
    assert sorted(p.name for p in out.iterdir()) == sorted(f"goal_card_{g}_{lang}.png" for g, lang in shots)
