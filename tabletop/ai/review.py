"""The review of a finished game: for one seat, each decision searched again from that seat's own View.

`decisions(record, seat)` replays the record and keeps, for every action the seat took, the View it had
then, its legal moves and the move it played. `review_decision` searches one of them with the hard
level at a fixed iteration budget (`review_level`: the same record always gives the same review) and
with the played move among the root's candidates, so both get a chance from the same search: a share of
the win in competitive games, the team's success in co-op games (as the hint reads them,
tabletop/ai/advice.py). The cost of the move is the chance of the AI's choice minus the chance of the
move played. `summarize` gathers a seat's decisions: how many there were, how many came within
CLOSE of the best, the largest swing, and the MARKED costliest moves.

A move is marked only when its cost is above the search's own spread, measured the way the guarded level
measures it (`GuardedSearch`): at least GUARD_MARGIN and 1/sqrt(visits) of the less visited of the two
moves. In co-op games the rollout planner searches with the played move as its proposal, so it suggests
another move only when that move's paired advantage (the same sampled worlds for both) is above the
planner's own noise test; its cost must then still reach GUARD_MARGIN. A forced move (one legal move) is
not searched at all.

Each search is seeded from (record seed, action index, seat), so the review is a pure function of the
record and the seat's views; nothing here reads a true State but `decisions`, which hands on views only.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from tabletop.ai.advice import game_reason
from tabletop.ai.guarded import GuardedSearch
from tabletop.ai.ismcts import ISMCTS
from tabletop.ai.levels import make_agent
from tabletop.ai.rollout_planner import RolloutPlanner
from tabletop.engine import registry
from tabletop.engine.core import Action, Game, View
from tabletop.engine.records import Record

MARKED = 3  # the costliest moves the review shows
CLOSE = 0.02  # within 2 percentage points of the best: "as good as the AI's move"

# The hard level's fixed iteration budget per game for a review. A whole game's review for one seat must fit
# 30 s of CPU at the game's largest player count; the hard level's own cap (12,000 iterations) fits only in
# BLOODY SUMMER, whose seats make few decisions. The others take the most that fits with room to spare
# (bench/review_bench.py, bench/REVIEW.md: the slowest seat measured 19 s, BLUFFIT, Ghost Bumpers,
# Sumidagawa). KAKAPO counts rollouts: its default missions settle in a few worlds, a hard one runs them all.
REVIEW_ITERATIONS: dict[str, int] = {
    "bluffit": 1400,
    "ghost_bumpers": 5000,
    "bloody_summer": 12000,
    "sumidagawa": 1400,
    "kakapo": 600,
    "haunted_house": 800,
}
DEFAULT_ITERATIONS = 1000


def review_level(game_id: str, iterations: int | None = None) -> str:
    """The level string of a review's search: hard with a fixed iteration budget (no time cap)."""
    return f"hard:{iterations or REVIEW_ITERATIONS.get(game_id, DEFAULT_ITERATIONS)}"


def review_seed(record_seed: int, index: int, seat: int) -> int:
    """The search's seed for one decision: the same record, index and seat always search alike."""
    return random.Random(f"review/{record_seed}/{index}/{seat}").getrandbits(63)


@dataclass(frozen=True)
class Decision:
    """One move a seat made, as it looked to that seat: picklable (it travels to the AI worker)."""

    index: int  # the action's index in the record
    seat: int
    view: View
    legal: tuple[str, ...]  # the seat's legal moves then, as text
    played: str


@dataclass(frozen=True)
class MoveReview:
    """One decision searched again: what was played, what the AI would have played, both chances."""

    index: int
    seat: int
    played: str
    suggested: str
    played_chance: float | None  # None: forced, or the search never tried the move
    suggested_chance: float | None
    noise: float  # the search's spread for this comparison (see the module docstring)
    reason: str = ""  # i18n slug under "advice." for why the suggested move is better ("" when nothing to say)
    params: dict[str, Any] = field(default_factory=dict)

    @property
    def forced(self) -> bool:
        return self.suggested_chance is None

    @property
    def cost(self) -> float:
        """The suggested move's chance minus the played one's (never below 0)."""
        if self.played_chance is None or self.suggested_chance is None:
            return 0.0
        return max(0.0, self.suggested_chance - self.played_chance)

    @property
    def above_noise(self) -> bool:
        return self.played != self.suggested and self.cost > self.noise

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "seat": self.seat, "played": self.played, "suggested": self.suggested,
                "played_chance": _rounded(self.played_chance), "suggested_chance": _rounded(self.suggested_chance),
                "cost": round(self.cost, 4), "noise": round(self.noise, 4),
                "reason": self.reason, "params": dict(self.params)}


