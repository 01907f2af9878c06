"""Take back a human's last action in a game against AI, unless doing so would un-know something.

No pygame: it works on a `Record` and replays it through the rules. Its one clock is
the UI's time budget for sampling worlds (rule 5, "Cost" below), which tests switch off.

The rule: **undo is refused after any event whose content depends on information the
undoing player could not see.** Taking such a move back would let the player learn
(a challenge result, a trick's winner, a card an opponent showed from its hand) and
then choose again. Made exact:

Let k be the index of `seat`'s last action in the record. Undo removes that action
and every action after it (the AI moves that answered it) and is allowed iff

1. the game is not over, and `seat` has acted at all;
2. replaying the first k actions succeeds (the record is sound) — the undone
   position is then, by determinism, exactly the position before the action
   (`to_json()` equal, hidden cards and the chance counter included);
3. no chance was drawn by the removed actions: the state's `Chance` counter
   (`to_json()["chance"]["counter"]`) is the same after them as before them —
   a shuffle, a die roll or a new deal after the action refuses the undo ("chance");
4. none of the events the removed actions emitted was private to a set of seats
   that includes `seat` (`Event.visible_to` containing it): those show the player
   something hidden (a compared strength card, a drawn card), which cannot be un-seen
   ("private");
5. what `seat` saw of the removed actions did not depend on what it could not see
   ("hidden"). We draw positions ("worlds") consistent with `seat`'s view before its
   action (`Game.sample_state`, seeded from the record) and replay the removed actions
   in each. An opponent's secret choice (a sealed bid: its `public_action_text`
   differs from its notation) is replaced in each world by a legal choice that looks
   the same to the table. The undo is refused if a removed action is illegal in some
   world (an opponent played a card that world did not deal it: the move showed part
   of its hand), or if the events `seat` may see, or `seat`'s view after them, differ
   between a world and the real game (a challenge outcome, a trick won by a hidden
   card, a revealed draw).

Public events that reveal nothing (a pass, a claim, a move on an open board) are fine:
taking the move back shows every seat the same position again. The answer says why
when undo is refused, as an i18n slug (`app.undo_reason.<reason>`).

How many worlds: `WORLDS` = 32. A removed move that depends on hidden cards passes a
world only when that world agrees with the real game on the cards involved; if a
fraction f of the worlds disagree, 32 worlds all miss it with chance (1-f)^32: under
0.1 % for f = 0.2 (a challenge, a trick, a reveal: most worlds disagree) and 3 % for
f = 0.1 (an opponent playing a value of which it probably holds a copy). Checked
against 400 worlds on random games of all six: 12 worlds let 13 such positions
through, 32 worlds one (f = 0.02, an opponent's pass).

Cost: sampling is cheap (about 0.03 ms a world) except in BLUFFIT with five or six
players late in the game (up to ~10 ms: it re-attributes every earlier round), so
the UI gives the sampling a time budget (`BUDGET`): at least `MIN_WORLDS` worlds,
then more only while the budget lasts — only a slow sampler ever stops early, and
BLUFFIT's hidden results (challenge outcomes, the round's cards going to the table)
disagree in nearly every world. The position before the action and its worlds are
cached per undo point and the next point continues from the previous one, so a check
replays only the actions since the last one, and the AI moves that follow reuse the
worlds (adding more up to `WORLDS`). `bench/undo_bench.py` measures it. Tests pass
`budget=None`: the answer is then a pure function of the record.
"""

from __future__ import annotations

import json
import random
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from tabletop.engine import registry
from tabletop.engine.core import Event, Game, State, View
from tabletop.engine.records import Record, RecordError, replay

REASONS = ("nothing", "over", "chance", "private", "hidden", "broken")
WORLDS = 32
MIN_WORLDS = 8
BUDGET = 0.025  # seconds of world sampling per check in the UI, once MIN_WORLDS are drawn
_CACHED_POINTS = 4


@dataclass(frozen=True)
class UndoCheck:
    allowed: bool
    keep: int  # actions to keep in the record when undoing (meaningful only when allowed)
    reason: str = ""  # one of REASONS when refused


# What a seat saw of the removed actions: per action, its visible events; then its view.
Observation = tuple[list[list[dict[str, Any]]], View]


@dataclass
class _UndoPoint:
    """The position before a seat's last action, that seat's view of it, and worlds drawn from the view."""

    game: Game
    before: State
    view: View
    seed: str
    worlds: list[State] = field(default_factory=list)

    def world(self, index: int) -> State:
        """World `index`, drawn on first use from its own seed (so it is the same whichever check asks)."""
        while len(self.worlds) <= index:
            rng = random.Random(f"{self.seed}/world/{len(self.worlds)}")
            self.worlds.append(self.game.sample_state(self.view, rng))
        return self.worlds[index]


# A game as the cache knows it: (game, players, seed, rules version, options as JSON, chance scheme)
GameKey = tuple[str, int, int, int, str, int]
# by (game, seat, the actions before the point)
_points: OrderedDict[tuple[GameKey, int, tuple[tuple[int, str], ...]], _UndoPoint] = OrderedDict()


