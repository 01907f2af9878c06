"""Colour is never the only cue (docs/STYLE.md, Palette): every pair of colours a player must tell apart
stays CIEDE2000 >= 10 apart under simulated protanopia, deuteranopia and tritanopia, or its group
carries a second cue (`tabletop.ui.palette_pairs`); every cue named there is drawn.

The simulation is colorspacious's "sRGB1+CVD" (Machado et al. 2009) at severity 100; CIEDE2000 is
checked against the test pairs of Sharma, Wu and Dalal (2005)."""

from __future__ import annotations

import re
from itertools import combinations
from pathlib import Path

import pygame
import pytest

from tabletop.i18n import set_language, t
from tabletop.ui import palette_pairs, style
from tabletop.ui.palette_pairs import CUES, GROUPS, MIN_DELTA_E
from tests.ui.colour_difference import VISIONS, ciede2000, difference

ROOT = Path(__file__).resolve().parents[2]

# Sharma, Wu and Dalal (2005), Table 1: L1 a1 b1, L2 a2 b2, ΔE00.
SHARMA = [
    ((50.0000, 2.6772, -79.7751), (50.0000, 0.0000, -82.7485), 2.0425),
    ((50.0000, 3.1571, -77.2803), (50.0000, 0.0000, -82.7485), 2.8615),
    ((50.0000, 2.8361, -74.0200), (50.0000, 0.0000, -82.7485), 3.4412),
    ((50.0000, -1.3802, -84.2814), (50.0000, 0.0000, -82.7485), 1.0000),
    ((50.0000, -1.1848, -84.8006), (50.0000, 0.0000, -82.7485), 1.0000),
    ((50.0000, -0.9009, -85.5211), (50.0000, 0.0000, -82.7485), 1.0000),
    ((50.0000, 0.0000, 0.0000), (50.0000, -1.0000, 2.0000), 2.3669),
    ((50.0000, -1.0000, 2.0000), (50.0000, 0.0000, 0.0000), 2.3669),
    ((50.0000, 2.4900, -0.0010), (50.0000, -2.4900, 0.0009), 7.1792),
    ((50.0000, 2.4900, -0.0010), (50.0000, -2.4900, 0.0010), 7.1792),
    ((50.0000, 2.4900, -0.0010), (50.0000, -2.4900, 0.0011), 7.2195),
    ((50.0000, 2.4900, -0.0010), (50.0000, -2.4900, 0.0012), 7.2195),
    ((50.0000, -0.0010, 2.4900), (50.0000, 0.0009, -2.4900), 4.8045),
    ((50.0000, -0.0010, 2.4900), (50.0000, 0.0010, -2.4900), 4.8045),
    ((50.0000, -0.0010, 2.4900), (50.0000, 0.0011, -2.4900), 4.7461),
    ((50.0000, 2.5000, 0.0000), (50.0000, 0.0000, -2.5000), 4.3065),
    ((50.0000, 2.5000, 0.0000), (73.0000, 25.0000, -18.0000), 27.1492),
    ((50.0000, 2.5000, 0.0000), (61.0000, -5.0000, 29.0000), 22.8977),
    ((50.0000, 2.5000, 0.0000), (56.0000, -27.0000, -3.0000), 31.9030),
    ((50.0000, 2.5000, 0.0000), (58.0000, 24.0000, 15.0000), 19.4535),
    ((50.0000, 2.5000, 0.0000), (50.0000, 3.1736, 0.5854), 1.0000),
    ((50.0000, 2.5000, 0.0000), (50.0000, 3.2972, 0.0000), 1.0000),
    ((50.0000, 2.5000, 0.0000), (50.0000, 1.8634, 0.5757), 1.0000),
    ((50.0000, 2.5000, 0.0000), (50.0000, 3.2592, 0.3350), 1.0000),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ((63.0109, -31.0961, -5.8663), (62.8187, -29.7946, -4.0864), 1.2630),
    ((61.2901, 3.7196, -5.3901), (61.4292, 2.2480, -4.9620), 1.8731),
    ((35.0831, -44.1164, 3.7933), (35.0232, -40.0716, 1.5901), 1.8645),
    ((22.7233, 20.0904, -46.6940), (23.0331, 14.9730, -42.5619), 2.0373),
    ((36.4612, 47.8580, 18.3852), (36.2715, 50.5065, 21.2231), 1.4146),
    ((90.8027, -2.0831, 1.4410), (91.1528, -1.6435, 0.0447), 1.4441),
    ((90.9257, -0.5406, -0.9208), (88.6381, -0.8985, -0.7239), 1.5381),
    ((6.7747, -0.2908, -2.4247), (5.8714, -0.0985, -2.2286), 0.6377),
    ((2.0776, 0.0795, -1.1350), (0.9033, -0.0636, -0.5514), 0.9082),
]


