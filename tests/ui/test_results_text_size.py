"""The results screen at text size 125/150 %: nothing on it is drawn smaller than at 100 % (the painter's
"shrunk" report, see test_text_fit), and what the larger text leaves no room for is scrolled to, not left
out: the score table's rows (the wheel over the table, Page Up/Down) and the Review tab's cards, which grow
with the text."""

from __future__ import annotations

import random

import pygame

from tabletop.ai.review import Review
from tabletop.engine.records import Seat
from tabletop.i18n import t
from tabletop.session import Session
from tabletop.ui import style
from tabletop.ui.results import review_tab
from tabletop.ui.results.review_words import ReviewRow
from tabletop.ui.scenes.results import ResultsScene
from tests.ui.conftest import drawn_strings, post_key
from tests.ui.test_state_sweep import LONG_NAMES, _sized
from tests.ui.test_text_fit import reported


def _finished(game_id: str, players: int, seed: int) -> Session:
    session = Session.new(game_id, players, [Seat(LONG_NAMES[i], "human" if i == 0 else "easy")
                                             for i in range(players)], {}, seed)
    rng = random.Random(seed)
    while not session.state.is_over():
        seat = session.state.to_act()[0]
        session.apply(seat, rng.choice(session.state.legal_actions(seat)))
    return session


def _drawn(app, scene) -> tuple[list[str], list]:
    """The strings one frame of `scene` draws, and the painter's report on it."""
    problems = reported(app, scene)
    return drawn_strings(app, scene.draw), problems


def test_every_round_of_a_long_table_is_scrolled_to_at_150_percent(app):
    """BLUFFIT's ten rounds with six long names at 150 % Japanese: not all rows fit; each is drawn whole at
    its size on some scroll position, the latest first."""
    _sized(app, "ja", 1.5, (1280, 720))
    session = _finished("bluffit", 6, 3)
    scene = ResultsScene(app, session)
    app.stack.push(scene)
    labels = {row[0] for row in scene.story.table.rows}
    drawn, problems = _drawn(app, scene)
    assert problems == []
    assert t("results.bluffit.final_round") in drawn
    assert not labels <= set(drawn)  # the earliest rounds gave way to the latest
    seen = set(drawn)
    for _ in range(len(labels)):
        post_key(pygame.K_PAGEUP)
        app.step(1 / 60)
        drawn, problems = _drawn(app, scene)
        assert problems == []
        seen |= set(drawn)
    assert labels <= seen
    assert t("results.round_n", round=1) in drawn  # scrolled to the top


def _review_scene(app) -> ResultsScene:
    """The Review tab with three marked moves (worded as a review words them) for a seat with a long name."""
    session = _finished("bloody_summer", 3, 3)
    rows = [ReviewRow(10 + i, 0, t("results.review_move", n=37 + i), f"Play the 7 to {LONG_NAMES[1]}", "62 %",
                      f"Play the 3 to {LONG_NAMES[2]}", "71 %", f"−{23 - i} points", "The 3 is safe.")
            for i in range(3)]

    class Reviewed(ResultsScene):
        def shown_review(self) -> Review:
            return Review("bloody_summer", 0, False, ())

        @property
        def review_rows(self) -> list[ReviewRow]:
            return rows

    scene = Reviewed(app, session, tab="review")
    scene.review_seat = 0
    app.stack.push(scene)
    return scene


def test_review_cards_grow_with_the_text_and_scroll_to_the_last(app):
    _sized(app, "en", 1.5, (1280, 720))
    assert review_tab.card_rect(0, 1.5).h == 1.5 * review_tab.card_rect(0).h
    scene = _review_scene(app)
    drawn, problems = _drawn(app, scene)
    assert problems == []
    assert "Move 37" in drawn and "Move 39" not in drawn  # the third card has no room at 150 %
    post_key(pygame.K_PAGEDOWN)
    app.step(1 / 60)
    drawn, problems = _drawn(app, scene)
    assert problems == []
    assert "Move 39" in drawn and "Move 37" not in drawn
    # The card under the mouse is the one drawn there: the second card now sits where the first was.
    assert scene.review_first == 1
    post_key(pygame.K_PAGEDOWN)  # at the last card already: nothing moves
    app.step(1 / 60)
    assert scene.review_first == 1


def test_review_at_100_percent_shows_every_card(app):
    _sized(app, "ja", 1.0, (1280, 720))
    scene = _review_scene(app)
    drawn, problems = _drawn(app, scene)
    assert problems == []
    assert {"37手目", "38手目", "39手目"} <= set(drawn)


def test_a_wrapped_note_is_compared_with_its_100_percent_self_as_a_whole(app):
    """A note cell wraps at 150 % where it took one line at 100 %; its line that is just a name is not taken for
    that name drawn as a heading (24 px) and reported "shrunk" (`Painter.wrapped` compares the whole text)."""
    painter = app.painter
    note = "Chiharu → Benjamin"
    painter.seen_at_100 = {}
    try:
        painter.report_to([])
        painter.text("Benjamin", (0, 0), style.H2)
        painter.wrapped(note, (0, 100, 600, 100), style.SMALL)
        painter.text_scale = 1.5
        problems: list = []
        painter.report_to(problems)
        painter.text("Benjamin", (0, 0), style.H2)
        width = painter.measure("Chiharu →", style.SMALL * 1.5) + 4
        assert painter.wrap_lines(note, width, style.SMALL)[-1] == "Benjamin"  # a line of its own
        painter.wrapped(note, (0, 100, width, 100), style.SMALL)
        assert problems == []
    finally:
        painter.report_to(None)
        painter.seen_at_100 = None
        painter.text_scale = 1.0
