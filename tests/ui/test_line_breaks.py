"""Japanese lines break between phrases (BudouX), under the kinsoku rules, and stay fast.

Sentences come from the catalogs; each is wrapped at many widths with the real bundled font.
Every break must fall on a phrase boundary found by BudouX (checked with our own call to the
parser, not the wrapper's), no line may start with closing punctuation or small kana or end
with an opening bracket, and no line may be wider than the width unless one character is."""

from __future__ import annotations

import os
import time

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import budoux  # noqa: E402
import pygame  # noqa: E402

from tabletop import i18n  # noqa: E402
from tabletop.ui import text  # noqa: E402

SENTENCE_KEYS = ["app.pass_hint", "ghost_bumpers.choice.none", "ghost_bumpers.fear.explain",
                 "ghost_bumpers.fear.paranoia", "sumidagawa.legend_used", "sumidagawa.legend_down",
                 "sumidagawa.why_revive", "setup_help.hint"]
WIDTHS = range(90, 520, 7)


@pytest.fixture(scope="module")
def face():
    pygame.init()
    text.font.cache_clear()
    yield text.font(18)
    text.font.cache_clear()


@pytest.fixture(scope="module")
def sentences():
    i18n.set_language("ja")
    found = []
    for key in SENTENCE_KEYS:
        if i18n.has(key):
            found.append(i18n.t(key, name="アキ", safe="3回", points="3点"))
    i18n.set_language("en")
    assert len(found) >= 6
    return found


def _phrase_ends(sentence: str) -> set[int]:
    """Offsets where BudouX ends a phrase (and after each space)."""
    ends, at = set(), 0
    for phrase in budoux.load_default_japanese_parser().parse(sentence):
        at += len(phrase)
        ends.add(at)
    ends.update(i + 1 for i, ch in enumerate(sentence) if ch == " ")
    return ends


def _breaks(lines: list[str], sentence: str) -> list[int]:
    """Offsets in `sentence` where each line but the last ends (spaces dropped at breaks are skipped)."""
    out, at = [], 0
    for line in lines[:-1]:
        at = sentence.index(line, at) + len(line)
        while at < len(sentence) and sentence[at] == " ":
            at += 1
        out.append(at)
    return out


def _char_wrap(sentence: str, face: pygame.font.Font, width: int) -> list[str]:
    """The old breaker: between any two characters, kinsoku only."""
    lines, line = [], ""
    for tok in text.tokens(sentence):
        if line and face.size(line + tok)[0] > width:
            lines.append(line)
            line = ""
        line += tok
    return [*lines, line]


def test_breaks_fall_between_phrases(face, sentences):
    for sentence in sentences:
        ends = _phrase_ends(sentence)
        longest = max(face.size(p)[0] for p in text.phrases(sentence))
        for width in WIDTHS:
            if width < longest:
                continue  # a phrase wider than the line must break inside: tested below
            lines = text.wrap(sentence, face, width)
            assert "".join(lines).replace(" ", "") == sentence.replace(" ", "")
            bad = [b for b in _breaks(lines, sentence) if b not in ends]
            assert not bad, f"{sentence!r} at {width}px broke inside a phrase: {lines}"


def test_old_breaker_left_lone_tails_phrases_do_not(face, sentences):
    """Breaking between any two characters left 「す。」 alone on a line and split words; phrases never do."""
    old_splits = new_splits = 0
    old_tails: set[str] = set()
    new_tails: set[str] = set()
    for sentence in sentences:
        ends = _phrase_ends(sentence)
        longest = max(face.size(p)[0] for p in text.phrases(sentence))
        for width in WIDTHS:
            if width < longest:
                continue
            old, new = _char_wrap(sentence, face, width), text.wrap(sentence, face, width)
            old_splits += sum(b not in ends for b in _breaks(old, sentence))
            new_splits += sum(b not in ends for b in _breaks(new, sentence))
            old_tails.update(line for line in old[1:] if line in ("す。", "す！", "い。"))
            new_tails.update(line for line in new[1:] if line in ("す。", "す！", "い。"))
    assert old_splits > 10 and "す。" in old_tails  # these sentences and widths do provoke it
    assert new_splits == 0 and not new_tails


def test_kinsoku_still_holds(face, sentences):
    for sentence in sentences:
        for width in range(40, 520, 5):
            for line in text.wrap(sentence, face, width):
                assert not line or line[0] not in text.NO_LINE_START, (sentence, width, line)
                assert not line or line[-1] not in text.NO_LINE_END, (sentence, width, line)


def test_a_phrase_wider_than_the_line_breaks_inside(face):
    long_phrase = "あがりどりタイルを取りました。"
    assert len(text.phrases("あがりどりタイル")) == 1
    for width in (40, 60, 90):
        lines = text.wrap(long_phrase, face, width)
        assert len(lines) > 1 and "".join(lines) == long_phrase
        for line in lines:
            assert face.size(line)[0] <= width or len(line.rstrip("。、」")) <= 1
            assert line[0] not in text.NO_LINE_START


def test_a_latin_name_in_japanese_is_never_cut(face):
    """BudouX cuts "Bot1" as "Bo|t1さんが"; the wrapper keeps a player's name (or any Latin word) whole."""
    i18n.set_language("ja")
    try:
        for name in ("Bot1", "Alice", "Player12", "Dan"):
            sentence = i18n.t("ghost_bumpers.log.round_start", round=6, start_seat=name)
            for width in range(120, 420, 10):
                lines = text.wrap(sentence, face, width)
                assert "".join(lines) == sentence
                assert any(name in line for line in lines), (name, width, lines)
    finally:
        i18n.set_language("en")


def test_latin_still_breaks_at_spaces(face):
    sentence = "Cards and pieces glide into place (a click skips)."
    for width in (80, 150, 260):
        lines = text.wrap(sentence, face, width)
        assert " ".join(lines) == sentence
        assert all(face.size(line)[0] <= width for line in lines)


def test_segmentation_is_cached_and_the_longest_rules_page_wraps_fast(face):
    """The longest Japanese rules page: phrases are segmented once, a second wrap reuses them."""
    from tabletop.engine import registry
    from tabletop.ui.scenes.rules import page_text, parse_markup

    i18n.set_language("ja")
    try:
        pages = [page_text(g.id, "full") for g in registry.available_games()]
    finally:
        i18n.set_language("en")
    page = max(pages, key=len)
    paragraphs = [body for kind, body in parse_markup(page) if kind not in ("gap", "cards")]
    text.phrases.cache_clear()
    started = time.process_time()
    for body in paragraphs:
        text.wrap(body, face, 840)
    first = time.process_time() - started
    misses = text.phrases.cache_info().misses
    started = time.process_time()
    for body in paragraphs:
        text.wrap(body, face, 840)
    again = time.process_time() - started
    assert text.phrases.cache_info().misses == misses  # nothing segmented twice
    assert first < 1.0 and again < 0.5, (first, again)  # CPU seconds; measured ~0.04 and ~0.03
