"""Undo (tabletop.undo): exact restoration, refused after a reveal or a chance draw."""

from __future__ import annotations

from tabletop.engine.records import Seat, replay
from tabletop.session import Session
from tabletop.undo import check_undo, undone


def _bluffit(seed: int = 5) -> Session:
    return Session.new("bluffit", 3, [Seat("A", "human"), Seat("B", "easy"), Seat("C", "easy")], {}, seed)


def _play(session: Session, seat: int, pick: int = -1) -> None:
    session.apply(seat, session.state.legal_actions(seat)[pick])


def test_nothing_to_undo_before_the_first_action():
    session = _bluffit()
    verdict = check_undo(session.record, 0)
    assert not verdict.allowed and verdict.reason == "nothing"


def test_undo_restores_the_exact_earlier_state():
    session = _bluffit()
    while 0 not in session.state.to_act():
        _play(session, session.state.to_act()[0])
    before = session.state.to_json()
    kept = len(session.record.actions)
    _play(session, 0)  # the human bids
    while 0 not in session.state.to_act() and not session.state.is_over():
        _play(session, session.state.to_act()[0])  # the AIs answer (bids and a claim: public)
    assert len(session.record.actions) > kept + 1
    assert check_undo(session.record, 0).allowed
    record, state = undone(session.record, 0)
    assert state.to_json() == before
    assert len(record.actions) == kept
    assert session.undo(0)
    assert session.state.to_json() == before
    assert session.record.actions == record.actions
    assert all(entry.index < kept for entry in session.log)
    assert replay(session.record).state.to_json() == before  # the autosaved record agrees


def test_undo_is_refused_after_a_private_reveal():
    session = _bluffit()
    # Play until the human challenges someone: the compared strength cards are shown to the human.
    for _ in range(200):
        seat = session.state.to_act()[0]
        legal = session.state.legal_actions(seat)
        challenges = [a for a in legal if str(a).startswith("challenge")]
        if seat == 0 and challenges:
            session.apply(0, challenges[0])
            break
        session.apply(seat, legal[-1])
    else:
        raise AssertionError("the human never got to challenge")
    verdict = check_undo(session.record, 0)
    assert not verdict.allowed and verdict.reason == "private"
    before = session.state.to_json()
    assert not session.undo(0)
    assert session.state.to_json() == before


def test_undo_is_refused_after_a_chance_draw():
    # BLOODY SUMMER: the round's check draws cards from a shuffle; once chance advanced, no undo.
    seats = [Seat("A", "human"), Seat("B", "easy"), Seat("C", "easy")]
    session = Session.new("bloody_summer", 3, seats, {}, 11)
    found = False
    for _ in range(400):
        if session.state.is_over():
            break
        seat = session.state.to_act()[0]
        counter = session.state.to_json()["chance"]["counter"]
        session.apply(seat, session.state.legal_actions(seat)[-1])
        advanced = session.state.to_json()["chance"]["counter"] != counter
        if advanced and any(s == 0 for s, _ in session.record.actions) and not session.state.is_over():
            verdict = check_undo(session.record, 0)
            last = max(i for i, (s, _) in enumerate(session.record.actions) if s == 0)
            if last < len(session.record.actions):
                assert not verdict.allowed
                assert verdict.reason in ("chance", "private")
                found = True
                break
    assert found, "no chance draw happened after a human action"


def test_undo_refused_when_the_game_is_over():
    session = _bluffit()
    while not session.state.is_over():
        _play(session, session.state.to_act()[0], 0)
    assert not check_undo(session.record, 0).allowed
