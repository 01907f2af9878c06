"""Statistics from history records (tabletop.stats): counts, wins, scores, co-op, unreadable files."""

from __future__ import annotations

import json

from tabletop.engine.records import Seat, save_record
from tabletop.session import Session
from tabletop.stats import compute_stats, load_history, load_stats


def _finished(game: str, names: list[str], seed: int) -> Session:
    session = Session.new(game, len(names), [Seat(n, "easy") for n in names], {}, seed)
    while not session.state.is_over():
        seat = session.state.to_act()[0]
        session.apply(seat, session.state.legal_actions(seat)[0])
    return session


def _archive(folder, session: Session, name: str) -> None:
    save_record(folder / name, session.record)


def test_stats_count_games_wins_and_scores(tmp_path):
    history = tmp_path / "history"
    history.mkdir()
    games = [_finished("bluffit", ["Aki", "Ben", "Chie"], seed) for seed in (1, 2, 3)]
    for i, session in enumerate(games):
        _archive(history, session, f"2025010{i + 1}-120000-bluffit-{i}.json")
    entries = load_history(history)
    assert [e.ok for e in entries] == [True, True, True]
    assert entries[0].finished >= entries[-1].finished  # newest first
    stats = compute_stats(entries)["bluffit"]
    assert stats.played == 3
    for seat, name in enumerate(["Aki", "Ben", "Chie"]):
        scores = [s.state.result().scores[seat] for s in games]
        wins = sum(seat in s.state.result().winners for s in games)
        row = stats.seats[name]
        assert row.played == 3 and row.wins == wins
        assert row.best_score == max(scores)
        assert abs(row.average - sum(scores) / 3) < 1e-9


def test_coop_games_count_team_wins_and_missions(tmp_path):
    history = tmp_path / "history"
    history.mkdir()
    session = _finished("haunted_house", ["Aki", "Ben"], 4)
    _archive(history, session, "20250101-120000-haunted_house-4.json")
    (tmp_path / "kakapo_progress.json").write_text(json.dumps({"version": 1, "cleared": ["nonsense"]}))
    entries, stats = load_stats(tmp_path)
    hh = stats["haunted_house"]
    assert hh.cooperative and hh.played == 1
    success = session.state.result().coop_success
    assert hh.team_wins == (1 if success else 0)
    assert hh.seats["Aki"].wins == hh.team_wins
    assert stats["kakapo"].missions_cleared == 0 and stats["kakapo"].missions_total > 0


def test_unreadable_files_are_listed_not_raised(tmp_path):
    history = tmp_path / "history"
    history.mkdir()
    (history / "20250101-000000-bluffit-1.json").write_text("{ not json")
    (history / "20250102-000000-bluffit-2.json").write_text(json.dumps({"format": "something else"}))
    bad = _finished("bluffit", ["A", "B"], 9).record.to_json()
    bad["actions"][0][1] = "fly away"
    bad["meta"] = {}
    (history / "20250103-000000-bluffit-3.json").write_text(json.dumps(bad))
    _archive(history, _finished("bluffit", ["A", "B"], 8), "20250104-000000-bluffit-8.json")
    entries = load_history(history)
    assert len(entries) == 4
    assert sum(1 for e in entries if e.error) == 3
    assert all(e.error for e in entries if not e.ok)
    assert compute_stats(entries)["bluffit"].played == 1


def test_missing_history_folder_is_empty(tmp_path):
    assert load_history(tmp_path / "nowhere") == []
