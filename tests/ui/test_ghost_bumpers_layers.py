"""Ghost Bumpers mats (and the discard chips) are cached layers: a frame blits the mats that did not
change, repaints only the ones a move touched, and looks exactly like the mats painted straight onto
the table."""

from __future__ import annotations

import pygame

from tabletop.engine.records import Seat
from tabletop.games.ghost_bumpers.actions import SetFear
from tabletop.games.ghost_bumpers.cards import strength
from tabletop.session import Session
from tabletop.ui.scenes.table import TableScene
from tabletop.ui.scenes.title import TitleScene
from tests.ui.conftest import cached_frame, direct_frame, run_until


def _settled_table(app) -> TableScene:
    seats = [Seat(name, kind) for name, kind in (("Aki", "human"), ("Ben", "easy"), ("Chie", "easy"), ("Dan", "easy"))]
    session = Session.new("ghost_bumpers", 4, seats, {}, 5)
    app.stack.push(TitleScene(app))
    table = TableScene(app, session)
    app.stack.push(table)
    app.step(1 / 60)
    for seat in range(4):
        table.act(seat, SetFear(seat))
    # The human leads the first trick: the AI seats wait, and the deal and flashes run out.
    assert run_until(app, lambda: session.state.turn == 0 and session.state.phase == 1, 400)
    assert run_until(app, lambda: not table.board.animating(), 600)
    return table




def _painted(board) -> int:
    return board.mats.painted + board.layers.painted


def test_unchanged_mats_are_blitted_and_look_like_painted_ones(app):
    table = _settled_table(app)
    board = table.board
    first = cached_frame(app)
    painted = _painted(board)
    assert board.mats.opaque and all(s.get_alpha() is None for s, _ in board.mats.entries.values())
    assert cached_frame(app) == first
    assert _painted(board) == painted  # nothing changed: the four mats and the discard chips came from the cache
    assert direct_frame(app) == first  # the opaque mat layers cover their rects exactly as painting them does


def test_a_change_repaints_only_the_mats_it_touches(app):
    table = _settled_table(app)
    board = table.board
    cached_frame(app)
    for key in list(board.mats.entries)[:-4]:  # keep this frame's four mats, not earlier looks
        del board.mats.entries[key]
    painted = _painted(board)
    board.flash.light(1, 0.5)  # the "just acted" edge of one mat
    board.fx[2] = ("rotate", 1.0)  # the rotation pill on another
    after = cached_frame(app)
    assert _painted(board) == painted + 2
    assert after == direct_frame(app)  # the repainted mats show the new facts, nothing stale
    board.motion.turn(("reveal", 3))  # a character card turning up is drawn live over its mat
    after = cached_frame(app)
    assert _painted(board) == painted + 3
    assert after == direct_frame(app)
    table.session.state.discard[4] += 1  # a 4 goes out: the discard chips show it, no mat changes
    after = cached_frame(app)
    assert _painted(board) == painted + 4
    assert after == direct_frame(app)


def test_the_trick_facts_are_formatted_again_only_when_they_change(app):
    """The middle strip's facts (best play, who leads, how many cards the winner reveals) are words kept
    until the facts change: a still frame formats none, and each fact changed alone shows as on a board that
    never drew before (each check fails when the words' key leaves that fact out)."""
    table = _settled_table(app)
    board = table.board
    state = table.session.state

    def fresh() -> bytes:  # the same frame from a board with nothing cached
        board.layers.entries.clear()
        board.mats.entries.clear()
        board._facts_said = ((), [])
        return cached_frame(app)

    cached_frame(app)
    said = board._facts_said[1]
    cached_frame(app)
    assert board._facts_said[1] is said  # a still frame kept the words
    state.leader = 2  # "trick 1, led by …"
    assert cached_frame(app) == fresh()
    state.trick.append((1, 7, 2, strength(7, 2)))  # a play in the trick: the best so far and its strength
    assert cached_frame(app) == fresh()
    state.deck.pop()  # the monster deck's count, drawn live
    assert cached_frame(app) == fresh() == direct_frame(app)


def test_the_overlay_panel_is_an_opaque_copy_of_the_panel_on_felt(app):
    """The scoring and score-sheet panel covers the mats and the middle strip (not drawn under it): it is
    kept opaque with felt corners, so blitting it is a copy, and it looks as the translucent panel on felt."""
    from tabletop.ui import style
    from tabletop.ui.games.ghost_bumpers.layout import OVERLAY
    from tabletop.ui.games.ghost_bumpers.paint import _panel_surface, panel

    p = app.painter
    p.fill(style.FELT)
    panel(p, OVERLAY)
    screen = p.vp.rect(OVERLAY)
    drawn = pygame.image.tobytes(p.surface.subsurface(screen), "RGB")
    alone = _panel_surface(screen.w, screen.h, p.vp.px(style.RADIUS))
    assert alone.get_alpha() is None and not alone.get_flags() & pygame.SRCALPHA
    expected = pygame.Surface(screen.size)
    expected.fill(style.FELT)
    translucent = pygame.Surface(screen.size, pygame.SRCALPHA)
    pygame.draw.rect(translucent, style.PANEL_DARK, translucent.get_rect(), border_radius=p.vp.px(style.RADIUS))
    pygame.draw.rect(translucent, style.PANEL_EDGE, translucent.get_rect(), 1, border_radius=p.vp.px(style.RADIUS))
    expected.blit(translucent, (0, 0))
    assert drawn == pygame.image.tobytes(expected, "RGB")
