"""Chance scheme 2 (hashed draws) and how records, tutorials and sessions name their scheme.

Old files name no scheme and must replay with scheme 1 exactly; new BLOODY SUMMER games
draw with scheme 2 and say so in their records.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest

from tabletop.engine.core import Chance
from tabletop.engine.draws import StreamDraws
from tabletop.engine.records import Record, RecordError, Seat, load_record, save_record
from tabletop.games.bloody_summer import GAME as BLOODY_SUMMER
from tabletop.session import Session
from tabletop.tutorial import Tutorial
from tabletop.tutorial.coach import new_state as tutorial_state

# ----- the draws ------------------------------------------------------------------------------------


def test_stream_draws_are_a_pure_function_of_seed_and_counter() -> None:
    def draws(seed: int, counter: int) -> tuple:
        d = StreamDraws(seed, counter)
        items = list(range(20))
        d.shuffle(items)
        return tuple(items), d.randrange(7), d.randrange(3, 9), d.random(), d.choice("abc")

    assert draws(5, 1) == draws(5, 1)
    assert len({draws(5, c) for c in range(1, 30)}) == 29
    assert draws(5, 1) != draws(6, 1)


def test_reading_past_the_first_hash_keeps_the_words_already_read() -> None:
    short, long = StreamDraws(3, 4), StreamDraws(3, 4)
    first = [short.randrange(1000) for _ in range(3)]
    long.shuffle(list(range(200)))  # 1,600 bytes: the stream is re-hashed longer
    again = StreamDraws(3, 4)
    assert [again.randrange(1000) for _ in range(3)] == first
    assert 0 <= long.randrange(5) < 5


def test_shuffles_are_permutations_and_every_order_is_about_equally_likely() -> None:
    counts: Counter[tuple[int, ...]] = Counter()
    for counter in range(6000):
        items = [0, 1, 2]
        StreamDraws(11, counter).shuffle(items)
        counts[tuple(items)] += 1
    assert len(counts) == 6
    assert all(850 < n < 1150 for n in counts.values())  # 1000 expected, sd about 29
    deck = list(range(52))
    StreamDraws(1, 1).shuffle(deck)
    assert sorted(deck) == list(range(52)) and deck != list(range(52))


def test_randrange_and_random_stay_in_range_and_spread_evenly() -> None:
    d = StreamDraws(9, 9)
    rolls = Counter(d.randrange(1, 7) for _ in range(6000))
    assert set(rolls) == set(range(1, 7)) and all(850 < n < 1150 for n in rolls.values())
    assert all(0.0 <= d.random() < 1.0 for _ in range(1000))
    with pytest.raises(ValueError):
        d.randrange(0)


def test_a_chance_counts_its_events_and_clones_its_scheme() -> None:
    chance = Chance(4, scheme=2)
    assert isinstance(chance.rng(), StreamDraws)
    chance.shuffle([1, 2, 3])
    assert chance.counter == 2
    copy = chance.clone()
    assert (copy.seed, copy.counter, copy.scheme) == (4, 2, 2)
    assert chance.to_json() == {"seed": 4, "counter": 2, "scheme": 2}
    assert Chance(4, 2).to_json() == {"seed": 4, "counter": 2}  # scheme 1 states print as before
    assert isinstance(Chance(4).rng(), random.Random)


# ----- games, records, tutorials --------------------------------------------------------------------


def _random_record(chance: int | None, seed: int = 12, players: int = 3) -> tuple[Record, dict]:
    """A finished random BLOODY SUMMER game under `chance` (None: a new game) and its final state."""
    scheme = BLOODY_SUMMER.chance_schemes[-1] if chance is None else chance
    state = BLOODY_SUMMER.new_state_with_chance(players, {}, seed, scheme)
    rng = random.Random(seed)
    actions = []
    while not state.is_over():
        seat = state.to_act()[0]
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        actions.append((seat, str(action)))
    record = Record("bloody_summer", players, seed, BLOODY_SUMMER.resolve_options({}),
                    [Seat(f"P{i}", "random") for i in range(players)], actions, chance=chance)
    return record, state.to_json()


def test_new_games_draw_with_scheme_2_and_old_seeds_still_deal_as_before() -> None:
    assert BLOODY_SUMMER.chance_schemes == (1, 2)
    new, old = BLOODY_SUMMER.new_state(3, {}, 8), BLOODY_SUMMER.new_state_with_chance(3, {}, 8, 1)
    assert new.chance.scheme == 2 and old.chance.scheme == 1
    assert new.to_json()["hands"] != old.to_json()["hands"]
    with pytest.raises(ValueError):
        BLOODY_SUMMER.new_state_with_chance(3, {}, 8, 3)


def test_a_record_without_a_scheme_replays_with_scheme_1(tmp_path: Path) -> None:
    record, final = _random_record(chance=1)
    save_record(tmp_path / "old.json", record)
    data = json.loads((tmp_path / "old.json").read_text(encoding="utf-8"))
    assert "chance" not in data  # written exactly as before scheme 2 existed
    loaded = load_record(tmp_path / "old.json")
    assert loaded.record.chance == 1
    assert loaded.state.to_json() == final


def test_a_new_games_record_names_scheme_2_and_replays_with_it(tmp_path: Path) -> None:
    record, final = _random_record(chance=None)
    save_record(tmp_path / "new.json", record)
    assert json.loads((tmp_path / "new.json").read_text(encoding="utf-8"))["chance"] == 2
    loaded = load_record(tmp_path / "new.json")
    assert loaded.state.to_json() == final
    assert loaded.state.to_json()["chance"]["scheme"] == 2


@pytest.mark.parametrize(("game", "scheme"), [("bloody_summer", 3), ("bloody_summer", "2"), ("bluffit", 2)])
def test_a_scheme_the_game_cannot_replay_is_refused(tmp_path: Path, game: str, scheme: object) -> None:
    players = 3
    record = Record(game, players, 1, {}, [Seat(f"P{i}") for i in range(players)], [], chance=1)
    data = record.to_json()
    data["chance"] = scheme
    path = tmp_path / "r.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(RecordError, match="chance scheme"):
        load_record(path)


def test_sessions_record_the_scheme_they_deal_with() -> None:
    seats = [Seat(f"P{i}") for i in range(3)]
    fresh = Session.new("bloody_summer", 3, seats, {}, 5)
    pinned = Session.new("bloody_summer", 3, seats, {}, 5, chance=1)
    assert fresh.record.to_json()["chance"] == 2 and fresh.state.chance.scheme == 2
    assert "chance" not in pinned.record.to_json() and pinned.state.chance.scheme == 1
    assert pinned.state.to_json() == BLOODY_SUMMER.new_state_with_chance(3, {}, 5, 1).to_json()


def test_tutorials_without_a_scheme_deal_with_scheme_1() -> None:
    path = Path(__file__).resolve().parents[2] / "tabletop" / "tutorials" / "bloody_summer.json"
    tutorial = Tutorial.load(path)
    assert tutorial.chance == 1 and "chance" not in tutorial.to_json()
    expected = BLOODY_SUMMER.new_state_with_chance(tutorial.players, {}, tutorial.seed, 1)
    assert tutorial_state(tutorial).to_json() == expected.to_json()


def test_draw_under_scheme_1_is_the_top_of_the_old_shuffle() -> None:
    pile = [1, 2, 2, 5, 8, 9, 13]
    for counter in range(50):
        old = Chance(77, counter).rng()
        order = pile[:]
        old.shuffle(order)
        assert Chance(77, counter).draw(pile, 3) == order[:3]
    assert pile == [1, 2, 2, 5, 8, 9, 13]


def test_draw_under_scheme_2_gives_every_ordered_pick_alike() -> None:
    counts = Counter(tuple(Chance(5, counter, scheme=2).draw([0, 1, 2, 3], 2)) for counter in range(12000))
    assert len(counts) == 12  # ordered pairs of distinct items
    assert all(850 < n < 1150 for n in counts.values())  # 1000 expected, sd about 30
    assert Chance(5, 0, scheme=2).draw([4, 6], 5) == Chance(5, 0, scheme=2).draw([4, 6], 2)
