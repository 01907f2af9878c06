"""Phone card pictures: every picture name of every phone game is drawn with the game's own card art as a
120×168 PNG, once per name; a name the game does not have is refused."""

from __future__ import annotations

import io

import pygame
import pytest

from tabletop.remote.messages import phone_games
from tabletop.remote.sheets import sheet_for
from tabletop.ui import phone_cards


@pytest.mark.parametrize("game_id", sorted(phone_games()))
def test_every_picture_is_a_card_png(game_id):
    pictures = sorted(sheet_for(game_id).pictures())
    drawn = {}
    for name in pictures:
        png = phone_cards.render(game_id, name)
        assert png.startswith(b"\x89PNG")
        image = pygame.image.load(io.BytesIO(png), "card.png")
        assert image.get_size() == phone_cards.SIZE
        drawn[name] = png
    assert phone_cards.render(game_id, pictures[0]) is drawn[pictures[0]]  # made once, then kept
    # Different cards look different (in one language: a card's two language variants may look alike).
    for lang in ("en", "ja"):
        names = [n for n, (_, picture_lang) in sheet_for(game_id).pictures().items() if picture_lang == lang]
        assert len({drawn[n] for n in names}) == len(names)


def test_every_card_a_hand_shows_is_among_the_pictures_published_at_the_start():
    import random

    from tabletop.engine.records import Seat
    from tabletop.remote.messages import seat_payload
    from tabletop.session import Session

    for game_id in sorted(phone_games()):
        published = set(phone_cards.all_names(game_id))
        session = Session.new(game_id, 4, [Seat(n) for n in "ABCD"], seed=3)
        rng = random.Random(3)
        step = 0
        while not session.state.is_over():
            step += 1
            seat, lang = step % 4, ("en", "ja")[step // 4 % 2]
            assert phone_cards.image_names(seat_payload(session, seat, lang, 0)) <= published
            mover = rng.choice(session.state.to_act())
            session.apply(mover, rng.choice(session.state.legal_actions(mover)))


def test_a_payloads_names_are_its_hand():
    payload = {"hand": [{"img": "bluffit_7", "text": "7", "n": 1}, {"img": "bluffit_t10_ja", "text": "有毒10", "n": 1}]}
    assert phone_cards.image_names(payload) == {"bluffit_7", "bluffit_t10_ja"}


@pytest.mark.parametrize("game_id,name", [("bluffit", "bluffit_11"), ("bluffit", "ghost_bumpers_7"),
                                          ("haunted_house", "haunted_house_1"), ("kakapo", "../kakapo_g7")])
def test_an_unknown_picture_is_refused(game_id, name):
    with pytest.raises(ValueError):
        phone_cards.render(game_id, name)


def test_pictures_are_drawn_after_another_test_quit_pygame():
    from tabletop.ui.text import font_at

    pygame.init()
    font_at(24, bold=True)  # kept by the text module ...
    pygame.quit()  # ... and dead after this, as after an App's test
    phone_cards.render.cache_clear()
    assert phone_cards.render("bluffit", "bluffit_7").startswith(b"\x89PNG")
