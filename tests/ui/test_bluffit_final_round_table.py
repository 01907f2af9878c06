"""BLUFFIT's final round does not look like a reset (issue 38, finding 7): the participants' score piles became
their hands (rules §5), so the mats and the side column say so and count each hand, and none of them reads
"Pile 0 cards · 0 points" while the pile's cards sit in the hand strip."""

from __future__ import annotations

import random

import pytest

from tabletop import i18n
from tabletop.engine.records import Seat
from tabletop.games.bluffit.state import FINAL_ROUND
from tabletop.i18n import plural, t
from tabletop.session import Session
from tabletop.ui.scenes.table import TableScene
from tabletop.ui.scenes.title import TitleScene
from tests.ui.conftest import drawn_strings


def _final_round_session(players: int, seed: int) -> Session:
    """Seats (the first a person) at the final round's bids, played at random to there."""
    seats = [Seat(f"P{i}", "human" if i == 0 else "easy") for i in range(players)]
    session = Session.new("bluffit", players, seats, {}, seed)
    rng = random.Random(seed)
    while session.state.round < FINAL_ROUND:
        seat = session.state.to_act()[0]
        session.apply(seat, rng.choice(session.state.legal_actions(seat)))
    assert not session.state.is_over() and 0 in session.state.view(None).participants
    return session


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("players, seed", [(3, 1), (6, 40)])  # 6 players, seed 40: a seat sits it out
def test_the_final_round_says_the_piles_became_hands(app, language, players, seed) -> None:
    i18n.set_language(language)
    session = _final_round_session(players, seed)
    app.stack.push(TitleScene(app))
    table = TableScene(app, session)
    app.stack.push(table)
    drawn = drawn_strings(app, lambda _painter: app.draw())
    view = session.state.view(None)
    playing = list(view.participants)
    sitting = [s for s in range(players) if s not in playing]
    assert sitting or players == 3
    squeezed = "".join(drawn).replace(" ", "")  # the note is wrapped beside the scoring cards
    assert t("bluffit.final_note").replace(" ", "") in squeezed  # the table says what happened to the piles
    for seat in playing:
        count = plural("app.count.card", view.hand_sizes[seat])
        hand = t("bluffit.final_hand", count=count)
        assert hand in drawn or t("bluffit.final_hand_count", count=count) in drawn, (seat, drawn)
        assert table.board.seat_info(table.context(), seat) == hand  # the side column counts the hand
    empty_pile = t("bluffit.pile", count=plural("app.count.card", 0), points=plural("app.count.point", 0))
    # No participant's mat reads as a reset; only a seat sitting out with an empty pile has one.
    assert drawn.count(empty_pile) == sum(1 for s in sitting if not view.piles[s]), drawn
    for seat in sitting:  # a seat sitting out keeps its pile and says that it sits out
        info = table.board.seat_info(table.context(), seat)
        assert info.startswith(t("bluffit.sits_out"))


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("scale", [1.0, 1.5])
@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_final_rounds_words_fit(app, language, scale, size) -> None:
    """The state sweep's samples never reach round 11: its words are checked here, six seats with long names."""
    from tests.ui.test_state_sweep import LONG_NAMES, _sized
    from tests.ui.test_text_fit import Collector

    _sized(app, language, scale, size)
    session = _final_round_session(6, 40)
    for seat, name in zip(session.record.seats, LONG_NAMES, strict=True):
        seat.name = name
    app.stack.push(TitleScene(app))
    table = TableScene(app, session)
    app.stack.push(table)
    collect = Collector(app)
    collect.draw(table, f"{language} {scale} {size} final round")
    collect.assert_clean()
