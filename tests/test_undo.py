"""Undo (tabletop.undo): exact restoration; refused after a reveal, a chance draw, or a result that
depended on cards the undoing player could not see (every game)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from tabletop.engine.records import Seat, replay
from tabletop.session import LogEntry, Session
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


# ----- rule 5: what followed the action depended on hidden information ----------------------------

Removed = list[tuple[int, str]]


def _is_card_play(game_id: str, text: str) -> bool:
    """An action that puts a card from the actor's hand face up on the table."""
    verb = text.split(" ")[0]
    if game_id == "ghost_bumpers":
        return text[0].isdigit() or text.startswith("Z")
    if game_id == "kakapo":
        return verb == "play"
    return verb not in ("pass", "revive") and not text.startswith(("r", "b", "revive"))


def _first_position(game_id: str, players: int, options: dict[str, Any], seed: int,
                    wanted: Callable[[Removed, list[LogEntry]], bool]) -> tuple[Session, Removed]:
    """Random play (seat 0 human, the rest AI) until the actions since seat 0's last one match `wanted`."""
    rng = random.Random(seed)
    seats = [Seat("Human", "human")] + [Seat(f"AI{i}", "easy") for i in range(1, players)]
    session = Session.new(game_id, players, seats, options, seed)
    for _ in range(2000):
        if session.state.is_over():
            break
        seat = session.state.to_act()[0]
        session.apply(seat, rng.choice(session.state.legal_actions(seat)))
        mine = [i for i, (who, _) in enumerate(session.record.actions) if who == 0]
        if mine and not session.state.is_over():
            removed = session.record.actions[mine[-1]:]
            if wanted(removed, [e for e in session.log if e.index >= mine[-1]]):
                return session, removed
    raise AssertionError(f"{game_id}: no such position with seed {seed}")


def _ai_challenges_ai(removed: Removed, log: list[LogEntry]) -> bool:
    return any(who != 0 and text.startswith("challenge") and text != "challenge 0" for who, text in removed)


def _ai_plays_from_hand(game_id: str) -> Callable[[Removed, list[LogEntry]], bool]:
    """The human played a card, then an AI played one from its hidden hand."""
    def wanted(removed: Removed, log: list[LogEntry]) -> bool:
        return (len(removed) >= 2 and _is_card_play(game_id, removed[0][1]) and removed[-1][0] != 0
                and _is_card_play(game_id, removed[-1][1]))
    return wanted


def _reveals(kind: str, verb: str = "") -> Callable[[Removed, list[LogEntry]], bool]:
    """The human's own move (starting with `verb`) made an event of `kind` (a reveal), and none private."""
    def wanted(removed: Removed, log: list[LogEntry]) -> bool:
        return (len(removed) == 1 and removed[0][1].startswith(verb)
                and any(e.event.kind == kind for e in log) and all(e.event.visible_to is None for e in log))
    return wanted


def _only_my_move(verb: str = "") -> Callable[[Removed, list[LogEntry]], bool]:
    """The human's own move, nothing after it, and no event but the move itself (nothing revealed)."""
    def wanted(removed: Removed, log: list[LogEntry]) -> bool:
        return len(removed) == 1 and removed[0][1].startswith(verb) and len(log) == 1
    return wanted


def _my_bid_and_secret_ai_bids(removed: Removed, log: list[LogEntry]) -> bool:
    """The human bid, then AIs bid face down, in a later round (when hands differ, so each world
    needs its own stand-in for the AI's sealed card)."""
    return len(removed) >= 3 and all(text.startswith("bid") for _, text in removed) and log[0].index >= 30


# (game, players, options, seed, what happened after the human's move) — undo must be refused.
REFUSED = [
    pytest.param("bluffit", 4, {}, 3, _ai_challenges_ai, id="bluffit-challenge-outcome"),
    pytest.param("ghost_bumpers", 4, {}, 1, _reveals("trick_won", "1x"), id="ghost_bumpers-trick-and-reveal"),
    pytest.param("ghost_bumpers", 4, {}, 2, _ai_plays_from_hand("ghost_bumpers"), id="ghost_bumpers-ai-card"),
    pytest.param("bloody_summer", 4, {}, 1, _ai_plays_from_hand("bloody_summer"), id="bloody_summer-ai-card"),
    pytest.param("sumidagawa", 4, {}, 1, _ai_plays_from_hand("sumidagawa"), id="sumidagawa-ai-card"),
    pytest.param("kakapo", 3, {}, 1, _ai_plays_from_hand("kakapo"), id="kakapo-teammate-card"),
    pytest.param("haunted_house", 2, {"advanced": True}, 0, _reveals("jewel_revealed", "move"),
                 id="haunted_house-jewel-number"),
]

# Undo must still be allowed: the AI has not acted, or did only what reveals nothing.
ALLOWED = [
    pytest.param("bluffit", 4, {}, 3, _my_bid_and_secret_ai_bids, id="bluffit-sealed-bids"),
    pytest.param("ghost_bumpers", 4, {}, 1, _only_my_move(), id="ghost_bumpers-own-card"),
    pytest.param("bloody_summer", 4, {}, 1, _only_my_move(), id="bloody_summer-own-card"),
    pytest.param("sumidagawa", 4, {}, 1, _only_my_move(), id="sumidagawa-own-card"),
    pytest.param("kakapo", 3, {}, 1, _only_my_move(), id="kakapo-own-card"),
    pytest.param("haunted_house", 2, {}, 0, _only_my_move("move"), id="haunted_house-move"),
]


@pytest.mark.parametrize("game_id,players,options,seed,wanted", REFUSED)
def test_undo_is_refused_when_what_followed_depended_on_hidden_cards(game_id, players, options, seed, wanted):
    session, removed = _first_position(game_id, players, options, seed, wanted)
    verdict = check_undo(session.record, 0, budget=None)
    assert not verdict.allowed and verdict.reason == "hidden", (removed, verdict)
    assert check_undo(session.record, 0, worlds=0).allowed, "only the hidden-information rule refuses it"
    after = session.state.to_json()
    assert not session.undo(0)
    assert session.state.to_json() == after


@pytest.mark.parametrize("game_id,players,options,seed,wanted", ALLOWED)
def test_undo_is_allowed_when_nothing_hidden_showed(game_id, players, options, seed, wanted):
    session, removed = _first_position(game_id, players, options, seed, wanted)
    verdict = check_undo(session.record, 0, budget=None)
    assert verdict.allowed, (removed, verdict)
    before = replay(session.record, upto=verdict.keep).state.to_json()
    assert session.undo(0)
    assert session.state.to_json() == before
    assert len(session.record.actions) == verdict.keep


def test_the_hidden_check_is_a_pure_function_of_the_record():
    from tabletop import undo

    session, _ = _first_position("bluffit", 4, {}, 3, _ai_challenges_ai)
    first = check_undo(session.record, 0, budget=None)
    undo._points.clear()  # no cached worlds: they are drawn again from the record's own seeds
    assert check_undo(replay(session.record).record, 0, budget=None) == first
