"""KAKAPO search shortcuts (issue 17) give exactly what the plain code gives.

Each shortcut is compared with the plain code it replaced (kept here as the reference),
so a broken shortcut is named by the test that fails; the last test checks that the
search really skips the work it claims to skip.
"""

from __future__ import annotations

import random
from bisect import bisect
from itertools import accumulate, combinations

import pytest

from tabletop.ai.heuristics import kakapo as heuristic
from tabletop.ai.ismcts import SearchConfig
from tabletop.ai.levels import game_search
from tabletop.engine.core import Chance
from tabletop.games.kakapo import GAME, grid, pieces, sample_state
from tabletop.games.kakapo.actions import Place
from tabletop.games.kakapo.content import view_rules
from tabletop.games.kakapo.deal import constrained_deal
from tabletop.games.kakapo.state import P8, PLACE, KakapoState
from tabletop.games.kakapo.view import KakapoView


def placement_states(count: int, seed: int = 3) -> list[KakapoState]:
    """Place-phase states of seeded random games (Buddy and Party, several missions, some after Double Scan)."""
    rng = random.Random(seed)
    found: list[KakapoState] = []
    missions = [(2, "buddy_01"), (2, "buddy_15"), (3, "party_19"), (4, "party_20"), (4, "party_08")]
    game = 0
    while len(found) < count:
        players, mission = missions[game % len(missions)]
        state = GAME.new_state(players, GAME.resolve_options({"mission": mission}), game)
        game += 1
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            if state.phase == PLACE:
                found.append(state.clone())
            state.apply_unchecked(seat, legal[rng.randrange(len(legal))])
    return found[:count]


STATES = placement_states(120)


def test_the_states_include_double_scans():
    assert any(len(s.selection) == 2 for s in STATES)


def test_origin_masks_shift_to_every_placement():
    for k in range(pieces.NUM_CARDS):
        for p in pieces.PLACEMENTS[k]:
            assert pieces.ORIGIN_MASKS[k][p.orient] << (p.top * grid.SIZE + p.left) == p.mask


def test_legal_masks_are_the_cells_of_the_legal_actions_in_order():
    for s in STATES:
        for k in range(pieces.NUM_CARDS):
            actions = s.rules.legal_actions(k, s.occupied, s.colour_cells)
            masks = s.rules.legal_masks(k, s.occupied, s.colour_cells)
            assert masks == [pieces.PLACEMENT_MASKS[a.piece, a.orient, a.top, a.left] for a in actions]


def test_state_groups_equal_grouping_the_legal_list():
    for s in STATES:
        legal = s.legal_actions(s.placer)
        assert heuristic.state_placement_groups(s, legal) == heuristic.placement_groups(legal)
    s = STATES[0]
    legal = s.legal_actions(s.placer)
    some = legal[::3]  # not the state's own list: grouped the plain way
    assert heuristic.state_placement_groups(s, some) == heuristic.placement_groups(some)


def plain_ranked_placements(board: heuristic.Board, legal: list[Place], rng: random.Random,
                            need: int | None = None) -> list[tuple[float, Place, int]]:
    """The ranking as it was before the search speed work: a lookup and a tuple per placement, one sort."""
    by_piece: dict[int, list[tuple[Place, int]]] = {}
    for a in legal:
        p = pieces.placement(a.piece, a.orient, a.top, a.left)
        assert p is not None
        by_piece.setdefault(a.piece, []).append((a, p.mask))
    scored: list[tuple[float, Place, int]] = []
    far_groups: list[tuple[int, list[tuple[Place, int]]]] = []
    far_bound = heuristic.UNPLACEABLE
    noise = rng.random
    near_all = 0
    for zone in heuristic._zones(board.rules):
        near_all |= zone
    for piece, group in by_piece.items():
        if need is not None:
            far = [(a, m) for a, m in group if not m & near_all]
            if far:
                group = [(a, m) for a, m in group if m & near_all]
                far_groups.append((piece, far))
                far_bound = max(far_bound, heuristic._split(board.rules, piece)[2] + 0.01)
        values = heuristic.placement_values(board, piece, [m for _, m in group])
        scored.extend((v + noise() * 0.01, a, m) for v, (a, m) in zip(values, group, strict=True))
    if far_groups and sum(1 for v, _, _ in scored if v >= far_bound) < (need or 0):
        for piece, group in far_groups:
            values = heuristic.placement_values(board, piece, [m for _, m in group])
            scored.extend((v + noise() * 0.01, a, m) for v, (a, m) in zip(values, group, strict=True))
    scored.sort(key=lambda x: -x[0])
    return scored