def short_pairs(groups=GROUPS) -> list[tuple[str, str, str, str, float]]:
    """(group, colour, colour, vision, ΔE00) for every pair closer than MIN_DELTA_E under a simulation."""
    found = []
    for group in groups:
        for (n1, c1), (n2, c2) in combinations(group.colours.items(), 2):
            for vision in VISIONS:
                if (d := difference(c1, c2, vision)) < MIN_DELTA_E:
                    found.append((group.name, n1, n2, vision, d))
    return found


# ----- the measure ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("lab1", "lab2", "expected"), SHARMA)
def test_ciede2000_matches_the_sharma_test_data(lab1, lab2, expected):
    assert ciede2000(lab1, lab2) == pytest.approx(expected, abs=5e-5)
    assert ciede2000(lab2, lab1) == pytest.approx(expected, abs=5e-5)


def test_the_simulation_merges_what_it_should():
    # Textbook confusions: red and green under deuteranopia, blue and green under tritanopia; normal vision
    # keeps each pair far apart.
    assert difference((200, 60, 50), (90, 140, 40), "deuteranopia") < difference((200, 60, 50), (90, 140, 40), None)
    assert difference((90, 150, 220), (96, 180, 110), "tritanopia") < 10 < difference((90, 150, 220), (96, 180, 110),
                                                                                         None)


# ----- the palette ---------------------------------------------------------------------------------
def test_pairs_too_close_under_a_simulation_carry_a_second_cue():
    bare = [p for p in short_pairs() if not next(g for g in GROUPS if g.name == p[0]).cue]
    assert not bare, "colour alone, too close:\n" + "\n".join(f"{g}: {a} / {b} under {v}: ΔE00 {d:.1f}"
                                                             for g, a, b, v, d in bare)


def test_a_group_without_its_cue_is_caught():
    doors = next(g for g in GROUPS if g.name == "haunted house doors")
    bare = palette_pairs.Group(doors.name, doors.colours)  # the same colours, no pattern
    assert [(a, b, v) for _g, a, b, v, _d in short_pairs([bare])] == [("blue", "green", "tritanopia")]


def test_every_group_names_a_known_cue_and_every_cue_has_its_drawing_test():
    assert {g.cue for g in GROUPS if g.cue} <= set(CUES)
    assert set(CUES) == set(DRAWN), "a cue without a test that it is drawn"


def test_style_guide_lists_the_pairs_that_lean_on_their_cue():
    text = (ROOT / "docs" / "STYLE.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"^\| ([^|]+?) \| (\S+) / (\S+) \| (\w+) \| [\d.]+ \|", text, re.M))
    computed = {(g, a, b, v) for g, a, b, v, _d in short_pairs()}
    assert listed == computed


# ----- the cues are drawn --------------------------------------------------------------------------
def _mask(surf: pygame.Surface, rect: pygame.Rect, background: style.Color, far: int = 60) -> set[tuple[int, int]]:
    """Pixels of `rect` that stand out from `background` (any channel more than `far` away)."""
    return {(x, y) for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)
            if max(abs(a - b) for a, b in zip(surf.get_at((x, y))[:3], background)) > far}


