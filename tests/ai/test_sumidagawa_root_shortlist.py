"""Sumidagawa's hard level weighs only its heuristic's shortlist at the root and plays the search's own
pick among it (issue 17); normal is unchanged (every move, guarded).

A hand with Rin up offers 30–55 plays; at arena budgets each got a handful of rollouts, and the guard
kept the easy heuristic's move at most decisions for both levels. `root_width` in the game's AI profile
gives hard a shortlist (`root_candidates`) so its budget is spent telling a few plausible moves apart,
and leaving hard out of `guarded_levels` lets it play the most visited of them; bench/STRENGTH.md ("Issue 17,
2026-12-02: Sumidagawa hard vs normal") has the arena figures.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from tabletop.ai.guarded import GuardedSearch
from tabletop.ai.heuristics import sumidagawa as heuristic
from tabletop.ai.levels import make_agent
from tabletop.engine import registry
from tabletop.engine.core import Action
from tabletop.games.sumidagawa.actions import Pass, Play, Revive, TurnDown
from tabletop.games.sumidagawa.cards import BLACK, RED
from tabletop.games.sumidagawa.state import SumidagawaState

GAME = registry.get_game("sumidagawa")


def _wide_turns(count: int, more_than: int) -> Iterator[tuple[SumidagawaState, int, list[Action]]]:
    """Turns (play or pass) with more than `more_than` legal moves along 4-player games of easy seats."""
    rng = random.Random(17)
    options = GAME.resolve_options({"games": "1"})
    found = 0
    seed = 0
    while found < count:
        state = GAME.new_state(4, options, seed)
        seed += 1
        while not state.is_over() and found < count:
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            if len(legal) > more_than and isinstance(legal[0], Play | Pass):
                found += 1
                yield state.clone(), seat, legal
            state.apply(seat, legal[0] if len(legal) == 1 else heuristic.choose(state.view(seat), legal, rng))


def test_shortlist_keeps_the_best_plays_and_the_pass() -> None:
    width = 6
    for state, seat, legal in _wide_turns(20, more_than=10):
        view = state.view(seat)
        kept = heuristic.root_candidates(view, legal, width)
        hand_size = view.hand_sizes[seat]
        plays = [a for a in kept if isinstance(a, Play)]
        assert len(plays) == width
        assert (Pass() in kept) == (Pass() in legal)
        assert all(a in legal for a in kept)
        worst_kept = min(heuristic.play_score(p, view.table, hand_size) for p in plays)
        dropped = [a for a in legal if isinstance(a, Play) and a not in kept]
        assert all(heuristic.play_score(p, view.table, hand_size) <= worst_kept for p in dropped)


def test_hard_searches_only_the_shortlist_and_normal_every_move() -> None:
    width = heuristic.PROFILE.root_width["hard"]
    assert width, "hard has no root shortlist"
    hard, normal = make_agent(GAME, "hard:80"), make_agent(GAME, "normal:80")
    for i, (state, seat, legal) in enumerate(_wide_turns(6, more_than=width + 4)):
        view = state.view(seat)
        shortlist = {str(a) for a in heuristic.root_candidates(view, legal, width)}
        hard.choose(view, legal, random.Random(i))
        assert hard.last_stats is not None
        assert set(hard.last_stats.root_visits) <= shortlist, f"decision {i}: hard searched off its shortlist"
        normal.choose(view, legal, random.Random(i))
        assert normal.last_stats is not None
        assert len(normal.last_stats.root_visits) > len(shortlist), f"decision {i}: normal was narrowed"


def test_shortlist_leaves_other_choices_alone() -> None:
    """Revive / turn down choices and lists no longer than the width come back whole."""
    state, seat, legal = next(_wide_turns(1, more_than=10))
    view = state.view(seat)
    assert heuristic.root_candidates(view, legal[:6], 6) == legal[:6]
    choices: list[Action] = [Revive(BLACK), Revive(RED)]
    assert heuristic.root_candidates(view, choices, 1) == choices
    choices = [TurnDown(BLACK), TurnDown(RED)]
    assert heuristic.root_candidates(view, choices, 1) == choices


def test_hard_plays_its_most_visited_move_and_normal_stays_guarded() -> None:
    hard = make_agent(GAME, "hard:120")
    assert isinstance(make_agent(GAME, "normal:120"), GuardedSearch)
    overruled = 0
    for i, (state, seat, legal) in enumerate(_wide_turns(12, more_than=8)):
        view = state.view(seat)
        move = hard.choose(view, legal, random.Random(i))
        stats = hard.last_stats
        assert stats is not None
        texts = [str(a) for a in legal if str(a) in stats.root_visits]
        best = max(texts, key=lambda t: (stats.root_visits[t], stats.root_means.get(t, 0.0), -texts.index(t)))
        assert str(move) == best, f"decision {i}: played {move}, the search preferred {best}"
        overruled += move != heuristic.choose(view, legal, random.Random(i))
    assert overruled, "hard never left the heuristic's move: nothing to show"
