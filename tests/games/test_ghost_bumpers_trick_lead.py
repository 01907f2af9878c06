"""The trick's standing as the engine states it once (GB-D7, §3.5): the board reads it, never works it out."""

from __future__ import annotations

from tabletop.games.ghost_bumpers.cards import FIVE, Z, strength
from tabletop.games.ghost_bumpers.view import trick_lead, trick_reveals, would_lead


def test_no_play_yet_has_no_lead_and_any_play_would_take_it() -> None:
    assert trick_lead(()) == (-1, -1)
    assert would_lead((), strength(1, 3))


def test_the_later_of_tied_plays_leads() -> None:
    """GB-D7: seat 2's 7 ties seat 0's 7 and leads; a third 7 would take it again."""
    plays = ((0, 7, 1, strength(7, 1)), (1, 3, 1, strength(3, 1)), (2, 7, 1, strength(7, 1)))
    assert trick_lead(plays) == (strength(7, 1), 2)
    assert would_lead(plays, strength(7, 1))
    assert not would_lead(plays, strength(6, 1))


def test_reveals_count_the_fives_and_a_z_cancels_them() -> None:
    """§3.5: one reveal and one more per 5 played; a Z in the trick means no reveals at all."""
    assert trick_reveals(((0, 3, 1, strength(3, 1)),)) == 1
    assert trick_reveals(((0, FIVE, 2, strength(FIVE, 2)), (1, FIVE, 1, strength(FIVE, 1)))) == 4
    assert trick_reveals(((0, FIVE, 2, strength(FIVE, 2)), (1, Z, 1, 100))) == 0
