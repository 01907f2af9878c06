"""A public zone drawn with `late=` may show its last frame's picture for one more frame when the frame is
already busy (a move landed, or much was painted), never more than two frames in a row, never for another
viewer's token, never outside the app's paced loop; and the app then owes the next frame."""

from __future__ import annotations

import pygame
import pytest

from tabletop.engine.records import Seat
from tabletop.session import Session
from tabletop.ui.layer_cache import MAX_LATE, LayerCache, frame_ledger
from tabletop.ui.scenes.table import TableScene

RECT = pygame.FRect(100, 100, 200, 120)
RED, GREEN, BLUE = (200, 30, 30), (30, 200, 30), (30, 30, 200)


def _frame(p, layers: LayerCache, colour, token="zone", paced: bool = True, landing: bool = False) -> tuple:
    """One drawn frame of a zone showing `colour`; returns the colour on screen in the zone."""
    if landing:
        frame_ledger.move_landed()
    frame_ledger.begin(paced=paced)
    layers.draw(p, RECT, ("fill", colour), lambda q: q.rect(RECT, colour), late=token)
    frame_ledger.end()
    return tuple(p.surface.get_at(p.vp.point(RECT.centerx, RECT.centery)))[:3]


@pytest.fixture
def ledger():
    yield frame_ledger
    frame_ledger.owed = False
    frame_ledger.landing = False
    frame_ledger.paced = False


def test_a_busy_frame_shows_the_last_picture_once_and_owes_the_next_frame(app, ledger) -> None:
    p, layers = app.painter, LayerCache()
    assert _frame(p, layers, RED) == RED
    assert _frame(p, layers, GREEN, landing=True) == RED  # the move's frame: the zone is a frame late
    assert ledger.owed and app.frame_due() == 0.0  # ... so the next frame is drawn at once
    assert MAX_LATE == 2
    assert _frame(p, layers, GREEN, landing=True) == RED  # still busy: late once more
    assert _frame(p, layers, GREEN, landing=True) == GREEN  # never more than MAX_LATE frames in a row
    assert not ledger.owed


def test_a_quiet_frame_paints_at_once(app, ledger) -> None:
    p, layers = app.painter, LayerCache()
    _frame(p, layers, RED)
    assert _frame(p, layers, GREEN) == GREEN
    assert not ledger.owed


def test_painting_past_the_budget_makes_a_frame_busy(app, ledger, monkeypatch) -> None:
    p, layers = app.painter, LayerCache()
    _frame(p, layers, RED)
    monkeypatch.setattr("tabletop.ui.layer_cache.PAINT_BUDGET", 0.0)  # whatever was painted is too much
    frame_ledger.begin(paced=True)
    layers.draw(p, pygame.FRect(400, 400, 50, 50), "other", lambda q: q.rect((400, 400, 50, 50), BLUE))
    layers.draw(p, RECT, ("fill", GREEN), lambda q: q.rect(RECT, GREEN), late="zone")
    frame_ledger.end()
    assert tuple(p.surface.get_at(p.vp.point(RECT.centerx, RECT.centery)))[:3] == RED


def test_another_viewer_or_the_full_speed_loop_never_gets_a_late_picture(app, ledger) -> None:
    p, layers = app.painter, LayerCache()
    _frame(p, layers, RED, token=("zone", 0))
    assert _frame(p, layers, GREEN, token=("zone", 1), landing=True) == GREEN  # a hot-seat hand-over
    assert _frame(p, layers, BLUE, token=("zone", 1), paced=False, landing=True) == BLUE  # tests, tools
    assert not ledger.owed


@pytest.mark.parametrize("switch", ["language", "text size"])
def test_a_language_or_text_size_switch_is_never_late(app, ledger, switch) -> None:
    """The old picture holds the old words: even on a busy frame the zone is painted in the new ones."""
    from tabletop import i18n

    p, layers = app.painter, LayerCache()
    language, scale = i18n.language(), p.text_scale
    try:
        _frame(p, layers, RED)
        if switch == "language":
            i18n.set_language("ja" if language != "ja" else "en")
        else:
            p.text_scale = scale * 1.25
        assert _frame(p, layers, GREEN, landing=True) == GREEN
        assert not ledger.owed
    finally:
        i18n.set_language(language)
        p.text_scale = scale


def test_a_zone_not_drawn_in_the_last_frame_is_never_late(app, ledger) -> None:
    p, layers = app.painter, LayerCache()
    _frame(p, layers, RED)
    frame_ledger.begin(paced=True)  # a frame that did not draw the zone (another screen was up)
    frame_ledger.end()
    assert _frame(p, layers, GREEN, landing=True) == GREEN


def test_a_paced_table_leaves_zones_a_frame_late_only_on_the_frames_moves_land_in(app, ledger) -> None:
    session = Session.new("bluffit", 3, [Seat(f"AI {i}", "random") for i in range(3)], {}, 5)
    table = TableScene(app, session)  # made at full speed: its AI thinks in this thread, in step
    app.stack.push(table)
    app.fast = False  # then the app's own pacing, as played
    app.settings.ai_speed = "instant"
    late_frames: list[bool] = []  # per drawn frame: was a zone left for the next one?
    landed: list[bool] = []
    for _ in range(600):
        moves = len(session.record.actions)
        if app.step(1 / 60, redraw=False):
            late_frames.append(frame_ledger.owed)
            landed.append(len(session.record.actions) != moves)
        if len(session.record.actions) >= 8:
            break
    assert len(session.record.actions) >= 8
    assert any(late and moved for late, moved in zip(late_frames, landed, strict=True)), \
        "no frame a move landed in left a zone for the next frame"
    app.step(1 / 60, redraw=False)
    assert not frame_ledger.owed  # caught up
