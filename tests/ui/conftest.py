"""Headless UI fixtures: dummy SDL drivers, a throw-away user data folder, an App at full speed."""

from __future__ import annotations

import inspect
import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    path = tmp_path / "userdata"
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(path))
    return path


@pytest.fixture
def app(data_dir):
    import pygame

    from tabletop import i18n
    from tabletop.save_writer import saves
    from tabletop.ui.app import App

    # The save writer is one thread for the process: a test starts and ends with nothing of another
    # test's waiting or failed (a late failure would show as a "save failed" toast in the next test).
    saves.flush()
    saves.failures()
    application = App(size=(1280, 720), fast=True)
    # Tests press as a player who has already looked at the screen: no guard time after a transition.
    # The input gate still drops the rest of a transition's frame and keys held across it; its guard
    # time is tested at its real length in tests/ui/test_input_safety.py.
    application.stack.gate.guard = 0.0
    yield application
    while application.stack.scenes:
        application.stack.pop()
    saves.flush()  # while this test's data folder is still the one set
    saves.failures()
    i18n.set_language("en")
    pygame.quit()


def post_click(app, x: float, y: float) -> None:
    """A left click at virtual coordinates (x, y), converted like a real mouse event."""
    import pygame

    pos = app.viewport.point(x, y)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def post_key(key: int, unicode: str = "") -> None:
    import pygame

    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=unicode, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=unicode, scancode=0))


def run_until(app, predicate, frames: int = 20_000) -> bool:
    for _ in range(frames):
        app.step(1 / 60)
        if predicate():
            return True
    return False


def cached_frame(app) -> bytes:
    """The table as drawn, cached layers and all."""
    import pygame

    app.draw()
    return pygame.image.tobytes(app.painter.surface, "RGB")


def direct_frame(app) -> bytes:
    """The same frame with every layer painted straight onto the table (a text check paints them so)."""
    import pygame

    app.painter.report_to([])
    try:
        app.draw()
    finally:
        app.painter.report_to(None)
    return pygame.image.tobytes(app.painter.surface, "RGB")


def drawn_strings(app, draw) -> list[str]:
    """Every string `draw(painter)` paints, in order: what a player would read on that frame."""
    drawn: list[str] = []
    app.painter.drawn = drawn
    try:
        draw(app.painter)
    finally:
        app.painter.drawn = None
    return drawn


def drawn_texts(app, draw) -> list[tuple[str, float, bool, object]]:
    """Every line `draw(painter)` paints with `Painter.text`, in order: its text, its size (as asked, at
    100 %), whether it is bold, and the rect it landed in."""
    painter = app.painter
    text = painter.text
    signature = inspect.signature(text)
    drawn: list[tuple[str, float, bool, object]] = []

    def spy(*args, **kwargs):
        rect = text(*args, **kwargs)
        bound = signature.bind(*args, **kwargs)
        bound.apply_defaults()
        drawn.append((bound.arguments["text"], bound.arguments["size"], bound.arguments["bold"], rect))
        return rect

    painter.text = spy
    try:
        draw(painter)
    finally:
        del painter.text
    return drawn


@pytest.fixture
def curtains(monkeypatch) -> list[int]:
    """The seats every curtain raised in the test was for (a hot-seat hand-over each)."""
    from tabletop.ui.scenes.curtain import CurtainScene

    shown: list[int] = []
    init = CurtainScene.__init__

    def count(self, app, who, seat, on_ready):
        shown.append(seat)
        init(self, app, who, seat, on_ready)

    monkeypatch.setattr(CurtainScene, "__init__", count)
    return shown
