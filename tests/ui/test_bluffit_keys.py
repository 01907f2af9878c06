"""BLUFFIT by keyboard alone: ← → step through the hand cards while bidding and through the claims and challenges
in the bluff phase, Enter takes the one lit; nothing is lit before an arrow, so a stray Enter decides nothing."""

from __future__ import annotations

import pygame

from tabletop.engine.records import Seat
from tabletop.games.bluffit.actions import Bid
from tabletop.session import Session
from tabletop.ui.scenes.table import TableScene
from tabletop.ui.scenes.title import TitleScene
from tests.ui.conftest import post_key, run_until


def _table(app, seed: int = 11) -> tuple[TableScene, Session]:
    seats = [Seat(name, kind) for name, kind in (("Aki", "human"), ("Ben", "easy"), ("Chie", "easy"), ("Dan", "easy"))]
    session = Session.new("bluffit", 4, seats, {}, seed)
    app.stack.push(TitleScene(app))
    table = TableScene(app, session)
    app.stack.push(table)
    app.step(1 / 60)
    return table, session


def _human_to_act(table: TableScene, session: Session) -> bool:
    return bool(table.context().legal) and not table.board.animating() and 0 in session.state.to_act()


def _mine(session: Session) -> list[str]:
    return [text for seat, text in session.record.actions if seat == 0]


def test_arrows_step_through_the_biddable_cards_and_enter_bids(app):
    table, session = _table(app)
    assert run_until(app, lambda: _human_to_act(table, session), 3000)
    hand = [c for c in session.state.view(0).hand if Bid(c) in table.context().legal]
    post_key(pygame.K_RETURN)  # nothing picked yet: Enter decides nothing
    app.step(1 / 60)
    assert _mine(session) == [] and table.board.selected is None and table.focus is None
    post_key(pygame.K_RIGHT)
    app.step(1 / 60)
    assert table.board.selected == hand[0] and table.focus is None  # the board took the arrow, not the top bar
    post_key(pygame.K_RIGHT)
    post_key(pygame.K_LEFT)
    post_key(pygame.K_LEFT)  # wraps round to the last card
    app.step(1 / 60)
    assert table.board.selected == hand[-1]
    post_key(pygame.K_RETURN)
    app.step(1 / 60)
    assert _mine(session) == [str(Bid(hand[-1]))]


def test_arrows_step_through_claims_and_challenges_and_enter_takes_the_lit_one(app):
    for seed in range(11, 40):  # a deal where the human seat gets a bluff-phase turn with two or more choices
        table, session = _table(app, seed)
        while run_until(app, lambda t=table, s=session: _human_to_act(t, s) or s.state.is_over(), 6000):
            if session.state.is_over():
                break
            legal = table.context().legal
            if any(isinstance(a, Bid) for a in legal):
                post_key(pygame.K_RIGHT)
                post_key(pygame.K_RETURN)
                app.step(1 / 60)
                continue
            if len(legal) < 2:
                break
            app.step(1 / 60)  # drawn once: the board knows its choices, left to right
            choices = [a for a in table.board.choices if a in legal]
            assert sorted(map(str, choices)) == sorted(map(str, legal))
            before = len(_mine(session))
            post_key(pygame.K_RETURN)  # nothing lit: nothing happens
            app.step(1 / 60)
            assert len(_mine(session)) == before and table.board.focus is None
            post_key(pygame.K_LEFT)  # the first press from nothing lands on the last choice
            app.step(1 / 60)
            assert table.board.focus == choices[-1]
            post_key(pygame.K_RIGHT)  # and wraps round to the first
            post_key(pygame.K_RIGHT)
            app.step(1 / 60)
            assert table.board.focus == choices[1]
            post_key(pygame.K_RETURN)
            app.step(1 / 60)
            assert _mine(session)[-1] == str(choices[1])
            assert table.board.focus is None  # the move landed: nothing stays lit for the next decision
            return
        app.stack.pop()
        app.stack.pop()
    raise AssertionError("no seed gave the human a bluff-phase choice")
