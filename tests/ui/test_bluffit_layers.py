"""BLUFFIT's mat faces (felt, edge, name, labels, pile line) are cached layers under the live cards: a still frame
repaints none, a change repaints only the faces it touches, nothing shown is stale, and the table looks exactly like
the faces painted straight onto it."""

from __future__ import annotations

import pytest

from tabletop import i18n
from tabletop.engine.records import Seat
from tabletop.session import Session
from tabletop.ui.scenes.table import TableScene
from tabletop.ui.scenes.title import TitleScene
from tests.ui.conftest import cached_frame, direct_frame, run_until


def _settled_table(app) -> TableScene:
    """A human and three AI seats; the AIs have bid and the human's bid is awaited, nothing moving."""
    seats = [Seat(name, kind) for name, kind in (("Aki", "human"), ("Ben", "easy"), ("Chie", "easy"), ("Dan", "easy"))]
    session = Session.new("bluffit", 4, seats, {}, 11)
    app.stack.push(TitleScene(app))
    table = TableScene(app, session)
    app.stack.push(table)
    app.step(1 / 60)
    assert run_until(app, lambda: len(session.record.actions) >= 3 and not table.board.animating(), 2000)
    return table




@pytest.mark.parametrize(("language", "scale"), [("en", 1.0), ("ja", 1.5)])
def test_a_still_frame_repaints_no_face_and_looks_like_direct_painting(app, language, scale) -> None:
    i18n.set_language(language)
    app.painter.text_scale = scale
    table = _settled_table(app)
    faces = table.board.faces
    first = cached_frame(app)
    painted = faces.painted
    assert painted >= 4  # the four mats
    assert faces.opaque and all(s.get_alpha() is None for s, _ in faces.entries.values())
    assert cached_frame(app) == first
    assert faces.painted == painted
    assert direct_frame(app) == first


def test_a_bid_repaints_the_faces_it_changes_and_nothing_is_stale(app) -> None:
    table = _settled_table(app)
    board, session = table.board, table.session
    cached_frame(app)
    painted = board.faces.painted
    card = session.state.legal_actions(0)[0]
    assert table.act(0, card)  # the human's bid: their mat glows, its empty strength slot fills
    app.draw()  # the frame the bid lands in (the side column's log follows a frame later)
    after = cached_frame(app)
    assert board.faces.painted - painted == 1  # seat 0's mat (its strength slot is filled)
    assert after == direct_frame(app)
    painted = board.faces.painted
    board.flash.left.clear()  # the glow ends: the lit edge is drawn live, no face is repainted
    after = cached_frame(app)
    assert board.faces.painted == painted
    assert after == direct_frame(app)


def test_a_changed_pile_line_is_repainted(app) -> None:
    table = _settled_table(app)
    cached_frame(app)
    table.session.state.piles[2].append(table.session.state.piles[2][-1] if table.session.state.piles[2] else 10)
    assert cached_frame(app) == direct_frame(app)


def test_kept_card_faces_and_pile_words_follow_the_language(app) -> None:
    from tabletop.games.bluffit.cards import T10
    from tabletop.i18n import t
    from tabletop.ui.games.bluffit import face, pile_line

    i18n.set_language("en")
    english = (pile_line((T10,)), face(T10).caption)
    assert english == (t("bluffit.pile", count="1 card", points="10 points"), t("bluffit.special.T10"))
    i18n.set_language("ja")
    assert (pile_line((T10,)), face(T10).caption) == (
        t("bluffit.pile", count=t("app.count.card.other", count=1), points=t("app.count.point.other", count=10)),
        t("bluffit.special.T10"))
    assert face(T10).caption != english[1]
