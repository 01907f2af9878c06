"""How BLUFFIT's cards and piles look and read: faces, sizes, the pile line and where the board's zones sit."""

from __future__ import annotations

from functools import lru_cache

import pygame

from tabletop import i18n
from tabletop.games.bluffit.cards import card_text, kind, value
from tabletop.games.bluffit.state import FINAL_ROUND
from tabletop.games.bluffit.view import BluffitView
from tabletop.i18n import plural, t
from tabletop.ui.cards import CardFace
from tabletop.ui.games import BOARD_AREA
from tabletop.ui.words import words_for

SPECIAL_BANDS = {1: (70, 150, 90), 2: (130, 90, 180), 3: (60, 120, 190), 4: (90, 110, 40)}
CARD = (84, 120)
SMALL_CARD = (56, 80)
TABLE = pygame.FRect(BOARD_AREA.x, 72, BOARD_AREA.w, 168)  # the scoring cards
HAND = pygame.FRect(BOARD_AREA.x, 512, BOARD_AREA.w, 196)  # the viewer's hand strip


def face(card: int) -> CardFace:
    return _face(card, i18n.language())


@lru_cache(maxsize=256)
def _face(card: int, language: str) -> CardFace:
    """A card's face in `language` (kept: every card on the table asks for its face every frame)."""
    k = kind(card)
    text = card_text(card)
    if k == 0:
        return CardFace(str(value(card)), str(value(card)))
    return CardFace(str(value(card)), str(value(card)), t(f"bluffit.special.{text}", language), band=SPECIAL_BANDS[k])


def cards_label(cards: tuple[int, ...]) -> str:
    return words_for("bluffit").cards(cards)


def final_round(view: BluffitView) -> bool:
    """The final round is being played: its participants hold their score piles as hands (rules §5)."""
    return view.round == FINAL_ROUND and view.phase != "over"


def pile_line(pile: list[int] | tuple[int, ...]) -> str:
    return _pile_line(len(pile), sum(value(c) for c in pile), i18n.language())


@lru_cache(maxsize=256)
def _pile_line(count: int, points: int, language: str) -> str:
    """The pile's words (kept: each seat's line in the side column asks for them every frame)."""
    return t("bluffit.pile", language, count=plural("app.count.card", count, language),
             points=plural("app.count.point", points, language))


def mat_rects(n: int) -> list[pygame.FRect]:
    gap = 10
    width = min(210, (BOARD_AREA.w - gap * (n - 1)) / n)
    total = width * n + gap * (n - 1)
    x0 = BOARD_AREA.x + (BOARD_AREA.w - total) / 2
    return [pygame.FRect(x0 + i * (width + gap), 250, width, 252) for i in range(n)]


def gather_rect() -> pygame.FRect:
    """The pile the strength cards gather into: the middle of the scoring-card row."""
    w, h = CARD
    return pygame.FRect(BOARD_AREA.centerx - w / 2, 72 + 34, w, h)
