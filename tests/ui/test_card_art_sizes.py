"""Every card motif draws at any size the table may ask for: a window resized down to a few pixels asks for
cards a few pixels high (the soak monkey found a lantern dividing by a zero height)."""

from __future__ import annotations

import pygame
import pytest

from tabletop.ui import cards
from tabletop.ui.games.bloody_summer import art as _bloody_summer_art  # noqa: F401 - registers motifs
from tabletop.ui.games.haunted_house import art as _haunted_house_art  # noqa: F401
from tabletop.ui.games.sumidagawa import art as _sumidagawa_art  # noqa: F401
from tabletop.ui.text import forget_fonts

SIZES = [(1, 1), (2, 3), (4, 6), (6, 9), (9, 13), (12, 17), (20, 28), (64, 90)]


@pytest.fixture(autouse=True)
def _display():
    pygame.init()  # not quit after: the cards' font cache outlives one test
    forget_fonts()  # as a new App does: fonts opened before another test's pygame.quit() are dead


@pytest.mark.parametrize("motif", sorted(cards.MOTIFS) or ["none registered"])
def test_a_motif_card_renders_at_every_size(motif: str) -> None:
    assert motif in cards.MOTIFS
    for caption in ("", "caption"):
        face = cards.CardFace("7", "7", caption, motif=motif)
        for w, h in SIZES:
            assert cards._render_card(face, w, h, 1.0).get_size() == (w, h)


def test_a_card_back_renders_at_every_size() -> None:
    for w, h in SIZES:
        assert cards.render_back(w, h).get_size() == (w, h)
