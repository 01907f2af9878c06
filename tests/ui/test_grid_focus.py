"""Issue 38, finding 10: on the title screen the arrows follow the tiles' grid, not the widget list."""

from __future__ import annotations

import pygame

from tabletop.engine import registry
from tabletop.ui.scenes.title import TitleScene
from tests.ui.conftest import post_key


def _focused_game(title: TitleScene) -> str | None:
    return title.tiles[title.focus][1].id if title.focus is not None and title.focus < len(title.tiles) else None


def test_title_arrows_move_on_the_grid(app):
    title = TitleScene(app)
    app.stack.push(title)
    ids = [entry.id for entry in registry.CATALOG]
    start = ids.index("sumidagawa")  # the second row's first tile
    title.focus = start
    moves = [(pygame.K_RIGHT, "kakapo"), (pygame.K_UP, "ghost_bumpers"), (pygame.K_LEFT, "bluffit"),
             (pygame.K_LEFT, "bluffit"), (pygame.K_DOWN, "sumidagawa")]
    for key, expected in moves:
        post_key(key)
        app.step(1 / 60)
        assert _focused_game(title) == expected, (pygame.key.name(key), _focused_game(title))
    post_key(pygame.K_DOWN)  # under the tiles: the buttons row, not the next tile in the list
    app.step(1 / 60)
    assert title.focus >= len(title.tiles)


def test_title_at_150_percent_japanese_keeps_its_lines_apart_and_its_kanji_whole(app, monkeypatch):
    """Issue 38, finding 4 (title): at 150 % Japanese the name and the tagline under it keep a gap
    between their letters, and each tile's kanji is drawn at the motif's size, inside its coloured band."""
    from tabletop.i18n import t
    from tabletop.ui.painter import TextProblem
    from tests.ui.test_text_fit import _configure

    _configure(app, "ja", 1.5)
    title = TitleScene(app)
    app.stack.push(title)
    painter = app.painter
    sizes: list[tuple[str, float]] = []
    render = painter._render
    monkeypatch.setattr(painter, "_render", lambda text, size, *rest: sizes.append((text, size)) or render(
        text, size, *rest))
    problems: list[TextProblem] = []
    painter.report_to(problems)
    try:
        title.draw(painter)
        bodies = {seen[2]: seen[0] for seen in painter._visible_text}
    finally:
        painter.report_to(None)
    name, tagline = bodies[t("app.name")], bodies[t("app.tagline")]
    assert tagline.y - name.bottom >= 6, (name, tagline)
    kanji = [size for text, size in sizes if text in {"賭", "霊", "夏", "川", "鳥", "館"}]
    assert len(kanji) == 6 and all(painter.measure("館", size, bold=True) <= 118 - 8 for size in kanji), kanji


def _label(scene) -> str:
    return scene.widgets[scene.focus].label


def _walk(app, scene, keys: list[int]) -> list[str]:
    seen = []
    for key in keys:
        post_key(key)
        app.step(1 / 60)
        seen.append(_label(scene))
    return seen


def test_settings_arrows_move_between_rows_of_choices(app):
    """Option grids too: from English, ↓ goes to the row under it (the AI speed), not to 日本語 beside it."""
    from tabletop.ui.scenes.settings import SettingsScene

    settings = SettingsScene(app)
    app.stack.push(settings)
    settings.focus = next(i for i, w in enumerate(settings.widgets) if getattr(w, "label", "") == "English")
    below = settings.widgets[settings.focus].rect
    assert _walk(app, settings, [pygame.K_RIGHT]) == ["日本語"]
    post_key(pygame.K_LEFT)
    app.step(1 / 60)
    post_key(pygame.K_DOWN)
    app.step(1 / 60)
    now = settings.widgets[settings.focus].rect
    assert now.y > below.y and abs(now.x - below.x) < 1, (_label(settings), now, below)


def test_setup_arrows_move_between_seat_rows(app):
    """Setup's seats are rows of choices: from the first seat's "AI easy", ↓ goes to the second seat's
    "AI easy" under it, not to "AI normal" beside it (the next in the list)."""
    from tabletop.ui.scenes.setup import SetupScene

    setup = SetupScene(app, "bluffit")
    app.stack.push(setup)
    easy = [i for i, w in enumerate(setup.widgets) if getattr(w, "label", "") == "AI easy"]
    setup.focus = easy[0]
    post_key(pygame.K_DOWN)
    app.step(1 / 60)
    assert setup.focus == easy[1], _label(setup)
    post_key(pygame.K_RIGHT)
    app.step(1 / 60)
    assert _label(setup) == "AI normal"
