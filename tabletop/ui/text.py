"""Fonts (the bundled Noto Sans CJK JP subset, loaded by path) and line breaking.

SDL_ttf wraps without kinsoku, so lines are broken here. Latin text breaks at
spaces. Japanese breaks between phrases (文節) found by BudouX, Google's phrase
segmenter, so a line never ends mid-word: 「再開できます。」 stays whole instead
of leaving 「す。」 alone on the last line. Kinsoku applies on top: no line starts
with closing punctuation or small kana (、。」）ー…) and none ends with an opening
bracket. A phrase wider than the whole line still breaks between its characters,
under the same kinsoku rules.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import cache, lru_cache
from pathlib import Path

import budoux
import pygame

from tabletop.resources import assets_dir

NO_LINE_START = set("、。，．・：；？！）」』】〕〉》”’ー‐〜…ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ,.:;!?)]}%")
NO_LINE_END = set("（「『【〔〈《“‘([{")


_LATIN_ELLIPSIS = re.compile(r"(?<=[!-~])…|…(?=[!-~])")


def typeset(text: str) -> str:
    """What the font draws for `text`. Its ellipsis is the Japanese one, three dots centred on the line,
    which after Latin text reads as "···": there it is drawn as three baseline dots."""
    return _LATIN_ELLIPSIS.sub("...", text) if "…" in text else text


def _font_path(bold: bool) -> Path:
    return assets_dir() / "fonts" / f"NotoSansJP-Tabletop-{'Bold' if bold else 'Regular'}.otf"


@cache
def font(size_px: int, bold: bool = False) -> pygame.font.Font:
    """A Font of its own at this size. Opening the font file costs ~3 ms per new size: code that
    draws uses `font_at`, which never opens one inside a frame."""
    return pygame.font.Font(_font_path(bold), max(6, size_px))


@cache
def _shared(bold: bool) -> pygame.font.Font:
    return pygame.font.Font(_font_path(bold), 16)


_loaded: dict[tuple[int, bool], pygame.font.Font] = {}  # sizes opened between frames (`load_wanted_font`)
_wanted: dict[tuple[int, bool], None] = {}  # sizes met in a frame and not opened yet, oldest first
_defer = False  # App turns this on outside tests and tools: then frames never open a font file


def defer_font_loading(on: bool) -> None:
    """On: a size met for the first time is drawn with the shared font and opened later, between frames
    (`load_wanted_font`). Off (tests, tools): it is opened at once, as `font` does."""
    global _defer
    _defer = on
    if on:  # the shared fonts are opened now, not in the first frame that meets a new size
        _shared(False)
        _shared(True)


def font_at(size_px: int, bold: bool = False) -> pygame.font.Font:
    """A Font at `size_px` to use at once (render, size): keep no reference, it may be the shared one.

    A size opened before is returned as is (its glyphs stay cached). A new size, while loading is
    deferred, is drawn with the weight's one shared Font resized to it (the same glyphs and metrics
    as a Font opened at that size; ~0.01 ms to resize, but its glyph cache starts empty each time)
    and queued for `load_wanted_font`: no frame pays ~3 ms to open the font file."""
    key = (max(6, size_px), bold)
    face = _loaded.get(key)
    if face is not None:
        return face
    if not _defer:
        face = _loaded[key] = font(*key)
        return face
    _wanted[key] = None
    shared = _shared(bold)
    if shared.point_size != key[0]:
        shared.point_size = key[0]
    return shared


def load_wanted_font() -> bool:
    """Open one size met in a frame but not opened yet (the app calls this between frames); False if none."""
    if not _wanted:
        return False
    key = next(iter(_wanted))
    del _wanted[key]
    _loaded[key] = font(*key)
    return True


def forget_fonts() -> None:
    """Fonts die with pygame.quit(): a new App must not reuse them."""
    font.cache_clear()
    _shared.cache_clear()
    _loaded.clear()
    _wanted.clear()


@cache
def _parser() -> budoux.Parser:
    return budoux.load_default_japanese_parser()


def _is_cjk(ch: str) -> bool:
    code = ord(ch)
    return 0x2E80 <= code <= 0x9FFF or 0xF900 <= code <= 0xFAFF or 0xFF00 <= code <= 0xFFEF or 0x3000 <= code <= 0x303F


def _glue(units: Iterable[str]) -> list[str]:
    """Kinsoku: forbidden line-starters join the unit before, openers the unit after."""
    glued: list[str] = []
    for unit in units:
        if glued and (unit[0] in NO_LINE_START or glued[-1][-1] in NO_LINE_END):
            glued[-1] += unit
        else:
            glued.append(unit)
    return glued


def _split(text: str, split_cjk: bool) -> list[str]:
    """Latin words (each with its trailing spaces); CJK runs whole, or one unit per character."""
    out: list[str] = []
    word = ""
    for ch in text:
        if split_cjk and _is_cjk(ch):
            if word:
                out.append(word)
                word = ""
            out.append(ch)
            continue
        if ch != " " and word.endswith(" "):
            out.append(word)
            word = ""
        word += ch
    if word:
        out.append(word)
    return out


def tokens(text: str) -> list[str]:
    """The smallest units a line may break between: Latin words and single CJK characters (kinsoku glued)."""
    return _glue(_split(text, split_cjk=True))


@lru_cache(maxsize=8192)
def phrases(paragraph: str) -> tuple[str, ...]:
    """The units a line prefers to break between: Latin words and Japanese phrases (kinsoku glued).

    Cached: the same log lines, hints and rules paragraphs are wrapped again at every size change."""
    if not any(_is_cjk(ch) for ch in paragraph):
        return tuple(_glue(_split(paragraph, split_cjk=False)))
    parts: list[str] = []
    for phrase in _parser().parse(paragraph):
        if parts and _inside_word(parts[-1][-1], phrase[0]):
            parts[-1] += phrase  # BudouX may cut a Latin name ("Bo|t1さんが"): a player's name stays whole
        else:
            parts.append(phrase)
    units = [word for part in parts for word in _split(part, split_cjk=False)]
    return tuple(_glue(units))


def _inside_word(before: str, after: str) -> bool:
    """Whether a break between these two characters would cut a Latin word or number."""
    return not (_is_cjk(before) or _is_cjk(after) or before.isspace() or after.isspace())


def _place(unit: str, line: str, lines: list[str], fits: Callable[[str], bool]) -> str:
    """Adds `unit` to the open `line` (closing it first when the unit does not fit); returns the open line."""
    if fits(line + unit):
        return line + unit
    if line.strip():
        lines.append(line.rstrip())
    if fits(unit):
        return unit
    line = ""  # wider than a whole line: break between its characters, kinsoku still applies
    for tok in tokens(unit):
        if line and not fits(line + tok):
            lines.append(line.rstrip())
            line = ""
        line += tok
    return line


def wrap(text: str, f: pygame.font.Font, width: int) -> list[str]:
    """`text` broken into lines at most `width` window px wide (a single glyph wider than that overflows)."""
    def fits(candidate: str) -> bool:
        return f.size(candidate.rstrip())[0] <= width

    lines: list[str] = []
    for paragraph in text.split("\n"):
        if fits(paragraph):  # most log lines and labels: one measurement, no phrase parsing
            lines.append(paragraph.rstrip())
            continue
        line = ""
        for unit in phrases(paragraph):
            line = _place(unit, line, lines, fits)
        lines.append(line.rstrip())
    return lines