@pytest.mark.parametrize("need", [None, 1, 2, 4, 10])
def test_ranked_placements_equal_the_plain_ranking(need: int | None):
    for i, s in enumerate(STATES[::2]):
        board = heuristic.Board.from_state(s)
        legal = s.legal_actions(s.placer)
        plain = plain_ranked_placements(board, legal, random.Random(i), need)
        assert heuristic.ranked_placements(board, legal, random.Random(i), need) == plain
        if need is None:
            groups = heuristic.state_placement_groups(s, legal)
            assert heuristic.ranked_placements(board, legal, random.Random(i), need, groups=groups) == plain


class _NoNoise(random.Random):
    def random(self) -> float:
        return 0.0


@pytest.mark.parametrize("need", [1, 2, 4, 10])
def test_the_best_few_by_bound_are_the_best_of_all(need: int):
    """With `top`, placements are valued highest bound first and the rest skipped: the head is the same."""
    skipped = 0
    for s in STATES:
        board = heuristic.Board.from_state(s)
        legal = s.legal_actions(s.placer)
        groups = heuristic.state_placement_groups(s, legal)
        plain = plain_ranked_placements(board, legal, _NoNoise(), need)
        fast = heuristic.ranked_placements(board, legal, _NoNoise(), need, groups=groups, top=need)
        assert [v for v, _, _ in fast] == [v for v, _, _ in plain[:need]]
        for value, action, mask in fast:
            assert heuristic.placement_values(board, action.piece, [mask]) == [value]
        noisy = heuristic.ranked_placements(board, legal, random.Random(3), need, groups=groups, top=need)
        assert noisy[0][0] >= plain[0][0]  # noise only adds (under 0.01)
        skipped += _valued(board, legal, need, groups, None) - _valued(board, legal, need, groups, need)
    assert skipped > 0  # the bound does cut work


def _valued(board: heuristic.Board, legal: list[Place], need: int, groups: list, top: int | None) -> int:
    """How many placements `ranked_placements` values (one noise draw each)."""
    draws = []
    rng = random.Random(3)
    rng.random = lambda: draws.append(1) or 0.5  # type: ignore[method-assign]
    heuristic.ranked_placements(board, legal, rng, need, groups=groups, top=top)
    return len(draws)


def plain_placement_values(board: heuristic.Board, piece: int, masks: list[int]) -> list[float]:
    """Each placement's value by re-costing every bird on the board with the piece placed."""
    out = []
    for mask in masks:
        cols = board.cols[:]
        cols[piece >> 3] |= mask
        value = 0.05 * (mask & heuristic._BORDER).bit_count() - 0.15 * (mask & board.halo()).bit_count()
        value += board.work() - heuristic.work(board.rules, board.occupied | mask, cols)  # 0.0 for a far piece
        out.append(value)
    return out


def test_placement_values_equal_a_full_recount():
    for s in STATES[::3]:
        board = heuristic.Board.from_state(s)
        for k in dict.fromkeys(s.selection):
            masks = s.rules.legal_masks(k, s.occupied, s.colour_cells)
            assert heuristic.placement_values(board, k, masks) == plain_placement_values(board, k, masks)


def test_best_subset_equals_the_search_over_subsets():
    rng = random.Random(8)
    for _ in range(2000):
        costs = [rng.choice((heuristic.DEAD, 0.5 * rng.randrange(40))) for _ in range(rng.randint(1, 7))]
        for required in range(1, len(costs) + 1):
            assert heuristic.best_subset(costs, required) == min(sum(c) for c in combinations(costs, required))


