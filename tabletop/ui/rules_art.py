"""Card pictures for the rules pages, drawn by the same code as the tables.

The rules text (`<game>.rules_full`, `<game>.rules_summary`) may hold a line
`[cards:<game>:<token>,<token>,…]`; the rules scene draws those cards in a row.
A token is the card's text as the game's notation writes it:

- bluffit: `1`…`10`, specials `O1` `R5` `V9` `T10`
- bloody_summer: `1`…`13`; a trailing `!` draws the card as dangerous to you
- ghost_bumpers: monsters `1`…`9`, `Z` (the 0/10 card); characters `U` (unafraid) and `S` (scared)
- sumidagawa: Bon cards `B1`…`B10` (black) and `R1`…`R10` (red); Rin `rinB`, `rinR`
- kakapo: scanner cards `P1`…`B8` (colour letter from PRYGB and value)
- haunted_house: ghost cards by engine name `room:A`, `shuffle`, `draw2`, `draw3`, `lock:blue`, `lock:green`

A board module may provide `rules_card(token, w, h) -> Surface | None` to take
over; otherwise the adapters below call the board's own face functions. A token
nobody understands is drawn as a plain card with the token as its index, so a
typo shows instead of crashing. `STRIPS` is each game's default row of cards,
shown on the "How to play" page.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

import pygame

from tabletop.i18n import t
from tabletop.ui.cards import CardFace, render_card

STRIPS: dict[str, list[str]] = {
    "bluffit": ["1", "4", "7", "10", "O1", "R5", "V9", "T10"],
    "ghost_bumpers": ["1", "3", "5", "7", "9", "Z", "U", "S"],
    "bloody_summer": ["1", "5", "8", "9", "12", "13"],
    "sumidagawa": ["B1", "B4", "B7", "R2", "R5", "R10", "rinB", "rinR"],
    "kakapo": ["P1", "R3", "Y5", "G7", "B8"],
    "haunted_house": ["room:A", "room:D", "shuffle", "draw2", "lock:blue", "lock:green"],
}


def _bluffit(token: str) -> CardFace:
    from tabletop.games.bluffit.cards import parse_card
    from tabletop.ui.games.bluffit import face

    return face(parse_card(token))


def _bloody_summer(token: str) -> CardFace:
    from tabletop.ui.games.bloody_summer.art import card_face

    danger = token.endswith("!")
    value = int(token.rstrip("!"))
    if not 1 <= value <= 13:
        raise ValueError(token)
    return card_face(value, frozenset({value}) if danger else frozenset())


def _ghost_bumpers(token: str) -> CardFace:
    from tabletop.ui.games.ghost_bumpers.art import character_face, monster_face

    if token in ("U", "S"):
        return character_face(token == "S")
    card = 0 if token in ("Z", "0/10", "0") else int(token)
    if not 0 <= card <= 9:
        raise ValueError(token)
    return monster_face(card)


def _sumidagawa(token: str) -> CardFace:
    from tabletop.games.sumidagawa.cards import BLACK, RED, parse_card
    from tabletop.ui.games.sumidagawa.art import bon_face, rin_face

    if token in ("rinB", "rinR"):
        return rin_face(BLACK if token == "rinB" else RED)
    return bon_face(parse_card(token))


def _kakapo(token: str) -> CardFace:
    from tabletop.games.kakapo.pieces import parse_card
    from tabletop.ui.games.kakapo.art import card_face

    return card_face(parse_card(token))


def _haunted_house(token: str) -> CardFace:
    from tabletop.ui.games.haunted_house.art import card_face

    if token.startswith("room:"):
        caption = t("haunted_house.card.room", room=token[5:])
    elif token.startswith("lock:"):
        caption = t(f"haunted_house.card.lock_{token[5:]}")
    else:
        caption = t(f"haunted_house.card.{token}")
    return card_face(token, caption)


ADAPTERS: dict[str, Callable[[str], CardFace]] = {
    "bluffit": _bluffit, "bloody_summer": _bloody_summer, "ghost_bumpers": _ghost_bumpers,
    "sumidagawa": _sumidagawa, "kakapo": _kakapo, "haunted_house": _haunted_house,
}


def card_surface(game_id: str, token: str, w: int, h: int) -> pygame.Surface:
    """The card `token` of `game_id` at w×h window pixels (see the module docstring)."""
    try:
        module = importlib.import_module(f"tabletop.ui.games.{game_id}")
        hook = getattr(module, "rules_card", None)
        if callable(hook):
            surface = hook(token, w, h)
            if surface is not None:
                return surface
        adapter = ADAPTERS.get(game_id)
        if adapter is not None:
            return render_card(adapter(token), w, h)
    except (ImportError, ValueError, KeyError, AttributeError, IndexError):
        pass
    return render_card(CardFace(token[:4], token[:4]), w, h)


def parse_cards_line(line: str) -> tuple[str, list[str]] | None:
    """`[cards:game:a,b,c]` -> ("game", ["a", "b", "c"]); None for any other line."""
    line = line.strip()
    if not (line.startswith("[cards:") and line.endswith("]")):
        return None
    body = line[len("[cards:"):-1]
    game, sep, tokens = body.partition(":")
    if not sep:
        return None
    return game, [tok.strip() for tok in tokens.split(",") if tok.strip()]