@dataclass(frozen=True)
class Review:
    """A seat's review: every decision, the costliest few above noise, and the summary's figures."""

    game: str
    seat: int
    cooperative: bool
    moves: tuple[MoveReview, ...]

    @property
    def choices(self) -> tuple[MoveReview, ...]:
        """The decisions that had more than one move (forced ones are not choices)."""
        return tuple(m for m in self.moves if not m.forced)

    @property
    def close(self) -> int:
        """Choices within CLOSE of the AI's own move."""
        return sum(1 for m in self.choices if m.cost <= CLOSE)

    @property
    def largest(self) -> MoveReview | None:
        """The choice with the largest cost (the first of equals), if any cost anything."""
        costly = [m for m in self.choices if m.cost > 0]
        return max(costly, key=lambda m: (m.cost, -m.index)) if costly else None

    @property
    def marked(self) -> tuple[MoveReview, ...]:
        """Up to MARKED moves above noise, costliest first."""
        worst = sorted((m for m in self.choices if m.above_noise), key=lambda m: (-m.cost, m.index))
        return tuple(worst[:MARKED])

    def to_json(self) -> dict[str, Any]:
        largest = self.largest
        return {"game": self.game, "seat": self.seat, "cooperative": self.cooperative,
                "decisions": len(self.choices), "forced": len(self.moves) - len(self.choices),
                "within_2_points": self.close,
                "largest_swing": None if largest is None else {"index": largest.index, "cost": round(largest.cost, 4)},
                "marked": [m.to_json() for m in self.marked]}


def _rounded(chance: float | None) -> float | None:
    return None if chance is None else round(chance, 4)


def decisions(record: Record, seat: int) -> list[Decision]:
    """Every action `seat` took in `record`, with the View and legal moves it had just before."""
    return list(iter_decisions(record, seat))


def iter_decisions(record: Record, seat: int) -> Iterator[Decision]:
    """`decisions`, one at a time: the record is replayed only as far as the next one (a caller on a frame
    loop spreads the replay over its frames)."""
    game = registry.get_game(record.game)
    state = record.new_state()
    for index, (actor, text) in enumerate(record.actions):
        if actor == seat:
            legal = tuple(str(a) for a in state.legal_actions(seat))
            yield Decision(index, seat, state.view(seat), legal, text)
        state.apply(actor, game.parse_action(text))


def _with(candidates: list[Action], played: Action) -> list[Action]:
    return candidates if played in candidates else [*candidates, played]


def _agent_trying(game: Game, level: str, played: Action) -> Any:
    """The level's agent, with the played move among the root's candidates (a shortlist may leave it out).

    The co-op planner gets the played move as its proposal: it then plays another move only when that
    move's advantage over the played one, on the same sampled worlds, is above its own noise test."""
    agent = make_agent(game, level)
    search = agent.search if isinstance(agent, GuardedSearch) else agent
    if isinstance(search, ISMCTS) and search.root_filter is not None:
        narrow = search.root_filter
        search.root_filter = lambda view, legal: _with(narrow(view, legal), played)
    elif isinstance(agent, RolloutPlanner):
        agent.first_candidate = played
    return agent


def _noise(agent: Any, visits: dict[str, int], suggested: str, played: str) -> float:
    """The spread a cost must exceed to count: the guarded level's margin over the less tried of the two
    moves; for the co-op planner, whose choice already passed its paired test against the played move,
    the guard's floor."""
    if isinstance(agent, RolloutPlanner):
        return GuardedSearch.GUARD_MARGIN
    tried = min(visits.get(suggested, 0), visits.get(played, 0))
    return max(GuardedSearch.GUARD_MARGIN, 1.0 / math.sqrt(max(1, tried)))


def review_decision(game: Game, decision: Decision, seed: int, level: str) -> MoveReview:
    """Search `decision` again from its View at `level`; reads only the View."""
    legal = [game.parse_action(text) for text in decision.legal]
    played = game.parse_action(decision.played)
    if len(legal) <= 1:
        return MoveReview(decision.index, decision.seat, decision.played, decision.played, None, None, 0.0)
    agent = _agent_trying(game, level, played)
    chosen = agent.choose(decision.view, legal, random.Random(seed))
    stats = agent.last_stats
    means = stats.root_means if stats is not None else {}
    visits = stats.root_visits if stats is not None else {}
    suggested = str(chosen)
    best, mine = means.get(suggested), means.get(decision.played)
    if best is None:  # nothing searched (a planner that saw one candidate): the agent's move, no chances
        return MoveReview(decision.index, decision.seat, decision.played, suggested, None, None, 0.0)
    noise = _noise(agent, visits, suggested, decision.played)
    reason = game_reason(game.id, decision.view, chosen) or ("generic.best", {"count": visits.get(suggested, 0)})
    return MoveReview(decision.index, decision.seat, decision.played, suggested, _clamp(mine), _clamp(best), noise,
                      reason[0], dict(reason[1]))


def _clamp(chance: float | None) -> float | None:
    return None if chance is None else min(1.0, max(0.0, chance))


def summarize(game: Game, seat: int, moves: Iterable[MoveReview]) -> Review:
    return Review(game.id, seat, game.cooperative, tuple(sorted(moves, key=lambda m: m.index)))


def review_record(record: Record, seat: int, iterations: int | None = None,
                  progress: Callable[[int, int], None] | None = None) -> Review:
    """A seat's whole review in this process (the command line and tests; the app uses the AI worker)."""
    game = registry.get_game(record.game)
    level = review_level(game.id, iterations)
    todo = decisions(record, seat)
    moves = []
    for done, decision in enumerate(todo):
        moves.append(review_decision(game, decision, review_seed(record.seed, decision.index, seat), level))
        if progress is not None:
            progress(done + 1, len(todo))
    return summarize(game, seat, moves)
