"""The explained hint: the AI's top moves from a seat's own View, each with its chance and one reason.

`advise` runs the level's agent once (the search that picks the level's own move), then
reads the search's root statistics: of the TOP_MOVES moves the search visited
most, best estimated chance first (a guarded level may itself still play its
heuristic's move when the difference is within noise). The chance is
the search's mean reward for the move: a share of the win in competitive games
(Ghost Bumpers and Sumidagawa estimate it from the scores where their rollouts
stop early), the team's success in co-op games. When the search tried nothing
the agent's move is given alone with no chance (None).

The reason is an i18n slug under "advice." with plain parameters, written by
the game's `tabletop.ai.reasons.<game_id>.reason(view, action)`; the UI words it.
A game without one, or a move it has nothing to say about, gets a reason from
the search itself. Everything here reads only the View, like the agents.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from tabletop.ai.guarded import GuardedSearch
from tabletop.ai.ismcts import SearchAgent
from tabletop.ai.levels import make_agent
from tabletop.engine.core import Action, Game, View

TOP_MOVES = 3

Reason = tuple[str, dict[str, Any]]


@dataclass(frozen=True)
class MoveAdvice:
    action: str  # action notation: the UI parses it and names it with the game's words
    chance: float | None  # estimated win share / team success in [0, 1]; None = not simulated
    reason: str  # i18n slug under "advice."
    params: dict[str, Any] = field(default_factory=dict)


def game_reason(game_id: str, view: View, action: Action) -> Reason | None:
    """The game's own words for why `action` is good, if it has any."""
    try:
        module = importlib.import_module(f"tabletop.ai.reasons.{game_id}")
    except ModuleNotFoundError as exc:
        if exc.name != f"tabletop.ai.reasons.{game_id}":
            raise
        return None
    reason: Callable[[View, Action], Reason | None] = module.reason
    return reason(view, action)


def _search_reason(rank: int, visits: int, chance: float | None, best: float | None) -> Reason:
    if chance is None:
        return "generic.heuristic", {}
    if rank == 0:
        return "generic.best", {"count": visits}
    if best is not None and best - chance < 0.03:
        return "generic.close", {}
    return "generic.behind", _points_behind(chance, best)


def advise(game: Game, level: str, view: View, legal: list[Action], rng: random.Random,
           budget: float | None = None) -> list[MoveAdvice]:
    """Up to TOP_MOVES moves, best estimate first; reads only `view`."""
    agent = make_agent(game, level)
    chosen = agent.choose(view, legal, rng, budget)
    stats = agent.last_stats if isinstance(agent, SearchAgent | GuardedSearch) else None
    visits = stats.root_visits if stats is not None else {}
    means = stats.root_means if stats is not None else {}
    searched = [a for a in legal if str(a) in means]
    if not searched:
        return [_advice(game.id, view, chosen, 0, 0, None, None)]
    # The moves the search looked at most (its preference), shown best estimate first: a hint whose first
    # move shows a lower chance than the second would not be believed.
    # Ties (a co-op planner gives every candidate the same worlds) keep the agent's own move first.
    top = sorted(searched, key=lambda a: (-visits.get(str(a), 0), -means[str(a)], a != chosen))[:TOP_MOVES]
    ranked = sorted(top, key=lambda a: (-means[str(a)], a != chosen))
    best = means[str(ranked[0])]
    advice: list[MoveAdvice] = []
    for rank, action in enumerate(ranked):
        item = _advice(game.id, view, action, rank, visits.get(str(action), 0), means[str(action)], best)
        advice.append(_unlike(item, advice, best))
    return advice


def _points_behind(chance: float | None, best: float | None) -> dict[str, Any]:
    return {"count": max(1, round(100 * ((best or 0.0) - (chance or 0.0))))}  # said with its plural


def _unlike(item: MoveAdvice, above: list[MoveAdvice], best: float | None) -> MoveAdvice:
    """Rows with the same reason would read as one: a lower row then names the row whose reason it shares
    (1 = the first) and how far behind the first choice it is, or that it is as good as the row it matches."""
    def twin(of: MoveAdvice) -> int | None:
        return next((rank for rank, a in enumerate(above, 1) if (a.reason, a.params) == (of.reason, of.params)), None)

    rank = twin(item)
    if rank is None:
        return item
    compared = replace(item, reason="generic.same_behind", params={"rank": rank, **_points_behind(item.chance, best)})
    equal = twin(compared)  # as far behind as that row: just as good
    return compared if equal is None else replace(item, reason="generic.same_equal", params={"rank": equal})


def _advice(game_id: str, view: View, action: Action, rank: int, visits: int, mean: float | None,
            best: float | None) -> MoveAdvice:
    chance = None if mean is None else min(1.0, max(0.0, mean))
    reason = game_reason(game_id, view, action) or _search_reason(rank, visits, chance, best)
    return MoveAdvice(str(action), chance, reason[0], reason[1])
