"""Issue 38, finding 11: a Haunted House seat row says whose hunters it plays and how many carry a jewel on
one line, in every seating and both languages: at 100 % in full size, larger text at the readable minimum
at least, never wrapped so that its last word runs out of the row."""

from __future__ import annotations

import itertools

import pytest

from tabletop import i18n
from tabletop.engine.records import Seat
from tabletop.games.haunted_house.view import HauntedHouseView
from tabletop.session import Session
from tabletop.ui import style
from tabletop.ui.scenes.table import SIDE, TableScene

ROOM = SIDE.w - 16 - 46  # the seat row's text width (TableScene._paint_seat)


@pytest.mark.parametrize("scale", [1.0, 1.25, 1.5])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_seat_line_fits_its_row_on_one_line(app, monkeypatch, lang, scale):
    i18n.set_language(lang)
    app.painter.text_scale = scale
    size = style.TINY if scale == 1.0 else app.painter.min_text
    for players in (1, 2, 3, 4):
        session = Session.new("haunted_house", players, [Seat(f"P{i}", "human") for i in range(players)], {}, 3)
        table = TableScene(app, session)
        ctx = table.context()
        hunters = range(len(ctx.view.owners))
        for carried in itertools.chain.from_iterable(itertools.combinations(hunters, n) for n in range(3)):
            monkeypatch.setattr(HauntedHouseView, "carrying", lambda self, ch, c=carried: ch in c)
            for seat in range(players):
                line = table.board.seat_info(ctx, seat)
                width = app.painter.measure(line, size)
                assert width <= ROOM, f"{players} players, seat {seat}, {len(carried)} carrying: {line!r} {width:.0f}"
