"""KAKAPO's board, info panel and catalogue are cached layers (ui.layer_cache): a still frame blits them, a
move repaints only the ones it changed, and every frame looks exactly like the zones painted straight onto the
table (what a text check does), so no layer ever shows a stale board, info panel or catalogue. The reveal row
and the hand strip change with nearly every move and are drawn live."""

from __future__ import annotations

import pygame

from tabletop.engine.records import Seat
from tabletop.games.kakapo.actions import Place, Reveal, Skill
from tabletop.games.kakapo.view import leading
from tabletop.session import Session
from tabletop.ui.scenes.table import TableScene
from tests.ui.conftest import cached_frame, direct_frame


def _table(app, kinds: tuple[str, ...], phase: str, scale: float = 1.0) -> TableScene:
    """A table where seat 0 must act in `phase` (moves made highest card first, no skills), motion settled."""
    app.goal_cards = False
    app.painter.text_scale = scale
    seats = [Seat(f"P{i}", kind) for i, kind in enumerate(kinds)]
    mission = "buddy_12" if len(kinds) == 2 else "party_03"
    session = Session.new("kakapo", len(kinds), seats, {"mission": mission}, 5)
    for _ in range(200):
        state = session.state
        if state.phase == phase and state.to_act() == (0,):
            break
        who = state.to_act()[0]
        legal = state.legal_actions(who)
        none = [a for a in legal if isinstance(a, Skill) and a.kind == "none"]
        session.apply(who, none[0] if none else legal[-1] if state.phase == "reveal" else legal[0])
    assert session.state.phase == phase
    table = TableScene(app, session)
    app.stack.push(table)
    table.board.update(5.0)  # the deal has landed
    return table




def _painted(board) -> tuple[int, int]:
    return board.memory.zones.painted, board.layers.painted


def _act(table: TableScene, seat: int, action) -> None:
    assert table.act(seat, action)


def test_a_still_frame_blits_every_layer_and_looks_like_painting(app):
    table = _table(app, ("human", "easy"), "reveal")
    board = table.board
    first = cached_frame(app)
    painted = _painted(board)
    assert cached_frame(app) == first
    assert _painted(board) == painted  # nothing changed: board, info, reveal row and catalogue from the cache
    assert direct_frame(app) == first
    # The board's layer fills its zone (a copy to blit); the others are keyed, each on its own felt.
    assert all(s.get_alpha() is None and s.get_colorkey() is None for s, _ in board.memory.zones.entries.values())
    assert board.layers.entries and all(s.get_colorkey() is not None for s, _ in board.layers.entries.values())


def test_a_reveal_leaves_the_board_layer_alone(app):
    table = _table(app, ("human", "easy"), "reveal")
    board = table.board
    cached_frame(app)
    zones = board.memory.zones.painted
    _act(table, 0, next(a for a in table.session.state.legal_actions(0) if isinstance(a, Reveal)))
    in_flight = cached_frame(app)
    assert board.memory.zones.painted == zones  # the board did not change
    assert in_flight == direct_frame(app)
    board.update(5.0)  # the card has landed in its slot
    assert cached_frame(app) == direct_frame(app)
    assert board.memory.zones.painted == zones


def test_a_placed_piece_joins_the_board_layer_once_it_lands(app):
    table = _table(app, ("human", "easy"), "place")
    board = table.board
    cached_frame(app)
    zones = board.memory.zones.painted
    _act(table, 0, next(a for a in table.session.state.legal_actions(0) if isinstance(a, Place)))
    flying = cached_frame(app)
    assert board.memory.zones.painted == zones  # on its way the piece is drawn over the board's layer
    assert flying == direct_frame(app)
    board.update(5.0)
    settled = cached_frame(app)
    assert board.memory.zones.painted == zones + 1  # settled: the board is painted again with the piece on it
    assert settled == direct_frame(app)


def test_a_spectators_hands_follow_every_reveal(app):
    table = _table(app, ("easy", "easy", "easy"), "reveal")
    assert table.viewer() is None
    board = table.board
    cached_frame(app)
    for _ in range(2):  # each reveal takes a card from a hand: the fans of backs and their counts shrink
        seat = table.session.state.to_act()[0]
        _act(table, seat, table.session.state.legal_actions(seat)[0])
        board.update(5.0)
        assert cached_frame(app) == direct_frame(app), f"after seat {seat}'s reveal"


def test_each_zone_shows_what_changed_in_it_alone(app):
    """Stale-cache checks: one fact a zone shows changes while everything else stays, and the frame still
    equals the table painted afresh (the pile's fails when the info layer's key leaves the pile out)."""
    table = _table(app, ("easy", "easy", "easy"), "reveal")
    state = table.session.state
    for _ in range(2):
        seat = state.to_act()[0]
        _act(table, seat, state.legal_actions(seat)[0])
    table.board.update(5.0)
    cached_frame(app)
    view = state.view(None)
    lead = leading(view)
    other = next(c for c in range(5) if c not in (view.top_colour, view.lead))  # never the leading colour
    i = next(i for i, r in enumerate(state.revealed) if r != lead)
    state.revealed[i] = (state.revealed[i][0], other * 8 + 2)  # a reveal row card, nothing else
    assert cached_frame(app) == direct_frame(app), "reveal row"
    state.pile.append(view.top_colour * 8 + 3)  # a card on the decision pile, of the colour it already sets
    assert cached_frame(app) == direct_frame(app), "decision pile"
    waiting = next(s for s in range(3) if s not in state.to_act() and state.hands[s])
    state.hands[waiting] &= state.hands[waiting] - 1  # a card leaves a hand the hint does not name
    assert cached_frame(app) == direct_frame(app), "spectator's hands"
    k = next(k for k in range(40) if not state.used >> k & 1 and k not in view.removed_public)
    state.used |= 1 << k  # a piece ticked off in the catalogue
    assert cached_frame(app) == direct_frame(app), "catalogue"
    state.selection = [k + 1]  # a piece chosen for placing: its box lights up in the catalogue
    assert cached_frame(app) == direct_frame(app), "catalogue selection"


def test_the_pile_and_lead_spots_follow_the_text_size(app):
    """The pile card and the lead colour line lie where the info layer painted them in this text size."""
    table = _table(app, ("easy", "easy", "easy"), "reveal")
    state = table.session.state
    seat = state.to_act()[0]
    _act(table, seat, state.legal_actions(seat)[0])  # a lead colour to show
    table.board.update(5.0)
    cached_frame(app)
    app.painter.text_scale = 1.5
    larger = cached_frame(app)
    spot = pygame.FRect(table.board.pile_rect)
    table.board.layers.entries.clear()
    table.board._info_spots.clear()  # a board that never drew at 100 %
    assert cached_frame(app) == larger
    assert table.board.pile_rect == spot
