"""The Game object: options, new states, determinisation and action parsing."""

from __future__ import annotations

import random
from typing import Any

from tabletop.engine.core import Action, Game, Option, View
from tabletop.games.sumidagawa.actions import parse_action
from tabletop.games.sumidagawa.cards import DECK_COUNTS, NUM_CODES
from tabletop.games.sumidagawa.state import GAME_ID, SumidagawaState
from tabletop.games.sumidagawa.view import SumidagawaView

GAMES_CHOICES = (1, 2, 3, 4, 5, 6, 8, 10)


class SumidagawaGame(Game):
    id = GAME_ID
    title = {"en": "Sumidagawa (ultra variant)", "ja": "隅田川 ウルトラヴァリアント"}
    players = range(3, 5)
    options = (
        Option("games", 3, GAMES_CHOICES, {"en": "Games in the session", "ja": "1セッションのゲーム数"}),
    )
    version = 1

    def new_state(self, players: int, options: dict[str, Any], seed: int) -> SumidagawaState:
        self.check_players(players)
        games = self.resolve_options(options)["games"]
        return SumidagawaState(players, int(games), seed)

    def sample_state(self, view: View, rng: random.Random) -> SumidagawaState:
        """Unseen Bon (not in the seat's hand, not played) dealt at random to the other hands and the remainder."""
        assert isinstance(view, SumidagawaView)
        n = view.players
        unseen = [DECK_COUNTS[c] - view.played_cards[c] - (view.hand[c] if view.hand else 0)
                  for c in range(NUM_CODES)]
        pool = [c for c in range(NUM_CODES) for _ in range(unseen[c])]
        rng.shuffle(pool)
        hands: list[list[int]] = []
        at = 0
        for p in range(n):
            if p == view.seat:
                hands.append(list(view.hand))
                continue
            hand = [0] * NUM_CODES
            for c in pool[at:at + view.hand_sizes[p]]:
                hand[c] += 1
            at += view.hand_sizes[p]
            hands.append(hand)
        remainder = [0] * NUM_CODES
        for c in pool[at:]:
            remainder[c] += 1
        assert len(pool) - at == view.remainder_size, "view inconsistent with the deck"
        return SumidagawaState.from_view(view, hands, remainder, rng.getrandbits(62))

    def parse_action(self, text: str) -> Action:
        return parse_action(text)
