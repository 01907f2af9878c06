"""Haunted House teammates: a planner over public information (the View only).

`choose` (easy, and the rollout policy of the levels' planner) scores every legal destination
for the active hunter, in points where one step nearer a target is worth STEP:
- a carrier heads for OUT along paths it may use (no evil-spirit rooms on the way, locked
  doors closed), never walks into a lone trap, and avoids rooms one card from a spirit; a
  carrier that must wait for lower numbers waits near the door, in a room;
- an empty-handed hunter first rescues a lone trapped carrier (a second hunter in the room
  makes the fight possible), then walks to the best target: each target's worth minus its
  distance (in the advanced game the next number first, unknown tiles next, then later numbers
  it would take), with a penalty when another empty-handed hunter is nearer;
- every hunter, carriers included, values ending its move where the black dice are expected
  to remove ghosts (FIGHT_W points per ghost): one die alone, two with company, more in rooms
  with two ghosts. Lower weights (2 to 6 points a fight, carriers never) lose the race
  against the ghost cards: a ghost removed buys the team more time than a step saves;
- only two hunters together can fight an evil spirit, so an empty-handed hunter goes to a
  spirit's room alone when another empty-handed hunter can join it within two turns' walk;
- idle hunters keep off the corridor trunk near the door, and when all jewels are out
  everyone goes outside.
A little noise breaks ties. `rollout` is a cheaper policy with the same aims for ISMCTS
playouts on sampled states. `greedy_choose` is the spec's naive baseline (§3.5): nearest
jewel, straight out, always take.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tabletop.ai.profile import AIProfile
from tabletop.engine.core import Action
from tabletop.games.haunted_house import GAME
from tabletop.games.haunted_house.actions import LEAVE, TAKE, Move, Take
from tabletop.games.haunted_house.board import NO_LOCK, OUT, Board
from tabletop.games.haunted_house.state import HauntedHouseState
from tabletop.games.haunted_house.view import HauntedHouseView

TRUNK = ("P1", "P2", "P3")  # corridor squares everybody needs to pass
LOCK_CODES = {"lock:blue": 1, "lock:green": 2}


def _board() -> Board:
    return GAME.board


def _dest(board: Board, start: int, action: Action) -> int:
    return board.index[action.path[-1]] if isinstance(action, Move) and action.path else start


def carrier_distances(board: Board, spirits_mask: int, locked: int) -> list[int]:
    """Steps from each node to OUT for a jewel carrier (spirit rooms may be left only by a free hunter)."""
    n = board.n
    dist = [99] * n
    dist[OUT] = 0
    queue = [OUT]
    for u in queue:
        if u != OUT and spirits_mask & board.spirit_bit[u]:
            continue  # a carrier cannot pass through a spirit room
        for w, col in board.adj[u]:
            if dist[w] == 99 and not (col and col == locked):
                dist[w] = dist[u] + 1
                queue.append(w)
    return dist


def ghost_hit_chance(view: HauntedHouseView) -> list[float]:
    """Chance that the next turn's card puts a ghost in each room (redirects included)."""
    pile = view.draw_pile
    hits = [0.0] * 12
    if not pile:
        return hits
    for name in pile:
        if name.startswith("room:"):
            r = "ABCDEFGHIJKL".index(name[5])
            while view.spirits[r]:
                r = (r + 1) % 12
            hits[r] += 1
    scale = 5 / 6 / len(pile)
    return [h * scale for h in hits]


