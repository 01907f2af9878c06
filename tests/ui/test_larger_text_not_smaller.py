"""Issue 38, finding 3: at 150 % no text is drawn smaller than the same text at 100 %. Haunted House in
Japanese at 1280x720: the roll instruction in the turn panel, the die's label, the draw pile's count and
the give-up confirmation, each drawn in the same state at 100 % and at 150 %."""

from __future__ import annotations

from tabletop.engine.records import Seat
from tabletop.games.haunted_house.actions import ROLL
from tabletop.i18n import t
from tabletop.session import Session
from tabletop.ui.scenes.table import TableScene
from tests.ui.test_text_fit import _configure


def _sizes(app, table: TableScene) -> dict[str, int]:
    """Each text the table draws and the smallest window px size it is drawn at."""
    painter = app.painter
    sizes: dict[str, int] = {}
    render = painter._render

    def recording(text, size, color, bold):
        sizes[text] = min(painter.vp.px(size), sizes.get(text, 10**6))
        return render(text, size, color, bold)

    painter._render = recording
    try:
        table.draw(painter)
    finally:
        del painter._render
    return sizes


def _smallest(sizes: dict[str, int], text: str, others: list[str]) -> int:
    """The smallest size `text`, or the lines it was wrapped into, is drawn at (`others`: texts drawn on
    their own that a line of it may contain; short labels such as 「サイコロ」 are not lines of it)."""
    parts = [size for drawn, size in sizes.items()
             if drawn == text or (drawn in text and drawn not in others and len(drawn) >= 6)]
    assert parts, f"{text!r} not drawn"
    return min(parts)


def test_haunted_house_instructions_at_150_percent_are_not_smaller_than_at_100(app):
    session = Session.new("haunted_house", 1, [Seat("Akiko", "human")], {}, 3)
    assert ROLL in session.state.legal_actions(session.state.to_act()[0])  # the roll is pending
    drawn = {}
    for scale in (1.0, 1.5):
        _configure(app, "ja", scale)
        texts = [t("haunted_house.hint.roll"), t("haunted_house.action.roll"),
                 t("haunted_house.ui.draw_pile", count=len(session.state.view(0).draw_pile)),
                 t("haunted_house.ui.give_up_confirm")]
        table = TableScene(app, session)
        app.stack.push(table)
        table.board.update(1.0)
        sizes = _sizes(app, table)
        table.board.give_up_armed = 3.0  # the give-up confirmation is open
        sizes.update({text: size for text, size in _sizes(app, table).items() if text not in sizes})
        app.stack.pop()
        drawn[scale] = {text: _smallest(sizes, text, texts) for text in texts}
    assert texts[2].startswith("山札：")  # 「山札：13枚」: the finding's 「山札：10枚」 a few turns on
    smaller = {text: (drawn[1.5][text], drawn[1.0][text]) for text in texts if drawn[1.5][text] < drawn[1.0][text]}
    print(drawn)
    assert not smaller, f"drawn smaller at 150 % than at 100 % (px at 150 %, px at 100 %): {smaller}"
