"""A paragraph that fits its width is kept whole after one measurement (most log lines and labels): the
lines are exactly those of breaking it phrase by phrase, in English and Japanese."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from tabletop.ui import text  # noqa: E402

SAMPLES = ["Dan wins the challenge and takes 10 from Chie", "Round 3 scored. Removed: 7, 7. Ben starts next",
           "Aki puts a strength card face down", "  two  spaces  ", "Line one\nand a second, longer line here",
           "Chieさんが9を取りました", "Akiさんが挑戦に勝ち、Danさんから8を奪いました",
           "秘密の比較：Akiさんは7、Danさんは3", "第2ラウンドの得点処理。除外：4。次はChieさんから"]


class CountingFont:
    def __init__(self, face: pygame.font.Font) -> None:
        self.face, self.calls = face, 0

    def size(self, s: str) -> tuple[int, int]:
        self.calls += 1
        return self.face.size(s)


@pytest.fixture(scope="module")
def face():
    pygame.init()
    return text.font(18)


def _phrase_by_phrase(paragraphs: str, f, width: int) -> list[str]:
    """The breaker without the whole-paragraph shortcut."""
    def fits(candidate: str) -> bool:
        return f.size(candidate.rstrip())[0] <= width

    lines: list[str] = []
    for paragraph in paragraphs.split("\n"):
        line = ""
        for unit in text.phrases(paragraph):
            line = text._place(unit, line, lines, fits)
        lines.append(line.rstrip())
    return lines


@pytest.mark.parametrize("sample", SAMPLES)
def test_the_lines_are_those_of_breaking_phrase_by_phrase(face, sample) -> None:
    for width in range(40, 900, 9):
        assert text.wrap(sample, face, width) == _phrase_by_phrase(sample, face, width), width


def test_a_line_that_fits_is_measured_once(face) -> None:
    counting = CountingFont(face)
    line = SAMPLES[0]
    assert text.wrap(line, counting, face.size(line)[0] + 5) == [line]
    assert counting.calls == 1