# Weights, in points; one step nearer a target is worth STEP.
STEP = 2.0
W_JEWEL = 10.0  # a jewel to fetch (basic), or the next required one (advanced, known)
W_UNKNOWN = 8.0  # advanced: a number-down jewel (it may be the next one; walking in turns it up)
W_LATER = 4.0  # advanced: a known later number this hunter would take and carry to the door
ARRIVE = 14.0  # ending the move on the target room (a take, or a turned-up number)
RIVAL = 4.0  # another empty-handed hunter is nearer that target
RESCUE = 40.0
FIGHT_W = 12.0  # points per ghost a fight is expected to remove
FIGHT_TWO = 1.0  # extra weight for a room one card from an evil spirit
SPIRIT_FIGHT = 18.0
# an evil spirit's room with a free friend in reach is worth going to alone (1.0: basic 0.31 -> 0.35)
SPIRIT_SETUP = 1.0
SETUP_REACH = 6  # "in reach": that many steps, about two turns' walk
CARRIER_FIGHT = 1.0  # carriers fight ghosts on their way too (same weight)
WAIT_STEP = 3.0  # a carrier that must wait for lower numbers stays this close to the door
TAKE_AHEAD = 1  # advanced: take a later number at most this far ahead of the next required ...
TAKE_MIN_FREE = 2  # ... and only while this many other hunters stay empty-handed


def _would_take(view: HauntedHouseView, me: int, k: int) -> bool:
    """Whether the hunter takes jewel number k (advanced; -1 = still unknown: decided on arrival)."""
    if not view.advanced or k == view.next_required or k == -1:
        return True
    need = view.next_required
    free_others = sum(1 for i, c in enumerate(view.carried) if c == 0 and i != me)
    holds_next = any(c == need for c in view.carried)
    if free_others == 0 or (free_others == 1 and not holds_next):
        return False  # never make the position hopeless (HH-D11 b)
    return k - need <= TAKE_AHEAD and (holds_next or free_others >= TAKE_MIN_FREE)


def _targets(view: HauntedHouseView, me: int) -> list[tuple[int, float]]:
    """Rooms worth walking to for an empty-handed hunter, with their worth."""
    out = []
    need_known = view.advanced and view.next_required in view.room_jewels
    for r, k in enumerate(view.room_jewels):
        if not k:
            continue
        if not view.advanced or k == view.next_required:
            out.append((r + 1, W_JEWEL))
        elif k == -1:
            out.append((r + 1, W_UNKNOWN * (0.5 if need_known else 1.0)))
        elif _would_take(view, me, k):
            out.append((r + 1, W_LATER))
    return out


def _take(view: HauntedHouseView, rng: random.Random) -> Action:
    me = view.active
    node = view.positions[me]
    r = "ABCDEFGHIJKL".index(node)
    alone = sum(1 for i, p in enumerate(view.positions) if p == node and i != me) == 0
    if view.spirits[r] and alone and sum(1 for c in view.carried if c == 0) <= 2:
        return LEAVE  # a lone trap with few helpers left is too risky
    return TAKE if _would_take(view, me, view.room_jewels[r]) else LEAVE


def _fight_value(ghosts: int, company: int) -> float:
    removed = (1.0 if ghosts == 2 else 0.75) if company else 0.5
    return FIGHT_W * removed * (1.0 + FIGHT_TWO * (ghosts == 2))


@dataclass(frozen=True)
class _Plan:
    """What `choose` measures once per decision, shared by the scores of every destination."""

    view: HauntedHouseView
    board: Board
    me: int
    start: int
    pos: list[int]
    dist: tuple[tuple[int, ...], ...]
    carrying: bool
    hits: list[float]
    targets: list[tuple[int, float]]
    trapped: list[int]  # lone trapped carriers (only a second hunter can fight an evil spirit)
    others_free: list[int]
    rivals: dict[int, bool]
    work_left: bool
    all_out: bool
    can_exit: bool
    cdist: list[int] | None


def _plan(view: HauntedHouseView) -> _Plan:
    board = _board()
    index = board.index
    me = view.active
    start = index[view.positions[me]]
    locked = LOCK_CODES.get(view.lock or "", NO_LOCK)
    dist = board.dist[locked + 1]
    spirits_mask = sum(1 << r for r, s in enumerate(view.spirits) if s)
    pos = [index[p] for p in view.positions]
    carrying = view.carried[me] != 0
    hits = ghost_hit_chance(view)
    targets = [] if carrying else _targets(view, me)
    trapped = [pos[i] for i in range(len(pos)) if view.carried[i] and spirits_mask & board.spirit_bit[pos[i]]
               and sum(1 for p in pos if p == pos[i]) == 1 and i != me]
    others_free = [pos[i] for i in range(len(pos)) if i != me and not view.carried[i]]
    rivals = {j: any(dist[o][j] < dist[start][j] for o in others_free) for j, _w in targets}
    work_left = bool(targets or trapped or any(view.room_jewels))
    all_out = view.deposited == 8
    can_exit = not (view.advanced and carrying and view.carried[me] != view.next_required)
    cdist = carrier_distances(board, spirits_mask, locked) if carrying else None
    return _Plan(view, board, me, start, pos, dist, carrying, hits, targets, trapped, others_free, rivals, work_left,
                 all_out, can_exit, cdist)


