"""Saved games (issue 16): every game in progress is kept and listed under Continue; a new game never
deletes another game's save, replacing one asks first; the old single autosave migrates; a bad file is
moved aside and named."""

from __future__ import annotations

import json
import os
import random

import pytest

from tabletop import i18n
from tabletop.engine.records import Seat, save_record
from tabletop.save_writer import saves
from tabletop.session import Session
from tabletop.ui.widgets import Button
from tabletop.userdata import (
    LEGACY_AUTOSAVE,
    delete_save,
    list_saves,
    load_save,
    save_game,
    save_path,
    saves_dir,
    slot_of,
)
from tests.ui import conftest as ui_fixtures
from tests.ui.conftest import post_click, run_until

app = ui_fixtures.app  # the headless UI fixtures (a throw-away data folder), found by name
data_dir = ui_fixtures.data_dir

GAMES = {  # game id: (players, seat names)
    "bluffit": (3, ["Aki", "Bo", "Cy"]),
    "sumidagawa": (3, ["Dai", "Emi", "Fumi"]),
    "kakapo": (2, ["Gen", "Hana"]),
}


def _session(game_id: str, moves: int, seed: int = 7) -> Session:
    players, names = GAMES[game_id]
    seats = [Seat(names[0], "human")] + [Seat(n, "easy") for n in names[1:players]]
    session = Session.new(game_id, players, seats, {}, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        seat = session.state.to_act()[0]
        session.apply(seat, rng.choice(session.state.legal_actions(seat)))
    return session


def _save_three() -> dict[str, Session]:
    """Three games saved a minute apart: bluffit oldest, kakapo newest."""
    sessions = {"bluffit": _session("bluffit", 4), "sumidagawa": _session("sumidagawa", 9),
                "kakapo": _session("kakapo", 2)}
    for minute, (game_id, session) in enumerate(sessions.items()):
        save_game(session.record)
        stamp = 1_767_000_000 + 60 * minute
        os.utime(save_path(game_id), (stamp, stamp))
    return sessions


def _settle(app, frames: int = 3) -> None:
    for _ in range(frames):
        app.step(1 / 60)


# ----- the save files ------------------------------------------------------------------------------

def test_every_game_in_progress_is_listed_with_its_facts(data_dir):
    sessions = _save_three()
    saves, problems = list_saves()
    assert problems == []
    assert [s.slot for s in saves] == ["kakapo", "sumidagawa", "bluffit"]  # most recently played first
    for saved in saves:
        session = sessions[saved.slot]
        assert saved.record.game == saved.slot
        assert [s.name for s in saved.record.seats] == session.names()
        assert saved.record.actions == session.record.actions  # the move number is how many were played
        assert saved.replayed.state.to_json() == session.state.to_json()
    assert saves[2].saved_at == 1_767_000_000


def test_a_loaded_game_saves_back_to_its_own_slot(data_dir):
    _save_three()
    saved, _ = load_save("sumidagawa")
    assert saved is not None and slot_of(saved.record) == "sumidagawa"
    before = save_path("bluffit").read_bytes()
    session = Session.resume(saved.replayed)
    seat = session.state.to_act()[0]
    session.apply(seat, session.state.legal_actions(seat)[0])
    save_game(session.record)
    again, _ = load_save("sumidagawa")
    assert again is not None and again.record.actions == session.record.actions
    assert save_path("bluffit").read_bytes() == before


def test_a_slot_written_into_a_record_cannot_leave_the_saves_folder(data_dir):
    session = _session("bluffit", 1)
    session.record.meta["slot"] = "../../settings"
    assert slot_of(session.record) == "bluffit"
    with pytest.raises(ValueError):
        save_path("../x")


def test_the_old_single_autosave_migrates_byte_for_byte(data_dir):
    session = _session("sumidagawa", 12)
    legacy = data_dir / LEGACY_AUTOSAVE
    save_record(legacy, session.record)
    os.utime(legacy, (1_700_000_000, 1_700_000_000))
    original = legacy.read_bytes()
    saves, problems = list_saves()
    assert problems == [] and not legacy.exists()
    assert [s.slot for s in saves] == ["sumidagawa"]
    assert save_path("sumidagawa").read_bytes() == original  # lossless: the same file, renamed
    assert saves[0].saved_at == 1_700_000_000  # and its date is the date it was last played
    assert saves[0].replayed.state.to_json() == session.state.to_json()
    assert list_saves()[0][0].record.actions == session.record.actions  # once only


def test_migration_never_overwrites_a_save_of_the_same_game(data_dir):
    newer = _session("bluffit", 6, seed=1)
    save_game(newer.record)
    older = _session("bluffit", 3, seed=2)
    save_record(data_dir / LEGACY_AUTOSAVE, older.record)
    saves, problems = list_saves()
    assert problems == []
    by_slot = {s.slot: s for s in saves}
    assert set(by_slot) == {"bluffit", "bluffit-2"}
    assert by_slot["bluffit"].record.actions == newer.record.actions
    assert by_slot["bluffit-2"].record.actions == older.record.actions
    assert slot_of(by_slot["bluffit-2"].record) == "bluffit-2"  # it keeps saving to its own file


def test_a_corrupt_save_is_moved_aside_and_named_while_the_others_still_list(data_dir):
    _save_three()
    save_path("kakapo").write_text('{"format": "tabletop-record", "actions": [', encoding="utf-8")
    saves, problems = list_saves()
    assert [s.slot for s in saves] == ["sumidagawa", "bluffit"]
    assert len(problems) == 1 and "kakapo.json" in problems[0] and "moved to kakapo.corrupt-" in problems[0]
    assert not save_path("kakapo").exists()
    assert len(list(saves_dir().glob("kakapo.corrupt-*.json"))) == 1
    again, problems = list_saves()
    assert problems == [] and [s.slot for s in again] == ["sumidagawa", "bluffit"]


def test_a_corrupt_legacy_autosave_is_moved_aside_with_a_message(data_dir):
    data_dir.mkdir(parents=True)
    (data_dir / LEGACY_AUTOSAVE).write_text("not json at all", encoding="utf-8")
    saves, problems = list_saves()
    assert saves == [] and len(problems) == 1
    assert "autosave.json" in problems[0] and "moved to autosave.corrupt-" in problems[0]
    assert list(data_dir.glob("autosave.corrupt-*.json"))


# ----- the screens ---------------------------------------------------------------------------------

def _open_continue(app):
    from tabletop.ui.scenes.saves import SavesScene
    from tabletop.ui.scenes.title import TitleScene

    app.stack.push(TitleScene(app))
    _settle(app)
    title = app.stack.top
    continue_button = next(w for w in title.widgets if w.label == i18n.t("app.continue_count", count=3))
    post_click(app, *continue_button.rect.center)
    assert run_until(app, lambda: isinstance(app.stack.top, SavesScene), 10)
    _settle(app)
    return app.stack.top


@pytest.mark.parametrize("language", ["en", "ja"])
def test_continue_lists_each_game_with_players_move_and_date(app, language):
    from tabletop.ui.scenes.saves import date_text, move_text, players_text

    app.settings.language = language
    app.save_settings()
    _save_three()
    scene = _open_continue(app)
    assert [s.slot for s in scene.saves] == ["kakapo", "sumidagawa", "bluffit"]
    sumidagawa = scene.saves[1]
    if language == "en":
        assert players_text(sumidagawa) == "Dai, Emi (AI), Fumi (AI)"
        assert move_text(sumidagawa) == "Move 9"
    else:
        assert players_text(sumidagawa) == "Dai、Emi（AI）、Fumi（AI）"
        assert move_text(sumidagawa) == "9手目"
        assert "年" in date_text(sumidagawa.saved_at)
    app.step(1 / 60)  # it draws


def test_a_long_list_scrolls_and_every_save_can_be_reached(app):
    from tabletop.ui.scenes.saves import VISIBLE_ROWS, SavesScene

    for seed in range(VISIBLE_ROWS + 2):  # more bluffit games than fit: the old save migrated into -2, -3 …
        session = _session("bluffit", seed + 1, seed=seed)
        session.record.meta["slot"] = "bluffit" if seed == 0 else f"bluffit-{seed + 1}"
        save_game(session.record)
    app.stack.push(SavesScene(app))
    _settle(app)
    scene = app.stack.top
    assert len(scene.saves) == VISIBLE_ROWS + 2 and len(scene.visible()) == VISIBLE_ROWS
    first_rows = [scene.saves[i].slot for i in scene.visible()]
    scene.scroll(VISIBLE_ROWS)  # what PgDn and the wheel do
    _settle(app)
    later_rows = [scene.saves[i].slot for i in scene.visible()]
    assert later_rows[-1] == scene.saves[-1].slot and later_rows != first_rows
    assert len(scene.widgets) == 2 * VISIBLE_ROWS + 1  # Resume and Delete per visible row, and Back


def test_resume_from_continue_opens_the_chosen_game(app):
    from tabletop.ui.scenes.table import TableScene

    sessions = _save_three()
    scene = _open_continue(app)
    row = [s.slot for s in scene.saves].index("sumidagawa")
    resume_button = scene.widgets[2 * row]
    post_click(app, *resume_button.rect.center)
    assert run_until(app, lambda: isinstance(app.stack.top, TableScene), 10)
    table = app.stack.top
    assert table.session.game.id == "sumidagawa"
    assert table.session.state.to_json() == sessions["sumidagawa"].state.to_json()


def test_delete_asks_first_and_cancel_keeps_the_save(app):
    from tabletop.ui.scenes.confirm import ConfirmScene

    _save_three()
    scene = _open_continue(app)
    row = [s.slot for s in scene.saves].index("bluffit")
    post_click(app, *scene.widgets[2 * row + 1].rect.center)  # Delete
    assert run_until(app, lambda: isinstance(app.stack.top, ConfirmScene), 10)
    _settle(app)
    dialog = app.stack.top
    assert "BLUFFIT" in dialog.body and "Aki" in dialog.body
    post_click(app, *dialog.widgets[0].rect.center)  # Cancel
    assert run_until(app, lambda: app.stack.top is scene, 10)
    assert save_path("bluffit").exists() and len(scene.saves) == 3
    _settle(app)
    row = [s.slot for s in scene.saves].index("bluffit")
    post_click(app, *scene.widgets[2 * row + 1].rect.center)
    assert run_until(app, lambda: isinstance(app.stack.top, ConfirmScene), 10)
    _settle(app)
    post_click(app, *app.stack.top.widgets[1].rect.center)  # Delete
    assert run_until(app, lambda: app.stack.top is scene, 10)
    assert not save_path("bluffit").exists()
    assert [s.slot for s in scene.saves] == ["kakapo", "sumidagawa"]


def _start_from_setup(app, game_id: str):
    from tabletop.ui.scenes.setup import SetupScene
    from tabletop.ui.scenes.title import TitleScene

    app.stack.push(TitleScene(app))
    app.stack.push(SetupScene(app, game_id))
    _settle(app)
    setup = app.stack.top
    start = next(w for w in setup.widgets if isinstance(w, Button) and w.label == i18n.t("app.start"))
    post_click(app, *start.rect.center)
    _settle(app)
    return setup


def test_a_new_game_never_deletes_another_games_save(app):
    from tabletop.ui.scenes.table import TableScene

    _save_three()
    delete_save("sumidagawa")
    others = {g: save_path(g).read_bytes() for g in ("bluffit", "kakapo")}
    _start_from_setup(app, "sumidagawa")
    assert isinstance(app.stack.top, TableScene)  # nothing to replace: no question asked
    table = app.stack.top
    assert run_until(app, lambda: len(table.session.record.actions) >= 1 or table.session.humans_to_act(), 400)
    seat = table.session.state.to_act()[0]
    table.act(seat, table.session.state.legal_actions(seat)[0])
    saves.flush()  # saves are written off the frame (tabletop.save_writer)
    assert save_path("sumidagawa").exists()
    assert {g: save_path(g).read_bytes() for g in others} == others
    assert len(list_saves()[0]) == 3


def test_starting_a_game_that_has_a_save_asks_before_replacing_it(app):
    from tabletop.ui.scenes.confirm import ConfirmScene
    from tabletop.ui.scenes.setup import SetupScene
    from tabletop.ui.scenes.table import TableScene

    sessions = _save_three()
    old = save_path("bluffit").read_bytes()
    setup = _start_from_setup(app, "bluffit")
    assert isinstance(app.stack.top, ConfirmScene)
    dialog = app.stack.top
    assert "BLUFFIT" in dialog.body and "Aki" in dialog.body and "move 4" in dialog.body
    post_click(app, *dialog.widgets[0].rect.center)  # Cancel: back to setup, the save untouched
    assert run_until(app, lambda: app.stack.top is setup, 10)
    assert save_path("bluffit").read_bytes() == old
    _settle(app)
    start = next(w for w in setup.widgets if isinstance(w, Button) and w.label == i18n.t("app.start"))
    post_click(app, *start.rect.center)
    assert run_until(app, lambda: isinstance(app.stack.top, ConfirmScene), 10)
    _settle(app)
    post_click(app, *app.stack.top.widgets[1].rect.center)  # Replace and start
    assert run_until(app, lambda: isinstance(app.stack.top, TableScene), 10)
    table = app.stack.top
    saved = json.loads(save_path("bluffit").read_text(encoding="utf-8"))
    assert saved["seed"] == table.session.record.seed != sessions["bluffit"].record.seed
    assert save_path("sumidagawa").exists() and save_path("kakapo").exists()
    assert not any(isinstance(s, SetupScene) for s in app.stack.scenes)


@pytest.mark.parametrize("archive_fails", [False, True])
def test_a_finished_game_goes_to_history_before_its_save_is_removed(app, monkeypatch, archive_fails):
    from tabletop import userdata
    from tabletop.ui.scenes.results import ResultsScene
    from tabletop.ui.scenes.table import TableScene
    from tabletop.ui.scenes.title import TitleScene
    from tabletop.userdata import history_dir

    _save_three()
    if archive_fails:
        real_write = userdata.write_text_atomic

        def disk_full(path, text):
            if path.parent == history_dir():
                raise OSError(28, "No space left on device")
            real_write(path, text)
        monkeypatch.setattr(userdata, "write_text_atomic", disk_full)
    players, names = GAMES["bluffit"]
    session = Session.new("bluffit", players, [Seat(n, "random") for n in names], {}, 3)
    app.stack.push(TitleScene(app))
    app.stack.push(TableScene(app, session))
    assert run_until(app, lambda: isinstance(app.stack.top, ResultsScene))
    assert save_path("sumidagawa").exists() and save_path("kakapo").exists()
    archived = [json.loads(p.read_text(encoding="utf-8")) for p in history_dir().glob("*.json")]
    if archive_fails:  # not in the history: the save stays, with the finished game in it
        assert archived == []
        assert json.loads(save_path("bluffit").read_text(encoding="utf-8"))["actions"] == [
            list(a) for a in session.record.actions]
    else:
        assert not save_path("bluffit").exists()
        assert [a["actions"] for a in archived] == [[list(a) for a in session.record.actions]]