def plain_constrained_deal(cards: list[int], sizes: list[int], allowed, rng: random.Random,
                           tries: int = 20) -> list[list[int]] | None:
    """The greedy fill as it was, through `rng.shuffle` and `rng.choices` (None where it fell back to matching)."""
    masks = {c: allowed(c) for c in cards}
    order = list(cards)
    for _ in range(tries):
        rng.shuffle(order)
        order.sort(key=lambda c: masks[c].bit_count())
        room = list(sizes)
        out: list[list[int]] = [[] for _ in sizes]
        for c in order:
            choices = [p for p in range(len(sizes)) if masks[c] >> p & 1 and room[p]]
            if not choices:
                break
            p = rng.choices(choices, [room[p] for p in choices])[0]
            room[p] -= 1
            out[p].append(c)
        else:
            return out
    return None


def test_constrained_deal_draws_exactly_like_shuffle_and_choices():
    setup = random.Random(5)
    compared = 0
    for seed in range(400):
        cards = setup.sample(range(40), setup.randint(6, 30))
        places = setup.randint(2, 4)
        sizes = [len(cards) // places] * places
        sizes[-1] += len(cards) - sum(sizes)
        # Some cards barred from some places (voids, the announced P8); every card may go somewhere.
        barred = {c: setup.getrandbits(places) & setup.getrandbits(places) for c in cards}
        allowed = {c: ((1 << places) - 1) & ~barred[c] or 1 << setup.randrange(places) for c in cards}
        plain_rng, fast_rng = random.Random(seed), random.Random(seed)
        plain = plain_constrained_deal(cards, sizes, allowed.__getitem__, plain_rng)
        if plain is None:
            continue  # the matching fallback is unchanged code
        assert constrained_deal(cards, sizes, allowed.__getitem__, fast_rng) == plain
        assert fast_rng.getstate() == plain_rng.getstate()
        compared += 1
    assert compared > 300
    # The inlined weighted draw is `choices`' own arithmetic.
    rng_a, rng_b = random.Random(1), random.Random(1)
    for _ in range(1000):
        weights = [setup.randint(1, 10) for _ in range(setup.randint(1, 5))]
        cumulative = list(accumulate(weights))
        mine = bisect(cumulative, rng_b.random() * (cumulative[-1] + 0.0), 0, len(weights) - 1)
        assert mine == rng_a.choices(range(len(weights)), weights)[0]


def test_search_groups_the_root_moves_once():
    """The searcher's ~170 root placements are grouped by text in the first iteration, then reused."""
    state, seat = next((s, s.placer) for s in STATES if s.players == 4 and len(s.legal_actions(s.placer)) > 100)
    hashed = 0
    plain_hash = Place.__hash__

    def counting_hash(self: Place) -> int:
        nonlocal hashed
        hashed += 1
        return plain_hash(self)

    legal = state.legal_actions(seat)
    agent = game_search(GAME, SearchConfig(iterations=40, seconds=None))
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(Place, "__hash__", counting_hash)
        agent.choose(state.view(seat), legal, random.Random(1))
    assert agent.last_stats is not None and agent.last_stats.iterations == 40
    assert hashed < 5 * len(legal)  # regrouping every iteration hashes 40 × len(legal)


def plain_sample_state(view: KakapoView, rng: random.Random) -> KakapoState:
    """The sampler as it was: every world built from the view from scratch."""
    s = KakapoState.blank(view_rules(view), view.players)
    s.chance = Chance(rng.getrandbits(62))
    known = 0
    for k in (*view.hand, *view.pile, *view.discard, *view.removed_public, *(k for _, k in view.revealed)):
        known |= 1 << k
    unknown = [k for k in range(40) if not known >> k & 1]
    others = [i for i in range(view.players) if i != view.seat]
    sizes = [view.hand_sizes[i] for i in others] + [view.removed_hidden]

    def allowed(k: int) -> int:
        if k == P8 and view.p8_holder >= 0:
            return 1 << others.index(view.p8_holder)
        m = 1 << len(others)
        for j, seat in enumerate(others):
            if not view.voids[seat] >> (k >> 3) & 1:
                m |= 1 << j
        return m

    dealt = constrained_deal(unknown, sizes, allowed, rng)
    if view.seat is not None:
        for k in view.hand:
            s.hands[view.seat] |= 1 << k
    for j, seat in enumerate(others):
        for k in dealt[j]:
            s.hands[seat] |= 1 << k
    for k in (*dealt[len(others)], *view.removed_public):
        s.removed |= 1 << k
    s.round, s.start, s.start_reason, s.p8_holder = view.round, view.start, view.start_reason, view.p8_holder
    s.phase, s.revealed, s.lead = view.phase, list(view.revealed), view.lead
    s.pile, s.counters, s.used = list(view.pile), view.counters, view.used
    for k in view.discard:
        s.discard |= 1 << k
    for piece, orient, top, left in view.placements:
        p = pieces.placement(piece, orient, top, left)
        assert p is not None
        s.occupied |= p.mask
        s.colour_cells[piece >> 3] |= p.mask
        s.placed.append((piece, orient, top, left, p.mask))
    s.placer, s.decision = view.placer, view.decision
    if view.phase == "skill":
        s.options = s.skill_options()
    s.selection = list(view.selection)
    s.outcome = view.outcome
    s.voids = list(view.voids)
    s.history = list(view.history)
    s.scanned = sum(1 << i for i, done in enumerate(view.scanned) if done)
    return s


def test_sampled_worlds_equal_worlds_built_from_scratch():
    """Worlds of one view share its public part; sampling views in turn rebuilds it each time."""
    rng = random.Random(6)
    views = []
    for players in (2, 3, 4):
        state = GAME.new_state(players, GAME.resolve_options({}), players)
        while not state.is_over():
            seat = state.to_act()[0]
            views.append(state.view(seat))
            views.append(state.view(None))
            legal = state.legal_actions(seat)
            state.apply_unchecked(seat, legal[rng.randrange(len(legal))])
    for i, view in enumerate(views * 2):  # twice: each view meets the one before it again
        for j in range(2):  # the second world of a view is built from the shared part
            fast_rng, plain_rng = random.Random(i * 7 + j), random.Random(i * 7 + j)
            fast, plain = sample_state(view, fast_rng), plain_sample_state(view, plain_rng)
            assert fast.to_json() == plain.to_json()
            assert fast.colour_cells == plain.colour_cells and fast.placed == plain.placed
            assert fast_rng.getstate() == plain_rng.getstate()
            if not fast.is_over():  # playing a world must leave the next world of the view alone
                mover = fast.to_act()[0]
                fast.apply_unchecked(mover, fast.legal_actions(mover)[0])



def plain_unreachable(board: heuristic.Board, piece: int, mask: int) -> int:
    """Open target cells of the best bird subset that no unused piece could cover, as counted before."""
    rules = board.rules
    occupied = board.occupied | mask
    cols = board.cols[:]
    cols[piece >> 3] |= mask
    used = board.unavailable | 1 << piece
    costs = heuristic.bird_costs(rules, occupied, cols)
    best = min(combinations(range(len(costs)), rules.required), key=lambda ix: sum(costs[i] for i in ix))
    forbid = [occupied | grid.neighbours(cols[k]) for k in range(5)]
    missing = 0
    for i in best:
        t = rules.targets[i]
        wanted = [(t.need_any & ~occupied, range(5))] + [(n & ~occupied, (k,)) for k, n in enumerate(t.need) if n]
        for cells, colours in wanted:
            for r, c in grid.cells_of(cells):
                bit = grid.bit(r, c)
                if not any(not m & forbid[k] and m & bit
                           for k in colours for p in range(k * 8, k * 8 + 8) if not used >> p & 1
                           for m in heuristic._covering(rules, p, bit)):
                    missing += 1
    return missing


def test_unreachable_counts_like_the_plain_count():
    counted = 0
    for s in STATES[::2]:
        board = heuristic.Board.from_state(s)
        for k in dict.fromkeys(s.selection):
            for m in s.rules.legal_masks(k, s.occupied, s.colour_cells)[::7]:
                assert heuristic.unreachable(board, k, m) == plain_unreachable(board, k, m)
                counted += heuristic.unreachable(board, k, m)
    assert counted > 0  # some placements do cut targets off