def _carrier_score(plan: _Plan, d: int, room: int, company: int) -> float:
    """A jewel carrier ending its move at `d`: out, or nearer the door, clear of lone traps and likely ghosts."""
    view, dist = plan.view, plan.dist
    if d == OUT:
        score = 1000.0
    elif plan.can_exit:
        assert plan.cdist is not None  # measured for every carrier
        score = -6.0 * plan.cdist[d]
    else:  # wait for the lower numbers close to the door, in a room
        score = -WAIT_STEP * dist[d][OUT] + (2.0 if room >= 0 else -2.0)
    if room >= 0:
        if view.spirits[room]:
            score += 12.0 if company else -60.0  # with company: a 5/9 fight; alone: trapped
        elif view.ghosts[room] == 2:
            score -= 25.0 * plan.hits[room] * (0.5 if company else 1.0)
        if view.ghosts[room]:
            score += CARRIER_FIGHT * _fight_value(view.ghosts[room], company)
    return score


def _hunter_score(plan: _Plan, d: int, room: int, company: int) -> float:
    """An empty-handed hunter ending its move at `d`: a rescue, the best target, a fight, or waiting outside."""
    view, dist, trapped = plan.view, plan.dist, plan.trapped
    score = 0.0
    if trapped:
        target = min(trapped, key=lambda t: dist[d][t])
        score += RESCUE if d in trapped else -5.0 * dist[d][target]
    if plan.targets:
        best_t = -1e9
        for j, worth in plan.targets:
            v = worth - STEP * dist[d][j] - (RIVAL if plan.rivals[j] else 0.0)
            if d == j:
                v += ARRIVE
                if view.spirits[j - 1] and not company:
                    v -= 10.0
            best_t = max(best_t, v)
        score += best_t
    elif not trapped and not plan.work_left:  # nothing left to fetch: wait outside, off the corridors
        score += 15.0 if d == OUT else -4.0 * dist[d][OUT]
    if room >= 0 and (plan.work_left or trapped):
        if view.ghosts[room]:
            score += _fight_value(view.ghosts[room], company)
        elif view.spirits[room] and company:
            score += SPIRIT_FIGHT
        elif view.spirits[room] and any(dist[o][d] <= SETUP_REACH for o in plan.others_free):
            score += SPIRIT_SETUP * SPIRIT_FIGHT
    return score


def choose(view: HauntedHouseView, legal: list[Action], rng: random.Random) -> Action:
    if len(legal) == 1:
        return legal[0]
    if isinstance(legal[0], Take):
        return _take(view, rng)
    if not isinstance(legal[0], Move):
        return legal[0]
    plan = _plan(view)
    board, me, pos = plan.board, plan.me, plan.pos
    best: Action = legal[0]
    best_score = -1e9
    for action in legal:
        d = _dest(board, plan.start, action)
        company = sum(1 for i, p in enumerate(pos) if p == d and i != me)
        room = d - 1 if board.kind[d] == 1 else -1
        if plan.all_out:
            score = 100.0 if d == OUT else -5.0 * plan.dist[d][OUT]
        elif plan.carrying:
            score = _carrier_score(plan, d, room, company)
        else:
            score = _hunter_score(plan, d, room, company)
        if board.kind[d] == 2:
            score -= 1.0
            if board.names[d] in TRUNK and not plan.carrying:
                score -= 2.0
        score += rng.random() * 0.8
        if score > best_score:
            best, best_score = action, score
    return best


