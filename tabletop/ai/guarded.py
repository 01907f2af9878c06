"""The search levels' guard: the game's heuristic proposes, the search may overrule it only with evidence."""

from __future__ import annotations

import math
import random

from tabletop.ai.agent import Heuristic
from tabletop.ai.ismcts import ISMCTS, SearchStats
from tabletop.engine.core import Action, View


class GuardedSearch:
    """ISMCTS that keeps the heuristic's move unless the search shows a clearly better one.

    With small budgets (or in co-op games where nearly every rollout fails) the
    root means are noise, and a search that picks by visit count then plays worse
    than the hand-written heuristic. The heuristic proposes, the search may
    overrule it only with a root mean at least GUARD_MARGIN higher.
    """

    GUARD_MARGIN = 0.05

    def __init__(self, search: ISMCTS, heuristic: Heuristic) -> None:
        self.search = search
        self._heuristic = heuristic
        self.name = search.name

    @property
    def last_stats(self) -> SearchStats | None:
        return self.search.last_stats

    def choose(self, view: View, legal: list[Action], rng: random.Random, budget: float | None = None) -> Action:
        if len(legal) == 1:
            return legal[0]
        proposal = self._heuristic(view, legal, random.Random(rng.getrandbits(64)))
        chosen = self.search.choose(view, legal, rng, budget)
        stats = self.search.last_stats
        if chosen == proposal or stats is None:
            return chosen
        chosen_mean = stats.root_means.get(str(chosen))
        proposal_mean = stats.root_means.get(str(proposal))
        if chosen_mean is None or proposal_mean is None:
            return proposal  # the search never tried one of them: no evidence against the heuristic
        # A difference of means is only evidence once both moves were tried often: ~1/sqrt(visits).
        visits = min(stats.root_visits.get(str(chosen), 0), stats.root_visits.get(str(proposal), 0))
        margin = max(self.GUARD_MARGIN, 1.0 / math.sqrt(max(1, visits)))
        return chosen if chosen_mean >= proposal_mean + margin else proposal
