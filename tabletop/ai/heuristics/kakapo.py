"""KAKAPO heuristic: co-operative card play without talking plus a placement search toward the scan targets.

The evaluator (spec §11.4) measures the remaining work of the mission: over every subset
of `required` live birds, the uncovered target cells (coloured ones weigh 1.5). A bird
is dead when a coloured target is covered by a wrong colour or sits beside a piece of
its own required colour (no piece of that colour can ever go there). A placement's
value is the work it removes, minus a little for crowding the space around open
targets; the best few are re-checked for whether every open target can still be
covered by some unused piece. A piece's usefulness is the value of its best placement.

Cards: each seat reveals the card that makes the most useful piece win the round so far,
and otherwise sheds cards whose pieces are least useful. Skills: the option whose
pieces are worth most, after a small cost for the counter. Only the View is read
(`choose`); `rollout` gets a determinised State and uses the same policy.
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Callable, Iterable
from itertools import combinations, compress
from typing import cast

from tabletop.ai.profile import AIProfile
from tabletop.engine.core import Action
from tabletop.games.kakapo import grid, pieces
from tabletop.games.kakapo.actions import Place, Reveal, Skill
from tabletop.games.kakapo.birds import Targets
from tabletop.games.kakapo.board import MissionRules
from tabletop.games.kakapo.content import view_rules
from tabletop.games.kakapo.state import KakapoState
from tabletop.games.kakapo.view import KakapoView, skill_selection

DEAD = 60.0
UNPLACEABLE = -100.0
COUNTER_COST = 0.6
_BORDER = grid.FULL & ~grid.mask_of((r, c) for r in range(1, 11) for c in range(1, 11))


class Board:
    """The public board: what every evaluation starts from."""

    __slots__ = ("rules", "occupied", "cols", "used", "unavailable", "_halo", "_work", "_costs", "_around")

    def __init__(self, rules: MissionRules, occupied: int, cols: list[int], used: int, unavailable: int) -> None:
        self.rules = rules
        self.occupied = occupied
        self.cols = cols
        self.used = used
        self.unavailable = unavailable  # pieces that can never come (used or publicly removed)
        self._halo: int | None = None
        self._work: float | None = None
        self._costs: list[float] | None = None
        self._around: list[int] | None = None

    @classmethod
    def from_view(cls, v: KakapoView) -> Board:
        occupied, cols = 0, [0] * 5
        for k, o, top, left in v.placements:
            p = pieces.placement(k, o, top, left)
            assert p is not None
            occupied |= p.mask
            cols[k >> 3] |= p.mask
        removed = 0
        for k in v.removed_public:
            removed |= 1 << k
        return cls(view_rules(v), occupied, cols, v.used, v.used | removed)

    @classmethod
    def from_state(cls, s: KakapoState) -> Board:
        removed = s.removed if s.mode == "party" else 0
        return cls(s.rules, s.occupied, s.colour_cells, s.used, s.used | removed)

    def around(self) -> list[int]:
        """Per colour, the cells next to its pieces."""
        if self._around is None:
            self._around = [grid.neighbours(c) for c in self.cols]
        return self._around

    def costs(self) -> list[float]:
        if self._costs is None:
            self._costs = bird_costs(self.rules, self.occupied, self.cols)
        return self._costs

    def work(self) -> float:
        if self._work is None:
            self._work = best_subset(self.costs(), self.rules.required)
        return self._work

    def halo(self) -> int:
        """Non-target cells next to open targets: space a future piece may need."""
        if self._halo is None:
            open_targets = 0
            for t in self.rules.targets:
                open_targets |= t.all & ~self.occupied
            self._halo = grid.neighbours(open_targets) & ~self.rules.target_union
        return self._halo


def target_cost(t: Targets, occupied: int, cols: list[int], around: list[int] | None = None) -> float:
    """Work left on one bird's targets: open cells (coloured ones weigh 1.5), or DEAD.

    `around[k]` may give the cells next to colour k's pieces (`grid.neighbours(cols[k])`) when known.
    """
    cost = float((t.need_any & ~occupied).bit_count())
    for k, n in enumerate(t.need):
        if n:
            beside = around[k] if around is not None else grid.neighbours(cols[k])
            if n & occupied & ~cols[k] or n & ~occupied & beside:
                return DEAD
            cost += 1.5 * (n & ~occupied).bit_count()
    return cost


def bird_costs(rules: MissionRules, occupied: int, cols: list[int]) -> list[float]:
    around = [grid.neighbours(c) for c in cols]
    return [target_cost(t, occupied, cols, around) for t in rules.targets]


def best_subset(costs: list[float], required: int) -> float:
    """The least total cost of `required` birds: the cheapest ones. Every cost is a multiple of 0.5 (cell
    counts, 1.5 per coloured cell, DEAD), so the sums are exact and need no search over the subsets."""
    if required == 1:
        return min(costs)
    return sum(sorted(costs)[:required])


def work(rules: MissionRules, occupied: int, cols: list[int]) -> float:
    return best_subset(bird_costs(rules, occupied, cols), rules.required)


_ZONES: dict[int, tuple[int, ...]] = {}


def _zones(rules: MissionRules) -> tuple[int, ...]:
    """Per bird, the cells where a piece can change its cost: its targets and their neighbours."""
    got = _ZONES.get(id(rules))
    if got is None:
        got = tuple(t.all | grid.neighbours(t.all) for t in rules.targets)
        if len(_ZONES) > 256:
            _ZONES.clear()
        _ZONES[id(rules)] = got
    return got


_SPLITS: dict[tuple[int, int], tuple[tuple[int, ...], tuple[int, ...], float]] = {}


def _split(rules: MissionRules, piece: int) -> tuple[tuple[int, ...], tuple[int, ...], float]:
    """The piece's masks near some bird's zone, those far from all, and the best value a far one can have.

    A far placement removes no work, so its value is at most its border bonus: once a near placement
    beats that bound, the far ones need not be valued at all (most of a piece's placements are far).
    """
    key = (id(rules), piece)
    got = _SPLITS.get(key)
    if got is None:
        near_all = 0
        for zone in _zones(rules):
            near_all |= zone
        masks = rules.masks[piece]
        far = tuple(m for m in masks if not m & near_all)
        bound = max((0.05 * (m & _BORDER).bit_count() for m in far), default=UNPLACEABLE)
        got = (tuple(m for m in masks if m & near_all), far, bound)
        if len(_SPLITS) > 4096:
            _SPLITS.clear()
        _SPLITS[key] = got
    return got


class _Bounds:
    """One piece's near masks with an upper bound on each one's value, highest first.

    A placement of colour c removes at most one unit of work per `need_any` cell and 1.5 per colour-c cell it
    covers (another colour's cell kills the bird; deadness never lifts for a legal placement), plus the border
    bonus; the halo term only lowers it. A caller that wants only the best few values can stop at the first mask
    whose bound cannot beat them: most near masks touch a bird's zone but cover no target.
    """

    __slots__ = ("masks", "bounds", "of")

    def __init__(self, rules: MissionRules, piece: int) -> None:
        colour = piece >> 3
        weights = [(need_any, dict(coloured).get(colour, 0)) for need_any, coloured in rules.scan_needs]
        near = _split(rules, piece)[0]
        bounds = [0.05 * (m & _BORDER).bit_count()
                  + sum((m & a).bit_count() + 1.5 * (m & c).bit_count() for a, c in weights) for m in near]
        order = sorted(range(len(near)), key=bounds.__getitem__, reverse=True)
        self.masks = tuple(near[i] for i in order)
        self.bounds = tuple(bounds[i] for i in order)
        self.of = dict(zip(near, bounds, strict=True))


_BOUNDS: dict[tuple[int, int], _Bounds] = {}


def _bounds(rules: MissionRules, piece: int) -> _Bounds:
    key = (id(rules), piece)
    got = _BOUNDS.get(key)
    if got is None:
        if len(_BOUNDS) > 4096:
            _BOUNDS.clear()
        got = _BOUNDS[key] = _Bounds(rules, piece)
    return got


_BOUND_BATCH = 8  # masks valued per call while searching by bound: fewer calls, little wasted past the stop


def _best_near_value(board: Board, piece: int, bad: int) -> float:
    """max(placement_values) over the piece's near masks clear of `bad`, visiting them by bound (exact)."""
    bounded = _bounds(board.rules, piece)
    best = UNPLACEABLE
    batch: list[int] = []
    for mask, bound in zip(bounded.masks, bounded.bounds):
        if bound <= best:
            break
        if mask & bad:
            continue
        batch.append(mask)
        if len(batch) == _BOUND_BATCH:
            best = max(best, *placement_values(board, piece, batch))
            batch = []
    if batch:
        best = max(best, *placement_values(board, piece, batch))
    return best


_BESIDE: dict[int, int] = {}  # memo of `grid.neighbours` of placement masks (about 10,000 exist)


def placement_values(board: Board, piece: int, masks: Iterable[int]) -> list[float]:
    """Each placement's value: work removed, minus crowding open targets, plus a little for hugging the border.

    Only the birds whose zone a piece touches are re-costed: a piece elsewhere cannot change them.
    Batched because rollouts value hundreds of placements per decision against one board.
    """
    rules = board.rules
    base = board.costs()
    before = board.work()
    required = rules.required
    zones = _zones(rules)
    halo = board.halo()
    occupied0 = board.occupied
    colour = piece >> 3
    near = 0
    for zone in zones:
        near |= zone
    cols0 = board.cols
    around0 = board.around()
    beside_of = _BESIDE.get
    if len(_BESIDE) > 50_000:
        _BESIDE.clear()
    # Per bird: its zone and (cells to cover in any colour, (colour, cells) per coloured need).
    birds = tuple(zip(range(len(zones)), zones, rules.scan_needs))
    out = []
    for mask in masks:
        value = 0.05 * (mask & _BORDER).bit_count() - 0.15 * (mask & halo).bit_count()
        if mask & near:
            after = base[:]
            occupied = occupied0 | mask
            open_cells = ~occupied
            grown = cols0[colour] | mask
            # Cells beside the grown colour: beside the old pieces or the new one (occupied cells never count).
            cells_beside = beside_of(mask)
            if cells_beside is None:
                cells_beside = _BESIDE[mask] = grid.neighbours(mask)
            beside = around0[colour] | cells_beside
            for i, zone, (need_any, coloured) in birds:
                if mask & zone:
                    # `target_cost` with this placement's colour grown, inlined: it runs for every near placement.
                    cost = float((need_any & open_cells).bit_count())
                    for k, n in coloured:
                        cells, around = (grown, beside) if k == colour else (cols0[k], around0[k])
                        if n & occupied & ~cells or n & open_cells & around:
                            cost = DEAD
                            break
                        cost += 1.5 * (n & open_cells).bit_count()
                    after[i] = cost
            value += before - best_subset(after, required)
        out.append(value)
    return out


def placement_value(board: Board, piece: int, mask: int) -> float:
    return placement_values(board, piece, (mask,))[0]


def cheapest_birds(costs: list[float], required: int) -> tuple[int, ...]:
    """The `required` birds with the least total cost (the first such subset in order)."""
    if required == 1:
        return (costs.index(min(costs)),)  # the first cheapest, as `min` over the subsets picks
    return min(combinations(range(len(costs)), required), key=lambda ix: sum(costs[i] for i in ix))


def unreachable(board: Board, piece: int, mask: int) -> int:
    """Open target cells of the best bird subset that no unused piece could still cover."""
    rules = board.rules
    occupied = board.occupied | mask
    cols = board.cols[:]
    cols[piece >> 3] |= mask
    used = board.unavailable | 1 << piece
    best = cheapest_birds(bird_costs(rules, occupied, cols), rules.required)
    forbid = [occupied | grid.neighbours(cols[k]) for k in range(5)]
    missing = 0
    for i in best:
        t = rules.targets[i]
        wanted = [(t.need_any & ~occupied, range(5))] + [
            (n & ~occupied, (k,)) for k, n in enumerate(t.need) if n]
        for cells, colours in wanted:
            while cells:
                bit = cells & -cells
                cells ^= bit
                if not _coverable(rules, bit, colours, used, forbid):
                    missing += 1
    return missing


def _coverable(rules: MissionRules, bit: int, colours: Iterable[int], used: int, forbid: list[int]) -> bool:
    """Whether an unused piece of one of `colours` has a placement on `bit` clear of its colour's forbidden cells."""
    for k in colours:
        bad = forbid[k]
        for p in range(k * 8, k * 8 + 8):
            if not used >> p & 1:
                for m in _covering(rules, p, bit):
                    if not m & bad:
                        return True
    return False


_COVER_CACHE: dict[tuple[int, int, int], tuple[int, ...]] = {}


def _covering(rules: MissionRules, piece: int, bit: int) -> tuple[int, ...]:
    key = (id(rules), piece, bit)
    got = _COVER_CACHE.get(key)
    if got is None:
        got = tuple(m for m in rules.masks[piece] if m & bit)
        _COVER_CACHE[key] = got
    return got


# The legal placements of one piece: (piece, actions, their masks), actions in legal-list order.
PlacementGroup = tuple[int, list[Place], list[int]]


def placement_groups(legal: list[Place]) -> list[PlacementGroup]:
    """`legal` by piece, in order of first appearance, each action with the mask of its cells."""
    by_piece: dict[int, PlacementGroup] = {}
    origin = pieces.ORIGIN_MASKS
    size = grid.SIZE
    for a in legal:
        k = a.piece
        group = by_piece.get(k)
        if group is None:
            group = by_piece[k] = (k, [], [])
        group[1].append(a)
        group[2].append(origin[k][a.orient] << (a.top * size + a.left))
    return list(by_piece.values())


def state_placement_groups(state: KakapoState, legal: list[Place]) -> list[PlacementGroup]:
    """`placement_groups(legal)` for `legal == state.legal_actions(placer)`, with the masks listed by the
    engine's own generator in the same order (rollouts rank every placement of every round)."""
    rules, occupied, cols = state.rules, state.occupied, state.colour_cells
    groups: list[PlacementGroup] = []
    start = 0
    for k in dict.fromkeys(state.selection):  # the order of the legal list: selection, then placement order
        masks = rules.legal_masks(k, occupied, cols)
        if masks:
            groups.append((k, legal[start:start + len(masks)], masks))
            start += len(masks)
    if start != len(legal):  # not the state's own legal list: group it the plain way
        return placement_groups(legal)
    return groups


def ranked_placements(board: Board, legal: list[Place], rng: random.Random, need: int | None = None,
                      groups: list[PlacementGroup] | None = None,
                      top: int | None = None) -> list[tuple[float, Place, int]]:
    """(value, placement, mask), best first; with `need`, only the best `need` are sure to be there.

    Far placements (touching no bird's zone) are valued only when fewer than `need` near ones beat the
    best value a far one could have (see _split). `groups` may give `placement_groups(legal)` when known;
    `top` keeps only the first `top` of the list.
    """
    # Parallel lists, ranked by index at the end: a rollout values hundreds of placements and keeps two.
    values: list[float] = []
    ranked_actions: list[Place] = []
    ranked_masks: list[int] = []
    far_groups: list[PlacementGroup] = []
    far_bound = UNPLACEABLE
    noise = rng.random
    best_few: list[float] = []  # with `top`: the best `top` values so far, a min-heap shared by every piece
    near_all = 0
    for zone in _zones(board.rules):
        near_all |= zone
    for piece, actions, masks in (groups if groups is not None else placement_groups(legal)):
        if need is not None:
            near = [m & near_all for m in masks]  # non-zero: near some bird
            if not all(near):
                far = [not n for n in near]
                far_groups.append((piece, list(compress(actions, far)), list(compress(masks, far))))
                far_bound = max(far_bound, _split(board.rules, piece)[2] + 0.01)
                actions, masks = list(compress(actions, near)), list(compress(masks, near))
        if top is not None and need is not None:
            actions, masks, got = _best_few(board, piece, actions, masks, best_few, top, noise)
            values.extend(got)
        else:
            values.extend([v + noise() * 0.01 for v in placement_values(board, piece, masks)])
        ranked_actions.extend(actions)
        ranked_masks.extend(masks)
    if far_groups and sum(1 for v in values if v >= far_bound) < (need or 0):
        for piece, actions, masks in far_groups:
            values.extend([v + noise() * 0.01 for v in placement_values(board, piece, masks)])
            ranked_actions.extend(actions)
            ranked_masks.extend(masks)
    order = sorted(range(len(values)), key=values.__getitem__, reverse=True)  # stable: ties keep list order
    return [(values[i], ranked_actions[i], ranked_masks[i]) for i in order[:top]]


def _best_few(board: Board, piece: int, actions: list[Place], masks: list[int], few: list[float], top: int,
              noise: Callable[[], float]) -> tuple[list[Place], list[int], list[float]]:
    """Value the piece's near `masks` (with noise), highest bound first, until no bound can enter the `top`
    best values `few` (updated in place); returns the valued actions, masks and values.

    A skipped mask's value plus its noise (below 0.01) stays under its bound + 0.01, so it could not rank in
    the top: the list's head is what valuing every mask would give.
    """
    bound_of = _bounds(board.rules, piece).of
    order = sorted(range(len(masks)), key=lambda i: bound_of[masks[i]], reverse=True)
    out_actions: list[Place] = []
    out_masks: list[int] = []
    out_values: list[float] = []
    for start in range(0, len(order), _BOUND_BATCH):
        chunk = order[start:start + _BOUND_BATCH]
        if len(few) == top:
            cut = few[0] - 0.01
            chunk = [i for i in chunk if bound_of[masks[i]] > cut]
            if not chunk:
                break  # the order is by bound: no later mask can do better
        for i, value in zip(chunk, placement_values(board, piece, [masks[i] for i in chunk]), strict=True):
            value += noise() * 0.01
            out_actions.append(actions[i])
            out_masks.append(masks[i])
            out_values.append(value)
            if len(few) < top:
                heapq.heappush(few, value)
            elif value > few[0]:
                heapq.heapreplace(few, value)
    return out_actions, out_masks, out_values


def best_placements(board: Board, legal: list[Place], rng: random.Random, refine: int = 4,
                    groups: list[PlacementGroup] | None = None) -> Place:
    scored = ranked_placements(board, legal, rng, need=max(1, refine), groups=groups, top=max(1, refine))
    if refine > 1 and len(scored) > 1:
        top = scored[:refine]
        top = [(v - 4.0 * unreachable(board, a.piece, m), a, m) for v, a, m in top]
        top.sort(key=lambda x: -x[0])
        return top[0][1]
    return scored[0][1]


_USEFUL_CACHE: dict[tuple[int, int, tuple[int, ...], int], float] = {}


def usefulness(board: Board, piece: int) -> float:
    """Value of the piece's best placement now (UNPLACEABLE if it fits nowhere, low if used)."""
    if board.used >> piece & 1:
        return UNPLACEABLE / 4  # an empty selection wastes the round (Buddy may still rescue it)
    key = (id(board.rules), board.occupied, tuple(board.cols), piece)
    got = _USEFUL_CACHE.get(key)
    if got is not None:
        return got
    rules = board.rules
    bad = rules.forbidden(piece, board.occupied, board.cols)
    _, far, far_bound = _split(rules, piece)
    best = _best_near_value(board, piece, bad)
    if best < far_bound:  # a far placement might still be best (nothing near fits, or only badly)
        best = max(best, max(placement_values(board, piece, (m for m in far if not m & bad)), default=UNPLACEABLE))
    if len(_USEFUL_CACHE) > 50_000:
        _USEFUL_CACHE.clear()
    _USEFUL_CACHE[key] = best
    return best


def decision_of(revealed: list[tuple[int, int]], top: int) -> tuple[int, int]:
    lead = revealed[0][1] >> 3
    pool = [(k, p) for p, k in revealed if k >> 3 == top] or [(k, p) for p, k in revealed if k >> 3 == lead]
    return max(pool)


def choose_reveal(board: Board, seat: int, revealed: list[tuple[int, int]], top: int, legal: list[Reveal],
                  rng: random.Random) -> Reveal:
    best, best_score = legal[0], float("-inf")
    for a in legal:
        k = a.card
        winner, _ = decision_of(revealed + [(seat, k)], top)
        score = usefulness(board, winner)
        if winner != k:  # shed cards whose pieces matter least; keep high cards for later rounds
            score -= 0.2 * max(usefulness(board, k), 0.0) + 0.02 * pieces.value_of(k)
        score += rng.random() * 0.05
        if score > best_score:
            best, best_score = a, score
    return best


def choose_skill(board: Board, options: list[tuple[Skill, tuple[int, ...]]], rng: random.Random) -> Skill:
    best, best_score = options[0][0], float("-inf")
    for skill, selection in options:
        if selection:
            score = sum(usefulness(board, k) for k in selection)
        else:
            score = UNPLACEABLE / 4
        if skill.kind != "none":
            score -= COUNTER_COST
        score += rng.random() * 0.01
        if score > best_score:
            best, best_score = skill, score
    return best


def choose(view: KakapoView, legal: list[Action], rng: random.Random) -> Action:
    """The easy player: reads only `view`."""
    board = Board.from_view(view)
    first = legal[0]
    if isinstance(first, Reveal):
        return choose_reveal(board, view.seat or 0, list(view.revealed), view.top_colour,
                             [a for a in legal if isinstance(a, Reveal)], rng)
    if isinstance(first, Skill):
        return choose_skill(board, skill_selections(view, legal), rng)
    return best_placements(board, [a for a in legal if isinstance(a, Place)], rng)


def candidates(view: KakapoView, legal: list[Action], limit: int, rng: random.Random) -> list[Action]:
    """The rollout planner's short list when there are many moves: the best-valued placements."""
    places = [a for a in legal if isinstance(a, Place)]
    if len(places) != len(legal):
        return legal[:limit]
    return [a for _, a, _ in ranked_placements(Board.from_view(view), places, rng, need=limit)[:limit]]


def skill_selections(view: KakapoView, legal: list[Action]) -> list[tuple[Skill, tuple[int, ...]]]:
    """Each offered option with the pieces it gives, from public information (`view.skill_selection`)."""
    return [(a, skill_selection(view, a)) for a in legal if isinstance(a, Skill)]


def rollout(state: KakapoState, seat: int, legal: list[Action], rng: random.Random) -> Action:
    """Cheap policy on a determinised state (same logic, less refinement)."""
    board = Board.from_state(state)
    first = legal[0]
    if isinstance(first, Reveal):
        # A decision offers moves of one kind: all reveals here, all placements below.
        return choose_reveal(board, seat, state.revealed, state.top_colour(), cast("list[Reveal]", legal), rng)
    if isinstance(first, Skill):
        return choose_skill(board, state.options, rng)
    places = cast("list[Place]", legal)
    return best_placements(board, places, rng, refine=2, groups=state_placement_groups(state, places))


PROFILE = AIProfile[KakapoView, KakapoState](
    choose=choose,
    rollout=rollout,
    candidates=candidates,
    # The rollout planner plays out with `rollout`: over 300 team games a mission (party 16, 17, 19, 20) it wins
    # as often as `choose` at 1.4-3.8x less CPU (bench/STRENGTH.md), so a 0.8 s level holds more rollouts.
    plan_with_rollout=True,
)
