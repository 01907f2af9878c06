"""A KAKAPO placement is named by a cell the piece covers. The engine anchors a placement at the corner
of the piece's bounding box, which an S or L shape leaves empty: "placed at E6" then pointed at an
empty cell. The log line, the move's words, the placement preview and the results' final move all
name the top row's leftmost covered cell instead."""

from __future__ import annotations

import random

import pygame
import pytest

from tabletop import i18n
from tabletop.engine.records import Seat
from tabletop.games.kakapo import grid, pieces
from tabletop.games.kakapo.actions import Place
from tabletop.session import Session
from tabletop.ui.results.kakapo import WORDING
from tabletop.ui.words import words_for
from tests.ui.conftest import post_key
from tests.ui.test_kakapo_drag import _frame, _table


def _empty_corner_placement(session: Session) -> tuple[int, Place]:
    """A seat and a legal placement whose anchor cell the piece does not cover."""
    rng = random.Random(3)
    for _ in range(400):
        seat = session.state.to_act()[0]
        legal = session.state.legal_actions(seat)
        for action in legal:
            if isinstance(action, Place):
                shape = pieces.ORIENTATIONS[action.piece][action.orient]
                if (0, 0) not in shape.cells:
                    return seat, action
        session.apply(seat, rng.choice(legal))
    raise AssertionError("no placement with an empty corner came up")


def test_named_cell_is_covered_and_the_anchor_is_not():
    for piece, shapes in enumerate(pieces.ORIENTATIONS):
        for orient, shape in enumerate(shapes):
            covered = {(4 + r, 3 + c) for r, c in shape.cells}
            cell = pieces.named_cell(piece, orient, 4, 3)
            assert cell in covered
            assert cell[0] == min(r for r, _ in covered)  # on the piece's top row, its leftmost cell
            assert cell[1] == min(c for r, c in covered if r == cell[0])


@pytest.mark.parametrize("language", ["en", "ja"])
def test_every_placement_text_names_a_cell_the_piece_covers(language):
    i18n.set_language(language)
    try:
        session = Session.new("kakapo", 3, [Seat(n, "random") for n in ("Aki", "Ben", "Chie")], {}, 5)
        seat, action = _empty_corner_placement(session)
        said = words_for("kakapo")
        covered = pieces.named_cell(action.piece, action.orient, action.top, action.left)
        anchor_words = said.cell(action.top, action.left)
        covered_words = said.cell(*covered)
        assert covered != (action.top, action.left)
        move = said.action(action, ["Aki", "Ben", "Chie"])
        assert covered_words in move and anchor_words not in move
        events = session.apply(seat, action)
        place = next(e for e in events if e.kind == "place")
        line = said.event(place, ["Aki", "Ben", "Chie"])
        assert covered_words in line and anchor_words not in line, line
        final = WORDING["place"](place, ["Aki", "Ben", "Chie"])
        assert grid.cell_name(*covered) in final, final
        assert grid.cell_name(action.top, action.left) not in final
    finally:
        i18n.set_language("en")


def test_the_placement_preview_names_a_cell_the_piece_covers(app):
    app.stack.gate.enabled = False
    session, table = _table(app)
    spots = [a for a in session.state.legal_actions(0)
             if isinstance(a, Place) and (0, 0) not in pieces.ORIENTATIONS[a.piece][a.orient].cells]
    assert spots, "the dealt piece has no orientation with an empty corner"
    spot = spots[0]
    post_key(pygame.K_RIGHT)  # the piece comes onto the board, pinned
    _frame(app)
    ghost = table.board.ghost
    ghost.orient, ghost.anchor, ghost.shown, ghost.following = spot.orient, (spot.top, spot.left), True, False
    app.painter.drawn = []
    _frame(app)
    said = words_for("kakapo")
    covered = said.cell(*pieces.named_cell(spot.piece, spot.orient, spot.top, spot.left))
    assert any(covered in text for text in app.painter.drawn), app.painter.drawn
    assert not any(said.cell(spot.top, spot.left) in text for text in app.painter.drawn)