def _position_after(record: Record, keep: int, base: GameKey) -> State:
    """The position after the first `keep` actions, continued from the longest cached position it extends
    (the previous undo point, as a rule), else replayed from the start; RecordError if the record is bad."""
    wanted = record.actions[:keep]
    known = [(len(prefix), point) for (b, _, prefix), point in _points.items()
             if b == base and len(prefix) <= keep and list(prefix) == wanted[:len(prefix)]]
    if not known:
        return replay(record, upto=keep).state
    done, point = max(known, key=lambda item: item[0])
    state = point.before.clone()
    game = point.game
    for index in range(done, keep):
        seat, text = record.actions[index]
        try:
            state.apply(seat, game.parse_action(text))
        except ValueError as exc:  # IllegalAction or ActionParseError: the record does not replay
            raise RecordError(f"{text!r} by seat {seat}: {exc}", index=index) from None
    return state


def _undo_point(record: Record, seat: int, keep: int) -> _UndoPoint:
    """The cached undo point of `record` for `seat` before action `keep`; RecordError if it does not replay."""
    base: GameKey = (record.game, record.players, record.seed, record.version,
                     json.dumps(record.options, sort_keys=True), record.chance_scheme())
    key = (base, seat, tuple(record.actions[:keep]))
    point = _points.get(key)
    if point is None:
        before = _position_after(record, keep, base)
        point = _UndoPoint(registry.get_game(record.game), before, before.view(seat), f"undo/{record.seed}/{keep}")
        _points[key] = point
        while len(_points) > _CACHED_POINTS:
            _points.popitem(last=False)
    _points.move_to_end(key)
    return point


def _chance_counter(state: State) -> Any:
    data = state.to_json()
    chance = data.get("chance") if isinstance(data, dict) else None
    if isinstance(chance, dict) and "counter" in chance:
        return chance["counter"]
    inner = getattr(state, "chance", None)
    return getattr(inner, "counter", None)


def last_action_of(record: Record, seat: int) -> int | None:
    for index in range(len(record.actions) - 1, -1, -1):
        if record.actions[index][0] == seat:
            return index
    return None


def _seen(events: list[Event], seat: int) -> list[dict[str, Any]]:
    return [e.to_json() for e in events if e.visible_for(seat)]


def _observe_world(game: Game, world: State, removed: list[tuple[int, str]], seat: int,
                   rng: random.Random) -> Observation | None:
    """Replay the removed actions in a sampled world; None if one of them cannot happen there."""
    seen: list[list[dict[str, Any]]] = []
    try:
        for who, text in removed:
            action = game.parse_action(text)
            if who != seat:
                public = world.public_action_text(who, action)
                if public != text:  # a secret choice: any choice that looks the same will do
                    alike = [a for a in world.legal_actions(who) if world.public_action_text(who, a) == public]
                    if not alike:
                        return None
                    action = rng.choice(alike)
            seen.append(_seen(world.apply(who, action), seat))
    except ValueError:  # IllegalAction (or a refusal of the sampled position): not possible in this world
        return None
    return seen, world.view(seat)


def _depends_on_hidden(point: _UndoPoint, removed: list[tuple[int, str]], seat: int, truth: Observation,
                       worlds: int, budget: float | None) -> bool:
    """Did what `seat` saw of `removed` depend on what it could not see? (rule 5)"""
    deadline = None if budget is None else time.perf_counter() + budget
    for index in range(worlds):
        fresh = index >= len(point.worlds)
        if fresh and index >= MIN_WORLDS and deadline is not None and time.perf_counter() > deadline:
            break
        world = point.world(index).clone()
        rng = random.Random(f"{point.seed}/choices/{index}")
        if _observe_world(point.game, world, removed, seat, rng) != truth:
            return True
    return False


def check_undo(record: Record, seat: int, worlds: int = WORLDS, budget: float | None = BUDGET) -> UndoCheck:
    """May `seat` take back its last action (with the actions after it)? See the module docstring.

    `worlds=0` switches rule 5 off; `budget=None` always draws all `worlds` (a pure answer).
    """
    keep = last_action_of(record, seat)
    if keep is None:
        return UndoCheck(False, 0, "nothing")
    try:
        point = _undo_point(record, seat, keep)
    except RecordError:
        return UndoCheck(False, keep, "broken")
    game = point.game
    removed = list(record.actions[keep:])
    state = point.before.clone()
    counter = _chance_counter(state)
    seen: list[list[dict[str, Any]]] = []
    try:
        for who, text in removed:
            events = state.apply(who, game.parse_action(text))
            if any(e.visible_to is not None and seat in e.visible_to for e in events):
                return UndoCheck(False, keep, "private")
            seen.append(_seen(events, seat))
    except ValueError:
        return UndoCheck(False, keep, "broken")
    if state.is_over():
        return UndoCheck(False, keep, "over")
    if _chance_counter(state) != counter:
        return UndoCheck(False, keep, "chance")
    if _depends_on_hidden(point, removed, seat, (seen, state.view(seat)), worlds, budget):
        return UndoCheck(False, keep, "hidden")
    return UndoCheck(True, keep)


def undone(record: Record, seat: int) -> tuple[Record, State]:
    """The record without `seat`'s last action and what followed, and its state; ValueError if refused."""
    verdict = check_undo(record, seat)
    if not verdict.allowed:
        raise ValueError(f"undo refused: {verdict.reason}")
    shorter = Record(record.game, record.players, record.seed, dict(record.options), list(record.seats),
                     list(record.actions[: verdict.keep]), record.version, dict(record.meta), record.chance)
    return shorter, _undo_point(record, seat, verdict.keep).before.clone()
