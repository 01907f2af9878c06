"""The replay's heading and its point-of-view line at every text size (issue 38, finding 4): both whole on
screen, the point of view never on the heading's letters (with larger text it heads the side column)."""

from __future__ import annotations

import pygame
import pytest

from tabletop.engine.records import Seat
from tabletop.session import Session
from tabletop.ui.painter import Painter
from tabletop.ui.scenes.replay import ReplayScene
from tests.ui.conftest import drawn_texts
from tests.ui.test_text_fit import _configure


def _drawn(app, scene) -> dict[str, pygame.FRect]:
    """Where each line was first drawn."""
    drawn: dict[str, pygame.FRect] = {}
    for line, _size, _bold, rect in drawn_texts(app, scene.draw):
        drawn.setdefault(line, rect)
    return drawn


@pytest.mark.parametrize("scale", [1.0, 1.25, 1.5])
@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_point_of_view_line_keeps_clear_of_the_replay_heading(app, language, scale):
    _configure(app, language, scale)
    session = Session.new("bluffit", 3, [Seat(n, "easy") for n in ("Akiko", "Benjamin", "Chiharu")], {}, 3)
    for _ in range(5):
        seat = session.state.to_act()[0]
        session.apply(seat, session.state.legal_actions(seat)[0])
    scene = ReplayScene(app, session.record)
    app.stack.push(scene)
    scene.go(3)
    drawn = _drawn(app, scene)
    heading = next(iter(drawn.values()))  # the heading is drawn first
    viewer = drawn[scene.viewer_text()]
    assert heading.y >= 0 and viewer.y >= 0, (heading, viewer)  # whole on screen
    beside = viewer.x >= heading.right or heading.x >= viewer.right
    assert beside or viewer.y >= Painter.under(heading, 0), (heading, viewer)
