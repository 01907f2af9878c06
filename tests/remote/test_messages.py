"""A phone seat's state message: every legal move offered exactly once, in words of the seat's language, never
in engine notation; KAKAPO placements left to the table screen; the builder leaves the desktop's language alone."""

from __future__ import annotations

import json
import random
import re

import pytest

from tabletop import i18n
from tabletop.engine.records import Seat
from tabletop.games.kakapo.actions import Place
from tabletop.remote.messages import LABELS, encode, lobby_labels, phone_games, seat_payload
from tabletop.remote.sheets import sheet_for
from tabletop.session import Session

NAMES = ["Aki", "Ben", "Chie", "Dan"]
GAMES = [("bluffit", 3), ("ghost_bumpers", 4), ("bloody_summer", 4), ("sumidagawa", 4), ("kakapo", 3)]
PICTURE_NAME = re.compile(r"[a-z0-9_]{1,64}")


def _names(notation: str, label: str) -> bool:
    """Whether `label` shows the engine's notation as a word of its own ("b" in "b + r", not in "black")."""
    return re.search(rf"(?<!\w){re.escape(notation)}(?!\w)", label) is not None


def _decisions(game_id: str, players: int, seed: int = 7):
    """(session, seat) at every decision of a seeded random game (the state is shared: use it at once)."""
    session = Session.new(game_id, players, [Seat(NAMES[i]) for i in range(players)], seed=seed)
    rng = random.Random(seed)
    while not session.state.is_over():
        acting = session.state.to_act()
        for seat in acting:
            yield session, seat
        mover = rng.choice(acting)
        session.apply(mover, rng.choice(session.state.legal_actions(mover)))
    yield session, 0


@pytest.mark.parametrize("game_id,players", GAMES)
def test_every_legal_move_once_in_words_of_each_language(game_id, players):
    checked = 0
    for session, seat in _decisions(game_id, players):
        legal = session.state.legal_actions(seat) if seat in session.state.to_act() else []
        version = len(session.record.actions)
        en = seat_payload(session, seat, "en", version)
        ja = seat_payload(session, seat, "ja", version)
        offered = [a for a in legal if not isinstance(a, Place)]
        assert sorted(m["a"] for m in en["moves"]) == sorted(str(a) for a in offered)
        assert len({m["a"] for m in en["moves"]}) == len(en["moves"]), "a move listed twice"
        assert [m["a"] for m in en["moves"]] == [m["a"] for m in ja["moves"]]
        for move, move_ja in zip(en["moves"], ja["moves"]):
            assert move["label"] and not _names(move["a"], move["label"]) and not _names(move["a"], move_ja["label"])
            assert move["label"] != move_ja["label"], move
            assert move["confirm"] is True  # every play is final once made
        labels = [m["label"] for m in en["moves"]]
        assert len(set(labels)) == len(labels), f"two moves read the same: {labels}"
        assert en["turn"] == bool(en["moves"])
        assert all(PICTURE_NAME.fullmatch(card["img"]) and card["n"] >= 1 for card in en["hand"])
        checked += bool(legal)
    assert checked > 10
    assert en["over"] is not None and en["over"]["lines"] and en["moves"] == []


def test_kakapo_placements_stay_on_the_table_screen():
    placing = 0
    for session, seat in _decisions("kakapo", 3):
        legal = session.state.legal_actions(seat) if seat in session.state.to_act() else []
        payload = seat_payload(session, seat, "en", 0)
        if any(isinstance(a, Place) for a in legal):
            placing += 1
            assert payload["moves"] == [] and not payload["turn"]
            assert payload["notice"] == "Place your piece on the table screen"
        else:
            assert payload["notice"] is None
    assert placing > 0


def test_ghost_bumpers_plays_are_grouped_by_value():
    for session, seat in _decisions("ghost_bumpers", 4):
        payload = seat_payload(session, seat, "en", 0)
        plays = [m for m in payload["moves"] if "x" in m["a"]]
        if len({m["a"].split("x")[1] for m in plays}) >= 2 and any(m["a"].startswith("2x") for m in plays):
            groups = {m["a"].split("x")[1]: set() for m in plays}
            for m in plays:
                groups[m["a"].split("x")[1]].add(m["group"])
            assert all(len(g) == 1 for g in groups.values()), groups  # one section per value ...
            assert len({next(iter(g)) for g in groups.values()}) == len(groups)  # ... and one value per section
            return
    pytest.fail("no turn with pairs to play")


def test_the_payload_is_compact_sorted_utf8_json():
    session, seat = next(_decisions("bluffit", 3))
    payload = seat_payload(session, seat, "ja", 0)
    data = encode(payload)
    assert json.loads(data) == payload
    assert data == json.dumps(payload, sort_keys=True, ensure_ascii=False, separators=(",", ":")).encode()
    assert "ブラフィット" in data.decode("utf-8")
    assert set(payload["labels"]) == set(LABELS) and all(payload["labels"].values())


def test_building_a_message_leaves_the_desktops_language():
    session, seat = next(_decisions("ghost_bumpers", 4))
    i18n.set_language("en")
    try:
        assert seat_payload(session, seat, "ja", 0)["status"].endswith("番です")
        assert i18n.language() == "en"
        with pytest.raises(RuntimeError), i18n.speaking("ja"):
            assert i18n.language() == "ja"
            raise RuntimeError
        assert i18n.language() == "en"
    finally:
        i18n.set_language("en")


def test_lobby_labels_in_both_languages():
    labels = lobby_labels()
    assert set(labels) == set(i18n.LANGUAGES)
    assert set(labels["en"]) == set(labels["ja"]) and labels["en"] != labels["ja"]


def test_picture_names_are_unique_and_name_only_the_card():
    for game_id in phone_games():
        sheet = sheet_for(game_id)
        pictures = sheet.pictures()
        assert all(PICTURE_NAME.fullmatch(name) and name.startswith(game_id + "_") for name in pictures)
        assert {card for card, _ in pictures.values()} == set(sheet.cards)


def test_haunted_house_has_no_phone_seats():
    assert phone_games() == {"bluffit", "ghost_bumpers", "bloody_summer", "sumidagawa", "kakapo"}
    with pytest.raises(ValueError):
        sheet_for("haunted_house")
