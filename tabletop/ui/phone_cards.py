"""Card pictures for phone seats: a hand card drawn with its game's own card art, as PNG bytes.

The phone page shows `img/<name>.png`; the desktop publishes each picture once (`server.publish_image`).
A name (`[a-z0-9_]{1,64}`, see tabletop.remote.sheets) is a function of the card and the language only,
so a picture is made once per name and kept. Pictures are 120×168 px: the page shows them at 60×84 CSS px,
crisp on a phone's 2× screen.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from functools import cache
from typing import Any

import pygame

from tabletop import i18n
from tabletop.remote.sheets import sheet_for
from tabletop.ui.cards import CardFace, render_card
from tabletop.ui.text import forget_fonts

SIZE = (120, 168)  # the standard card's ratio (CARD_W:CARD_H = 84:120), doubled for a phone's pixels


def _bluffit(card: int) -> CardFace:
    from tabletop.ui.games.bluffit import face

    return face(card)


def _ghost_bumpers(card: int) -> CardFace:
    from tabletop.ui.games.ghost_bumpers.art import monster_face

    return monster_face(card)


def _bloody_summer(card: tuple[int, bool]) -> CardFace:
    from tabletop.ui.games.bloody_summer.art import card_face

    value, hurts = card
    return card_face(value, frozenset({value}) if hurts else frozenset())


def _sumidagawa(card: int | str) -> CardFace:
    from tabletop.ui.games.sumidagawa.art import bon_face, rin_face

    if isinstance(card, str):  # a Rin: "b" or "r"
        return rin_face(0 if card == "b" else 1)
    return bon_face(card)


def _kakapo(card: int) -> CardFace:
    from tabletop.ui.games.kakapo.art import card_face

    return card_face(card)


FACES: dict[str, Callable[[Any], CardFace]] = {
    "bluffit": _bluffit, "ghost_bumpers": _ghost_bumpers, "bloody_summer": _bloody_summer,
    "sumidagawa": _sumidagawa, "kakapo": _kakapo,
}


def image_names(payload: dict[str, Any]) -> set[str]:
    """The picture names a state payload shows (its hand)."""
    return {entry["img"] for entry in payload.get("hand", ())}


def all_names(game_id: str) -> list[str]:
    """Every picture of the game. Publish them all when the phone table opens, not only those of cards in
    hands: the server answers any phone, so which pictures exist would tell which cards some hand holds."""
    return sorted(sheet_for(game_id).pictures())


@cache
def render(game_id: str, name: str) -> bytes:
    """The PNG of picture `name` of `game_id`; ValueError for a name that game does not have.
    Call it on the pygame thread (as the desktop does before `server.publish_image`): it switches the
    language while it draws, and the language is one setting for the whole app."""
    if game_id not in FACES:
        raise ValueError(f"{game_id!r} has no phone card pictures")
    found = sheet_for(game_id).pictures().get(name)
    if found is None:
        raise ValueError(f"{name!r} is not a card picture of {game_id}")
    card, lang = found
    if not pygame.font.get_init():  # no app opened the fonts (a tool, a test), or a pygame.quit() closed them
        pygame.font.init()
        forget_fonts()  # fonts opened before a pygame.quit() are dead
    with i18n.speaking(lang):  # captions (Toxic, +1 reveal, site names) in the picture's language
        face = FACES[game_id](card)
    surface = render_card(face, *SIZE)
    out = io.BytesIO()
    pygame.image.save(surface, out, "png")
    return out.getvalue()
