"""Fonts (the bundled Noto Sans CJK JP subset, loaded by path) and line breaking.

SDL_ttf wraps without kinsoku, so lines are broken here: Latin text at spaces,
Japanese between any two characters except that no line starts with closing
punctuation or small kana (、。」）ー…) and none ends with an opening bracket.
"""

from __future__ import annotations

from functools import cache

import pygame

from tabletop.resources import assets_dir

NO_LINE_START = set("、。，．・：；？！）」』】〕〉》”’ー‐〜…ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ,.:;!?)]}%")
NO_LINE_END = set("（「『【〔〈《“‘([{")


@cache
def font(size_px: int, bold: bool = False) -> pygame.font.Font:
    weight = "Bold" if bold else "Regular"
    return pygame.font.Font(assets_dir() / "fonts" / f"NotoSansJP-Tabletop-{weight}.otf", max(6, size_px))


def _is_cjk(ch: str) -> bool:
    code = ord(ch)
    return 0x2E80 <= code <= 0x9FFF or 0xF900 <= code <= 0xFAFF or 0xFF00 <= code <= 0xFFEF or 0x3000 <= code <= 0x303F


def tokens(text: str) -> list[str]:
    """Units that may not be split: Latin words (with their trailing space) and single CJK characters."""
    out: list[str] = []
    word = ""
    for ch in text:
        if _is_cjk(ch):
            if word:
                out.append(word)
                word = ""
            out.append(ch)
        else:
            word += ch
            if ch == " ":
                out.append(word)
                word = ""
    if word:
        out.append(word)
    # Kinsoku: glue forbidden line-starters to the token before, openers to the token after.
    glued: list[str] = []
    for tok in out:
        if glued and (tok[0] in NO_LINE_START or glued[-1][-1] in NO_LINE_END):
            glued[-1] += tok
        else:
            glued.append(tok)
    return glued


def wrap(text: str, f: pygame.font.Font, width: int) -> list[str]:
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for tok in tokens(paragraph):
            candidate = line + tok
            if line and f.size(candidate.rstrip())[0] > width:
                lines.append(line.rstrip())
                line = tok.lstrip() if not _is_cjk(tok[0]) else tok
            else:
                line = candidate
        lines.append(line.rstrip())
    return lines
