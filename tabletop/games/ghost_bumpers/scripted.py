"""Scripted positions for tests and tutorials: exact hands, decks and character decks.

`scripted_state` builds a state in the middle of a round from text, so that the
spec's test vectors can be set up card for card:

    state = scripted_state(
        3,
        hands=["99", "Z5", "55"],          # cards as digits, Z = the 0/10 card
        char_decks=["UUSUUUU"] * 3,          # top to bottom; None = still to place (fear phase)
        deck="123",                        # monster deck, top card first
        discard="",                        # discard pile contents
        leader=0,
    )

Cards not listed anywhere are simply out of play, so scripted states need not use
the full composition (they are for rules tests, not for `sample_state`).
"""

from __future__ import annotations

from typing import Any

from tabletop.engine.core import Chance
from tabletop.games.ghost_bumpers.cards import composition, parse_card, parse_cards, parse_char_deck
from tabletop.games.ghost_bumpers.state import FEAR, PLAY, GhostBumpersState


def scripted_state(
    players: int,
    hands: list[str],
    char_decks: list[str] | None = None,
    deck: str = "",
    discard: str = "",
    leader: int = 0,
    start_seat: int | None = None,
    scores: list[int] | None = None,
    round_no: int = 1,
    mode: str = "rounds",
    target: int = 25,
    seed: int = 0,
) -> GhostBumpersState:
    """A state at the start of a trick (or, without `char_decks`, at the fear phase)."""
    from tabletop.games.ghost_bumpers.game import GhostBumpersGame

    if len(hands) != players:
        raise ValueError("one hand per player")
    opts: dict[str, Any] = GhostBumpersGame().resolve_options({"mode": mode, "target": target})
    s = GhostBumpersState.blank(players, opts["mode"], opts["target"],
                                GhostBumpersGame._rounds(players, opts["mode"]), composition(players), Chance(seed))
    s.round_no = round_no
    s.start_seat = leader if start_seat is None else start_seat
    s.leader = s.turn = leader
    s.hands = [parse_cards(h) for h in hands]
    s.sizes = [sum(h) for h in s.hands]
    s.deck = [parse_card(c) for c in reversed(deck.replace(" ", ""))]  # the list's end is the top
    s.discard = parse_cards(discard)
    if scores is not None:
        s.scores = list(scores)
    if char_decks is None:
        s.phase = FEAR
    else:
        for i, text in enumerate(char_decks):
            s.char_sizes[i], s.scared[i] = parse_char_deck(text)
        s.phase = PLAY
    return s
