"""The KAKAPO Buddy & Party (ザ・カカポ バディ＆パーティ): co-operative trick taking plus a polyomino puzzle.

Rules: docs/rules/kakapo.md. Buddy = 2 players, Party = 3–4 players.

Modules: `grid` (12×12 bit masks, cell names), `pieces` (colours, cards, the 40 scanner
pieces and all their placements), `birds` (the 15 mission pieces), `missions` (the 40
missions: the source table of the Tiled maps), `board` (legal placements, scans, why a
placement is illegal, the board as plain data), `actions`, `state`, `view`, `deal`,
`solver` (exact minimum-piece solver), `content` (missions loaded from maps/kakapo).

Option `mission`: "auto" (default) = the first mission of the mode that fits the player
count (buddy_01 for 2 players, party_01 for 3–4); otherwise one of the 40 ids
buddy_01 … party_20, and it must match the player count (2 players: buddy_*, 3–4:
party_*) or `new_state` raises ValueError. A custom mission (docs/MISSIONS.md) is given
as a path to its .tmx file and kept as its content (name, sha256, text; see custom.py),
so records of it replay wherever the file went.

Action notation (see actions.py): `play G7`, `skill none|double|up|down`, `skill wild R`,
`place G7 r90f E5` (orientation: rotation clockwise after an optional flip; anchor =
top-left cell of the oriented piece's bounding box, column letter + row number).

Choices where the spec is silent (each is tested):
- When the only skill option is "no skill" (no counters left, or every skill would give
  a used piece), the engine takes it without asking the placer.
- The placer places the selected pieces in any order: legal actions list the
  placements of every piece still to place. The game is lost as unplaceable only when
  none of the remaining selected pieces fits anywhere (so with Double Scan a fitting
  piece is always placed before the game is lost on the other).
- Known voids are public: a player who did not follow the lead colour is recorded as
  void in it (the view's `voids`), and `sample_state` respects voids and the P8
  announcement.
- Result: co-operative; `coop_success` is True only for a won mission; every seat's
  score is the number of birds scanned.

`State.to_json()` shape:
    {"mission": "buddy_01", "mode": "buddy"|"party", "players": n, "round": 1-based,
     "round_limit": 8|10, "start": seat, "start_reason": "p8"|"random", "p8_holder": seat|-1,
     "phase": "reveal"|"skill"|"place"|"over", "hands": [[card ids]] per seat,
     "removed": [card ids] (Buddy hidden 8 / 3-player Party P1), "revealed": [[seat, card]],
     "lead": colour letter|None, "pile": [card ids, top last], "discard": [card ids],
     "counters": int, "used": [piece ids], "placements": ["place G7 r90f E5", ...] in order,
     "placer": seat|-1, "decision": card id|None, "options": [[skill notation, [piece ids]]],
     "selection": [piece ids still to place], "outcome": None|"won"|"failed_unplaceable"|"failed_rounds",
     "voids": ["RG", ...] per seat, "history": [{"round", "start", "reveals", "decision", "placer",
     "skill", "selection"}], "scanned": [bird ids], "chance": {"seed", "counter"}}
"""

from __future__ import annotations

import random
from typing import Any

from tabletop.engine.core import Action, Chance, Game, State, View
from tabletop.games.kakapo import actions as _actions
from tabletop.games.kakapo import pieces
from tabletop.games.kakapo.content import mission_rules, view_rules
from tabletop.games.kakapo.custom import MissionOption, is_custom_value, rules_of_value
from tabletop.games.kakapo.deal import constrained_deal
from tabletop.games.kakapo.missions import MISSION_IDS
from tabletop.games.kakapo.state import P8, KakapoState
from tabletop.games.kakapo.view import KakapoView

__all__ = ["GAME", "KakapoGame", "KakapoState", "KakapoView", "mission_for"]


def check_mode(players: int, mode: str, name: str) -> None:
    """A custom mission's mode must fit the player count, like a shipped one's."""
    if (mode == "buddy") != (players == 2):
        need = "2 players" if mode == "buddy" else "3 or 4 players"
        raise ValueError(f"mission {name} is a {mode.title()} mission for {need}, not {players}")


def mission_for(players: int, option: str) -> str:
    """The mission id to play; raises ValueError when it does not fit the player count."""
    mode = "buddy" if players == 2 else "party"
    if option == "auto":
        return f"{mode}_01"
    if option not in MISSION_IDS:
        raise ValueError(f"unknown KAKAPO mission {option!r}")
    if not option.startswith(mode):
        need = "2 players" if option.startswith("buddy") else "3 or 4 players"
        raise ValueError(f"mission {option} is a {option.split('_')[0].title()} mission for {need}; "
                         f"with {players} players choose a {mode}_NN mission (or 'auto')")
    return option


