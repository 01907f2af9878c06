"""The BLOODY SUMMER `Game`: options, new games, determinisation (`sample_state`) and notation."""

from __future__ import annotations

import random
from typing import Any

from tabletop.engine.core import Action, Chance, Game, Option, View
from tabletop.games.bloody_summer.actions import parse_action
from tabletop.games.bloody_summer.cards import FULL_DECK, pack, unpack
from tabletop.games.bloody_summer.rules import DEFAULT_EMPTY_SITE, SITES, packed_cards
from tabletop.games.bloody_summer.state import GAME_ID, BloodySummerState
from tabletop.games.bloody_summer.view import BloodySummerView


def _mask(flags: tuple[bool, ...]) -> int:
    return sum(1 << i for i, f in enumerate(flags) if f)


class BloodySummerGame(Game):
    id = GAME_ID
    title = {"en": "BLOODY SUMMER", "ja": "ブラッディ・サマー"}
    players = range(3, 5)
    options = (
        Option("empty_site", SITES[DEFAULT_EMPTY_SITE], SITES,
               {"en": "Empty site (3 players)", "ja": "空きエリア（3人プレイ）"}),
    )
    version = 1
    # New games draw with scheme 2 (hashed draws): a game is short, and seeding a Mersenne Twister
    # for the deal and every check costs a fifth of its time. Records without a scheme are 1.
    chance_schemes = (1, 2)

    def new_state(self, players: int, options: dict[str, Any], seed: int,
                  chance_scheme: int | None = None) -> BloodySummerState:
        self.check_players(players)
        # Options passed as resolved already (sessions, benches) need no second pass.
        opts = options if options == _DEFAULT_OPTIONS else self.resolve_options(options)
        scheme = self.chance_schemes[-1] if chance_scheme is None else chance_scheme
        if scheme not in self.chance_schemes:
            raise ValueError(f"{self.id} cannot replay chance scheme {scheme}")
        return BloodySummerState.new_game(players, SITES.index(opts["empty_site"]), seed, scheme)

    def sample_state(self, view: View, rng: random.Random) -> BloodySummerState:
        """Unseen cards (52 minus own hand, discard and this round's pile) dealt at random to the
        other living players by their hand sizes; with 3 players the rest is the unseen set-aside."""
        assert isinstance(view, BloodySummerView)
        s = BloodySummerState.blank(view.players, view.empty_area,
                                    Chance(rng.getrandbits(62), scheme=self.chance_schemes[-1]))
        me = view.seat
        own = pack(view.hand)
        pile = sum(packed_cards(form, value) for _, form, value in view.plays)
        unseen = unpack(FULL_DECK - pack(view.discard) - pile - own)
        rng.shuffle(unseen)
        at = 0
        for seat in range(view.players):
            if seat == me:
                s.hands[seat] = own
            else:
                size = view.hand_sizes[seat]
                s.hands[seat] = pack(unseen[at:at + size])
                at += size
            s.sizes[seat] = view.hand_sizes[seat]
        s.aside = pack(unseen[at:])
        s.alive = _mask(view.alive)
        s.wounded = _mask(view.wounded)
        s.reversed = view.reversed
        s.marker = view.marker
        s.turn = view.turn if view.turn is not None else view.marker
        s.plays = list(view.plays)
        s.pile = pile
        s.pile_n = len(view.pile())
        s.passed = _mask(view.passed)
        s.discard = pack(view.discard)
        s.round = view.round
        s.last_check = view.last_check
        s.history = view.history
        s.winner = view.winner
        s.win_reason = view.win_reason
        return s

    def parse_action(self, text: str) -> Action:
        return parse_action(text)


_DEFAULT_OPTIONS = {o.key: o.default for o in BloodySummerGame.options}
GAME = BloodySummerGame()
