"""The pure input helpers of the Sumidagawa and BLUFFIT boards: what a digit, a colour key or a click means,
decided over the legal actions alone (no window, no events)."""

from __future__ import annotations

import pygame

from tabletop.games.bluffit.actions import Bid, Challenge, Claim
from tabletop.games.bluffit.cards import T10, parse_card
from tabletop.games.sumidagawa.actions import Discard, Pass, TurnDown
from tabletop.games.sumidagawa.cards import BLACK, RED
from tabletop.games.sumidagawa.cards import parse_card as sumidagawa_card
from tabletop.ui import keys
from tabletop.ui.games.bluffit import input as bluffit_input
from tabletop.ui.games.sumidagawa import input as sumidagawa_input


def _key(key: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="")


def test_bluffit_digits_pick_by_value_and_zero_means_ten_from_either_row():
    hand = (parse_card("3"), T10, parse_card("7"))
    legal = [Bid(c) for c in hand]
    for key in (pygame.K_0, pygame.K_KP0):
        d = keys.digit(_key(key))
        assert d is not None and bluffit_input.bid_by_value(hand, legal, bluffit_input.card_value(d)) == T10
    d = keys.digit(_key(pygame.K_KP3))
    assert d is not None and bluffit_input.bid_by_value(hand, legal, bluffit_input.card_value(d)) == parse_card("3")
    assert bluffit_input.bid_by_value(hand, legal, 5) is None  # no 5 in hand
    assert bluffit_input.bid_by_value(hand, [Challenge(1)], 3) is None  # not bidding: digits claim instead


def test_bluffit_digits_claim_only_a_single_scoring_card():
    single, group = Claim((parse_card("4"),)), Claim((parse_card("6"), parse_card("6")))
    legal = [single, group, Challenge(2)]
    assert bluffit_input.claim_by_value(legal, 4) == single
    assert bluffit_input.claim_by_value(legal, 6) is None  # a group is claimed by its button
    assert bluffit_input.steppable([Challenge(0), single, Challenge(2)], legal) == [single, Challenge(2)]


def test_sumidagawa_choice_keys_take_by_place_or_by_colour():
    black, red = Discard(sumidagawa_card("B5")), Discard(sumidagawa_card("R7"))
    options = sumidagawa_input.choices([Pass(), black, red])
    assert options == [black, red]
    assert sumidagawa_input.choice_of(options, index=1) == red
    assert sumidagawa_input.choice_of(options, index=2) is None
    assert sumidagawa_input.choice_of(options, colour=RED) == red
    downs = [TurnDown(RED), TurnDown(BLACK)]
    assert sumidagawa_input.choice_of(downs, colour=BLACK) == TurnDown(BLACK)
    assert [sumidagawa_input.digit_value(d) for d in (0, 1, 9)] == [10, 1, 9]