def _differ(a: set, b: set) -> float:
    """How much two pixel masks differ in shape: 0 (same) .. 1 (nothing in common)."""
    return len(a ^ b) / max(1, len(a | b))


def seat_glyph(app):
    p = app.painter
    for seat in range(6):
        p.surface.fill(style.PANEL_DARK)
        p.seat_disc((40, 40), 14, seat)
        centre = pygame.Rect(0, 0, p.vp.px(14), p.vp.px(14))
        centre.center = p.vp.point(40, 40)
        assert _mask(p.surface, centre, style.SEAT_COLORS[seat]), f"seat {seat}: a disc without its glyph"
    # Every other place that paints a seat colour pairs it with the glyph within a few lines, or is a
    # hunter (which carries its number) or the shared disc above.
    lone = []
    for path in sorted((ROOT / "tabletop" / "ui").rglob("*.py")):
        lines = path.read_text(encoding="utf-8").splitlines()
        for i, line in enumerate(lines):
            if "SEAT_COLORS[" in line and "HUNTER_COLORS" not in line \
                    and not any("SEAT_GLYPHS[" in near for near in lines[max(0, i - 3):i + 4]):
                lone.append(f"{path.relative_to(ROOT)}:{i + 1}")
    assert not lone, "a seat colour without its glyph: " + ", ".join(lone)


def hunter_number(app):
    from tabletop.ui.games.haunted_house import art

    for ch in range(4):
        pawn = art.hunter(40, ch)
        centre = pygame.Rect(0, 0, 14, 18)
        centre.center = pawn.get_rect().center
        ink = [xy for xy in _mask(pawn, centre, art.HUNTER_COLORS[ch], far=90)
               if sum(pawn.get_at(xy)[:3]) < 3 * 90]
        assert len(ink) > 20, f"hunter {ch + 1} has no number"


def door_pattern(app):
    from tabletop.session import Session
    from tabletop.ui.games.haunted_house import art
    from tabletop.ui.scenes.table import TableScene

    # The patterns differ in shape (not only in colour), on the doors and on the padlocks.
    blue, green = art.door_mark(48, 16, "blue"), art.door_mark(48, 16, "green")
    shape = {c: {(x, y) for x in range(48) for y in range(16) if s.get_at((x, y)).a > 100}
             for c, s in (("blue", blue), ("green", green))}
    assert shape["blue"] and shape["green"] and _differ(shape["blue"], shape["green"]) > 0.5
    locks = {c: _mask(art.padlock(44, c), pygame.Rect(13, 21, 18, 10), art.DOOR_COLORS[c]) for c in art.DOOR_MARKS}
    assert _differ(locks["blue"], locks["green"]) > 0.4
    # The lock card's words name the pattern, in both languages.
    words = {"en": {"blue": "Striped", "green": "Dotted"}, "ja": {"blue": "しま模様", "green": "水玉模様"}}
    for language, names in words.items():
        set_language(language)
        for colour, name in names.items():
            assert name in t(f"haunted_house.card.lock_{colour}")
    set_language("en")
    # The board lays the pattern over every coloured door.
    from tabletop.engine.records import Seat

    session = Session.new("haunted_house", 2, [Seat("A", "human"), Seat("B", "easy")], {"advanced": True}, seed=5)
    table = TableScene(app, session)
    app.stack.push(table)
    app.draw()
    with_marks = app.painter.surface.copy()
    real = art.door_mark
    art.door_mark = lambda w, h, colour: pygame.Surface((w, h), pygame.SRCALPHA)
    try:
        app.draw()
    finally:
        art.door_mark = real
    plain = app.painter.surface
    doors = [(c, d) for c in art.DOOR_MARKS for d in table.board.geo.locked_doors(c)]
    assert len(doors) >= 4
    for colour, door in doors:
        rect = pygame.Rect(app.viewport.point(*door.topleft), (app.viewport.px(door.w), app.viewport.px(door.h)))
        changed = sum(with_marks.get_at(xy) != plain.get_at(xy)
                      for xy in ((x, y) for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)))
        assert changed > rect.w * rect.h * 0.05, f"a {colour} door at {door} shows no pattern"
    app.stack.pop()


