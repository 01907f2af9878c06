"""A phone seat's review of a finished game goes to that seat's phone alone (issue 40 at a phone table).

The desktop's Review tab covers only the people at the screen: a phone seat's review never appears there. The
table hands its phone table to the results screen, which keeps the phones connected (their moves refused: the
game is over), sends each phone seat its own review in its own language (progress first), and closes the server
when the results are left.
"""

from __future__ import annotations

import pytest

from tabletop import i18n
from tabletop.engine.records import Seat, replay
from tabletop.i18n import t
from tabletop.remote.client import SyncPhone
from tabletop.remote.messages import review_field
from tabletop.session import Session
from tabletop.ui.phone_table import PhoneTable
from tabletop.ui.results.review_words import strings
from tabletop.ui.scenes.curtain import CurtainScene
from tabletop.ui.scenes.results import ResultsScene
from tabletop.ui.scenes.table import TableScene
from tests.ai.review_blunders import FIRST_SEEDS, planted_game
from tests.ui.test_phone_table import drain, drive
from tests.ui.test_review_tab import ITERATIONS, _finish, _frame, drawn  # noqa: F401 (drawn: a fixture)

STEP = 1 / 60


def _session(kinds: dict[int, str]) -> Session:
    """The finished BLOODY SUMMER game of tests/ui/test_review_tab.py, seats played as `kinds` say (else AI)."""
    seed = FIRST_SEEDS["bloody_summer"]
    record, _ = planted_game("bloody_summer", "hard:300", seeds=range(seed, seed + 1))
    record.seats = [Seat(f"P{i}", kinds.get(i, "easy")) for i in range(record.players)]
    return Session.resume(replay(record))


def _review_words(session: Session, scene: ResultsScene, seat: int) -> set[str]:
    return set(strings(session.game, scene.reviewer.review(seat), session.names()))


def test_the_desktop_never_shows_a_phone_seats_review(app, drawn):  # noqa: F811
    session = _session({0: "phone"})
    scene = ResultsScene(app, session)
    app.stack.push(scene)
    scene.set_tab("review")
    assert scene.reviewer.seats == [0]  # the phone seat is reviewed (for its phone)
    _finish(app, scene)
    shown = set(_frame(app, drawn))
    assert t("results.review_on_phones") in shown
    assert not shown & _review_words(session, scene, 0)
    assert not scene.review_rows


def test_with_a_phone_seat_watching_the_desktop_the_screen_human_passes_a_curtain(app, drawn):  # noqa: F811
    session = _session({0: "human", 1: "phone"})
    scene = ResultsScene(app, session)
    app.stack.push(scene)
    scene.set_tab("review")
    _finish(app, scene)
    mine, phones = _review_words(session, scene, 0), _review_words(session, scene, 1)
    assert not set(_frame(app, drawn)) & (mine | phones)  # the phone player sees the desktop too
    scene.show_review_of(0)
    assert isinstance(app.stack.top, CurtainScene)
    app.stack.top.on_ready()
    app.stack.pop()
    shown = set(_frame(app, drawn))
    assert mine - phones <= shown and not shown & (phones - mine)
    reviews_for = [w.label for w in scene.widgets if w.label.startswith("Review for")]
    assert reviews_for == ["Review for P0"]  # a button for the person at the screen, none for the phone


@pytest.fixture
def phone_results(app, monkeypatch):
    """A finished game with phone seats 0 (English) and 1 (Japanese) and AIs, its results up, phones joined."""
    monkeypatch.setattr(ResultsScene, "review_iterations", ITERATIONS)
    session = _session({0: "phone", 1: "phone"})
    table = TableScene(app, session)
    table.phones = PhoneTable(session, table._phone_notice, app.after_frame)
    table.phones.open(bind_host="127.0.0.1", port=0)
    table.phones.start()
    server = table.phones.server
    app.stack.push(table)
    app.step(STEP)
    handed = table.phones
    table.show_results()
    scene = app.stack.top
    assert isinstance(scene, ResultsScene) and scene.phones is handed and handed.server is server
    url = f"http://127.0.0.1:{server.port}/r/{server.room_code}/"
    phones = {0: SyncPhone(url, lang="en"), 1: SyncPhone(url, lang="ja")}
    for seat, phone in phones.items():  # the phones join (or come back) while the results are up
        phone.hello()
        assert phone.claim(seat)["t"] == "welcome"
    drive(app, lambda: handed.connected() == {0, 1})
    yield session, scene, phones
    for phone in phones.values():
        phone.close()
    if scene.phones is not None:
        scene.phones.close()


def test_each_phone_gets_its_own_review_in_its_language_and_leaving_closes_the_server(app, drawn,  # noqa: F811
                                                                                      phone_results):
    session, scene, phones = phone_results
    states: dict[int, list[dict]] = {0: [], 1: []}

    def read() -> None:
        for seat, phone in phones.items():
            states[seat] += [m for m in drain(phone) if m["t"] == "state"]

    drive(app, lambda: not scene.reviewer.running, seconds=60)
    app.step(STEP)
    drive(app, lambda: read() or all(s and s[-1]["review"] and s[-1]["review"]["summary"] for s in states.values()))
    names = session.names()
    for seat, lang in ((0, "en"), (1, "ja")):
        review = scene.reviewer.review(seat)
        with i18n.speaking(lang):
            expected = review_field(session.game, review, scene.reviewer.progress(seat), names)
            words = set(strings(session.game, review, names))
        assert states[seat][-1]["review"] == expected
        assert expected["moves"] and expected["summary"]
        other = 1 - seat
        with i18n.speaking(states[other][-1]["lang"]):
            others_words = set(strings(session.game, scene.reviewer.review(other), names))
        private = words - others_words
        assert private
        for message in states[other]:  # another phone never carries this seat's review
            assert not any(word in str(message.get("review")) for word in private), message.get("review")
    # Progress came first, in the phone's language, while the AI worked.
    assert any(m["review"] and m["review"]["status"] and "振り返って" in m["review"]["status"] for m in states[1])
    # The desktop draws none of the phone seats' reviews.
    scene.set_tab("review")
    shown = set(_frame(app, drawn))
    assert t("results.review_on_phones") in shown
    assert not shown & (_review_words(session, scene, 0) | _review_words(session, scene, 1))
    # A move from a phone is refused: the game is over.
    move = phones[0].act(str(session.record.actions[0][1]), states[0][-1]["v"])
    said: list[dict] = []
    drive(app, lambda: bool(said.extend(m for m in drain(phones[0]) if m.get("move") == move) or said))
    assert said[0]["ok"] is False and said[0]["msg"] == t("phone.refused.game_over")
    # Leaving the results closes the server: the phones are told.
    handed = scene.phones
    app.stack.pop()
    assert scene.phones is None and handed.server is None
    closing = [phones[0].next(timeout=3)]
    while closing[-1] is not None and closing[-1].get("t") != "closed":
        closing.append(phones[0].next(timeout=3))
    assert closing[-1] is None or closing[-1]["t"] == "closed"


def test_history_shows_a_past_phone_seats_review_on_the_desktop(app, drawn):  # noqa: F811
    """A past game opened from History has no phones: its phone seat is reviewed for whoever opened it."""
    session = _session({0: "phone"})
    scene = ResultsScene(app, session)
    scene.replayed = True  # as History opens it
    app.stack.push(scene)
    scene.set_tab("review")
    _finish(app, scene)
    assert scene.solo_seat() == 0
    assert _review_words(session, scene, 0) & set(_frame(app, drawn))
