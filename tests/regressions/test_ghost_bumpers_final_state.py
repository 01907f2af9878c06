"""Issue 15, finding 5: a Ghost Bumpers game that ends on a revealed S kept the revealed cards in the deck.

Reproduction: `tabletop arena ghost_bumpers --players 3 --games 9 --agents random,random,random
--seed 2100067 --option mode=target --option target=15`, game 2. On the last action seat 1 wins a
trick with a 5 in it, reveals U and then S (a paranoia success), and the game ends; the final state
still listed its character deck as `US` (spec §3.5 step 3a, §4.1: revealed cards leave the deck).
"""

from __future__ import annotations

import random

import pytest

from tabletop.engine.records import Record, Seat, replay
from tabletop.games.ghost_bumpers import GAME
from tabletop.games.ghost_bumpers.scripted import scripted_state

SEED = 528522209576515444  # the arena's seed for its game 2
ACTIONS = (
    "0:fear_5 1:fear_4 2:fear_2 2:1x1 0:3x1 1:1x5 1:1x7 2:1x3 0:1x4 1:3x8 2:1x4 0:3x6 2:2x2 0:1x5 1:1x7 "
    "0:fear_6 1:fear_3 2:fear_2 0:1x4 1:1x7 2:1x9 2:1x4 0:1x6 1:1x4 0:1x7 1:1x5 2:1x8 0:fear_2 1:fear_6 "
    "2:fear_4 1:1x9 2:1x8 0:1x8 1:1x8 2:1x3 0:1x6 1:2x5 2:1x4 0:1x1 2:1x8 0:Z0 1:1x4 2:2x6 0:1x9 1:1x1 "
    "0:1x3 1:1x2 2:1x7 2:1x9 0:1x7 1:1x7 2:1x2 0:1x5 1:1x4 0:fear_2 1:fear_1 2:fear_2 2:2x2 0:1x7 1:1x4 "
    "0:2x1 1:1x6 2:Z10 2:1x4 0:1x3 1:1x5 0:fear_4 1:fear_3 2:fear_2 0:1x2 1:1x8 2:2x3 1:1x9 2:1x8 0:1x9 "
    "0:1x2 1:1x4 2:1x5 2:1x7 0:1x5 1:1x2 0:fear_4 1:fear_2 2:fear_6 1:2x8 2:1x2 0:1x3 0:2x9 1:2x1 2:Z10 "
    "2:2x3 0:2x6 1:2x7 1:1x3 2:1x7 0:1x5 0:fear_6 1:fear_6 2:fear_4 2:1x9 0:1x2 1:1x5 2:1x5 0:1x5 1:1x6 "
    "1:1x9 2:1x4 0:1x1 1:1x3 2:1x6 0:1x5 2:1x3 0:2x7 1:1x3 1:1x5 2:1x3 0:1x1"
)


def _record() -> Record:
    actions = []
    for item in ACTIONS.split():
        seat, text = item.split(":")
        actions.append((int(seat), text.replace("_", " ")))
    return Record(GAME.id, 3, SEED, GAME.resolve_options({"mode": "target", "target": 15}),
                  [Seat(f"random {i + 1}", "random") for i in range(3)], actions, GAME.version)


def test_paranoia_success_on_the_last_action_empties_the_deck_in_state_and_views() -> None:
    replayed = replay(_record())
    state = replayed.state
    last = [e.kind for e in replayed.events[-1]]
    assert last[:4] == ["play", "trick_won", "reveal", "scared"] and "paranoia" in last
    assert state.is_over() and state.scores == [9, 20, 9]
    # Seat 1 revealed both of its cards: nothing is left; the others keep their decks.
    assert state.to_json()["char_decks"] == ["UUUUUUS", "", "SUU"]
    assert state.char_sizes == [7, 0, 3]
    for seat in (None, 0, 1, 2):
        view = state.view(seat)
        assert view.char_sizes == (7, 0, 3)
        assert view.scared_out == (False, True, False)
        assert view.fear_done == (True, True, True)
    assert state.view(1).own_scared == -1  # no S left to point at
    assert state.view(0).own_scared == 6 and state.view(2).own_scared == 0
    # A world sampled from the final view agrees with it.
    assert GAME.sample_state(state.view(1), random.Random(1)).view(1) == state.view(1)


def test_scare_in_the_last_round_leaves_only_the_cards_under_s() -> None:
    """A plain scare end (not paranoia) on the game's last round: U cards under S stay, S and U above go."""
    state = scripted_state(3, ["9", "5", "2"], char_decks=["USUUU", "UUUUUUS", "SUU"], round_no=6)
    for seat, text in ((0, "1x9"), (1, "1x5"), (2, "1x2")):  # seat 0 wins and owes 2 reveals: U, then S
        state.apply(seat, GAME.parse_action(text))
    assert state.is_over() and state.last_round == [0, 0, 4]
    assert state.to_json()["char_decks"] == ["UUU", "UUUUUUS", "SUU"]
    assert state.view(0).char_sizes[0] == 3 and state.view(None).scared_out == (True, False, False)


def test_records_of_rules_version_1_are_refused_with_a_message(tmp_path) -> None:
    """GB-D5a changed how some games replay (rules version 2): old saves are refused, not misreplayed."""
    from tabletop.engine.records import RecordError, load_record, save_record

    old = _record()
    old.version = 1
    path = tmp_path / "old.json"
    save_record(path, old)
    with pytest.raises(RecordError) as caught:
        load_record(path)
    assert "ghost_bumpers rules version 1 is not supported (this app has 2)" in str(caught.value)


def test_the_board_turns_up_the_s_that_ended_the_game(app, monkeypatch) -> None:
    """The final board shows seat 1's revealed cards with the S last, not as one more unafraid card."""
    from tabletop.session import Session
    from tabletop.ui.games.ghost_bumpers import draw_mats as board_module
    from tabletop.ui.scenes.table import TableScene

    faces: list[bool] = []
    real_face = board_module.character_face
    monkeypatch.setattr(board_module, "character_face", lambda scared: faces.append(scared) or real_face(scared))
    session = Session.resume(replay(_record()))
    table = TableScene(app, session)
    app.stack.push(table)
    table.draw(app.painter)
    assert True in faces