def kakapo_glyph(app):
    from tabletop.games.kakapo import pieces
    from tabletop.ui.games.kakapo import art

    assert len(set(art.GLYPHS)) == len(art.GLYPHS) == len(pieces.COLOURS)
    for colour in range(len(pieces.COLOURS)):
        k = colour * 8  # the first card of each colour
        with_glyph, bare = art.piece_surface(k, 0, 32), art.piece_surface(k, 0, 32, glyphs=False)
        r, c = pieces.ORIENTATIONS[k][0].cells[0]
        cell = pygame.Rect(c * 32 + 8, r * 32 + 8, 16, 16)
        changed = sum(with_glyph.get_at(xy) != bare.get_at(xy)
                      for xy in ((x, y) for x in range(cell.left, cell.right) for y in range(cell.top, cell.bottom)))
        assert changed > 12, f"a {pieces.COLOURS[colour]} piece cell without its glyph"
    # A coloured bird edge carries its glyph in a disc at its midpoint (cell 48: the disc of radius 9 sits
    # at (24, 11) on a north edge); without the glyph the disc's middle is its flat colour.
    for i, letter in enumerate(pieces.COLOURS):
        surf = pygame.Surface((48, 48))
        art._draw_bird(surf, {"cells": [(0, 0)], "edges": [(0, 0, "N", letter)]}, 48)
        middle = {(x, y) for x in range(19, 30) for y in range(6, 17) if (x - 24) ** 2 + (y - 11) ** 2 <= 25}
        glyph = [xy for xy in middle if max(abs(a - b) for a, b in zip(surf.get_at(xy)[:3], art.RGB[i])) > 60]
        assert len(glyph) > 6, f"a {letter} bird edge without its glyph"


def red_mark(app):
    from tabletop.games.sumidagawa.cards import BLACK, RED, code
    from tabletop.ui.games.sumidagawa import art

    for w, h in ((84, 120), (56, 80), (38, 54)):
        where = art.mark_rect(w, h).clip(pygame.Rect(0, 0, w, h).inflate(-4, -4))  # inside the card's edge
        black, red = art.bon(code(BLACK, 7), w, h), art.bon(code(RED, 7), w, h)
        marks = _mask(black, where, style.CARD_FACE), _mask(red, where, style.CARD_FACE)
        assert marks[1] and _differ(*marks) > 0.5, f"Bon {w}x{h}: the red mark is not its own shape"
    for w, h in ((84, 120), (56, 80), (24, 34)):
        where = art.mark_rect(w, h)
        black = _mask(art.rin(BLACK, w, h), where, art.RIN_FACE[BLACK], far=90)
        red = _mask(art.rin(RED, w, h), where, art.RIN_FACE[RED], far=90)
        assert len(red) > 2 * len(black) + 4, f"Rin {w}x{h}: a red Rin without its star"
    # A combination's red pips carry a paper dot, black ones none.
    centre = pygame.Rect(3, 5, 3, 3)
    red_pip, black_pip = art.pips(24, 20, 1.0, 1, RED, False), art.pips(24, 20, 1.0, 1, BLACK, False)
    assert _mask(red_pip, centre, art.BENI) and not _mask(black_pip, centre, art.SUMI)


DRAWN = {"seat_glyph": seat_glyph, "hunter_number": hunter_number, "door_pattern": door_pattern,
         "kakapo_glyph": kakapo_glyph, "red_mark": red_mark}


@pytest.mark.parametrize("cue", sorted(CUES))
def test_each_cue_is_drawn(app, cue):
    DRAWN[cue](app)
