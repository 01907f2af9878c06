"""KAKAPO's reveal row tags ("decides", "winning") grow with the text size and stay clear of the zone's
label ("Last round", "Reveals this round"): at 150 % the tag used to be measured at 100 % and squeezed
into a 17 px pill under the label."""

from __future__ import annotations

import random

import pygame
import pytest

from tabletop import i18n
from tabletop.engine.records import Seat
from tabletop.session import Session
from tabletop.ui import style
from tabletop.ui.painter import Painter
from tabletop.ui.scenes.table import TableScene


def _tagged_table(app, monkeypatch) -> TableScene:
    """A spectated KAKAPO table showing the last round's reveals with its decision card tagged."""
    session = Session.new("kakapo", 3, [Seat(f"AI {i}", "random") for i in range(3)], {}, 5)
    rng = random.Random(2)
    while True:
        view = session.state.view(None)
        if view.history and not view.revealed and view.phase not in ("skill", "over"):
            break
        seat = session.state.to_act()[0]
        session.apply(seat, rng.choice(session.state.legal_actions(seat)))
    table = TableScene(app, session)
    monkeypatch.setattr(table, "_think", lambda: None)  # the table stays at this moment
    app.stack.push(table)
    return table


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("scale", [1.0, 1.25, 1.5])
def test_the_decision_tag_fits_its_pill_and_clears_the_label(app, monkeypatch, language, scale) -> None:
    i18n.set_language(language)
    app.settings.ui_scale = app.painter.text_scale = scale
    _tagged_table(app, monkeypatch)
    for _ in range(90):  # the deal and any motion settle
        app.step(1 / 60)
    texts: dict[str, pygame.FRect] = {}
    pills: list[pygame.FRect] = []
    text, rect = Painter.text, Painter.rect

    def spy_text(self, s, *args, **kwargs):
        texts[s] = text(self, s, *args, **kwargs)
        return texts[s]

    def spy_rect(self, r, color, radius=0, width=0):
        if tuple(color) == tuple(style.ACCENT) and not width:
            pills.append(pygame.FRect(r))
        return rect(self, r, color, radius, width)

    monkeypatch.setattr(Painter, "text", spy_text)
    monkeypatch.setattr(Painter, "rect", spy_rect)
    app.draw()
    tag, label = texts.get(i18n.t("kakapo.decides")), texts.get(i18n.t("kakapo.last_round"))
    assert tag is not None and label is not None, "the state shows no tagged decision card"
    pill = next((r for r in pills if r.colliderect(tag)), None)
    assert pill is not None, tag
    # The pill holds its text: all of its width, and its height but the font's spare line space.
    assert pill.left <= tag.left and tag.right <= pill.right and pill.h >= 0.85 * tag.h, (pill, tag)
    assert not pill.colliderect(label), (pill, label)


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("scale", [1.0, 1.25, 1.5])
def test_the_lead_colour_stays_inside_a_zone(app, monkeypatch, language, scale) -> None:
    """The lead colour sits under the pile's colour while it fits in the info zone; larger text puts it at the
    right of the reveal row's heading instead of across the two zones' edges."""
    from tabletop.ui.games.kakapo.layout import INFO, TRICK

    i18n.set_language(language)
    app.settings.ui_scale = app.painter.text_scale = scale
    session = Session.new("kakapo", 3, [Seat(f"AI {i}", "random") for i in range(3)], {}, 5)
    rng = random.Random(2)
    while not session.state.view(None).revealed:  # the first reveal sets the lead colour
        seat = session.state.to_act()[0]
        session.apply(seat, rng.choice(session.state.legal_actions(seat)))
    table = TableScene(app, session)
    monkeypatch.setattr(table, "_think", lambda: None)
    app.stack.push(table)
    for _ in range(90):
        app.step(1 / 60)
    texts: dict[str, pygame.FRect] = {}
    text = Painter.text

    def spy_text(self, s, *args, **kwargs):
        texts[s] = text(self, s, *args, **kwargs)
        return texts[s]

    monkeypatch.setattr(Painter, "text", spy_text)
    app.draw()
    prefix = i18n.t("kakapo.lead_colour", colour="")
    lead = next(r for s, r in texts.items() if s.startswith(prefix) and s != prefix)
    assert INFO.contains(lead) or TRICK.contains(lead), lead
