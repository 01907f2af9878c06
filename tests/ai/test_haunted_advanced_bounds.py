"""bench/haunted_advanced_bounds.py measures the advanced house's two clocks (bench/STRENGTH.md, "2026-12-02
midday"); these checks keep its scripted teams and its ghost-free switch honest."""

from __future__ import annotations

from statistics import mean

from bench import haunted_advanced_bounds as bounds
from tabletop.arena import derive_seed
from tabletop.games.haunted_house.state import HauntedHouseState

SEEDS = [derive_seed(30000, i) for i in range(12)]


def test_without_ghosts_the_courier_delivers_every_jewel_and_the_switch_is_undone():
    place = HauntedHouseState._place_ghost
    for seed in SEEDS[:4]:
        won, jewels, turns = bounds.play(("courier", seed, True))
        assert won and jewels == 8 and 30 < turns < bounds.TURN_LIMIT
    assert HauntedHouseState._place_ghost is place


def test_with_ghosts_an_idle_team_loses_sooner_than_fighters():
    idle = [bounds.play(("idle", seed, False)) for seed in SEEDS]
    fighters = [bounds.play(("fighters", seed, False)) for seed in SEEDS]
    assert not any(won or jewels for won, jewels, _ in idle + fighters)
    assert mean(t for *_, t in fighters) > mean(t for *_, t in idle) + 10


def test_partners_who_wait_for_each_other_hold_the_house_longer_than_lone_fighters():
    seeds = [derive_seed(30000, i) for i in range(60)]
    fighters = [bounds.play(("fighters", seed, False))[2] for seed in seeds]
    pairs = [bounds.play(("pairs", seed, False))[2] for seed in seeds]
    assert mean(pairs) > mean(fighters) + 10


def test_the_hybrids_halves_one_pair_holds_longer_than_nobody_and_two_couriers_need_longer_than_four():
    idle = [bounds.play(("idle", seed, False))[2] for seed in SEEDS]
    pair = [bounds.play(("pair", seed, False)) for seed in SEEDS]
    assert not any(won or jewels for won, jewels, _ in pair)  # nobody carries
    assert mean(t for *_, t in pair) > mean(idle) + 5
    two = [bounds.play(("couriers2", seed, True)) for seed in SEEDS[:4]]
    four = [bounds.play(("courier", seed, True)) for seed in SEEDS[:4]]
    assert all(won and jewels == 8 for won, jewels, _ in two)
    assert mean(t for *_, t in two) > mean(t for *_, t in four) + 15
