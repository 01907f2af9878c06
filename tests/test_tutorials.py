"""Tutorials are data that the rules check: every step's scripted and expected moves are legal in order."""

from __future__ import annotations

import json

import pytest

from tabletop import cli, tutorial
from tabletop.engine import registry
from tabletop.tutorial import Coach, Tutorial, TutorialError, rehearse

GAMES = ["bluffit", "ghost_bumpers", "bloody_summer", "sumidagawa", "kakapo", "haunted_house"]


def test_every_game_has_a_tutorial():
    assert tutorial.available() == sorted(GAMES)
    assert sorted(g.id for g in registry.available_games()) == sorted(GAMES)


@pytest.mark.parametrize("game_id", GAMES)
def test_auto_plays_every_tutorial_to_its_end(game_id, capsys):
    assert cli.main(["tutorial", game_id, "--auto"]) == 0
    assert "steps played" in capsys.readouterr().out


@pytest.mark.parametrize("game_id", GAMES)
def test_tutorial_asks_the_learner_to_act_and_round_trips(game_id):
    script = tutorial.load(game_id)
    assert Tutorial.from_json(script.to_json()) == script
    expected = [s for s in script.steps if s.expect]
    assert 2 <= len(expected) and 5 <= len(script.steps) <= 12  # a few turns, 2-4 minutes
    coach = Coach(script)
    while coach.advance():
        pass
    assert coach.last


def _broken(game_id: str, step: int, action: str) -> Tutorial:
    data = tutorial.load(game_id).to_json()
    data["steps"][step]["expect"] = action
    return Tutorial.from_json(data)


def test_text_that_is_no_action_names_its_step():
    with pytest.raises(TutorialError) as caught:
        rehearse(_broken("bluffit", 1, "bid eleven"))
    assert caught.value.step == 1 and "not an action of bluffit" in str(caught.value)


def test_a_move_the_rules_refuse_fails_at_that_step():
    broken = _broken("bloody_summer", 1, "S(1)")  # a 1 cannot beat the 5 on the table
    with pytest.raises(TutorialError) as caught:
        rehearse(broken)
    assert caught.value.step == 1
    assert str(caught.value).startswith("step 2:")


def test_missing_coach_text_fails(monkeypatch):
    data = tutorial.load("kakapo").to_json()
    data["steps"][2]["say"] = "kakapo.no_such_step"
    with pytest.raises(TutorialError, match="step 3: no en text"):
        rehearse(Tutorial.from_json(data))


def test_cli_exits_non_zero_naming_the_failed_step(tmp_path, monkeypatch, capsys):
    data = tutorial.load("haunted_house").to_json()
    data["steps"][2]["expect"] = "move P1"  # legal, but then "take" is not
    (tmp_path / "haunted_house.json").write_text(json.dumps(data), encoding="utf-8")
    monkeypatch.setattr(tutorial, "tutorials_dir", lambda: tmp_path)
    assert cli.main(["tutorial", "haunted_house", "--auto"]) == 1
    err = capsys.readouterr().err
    assert "step 4" in err and "take" in err


def test_bad_files_are_refused_with_a_reason():
    with pytest.raises(TutorialError, match="format"):
        Tutorial.from_json({"game": "bluffit"})
    with pytest.raises(TutorialError, match="scripted moves are for the other seats"):
        Tutorial.from_json({"format": "tabletop-tutorial", "game": "bluffit", "players": 3, "seed": 1,
                            "steps": [{"say": "bluffit.goal", "play": [[0, "bid 3"]]}]})
    assert cli.main(["tutorial", "no_such_game", "--auto"]) == 1
