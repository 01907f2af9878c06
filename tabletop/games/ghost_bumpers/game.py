"""The Ghost Bumpers game specification: options, new games, determinisation, notation."""

from __future__ import annotations

import random
from typing import Any

from tabletop.engine.core import Action, Chance, Game, Option, View
from tabletop.games.ghost_bumpers.actions import parse_action
from tabletop.games.ghost_bumpers.cards import KINDS, ROUNDS, composition, counts_to_list
from tabletop.games.ghost_bumpers.state import (
    GAME_ID,
    MUST_CHOOSE,
    NOT_INVOLVED,
    PHASES,
    SCARED_OUT,
    TARGET_ROUND_CAP,
    GhostBumpersState,
)
from tabletop.games.ghost_bumpers.view import GhostBumpersView

TARGETS = (15, 20, 25, 30, 40, 50)


class GhostBumpersGame(Game):
    id = GAME_ID
    title = {"en": "Ghost Bumpers", "ja": "ゴーストバンパーズ"}
    players = range(3, 7)
    # Rules version of saved records. 2: forced discards are always reshuffled (GB-D5a), which
    # changes how a game with an empty-handed drawer replays, so version-1 records are refused.
    version = 2
    options = (
        Option("mode", "rounds", ("rounds", "target"),
               {"en": "Game length: fixed rounds or target score", "ja": "ゲームの長さ：規定ラウンドか目標点"}),
        Option("target", 25, TARGETS, {"en": "Target score", "ja": "目標点"}),
    )

    def new_state(self, players: int, options: dict[str, Any], seed: int) -> GhostBumpersState:
        self.check_players(players)
        opts = self.resolve_options(options)
        chance = Chance(seed)
        state = GhostBumpersState.blank(players, opts["mode"], opts["target"], self._rounds(players, opts["mode"]),
                                        composition(players), chance)
        start = chance.rng().randrange(players)  # §2.4: the start card goes to a random seat
        state.start_round(start, [])
        return state

    @staticmethod
    def _rounds(players: int, mode: str) -> int:
        return TARGET_ROUND_CAP if mode == "target" else ROUNDS[players]

    def sample_state(self, view: View, rng: random.Random) -> GhostBumpersState:
        """Other hands and the monster deck are redrawn from the unseen cards; others' S positions
        are drawn uniformly among the places still possible (every index of the remaining deck is
        consistent with any public history of reveals and rotations)."""
        assert isinstance(view, GhostBumpersView)
        n, me = view.players, view.seat
        s = GhostBumpersState.blank(n, view.mode, view.target, view.rounds, view.composition,
                                    Chance(rng.getrandbits(62)))
        s.scores = list(view.scores)
        s.last_round = list(view.last_round)
        s.round_no, s.start_seat, s.leader = view.round_no, view.start_seat, view.leader
        s.phase = PHASES.index(view.phase)
        s.turn = view.turn
        s.discard = list(view.discard)
        s.trick = list(view.trick)
        s.history = list(view.history)
        s.char_sizes = list(view.char_sizes)
        s.rotations = list(view.rotations)
        s.sizes = list(view.hand_sizes)
        s.drawer, s.owed = view.drawer, view.owed

        unseen = list(view.composition)
        for c in range(KINDS):
            unseen[c] -= view.discard[c] + view.hand[c]
        for _, c, k, _ in view.trick:
            unseen[c] -= k
        pool = counts_to_list(unseen)
        rng.shuffle(pool)
        at = 0
        for i in range(n):
            if i == me:
                s.hands[i] = list(view.hand)
                continue
            for c in pool[at:at + view.hand_sizes[i]]:
                s.hands[i][c] += 1
            at += view.hand_sizes[i]
        s.deck = pool[at:]
        if len(s.deck) != view.deck_count:
            raise ValueError("the view's card counts do not add up to the monster composition")

        for i in range(n):
            if view.scared_out[i]:
                s.scared[i] = SCARED_OUT
            elif i == me:
                s.scared[i] = view.own_scared
            elif view.fear_done[i]:
                s.scared[i] = rng.randrange(view.char_sizes[i])
            # Forced discard: others' hidden choices are any card of their sampled hands.
            state = view.discard_state[i]
            if state == 0:
                s.pending[i] = NOT_INVOLVED
            elif state == 1:
                s.pending[i] = MUST_CHOOSE
            elif i == me:
                s.pending[i] = view.own_discard
            else:
                s.pending[i] = rng.choice(counts_to_list(s.hands[i]))
        return s

    def parse_action(self, text: str) -> Action:
        return parse_action(text)