class KakapoGame(Game):
    id = "kakapo"
    title = {"en": "The KAKAPO Buddy & Party", "ja": "ザ・カカポ バディ＆パーティ"}
    players = range(2, 5)
    cooperative = True
    options = (
        MissionOption("mission", "auto", ("auto", *MISSION_IDS),
               {"en": "Mission (2 players: Buddy, 3–4: Party)", "ja": "ミッション（2人：バディ、3～4人：パーティ）"}),
    )

    def new_state(self, players: int, options: dict[str, Any], seed: int) -> KakapoState:
        self.check_players(players)
        # Options already resolved to a shipped choice (every search and benchmark game) need no parsing.
        mission = options.get("mission") if options and len(options) == 1 else None
        opts = options if type(mission) is str and mission in _SHIPPED_CHOICES else self.resolve_options(options)
        if is_custom_value(opts["mission"]):
            rules = rules_of_value(opts["mission"])
            check_mode(players, rules.mission.mode, opts["mission"]["name"])
        else:
            rules = mission_rules(mission_for(players, opts["mission"]))
        return KakapoState.deal(rules, players, seed)

    def parse_action(self, text: str) -> Action:
        return _actions.parse_action(text)

    def sample_state(self, view: View, rng: random.Random) -> State:
        assert isinstance(view, KakapoView)
        return sample_state(view, rng)


def sample_state(view: KakapoView, rng: random.Random) -> KakapoState:
    """A full state consistent with `view`: hidden cards dealt at random respecting sizes, voids and P8."""
    world = _World.of(view)
    s = world.state.clone()
    s.chance = Chance(rng.getrandbits(62))
    dealt = constrained_deal(world.unknown, world.sizes, world.allowed.__getitem__, rng)
    bit = _CARD_BIT.__getitem__  # distinct cards: their bits summed are their mask
    for j, seat in enumerate(world.others):
        s.hands[seat] = sum(map(bit, dealt[j]))
    s.removed = world.removed_public | sum(map(bit, dealt[-1]))
    return s


_CARD_BIT = tuple(1 << k for k in range(40))
_SHIPPED_CHOICES = frozenset(("auto", *MISSION_IDS))


class _World:
    """What every state sampled from one view shares: the public state and who may hold each unknown card.

    A search samples a world from the same View every iteration, so this is built once per View
    (the last one is kept; it holds the View, so its identity cannot be reused) and cloned."""

    __slots__ = ("view", "state", "unknown", "others", "sizes", "allowed", "removed_public")
    _last: _World | None = None

    def __init__(self, view: KakapoView) -> None:
        self.view = view
        s = KakapoState.blank(view_rules(view), view.players)
        known = 0
        for k in (*view.hand, *view.pile, *view.discard, *view.removed_public, *(k for _, k in view.revealed)):
            known |= 1 << k
        for h in view.history:  # already in pile/discard; kept for clarity
            for _, k in h.reveals:
                known |= 1 << k
        self.unknown = [k for k in range(40) if not known >> k & 1]
        others = [i for i in range(view.players) if i != view.seat]
        self.others = others
        self.sizes = [view.hand_sizes[i] for i in others] + [view.removed_hidden]  # the last place: removed cards
        removed_place = len(others)

        def allowed(k: int) -> int:
            if k == P8 and view.p8_holder >= 0:
                return 1 << others.index(view.p8_holder)  # P8 announced at setup and not yet revealed
            m = 1 << removed_place
            for j, seat in enumerate(others):
                if not view.voids[seat] >> (k >> 3) & 1:
                    m |= 1 << j
            return m

        self.allowed = {k: allowed(k) for k in self.unknown}
        self.removed_public = 0
        for k in view.removed_public:
            self.removed_public |= 1 << k
        if view.seat is not None:
            for k in view.hand:
                s.hands[view.seat] |= 1 << k
        s.round, s.start, s.start_reason, s.p8_holder = view.round, view.start, view.start_reason, view.p8_holder
        s.phase, s.revealed, s.lead = view.phase, list(view.revealed), view.lead
        s.pile, s.counters, s.used = list(view.pile), view.counters, view.used
        for k in view.discard:
            s.discard |= 1 << k
        for piece, orient, top, left in view.placements:
            p = pieces.placement(piece, orient, top, left)
            assert p is not None
            s.occupied |= p.mask
            s.colour_cells[piece >> 3] |= p.mask
            s.placed.append((piece, orient, top, left, p.mask))
        s.placer, s.decision = view.placer, view.decision
        if view.phase == "skill":
            s.options = s.skill_options()
        s.selection = list(view.selection)
        s.outcome = view.outcome
        s.voids = list(view.voids)
        s.history = list(view.history)
        s.scanned = sum(1 << i for i, done in enumerate(view.scanned) if done)
        self.state = s

    @classmethod
    def of(cls, view: KakapoView) -> _World:
        world = cls._last
        if world is None or world.view is not view:
            world = cls._last = cls(view)
        return world


GAME = KakapoGame()
