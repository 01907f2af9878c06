"""The BLUFFIT game specification: players, options, construction."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from tabletop.engine.core import Action, Game, Option, View
from tabletop.games.bluffit.actions import parse_action
from tabletop.games.bluffit.cards import SPECIALS
from tabletop.games.bluffit.sampling import sample_state
from tabletop.games.bluffit.state import BluffitState
from tabletop.games.bluffit.view import BluffitView


class Bluffit(Game):
    id = "bluffit"
    title = {"en": "BLUFFIT", "ja": "ブラフィット"}
    players = range(2, 7)
    options = (
        Option("combine", False, label={"en": "Combine cards", "ja": "カードを組み合わせる"}),
        Option("optimistic_1", False, label={"en": "Optimistic 1", "ja": "楽観的な1"}),
        Option("reversed_5", False, label={"en": "Reversed 5", "ja": "反転された5"}),
        Option("nervous_9", False, label={"en": "Nervous 9", "ja": "神経質な9"}),
        Option("toxic_10", False, label={"en": "Toxic 10", "ja": "有毒な10"}),
    )
    _setups: ClassVar[dict[tuple[tuple[str, Any], ...], tuple[frozenset[int], bool]]] = {}

    def new_state(self, players: int, options: dict[str, Any], seed: int) -> BluffitState:
        self.check_players(players)
        # The set-up an options dict asks for, remembered by its items: resolving costs as much as dealing.
        key = tuple(options.items())
        setup = self._setups.get(key)
        if setup is None:
            resolved = self.resolve_options(options)
            specials = frozenset(card for option, card in SPECIALS.items() if resolved[option])
            setup = self._setups[key] = (specials, resolved["combine"])
        return BluffitState.new_game(players, setup[0], setup[1], seed)

    def sample_state(self, view: View, rng: random.Random) -> BluffitState:
        assert isinstance(view, BluffitView)
        return sample_state(view, rng)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)
