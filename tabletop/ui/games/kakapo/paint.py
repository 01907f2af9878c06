"""What every part of the KAKAPO table paints with: a card, a zone's felt and heading, the short names and labels
of cards, colours and skills, and the text look the cached layers are keyed by."""

from __future__ import annotations

import pygame

from tabletop import i18n
from tabletop.games.kakapo import pieces
from tabletop.games.kakapo.actions import Skill
from tabletop.games.kakapo.pieces import COLOURS
from tabletop.i18n import t
from tabletop.ui import style
from tabletop.ui.cards import render_card
from tabletop.ui.games.kakapo import art
from tabletop.ui.painter import Painter


def colour_label(k: int) -> str:
    return f"{art.GLYPHS[k]} {t(f'kakapo.colour.{COLOURS[k]}')}"


def skill_label(skill: Skill) -> str:
    """The short name on a skill tile (the tile's piece preview shows the colour or value it gives)."""
    return t(f"kakapo.skill_short.{skill.kind}")


def card_name(k: int) -> str:
    return f"{art.GLYPHS[k >> 3]}{pieces.value_of(k)}"


def card(p: Painter, k: int, rect: pygame.FRect, highlight: bool = False, hover: bool = False,
         selected: bool = False, dim: bool = False) -> None:
    if highlight or selected:
        p.rect(rect.inflate(8, 8), style.ACCENT if (hover or selected) else style.ACCENT_DARK, style.RADIUS,
               width=0 if selected else 3)
    p.alpha_rect((rect.x + 2, rect.y + 3, rect.w, rect.h), style.SHADOW, 60, 6)
    p.blit(render_card(art.card_face(k), *p.size_px(rect.w, rect.h)), rect.topleft)
    if dim:
        p.alpha_rect(rect, style.SHADOW, 70, 6)


def zone_felt(p: Painter, rect: pygame.FRect) -> None:
    """A zone's felt, painted again under a keyed layer of its own (translucent ink needs a ground)."""
    p.rect(rect, style.FELT_DARK, style.RADIUS)
    p.rect(rect, style.FELT_LINE, style.RADIUS, width=1)


def zone_label(p: Painter, rect: pygame.FRect, label: str) -> None:
    # Grown by the text size, it rises into the zone's top margin, clear of the cards under it.
    p.text(label, (rect.x + 12, rect.y + 6 - 10 * (p.scale_now - 1)), style.TINY, style.TEXT_MUTED)


def text_look(p: Painter) -> tuple:
    """What decides where a line of text lands in virtual px: language, sizes, and the sub-pixel part of the
    offset (a layer's painter is the table's shifted by whole pixels)."""
    return (i18n.language(), p.text_scale, p.vp.scale, round(p.vp.offset[0] % 1, 6), round(p.vp.offset[1] % 1, 6))