def rollout(state: HauntedHouseState, seat: int, legal: list[Action], rng: random.Random) -> Action:
    """Fast playout policy on a sampled state (reading it is honest: it is a determinisation)."""
    if len(legal) == 1:
        return legal[0]
    first = legal[0]
    if isinstance(first, Take):
        if not state.advanced:
            return TAKE
        k = state.jewels[state.pos[state.turn] - 1]
        return TAKE if k == state.deposited + 1 or (k <= state.deposited + 2 and state.carry.count(0) >= 3) else LEAVE
    if not isinstance(first, Move):
        return first
    board = state.board
    me = state.turn
    start = state.pos[me]
    dist = board.dist[state.locked_colour() + 1]
    carrying = state.carry[me] != 0
    if state.deposited == 8 or (carrying and state.may_exit(me)):
        targets = [OUT]
    elif carrying:
        targets = [10, 12]  # wait in J or L, next to the door
    else:
        targets = [r + 1 for r, k in enumerate(state.jewels) if k] or [OUT]
        trapped = [state.pos[i] for i in range(len(state.pos)) if state.trapped(i) and i != me]
        if trapped:
            targets = trapped
    best: Action = first
    best_score = 1e9
    spirits = state.spirits
    for action in legal:
        assert isinstance(action, Move)  # a move's choices are all moves
        d = board.index[action.path[-1]] if action.path else start
        score = min(dist[d][t] for t in targets) + rng.random() * 0.5
        if carrying and d != OUT and spirits & board.spirit_bit[d]:
            score += 20
        if score < best_score:
            best, best_score = action, score
    return best


def greedy_choose(view: HauntedHouseView, legal: list[Action], rng: random.Random) -> Action:
    """The spec's naive baseline (§3.5): nearest jewel, carry it straight out, always take, always fight."""
    if len(legal) == 1 or isinstance(legal[0], Take):
        return TAKE if TAKE in legal else legal[0]
    if not isinstance(legal[0], Move):
        return legal[0]
    board = _board()
    me = view.active
    start = board.index[view.positions[me]]
    dist = board.dist[LOCK_CODES.get(view.lock or "", NO_LOCK) + 1]
    if view.carried[me] or view.deposited == 8:
        targets = [OUT]
    else:
        targets = [r + 1 for r, k in enumerate(view.room_jewels) if k] or [OUT]
    scored = [(min(dist[_dest(board, start, a)][t] for t in targets), rng.random(), i) for i, a in enumerate(legal)]
    return legal[min(scored)[2]]


# -- a shaped value of a finished game (bench/haunted_ceiling.py --shaped) ------------------------------------

SHAPED_SHARE = 0.5  # what a failed game can be worth at most: below any success, above "nothing done"


def shaped_value(state: HauntedHouseState, seat: int) -> float:
    """A finished game's worth: 1 for a success; otherwise the jewels that got out (carried ones half),
    so that in games a team usually loses, a planner can still prefer the move that gets further.
    In the advanced game a carried jewel counts only if it continues the run from the next number out:
    a later number in hand is no progress (it blocks its carrier, and all-wrong hands lose, HH-D11 b)."""
    if state.result().coop_success:
        return 1.0
    if state.advanced:
        carried, k = 0, state.deposited + 1
        while k in state.carry:
            carried, k = carried + 1, k + 1
    else:
        carried = sum(1 for k in state.carry if k)
    return SHAPED_SHARE * (state.deposited + 0.5 * carried) / 8


PROFILE = AIProfile[HauntedHouseView, HauntedHouseState](
    choose=choose,
    rollout=rollout,
    # The planner may overrule the easy move only after this many worlds: at 3 worlds a candidate (normal:30)
    # noise overruled a tenth to a fifth of the moves and the team did worse than the easy team on the same
    # deals (bench/STRENGTH.md).
    min_worlds=10,
    # No `value`: `shaped_value` made normal:30 and hard:120 get fewer jewels out of the advanced game than the
    # easy team on the same deals.
)
