"""Endings that tell the story: for every game, a seeded game is played through the engine, the results
scene is opened on it, and what the scene shows (its ResultsStory) is checked against facts recomputed
here by replaying the record, independently of the events the story is built from. Then the end of a
game on the table: the final board stays, says what ended it, and waits for a human to ask."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pygame
import pytest

from tabletop import i18n
from tabletop.ai.levels import make_agent
from tabletop.engine import registry
from tabletop.engine.core import State
from tabletop.engine.records import Seat
from tabletop.session import Session
from tabletop.ui.results.model import ResultsStory
from tabletop.ui.results.words import count
from tabletop.ui.scenes.results import ResultsScene
from tabletop.ui.scenes.table import TableScene
from tabletop.ui.scenes.title import TitleScene
from tests.ui.conftest import post_click, post_key, run_until

NAMES = ["Aki", "Ben", "Chie", "Dan", "Emi", "Fumi"]


def play(game_id: str, players: int, seed: int, kinds: list[str] | None = None,
         options: dict | None = None) -> Session:
    """A whole game by seeded easy agents through the engine (human seats are played by the agent too)."""
    game = registry.get_game(game_id)
    kinds = kinds or ["easy"] * players
    session = Session.new(game_id, players, [Seat(NAMES[i], k) for i, k in enumerate(kinds)], options or {},
                          seed=seed)
    agent, rng = make_agent(game, "easy"), random.Random(seed)
    while not session.state.is_over():
        seat = session.state.to_act()[0]
        legal = session.state.legal_actions(seat)
        session.apply(seat, agent.choose(session.state.view(seat), legal, rng))
    return session


def replay_states(session: Session) -> Iterator[tuple[State, State]]:
    """(before, after) for every action of the record, from a fresh replay of it."""
    game = registry.get_game(session.record.game)
    state = session.record.new_state()
    for seat, text in session.record.actions:
        before = state.clone()
        state.apply(seat, game.parse_action(text))
        yield before, state


def shown(app, session: Session, lang: str = "en") -> ResultsStory:
    """Open the results scene on the session, draw a frame, return what it shows."""
    i18n.set_language(lang)
    app.stack.push(TitleScene(app))
    app.stack.push(ResultsScene(app, session))
    app.step(1 / 60)
    scene = app.stack.top
    assert isinstance(scene, ResultsScene)
    return scene.story


def find(game_id: str, players: int, wanted, seeds=range(1, 60), **kw) -> Session:
    for seed in seeds:
        session = play(game_id, players, seed, **kw)
        if wanted(session):
            return session
    raise AssertionError(f"no seed in {seeds} gives the wanted {game_id} ending")


def table_column(story: ResultsStory, seat: int) -> list[str]:
    return [row[1 + seat] for row in story.table.rows]


def as_int(cell: str) -> int:
    return int(cell.replace("−", "-").replace("+", ""))


def no_bad_plurals(story: ResultsStory) -> None:
    nouns = "point|round|player|game|time|bird|piece|jewel|turn|card|evil spirit"
    text = " | ".join(story.strings())
    assert not re.search(rf"(?<![\d.])1 ({nouns})s\b", text), text
    assert not re.search(rf"(?<![\d.])(?:[02-9]|\d\d+) ({nouns})\b(?!s)", text), text
    assert "pts" not in text


# ----- BLOODY SUMMER ------------------------------------------------------------------------------
def bloody_fates(session: Session) -> dict[str, dict[int, tuple[int, list[int]]]]:
    """Who was wounded / killed, in which round, by which drawn cards: from the replayed states."""
    fates: dict[str, dict[int, tuple[int, list[int]]]] = {"wounded": {}, "killed": {}}
    for before, after in replay_states(session):
        for seat in range(session.players):
            bit = 1 << seat
            if before.alive & bit and not after.alive & bit:
                fates["killed"][seat] = (before.round, list(after.last_check.drawn))
            if not before.wounded & bit and after.wounded & bit:
                fates["wounded"][seat] = (before.round, list(after.last_check.drawn))
    return fates


def test_bloody_summer_says_who_was_killed_by_which_check_and_never_ranks_the_dead_with_survivors(app):
    session = find("bloody_summer", 3, lambda s: s.state.win_reason == "survivor")
    fates = bloody_fates(session)
    story = shown(app, session)
    winner = session.state.winner
    assert fates["killed"] and winner not in fates["killed"]
    assert story.standings[0].seat == winner and story.standings[0].winner
    assert "last one alive" in story.reason and session.names()[winner] in story.reason
    # §3.4: one winner, the others simply lose: no numbered places, and no points
    assert {s.place for s in story.standings[1:]} == {"Lost"}
    assert all(not s.score for s in story.standings)
    by_seat = {s.seat: s for s in story.standings}
    for seat, (rnd, drawn) in fates["killed"].items():
        note = next(n for n in by_seat[seat].notes if n.startswith("Killed"))
        assert f"round {rnd}" in note and all(str(v) in note for v in drawn)
    for seat, (rnd, _) in fates["wounded"].items():
        assert any(n.startswith(f"Wounded in round {rnd}") for n in by_seat[seat].notes)
    order = [s.seat for s in story.standings]
    alive_losers = [s for s in order[1:] if s not in fates["killed"]]
    assert order[1:len(alive_losers) + 1] == alive_losers  # survivors before the dead
    killed_rows = [r for r in story.table.rows if r[-1] == "killed"]
    assert len(killed_rows) == len(fates["killed"])
    no_bad_plurals(story)


def test_bloody_summer_escape_names_the_last_card_and_the_unharmed(app):
    session = find("bloody_summer", 4, lambda s: s.state.win_reason == "escape")
    fates = bloody_fates(session)
    story = shown(app, session)
    winner = session.state.winner
    last_play = session.state.round
    assert story.verdict == f"{session.names()[winner]} wins!"
    assert f"in round {last_play} and escaped" in story.reason
    assert story.standings[0].notes[0] == "Escaped the camp by emptying their hand"
    for s in story.standings[1:]:
        hurt = s.seat in fates["wounded"] or s.seat in fates["killed"]
        assert ("Never wounded" in s.notes) != hurt
    ja = shown(app, session, "ja")
    assert ja.standings[0].place == "勝者" and {s.place for s in ja.standings[1:]} == {"敗北"}


# ----- BLUFFIT and Ghost Bumpers: a round-by-round score table ----------------------------------------
def test_bluffit_table_is_the_points_banked_each_round_from_the_replayed_piles(app):
    session = play("bluffit", 4, 3)
    pile_points = []  # after each of rounds 1-10: each seat's score (its score pile's points)
    for before, after in replay_states(session):
        if after.round != before.round and before.round <= 10:
            pile_points.append(list(after.scores()))
    story = shown(app, session)
    scores = [int(s) for s in session.state.result().scores]
    assert story.table.footer[1:] == [str(s) for s in scores]
    for seat in range(session.players):
        column = [as_int(c) for c in table_column(story, seat)]
        per_round = [b - a for a, b in zip([0] + [r[seat] for r in pile_points], [r[seat] for r in pile_points])]
        assert column[:10] == per_round[:10]
        assert sum(column) == scores[seat]  # the final round's row makes up the rest (lost bids, last wins)
    assert story.table.rows[0][0] == "Round 1" and len(story.table.rows) in (10, 11)
    assert story.standings[0].score == count("points", max(scores))
    no_bad_plurals(story)


def test_ghost_bumpers_table_is_each_rounds_points_and_who_was_scared(app):
    session = play("ghost_bumpers", 4, 2)
    rounds = []  # each round's points per seat, from the replayed score sheet
    for before, after in replay_states(session):
        if after.round_no != before.round_no or after.is_over():  # a round was scored by this action
            rounds.append([a - b for a, b in zip(after.scores, before.scores)])
    story = shown(app, session)
    assert len(story.table.rows) == len(rounds)
    for i, gained in enumerate(rounds):
        assert [as_int(c) for c in story.table.rows[i][1:-1]] == gained
    assert story.table.footer[1:-1] == [str(s) for s in session.state.scores]
    for i, row in enumerate(story.table.rows):
        scared = [s for s in range(session.players) if (i, 1 + s) in story.table.marks]
        if row[-1].endswith("was scared"):
            assert [session.names()[s] for s in scared] == [row[-1].split(" was")[0]]
            assert as_int(row[1 + scared[0]]) == 0
    no_bad_plurals(story)


# ----- Sumidagawa: a per-game table with the order players went out ---------------------------------
def test_sumidagawa_table_has_every_games_places_in_the_order_players_went_out(app):
    session = play("sumidagawa", 4, 1)
    game_points = session.state.game_points  # per game: points per seat (n for the first out … 1 for the last)
    story = shown(app, session)
    n = session.players
    assert len(story.table.rows) == len(game_points)
    places = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th"}
    for row, points in zip(story.table.rows, game_points):
        if not any(points):
            assert row[1:-1] == ["—"] * n
            continue
        for seat in range(n):
            assert row[1 + seat] == f"{places[n + 1 - points[seat]]} · {points[seat]}"
        order = sorted(range(n), key=lambda s: -points[s])
        assert row[-1] == " → ".join(session.names()[s] for s in order)
    assert story.table.footer[1:-1] == [str(int(s)) for s in session.state.scores]
    no_bad_plurals(story)


# ----- KAKAPO -----------------------------------------------------------------------------------
def test_kakapo_results_name_the_mission_rounds_birds_and_the_placement_that_won(app):
    session = find("kakapo", 2, lambda s: s.state.outcome == "won" and s.record.actions[-1][0] == 1,
                   kinds=["human", "easy"])
    state = session.record.new_state()
    for _, after in replay_states(session):
        state = after
    mission = state.rules.mission
    scanned = [b.id for i, b in enumerate(mission.birds) if state.scanned >> i & 1]
    story = shown(app, session)
    facts = {f.label: f.value for f in story.facts}
    assert story.verdict == "Mission complete!" and story.picture
    assert i18n.t(f"kakapo.mission.{mission.id}") in facts["Mission"]
    assert facts["Rounds used"] == f"{state.round} of {state.limit} rounds"
    assert facts["Birds scanned"].startswith(f"{len(scanned)} (needed: {mission.required} of ")
    assert facts["Scanned"].count(",") + facts["Scanned"].count(" and ") == len(scanned) - 1
    assert all(i18n.t(f"kakapo.bird.{b}") in facts["Scanned"] for b in scanned)
    assert story.reason.startswith("Ben's placement scanned")  # the AI teammate's move is named
    no_bad_plurals(story)


# ----- Haunted House ----------------------------------------------------------------------------
def test_haunted_house_results_give_jewels_out_turns_and_what_ended_it(app):
    session = play("haunted_house", 2, 1)
    final = None
    turns = 1
    for before, after in replay_states(session):
        turns += after.turn_no != before.turn_no
        final = after
    data = final.to_json()
    story = shown(app, session)
    facts = {f.label: f.value for f in story.facts}
    out = len(data["deposited"])
    assert facts["Jewels out"] == f"{out} of 8 jewels"
    assert facts["Turns"] == count("turns", turns)
    assert facts["Ended by"] == i18n.t(f"results.haunted_house.ending_{data['outcome']}")
    assert story.tone == ("good" if data["outcome"] == "won" else "bad")
    carried = sum(int(re.search(r"brought out (\d+)", n).group(1)) for s in story.standings for n in s.notes)
    assert carried == out
    no_bad_plurals(story)


# ----- plurals ------------------------------------------------------------------------------------
def test_counts_use_the_right_plural_in_both_languages():
    i18n.set_language("en")
    assert (count("points", 1), count("points", 2), count("points", 0), count("points", -1)) == \
        ("1 point", "2 points", "0 points", "−1 point")
    assert count("jewels", 1) == "1 jewel" and count("turns", 12) == "12 turns"
    i18n.set_language("ja")
    try:
        assert (count("points", 1), count("points", 2)) == ("1点", "2点")
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("game_id,players", [("bluffit", 6), ("ghost_bumpers", 3), ("sumidagawa", 3),
                                             ("bloody_summer", 4), ("kakapo", 3), ("haunted_house", 1)])
def test_every_results_screen_draws_in_japanese_without_english_plurals(app, game_id, players):
    story = shown(app, play(game_id, players, 5), "ja")
    text = " ".join(story.strings())
    assert not re.search(r"\d+ (points?|rounds?|games?|pts)\b", text)


# ----- the end of a game on the table ----------------------------------------------------------------
def _final_board(app, session: Session) -> TableScene:
    app.stack.push(TitleScene(app))
    table = TableScene(app, session)
    app.stack.push(table)
    for _ in range(600):  # ten seconds of frames: far longer than any old delay
        app.step(1 / 60)
    assert app.stack.top is table, "the final board must wait for the player"
    return table


def test_the_final_board_stays_and_says_how_the_game_ended_until_a_key_asks_for_results(app):
    session = find("kakapo", 2, lambda s: s.state.outcome == "won" and s.record.actions[-1][0] == 1,
                   kinds=["human", "easy"])
    table = _final_board(app, session)
    story, lines = table.ending.words()
    assert story.verdict == "Mission complete!"
    assert lines[0].startswith("Ben placed the ") and re.search(r" at [A-L]\d+$", lines[0])
    # Piece names, not card codes ("G6" after " at " is a board square, which may look like one).
    assert not any(re.search(r"\b[PRYGB][1-8]\b", re.sub(r" at [A-L]\d+$", "", line)) for line in lines), lines
    assert any(w.label == "See results" for w in table.widgets)
    post_key(pygame.K_SPACE)
    app.step(1 / 60)
    assert isinstance(app.stack.top, ResultsScene)


@pytest.mark.parametrize("how", ["enter", "button", "banner"])
def test_see_results_by_enter_button_or_a_click_on_the_banner(app, how):
    from tabletop.ui.results.ending import BANNER

    session = play("bloody_summer", 4, 4, kinds=["human", "easy", "easy", "easy"])
    table = _final_board(app, session)
    assert table.ending.words()[1]  # the final move, in words
    if how == "enter":
        post_key(pygame.K_RETURN)
    elif how == "button":
        button = next(w for w in table.widgets if w.label == "See results")
        post_click(app, *button.rect.center)
    else:
        post_click(app, BANNER.x + 40, BANNER.y + 20)
    app.step(1 / 60)
    assert isinstance(app.stack.top, ResultsScene)


def _frames(app, seconds: float) -> None:
    for _ in range(round(seconds * 60)):
        app.step(1 / 60)


def _hurry(app, seconds: float, every: float = 1.2) -> None:
    """A player pressing Enter to pass along, once every `every` seconds, for `seconds`."""
    for _ in range(round(seconds / every)):
        post_key(pygame.K_RETURN)
        _frames(app, every)


def test_enter_pressed_again_and_again_to_pass_opens_neither_the_results_nor_a_new_game(app):
    from tabletop.ui.input_gate import SETTLE

    session = play("bloody_summer", 4, 4, kinds=["human", "easy", "easy", "easy"])
    app.stack.push(TitleScene(app))
    table = TableScene(app, session)
    app.stack.push(table)
    app.step(1 / 60)
    assert table.ending is not None
    _hurry(app, 8)
    assert app.stack.top is table, "Enter still coming from passing must not open the results"
    _frames(app, SETTLE + 0.1)  # the player stops and reads the banner
    post_key(pygame.K_RETURN)
    app.step(1 / 60)
    results = app.stack.top
    assert isinstance(results, ResultsScene)
    _hurry(app, 8, every=0.5)
    assert app.stack.top is results, "Enter pressed on and on must not start a new game"
    post_key(pygame.K_TAB)  # a deliberate choice: Tab to Play again ...
    _frames(app, SETTLE + 0.1)
    post_key(pygame.K_RETURN)  # ... and Enter once the keyboard has settled
    app.step(1 / 60)
    assert isinstance(app.stack.top, TableScene) and app.stack.top.session is not session


def test_the_results_open_with_no_button_armed_for_enter(app):
    """Issue 38, finding 9: the results open with no button focused; Enter, however long after, starts no
    new game and the screen says how to choose; Tab to Play again and then Enter does."""
    from tabletop.ui.input_gate import SETTLE
    from tests.ui.conftest import drawn_strings

    session = play("bloody_summer", 4, 4, kinds=["human", "easy", "easy", "easy"])
    app.stack.push(TitleScene(app))
    results = ResultsScene(app, session)
    app.stack.push(results)
    app.step(1 / 60)
    assert results.focus is None
    _frames(app, SETTLE + 1.0)  # the player has read the results and stopped pressing
    for key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
        post_key(key)
        app.step(1 / 60)
        assert app.stack.top is results, "Enter on the results must not start a new game"
        _frames(app, SETTLE + 0.1)
    assert i18n.t("results.keys_choose") in drawn_strings(app, results.draw)
    post_key(pygame.K_TAB)
    app.step(1 / 60)
    assert results.widgets[results.focus].label == i18n.t("app.play_again")
    assert i18n.t("results.keys_choose") not in drawn_strings(app, results.draw)
    post_key(pygame.K_RETURN)
    app.step(1 / 60)
    assert isinstance(app.stack.top, TableScene) and app.stack.top.session is not session


def test_a_press_kept_from_acting_says_to_wait_until_the_keys_act_again(app):
    from tabletop.ui.input_gate import SETTLE
    from tabletop.ui.results.ending import MIN_SHOWN
    from tests.ui.conftest import drawn_strings

    wait = i18n.t("results.keys_wait")
    session = play("bloody_summer", 4, 4, kinds=["human", "easy", "easy", "easy"])
    app.stack.push(TitleScene(app))
    table = TableScene(app, session)
    app.stack.push(table)
    app.step(1 / 60)
    assert wait not in drawn_strings(app, table.draw) and table.next_frame_in() is None  # asleep
    post_key(pygame.K_RETURN)
    app.step(1 / 60)
    assert app.stack.top is table and wait in drawn_strings(app, table.draw)
    assert 0 < table.next_frame_in() <= SETTLE  # the line goes without another press
    _frames(app, max(SETTLE, MIN_SHOWN) + 0.1)  # the banner also stays its least time
    assert wait not in drawn_strings(app, table.draw) and table.next_frame_in() is None
    post_key(pygame.K_RETURN)
    app.step(1 / 60)
    results = app.stack.top
    assert isinstance(results, ResultsScene)
    post_key(pygame.K_TAB)  # Play again focused, then Space too soon
    post_key(pygame.K_SPACE)
    app.step(1 / 60)
    assert app.stack.top is results and wait in drawn_strings(app, results.draw)
    assert 0 < results.next_frame_in() <= SETTLE
    _frames(app, SETTLE + 0.1)
    assert wait not in drawn_strings(app, results.draw) and results.next_frame_in() is None


def test_the_menu_still_opens_over_the_final_board_and_enter_does_not_skip_it(app):
    session = play("bluffit", 3, 2, kinds=["human", "easy", "easy"])
    table = _final_board(app, session)
    post_key(pygame.K_ESCAPE)
    app.step(1 / 60)
    assert table.menu_open and not any(w.label == "See results" for w in table.widgets)
    post_key(pygame.K_ESCAPE)
    app.step(1 / 60)
    post_key(pygame.K_KP_ENTER)
    app.step(1 / 60)
    assert isinstance(app.stack.top, ResultsScene)


def test_an_all_ai_game_still_moves_on_to_the_results_by_itself(app):
    session = play("ghost_bumpers", 3, 1)
    app.stack.push(TitleScene(app))
    app.stack.push(TableScene(app, session))
    assert run_until(app, lambda: isinstance(app.stack.top, ResultsScene), 10)


def test_the_ending_banner_stays_two_seconds_before_a_key_moves_on(app):
    """Issue 38, finding 9: the banner comes up with the keyboard still (no press for longer than the
    settle time); an Enter 1.9 s later is the player still hurrying on and leaves it up; once it has been
    up 2 s and the keyboard has settled, Enter opens the results."""
    from tabletop.ui.input_gate import SETTLE

    session = play("bloody_summer", 4, 4, kinds=["human", "easy", "easy", "easy"])
    app.stack.push(TitleScene(app))
    _frames(app, SETTLE + 0.5)  # nothing pressed for a while before the game's end
    table = TableScene(app, session)
    app.stack.push(table)
    app.step(1 / 60)
    assert table.ending is not None
    _frames(app, 1.9)
    post_key(pygame.K_RETURN)
    app.step(1 / 60)
    assert app.stack.top is table, "the banner must stay at least 2 s"
    _frames(app, max(2.0, SETTLE) + 0.1)
    post_key(pygame.K_RETURN)
    app.step(1 / 60)
    assert isinstance(app.stack.top, ResultsScene)
