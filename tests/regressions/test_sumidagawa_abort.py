"""Issue 15, finding 7: after the 1,000-Jun guard (SD-29) aborted a game, the final state's Jun number
was one past the cap (1001) while the `game_aborted` event said 1000. Both now say the cap."""

from __future__ import annotations

from tabletop.games.sumidagawa import GAME
from tabletop.games.sumidagawa.scripting import scripted_state
from tabletop.games.sumidagawa.state import MAX_JUNS


def _finish_jun_at_the_cap(games: int):
    # Seat 0 plays its B2; the others' Rin are face down, so they pass and the Jun ends.
    state = scripted_state(["B2 B3", "R2 R3", "B4 B5"], rin=["UUUU", "DUUU", "DUUU"], leader=0)
    state.games_target = games
    state.jun_number = MAX_JUNS
    events = state.apply(0, GAME.parse_action("B2"))
    return state, events


def test_an_aborted_last_game_leaves_the_cap_as_the_jun_number() -> None:
    state, events = _finish_jun_at_the_cap(games=1)
    aborted = [e for e in events if e.kind == "game_aborted"]
    assert len(aborted) == 1 and aborted[0].data["juns"] == MAX_JUNS
    assert state.is_over()
    assert state.jun_number == MAX_JUNS == state.view(None).jun_number == state.to_json()["jun_number"]
    assert all(e.data.get("jun") != MAX_JUNS + 1 for e in events if e.kind == "jun_start")


def test_the_game_after_an_abort_starts_at_jun_one() -> None:
    state, events = _finish_jun_at_the_cap(games=2)
    assert [e.kind for e in events].count("game_aborted") == 1
    assert not state.is_over() and state.game_index == 1 and state.jun_number == 1
    assert [e.data["jun"] for e in events if e.kind == "jun_start"] == [1]
