"""The KAKAPO game state: card play (spec §6), skills (§6.6), placement and scans (§7).

Cards in hands and sets of pieces are 40-bit masks; the board is a few 144-bit masks;
cloning copies small lists. The immutable `MissionRules` is shared, never copied.
"""

from __future__ import annotations

from typing import Any

from tabletop.engine.core import Action, Chance, Event, IllegalAction, Result, State
from tabletop.games.kakapo import events as ev
from tabletop.games.kakapo import grid, pieces
from tabletop.games.kakapo.actions import DOUBLE, DOWN, NO_SKILL, UP, WILD, Place, Reveal, Skill, notation
from tabletop.games.kakapo.board import MissionRules, explain_placement
from tabletop.games.kakapo.custom import custom_text
from tabletop.games.kakapo.missions import COUNTERS, ROUND_LIMIT
from tabletop.games.kakapo.pieces import CARD_IDS, COLOUR_NAMES, COLOURS, PURPLE, card_id
from tabletop.games.kakapo.view import KakapoView, RoundRecord, reveal_order, round_record

GAME_ID = "kakapo"
REVEAL, SKILL, PLACE, OVER = "reveal", "skill", "place", "over"
P1, P8 = 0, 7
COLOUR_MASK = tuple(0xFF << (8 * k) for k in range(5))
REVEALS = tuple(Reveal(k) for k in range(40))
_CARD_BIT = tuple(1 << k for k in range(40))
_ALONE = tuple((seat,) for seat in range(4))  # `to_act()` of each seat acting alone, made once
# REVEALS_OF[colour][byte]: the reveals of the cards of that colour whose values are the set bits
# of `byte`, in card order, so a hand's legal reveals are five lookups instead of a bit loop.
REVEALS_OF: tuple[tuple[tuple[Reveal, ...], ...], ...] = tuple(
    tuple(tuple(REVEALS[8 * colour + v] for v in range(8) if byte >> v & 1) for byte in range(256))
    for colour in range(5))
# Per decision card d, the Buddy skills besides Double Scan (spec §6.6) in the order offered: Wild Color to
# each other colour, then Shift Change up and down, each as (the bit of the piece it gives, the option).
BUDDY_SKILLS: tuple[tuple[tuple[int, tuple[Skill, tuple[int, ...]]], ...], ...] = tuple(
    tuple((1 << 8 * c + (d & 7), (WILD[c], (8 * c + (d & 7),))) for c in range(5) if c != d >> 3)
    + (((1 << d + 1, (UP, (d + 1,))),) if d & 7 < 7 else ())
    + (((1 << d - 1, (DOWN, (d - 1,))),) if d & 7 > 0 else ())
    for d in range(40))
# "No skill" with the decision card as its piece, per card; `_NO_PIECE` when that piece is used.
NO_SKILL_OPTION = tuple((NO_SKILL, (d,)) for d in range(40))
_NO_PIECE: tuple[Skill, tuple[int, ...]] = (NO_SKILL, ())
SKILL_NAMES = {"none": "no skill", "double": "Double Scan", "wild": "Wild Color", "up": "Shift Change",
               "down": "Shift Change"}


def bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _illegal(reason: str, slug: str, **params: Any) -> IllegalAction:
    return IllegalAction(reason, f"{GAME_ID}.illegal.{slug}", **params)


class KakapoState(State):
    __slots__ = ("rules", "mode", "players", "limit", "hands", "removed", "chance", "round", "start",
                 "start_reason", "p8_holder", "phase", "revealed", "lead", "pile", "discard", "counters", "used",
                 "occupied", "colour_cells", "placed", "placer", "decision", "options", "selection", "outcome",
                 "voids", "history", "scanned", "per_round", "_ready")

    rules: MissionRules
    mode: str
    players: int
    limit: int
    hands: list[int]
    removed: int
    chance: Chance
    round: int
    start: int
    start_reason: str
    p8_holder: int
    phase: str
    revealed: list[tuple[int, int]]
    lead: int
    pile: list[int]
    discard: int
    counters: int
    used: int
    occupied: int
    colour_cells: list[int]
    placed: list[tuple[int, int, int, int, int]]  # (piece, orient, top, left, mask)
    placer: int
    decision: int
    options: list[tuple[Skill, tuple[int, ...]]]
    selection: list[int]
    outcome: str | None
    voids: list[int]
    history: list[RoundRecord]
    scanned: int
    per_round: int  # reveals in a round: len(order())
    # The placements `_check_placeable` listed for a lone selected piece, with what they depend on
    # (piece, occupied, that colour's cells): the placer's next `legal_actions` takes them instead
    # of listing them again, once (one listing per placement instead of a test and a listing).
    _ready: tuple[int, int, int, list[Action]] | None

    # ------------------------------------------------------------------ setup

    @classmethod
    def deal(cls, rules: MissionRules, players: int, seed: int) -> KakapoState:
        s = cls.blank(rules, players)
        s.chance = Chance(seed)
        deck = list(range(40))
        if s.mode == "party" and players == 3:
            deck.remove(P1)
            s.removed = 1 << P1
        rng = s.chance.shuffle(deck)
        bit = _CARD_BIT.__getitem__  # masks summed from a table: distinct cards, so + is |
        if s.mode == "buddy":
            s.removed |= sum(map(bit, deck[:8]))
            deck = deck[8:]
        per = len(deck) // players
        s.hands = [sum(map(bit, deck[i * per:(i + 1) * per])) for i in range(players)]
        holder = next((i for i in range(players) if s.hands[i] >> P8 & 1), -1)
        s.p8_holder = holder
        if holder >= 0:
            s.start, s.start_reason = holder, "p8"
        else:  # Buddy with P8 removed: a seeded random start player (D17)
            s.start, s.start_reason = rng.randrange(players), "random"
        return s

    @classmethod
    def blank(cls, rules: MissionRules, players: int) -> KakapoState:
        s = cls.__new__(cls)
        s.rules = rules
        s.mode = rules.mission.mode
        s.players = players
        s.limit = ROUND_LIMIT[s.mode]
        s.per_round = 4 if s.mode == "buddy" else players
        s.hands = [0] * players
        s.removed = 0
        s.chance = Chance(0)
        s.round = 1
        s.start = 0
        s.start_reason = "p8"
        s.p8_holder = -1
        s.phase = REVEAL
        s.revealed = []
        s.lead = -1
        s.pile = []
        s.discard = 0
        s.counters = COUNTERS[s.mode]
        s.used = 0
        s.occupied = 0
        s.colour_cells = [0] * 5
        s.placed = []
        s.placer = -1
        s.decision = -1
        s.options = []
        s.selection = []
        s.outcome = None
        s.voids = [0] * players
        s.history = []
        s.scanned = 0
        s._ready = None
        return s

    def clone(self) -> KakapoState:
        s = KakapoState.__new__(KakapoState)
        s.rules = self.rules
        s.mode = self.mode
        s.players = self.players
        s.limit = self.limit
        s.per_round = self.per_round
        s.hands = self.hands[:]
        s.removed = self.removed
        s.chance = self.chance.clone()
        s.round = self.round
        s.start = self.start
        s.start_reason = self.start_reason
        s.p8_holder = self.p8_holder
        s.phase = self.phase
        s.revealed = self.revealed[:]
        s.lead = self.lead
        s.pile = self.pile[:]
        s.discard = self.discard
        s.counters = self.counters
        s.used = self.used
        s.occupied = self.occupied
        s.colour_cells = self.colour_cells[:]
        s.placed = self.placed[:]
        s.placer = self.placer
        s.decision = self.decision
        s.options = self.options[:]
        s.selection = self.selection[:]
        s.outcome = self.outcome
        s.voids = self.voids[:]
        s.history = self.history[:]
        s.scanned = self.scanned
        s._ready = None  # handed out once: a clone lists its own
        return s

    # ------------------------------------------------------------------ queries

    def order(self) -> tuple[int, ...]:
        return reveal_order(self.mode, self.start, self.players)

    def _revealer(self) -> int:
        """`order()[len(revealed)]` without building the order: seats go clockwise from the start
        player (in Buddy the two alternate, which is the same sum modulo 2)."""
        return (self.start + len(self.revealed)) % self.players

    def to_act(self) -> tuple[int, ...]:
        if self.phase == REVEAL:
            return _ALONE[(self.start + len(self.revealed)) % self.players]  # `_revealer()`, inlined: asked every turn
        if self.phase == OVER:
            return ()
        return _ALONE[self.placer]

    def top_colour(self) -> int:
        return self.pile[-1] >> 3 if self.pile else PURPLE

    def playable(self, seat: int) -> int:
        """Mask of the cards `seat` may reveal now (must-follow)."""
        hand = self.hands[seat]
        if self.revealed:
            follow = hand & COLOUR_MASK[self.lead]
            if follow:
                return follow
        return hand

    def legal_actions(self, seat: int) -> list[Action]:
        if self.phase == REVEAL:
            if seat != (self.start + len(self.revealed)) % self.players:  # `_revealer()`, inlined
                return []
            hand = self.hands[seat]
            if self.revealed:  # must follow the lead colour when the hand has it (`playable`)
                lead = self.lead
                follow = REVEALS_OF[lead][hand >> 8 * lead & 0xFF]
                if follow:
                    return list(follow)
            return [*REVEALS_OF[0][hand & 0xFF], *REVEALS_OF[1][hand >> 8 & 0xFF], *REVEALS_OF[2][hand >> 16 & 0xFF],
                    *REVEALS_OF[3][hand >> 24 & 0xFF], *REVEALS_OF[4][hand >> 32]]
        if seat != self.placer or self.phase == OVER:
            return []
        if self.phase == SKILL:
            return [opt for opt, _ in self.options]
        selection = self.selection
        if len(selection) == 1:  # the common case: the list is already a fresh one
            piece = selection[0]
            ready = self._ready
            if ready is not None:
                self._ready = None
                if ready[0] == piece and ready[1] == self.occupied and ready[2] == self.colour_cells[piece >> 3]:
                    return ready[3]
            return self.rules.legal_actions(piece, self.occupied, self.colour_cells)  # type: ignore[return-value]
        out: list[Action] = []
        for k in dict.fromkeys(selection):
            out.extend(self.rules.legal_actions(k, self.occupied, self.colour_cells))
        return out

    def cleared(self) -> bool:
        return self.scanned.bit_count() >= self.rules.required

    def is_over(self) -> bool:
        return self.phase == OVER

    def result(self) -> Result:
        n = float(self.scanned.bit_count())
        won = self.outcome == "won"
        return Result(scores=(n,) * self.players, ranks=(1,) * self.players,
                      winners=tuple(range(self.players)) if won else (), coop_success=won)

    # ------------------------------------------------------------------ checking

    def check(self, seat: int, action: Action) -> None:
        if self.phase == OVER:
            raise _illegal("the game is over", "game_over")
        actor = self.to_act()[0]
        if seat != actor:
            raise _illegal(f"it is seat {actor + 1}'s turn, not seat {seat + 1}'s", "not_your_turn", seat=actor)
        if self.phase == REVEAL:
            self._check_reveal(seat, action)
        elif self.phase == SKILL:
            self._check_skill(action)
        else:
            self._check_place(action)

    def _check_reveal(self, seat: int, action: Action) -> None:
        if not isinstance(action, Reveal):
            raise _illegal("now a card must be revealed", "reveal_now")
        k = action.card
        if not self.hands[seat] >> k & 1:
            raise _illegal(f"{card_id(k)} is not in your hand", "not_in_hand", card=card_id(k))
        if self.revealed and k >> 3 != self.lead and self.hands[seat] & COLOUR_MASK[self.lead]:
            lead = COLOURS[self.lead]
            raise _illegal(f"you must follow the lead colour: {COLOUR_NAMES[lead]}", "must_follow", colour=lead)

    def _check_skill(self, action: Action) -> None:
        if not isinstance(action, Skill):
            raise _illegal("the placer must first choose a skill or no skill", "skill_now")
        if any(opt == action for opt, _ in self.options):
            return
        if self.counters == 0:
            raise _illegal("no skill counter is left", "no_counters")
        if action.kind in ("wild", "up", "down") and self.mode == "party":
            raise _illegal("Party games have only Double Scan", "buddy_only", skill=action.kind)
        if action.kind == "double" and len({k >> 3 for _, k in self.revealed}) > 1:
            raise _illegal("Double Scan needs every revealed card in one colour", "double_colours")
        if action.kind == "wild" and action.colour == self.decision >> 3:
            raise _illegal("Wild Color must change the colour", "wild_same")
        if action.kind == "up" and pieces.value_of(self.decision) == 8:
            raise _illegal("Shift Change cannot go above 8", "shift_bounds")
        if action.kind == "down" and pieces.value_of(self.decision) == 1:
            raise _illegal("Shift Change cannot go below 1", "shift_bounds")
        raise _illegal("that skill would only give a piece that is already on the board", "piece_used")

    def _check_place(self, action: Action) -> None:
        if not isinstance(action, Place):
            raise _illegal("now a selected piece must be placed", "place_now")
        if action.piece not in self.selection:
            chosen = ", ".join(card_id(k) for k in self.selection)
            raise _illegal(f"piece {card_id(action.piece)} was not selected this round (selected: {chosen})",
                           "not_selected", piece=card_id(action.piece), selected=chosen)
        p = pieces.placement(action.piece, action.orient, action.top, action.left)
        if p is None:
            raise _illegal("the piece would leave the board", "off_board")
        placed = [(k, m) for k, _, _, _, m in self.placed]
        refusal = explain_placement(self.rules, action.piece, p.cells, placed)
        if refusal is not None:
            raise _illegal(refusal.reason, refusal.key, **refusal.params)

    # ------------------------------------------------------------------ playing

    def apply_unchecked(self, seat: int, action: Action) -> list[Event]:
        if isinstance(action, Reveal):  # `_reveal`, inlined: two actions in three are reveals
            k = action.card
            self.hands[seat] ^= _CARD_BIT[k]  # a legal card is in the hand
            revealed = self.revealed
            if not revealed:
                self.lead = k >> 3
            elif k >> 3 != self.lead:
                self.voids[seat] |= 1 << self.lead
            events = [ev.REVEAL[seat][k][len(revealed)]]
            revealed.append((seat, k))
            if len(revealed) == self.per_round:
                self._decide(events)
            return events
        events = []
        if isinstance(action, Skill):
            self._resolve_skill(action, self._offered(action), events)
        else:
            assert isinstance(action, Place)
            self._place(seat, action, events)
        return events

    def _offered(self, skill: Skill) -> tuple[int, ...]:
        """The pieces an offered skill gives. `legal_actions` hands out these very Skill objects, so
        identity finds them without the dataclass's field-by-field `==`."""
        for opt, selection in self.options:
            if opt is skill:
                return selection
        return next(selection for opt, selection in self.options if opt == skill)  # e.g. parsed from text

    def _decide(self, events: list[Event]) -> None:
        revealed, lead = self.revealed, self.lead
        top = self.pile[-1] >> 3 if self.pile else PURPLE  # `top_colour()`
        trick = 0  # the revealed cards as a mask
        for _, k in revealed:
            trick |= _CARD_BIT[k]
        # The highest card of the top colour, else the highest of the lead colour (spec §6.1): values
        # rise with the index inside a colour, so that card is the highest bit of the colour's cards.
        k = (trick & COLOUR_MASK[top] or trick & COLOUR_MASK[lead]).bit_length() - 1
        p = -1
        for seat, card in revealed:
            if card == k:
                p = seat
                break
        self.decision, self.placer = k, p
        self.options = options = self._skill_options(trick)
        if len(options) == 1:  # only "no skill": the engine takes it (see the package docstring)
            events.append(ev.decision_without_skills(p, k, lead, top))
            self._resolve_skill(*options[0], events)
        else:
            events.append(ev.event("decision", {
                "seat": p, "card": CARD_IDS[k], "lead": COLOURS[lead], "top": COLOURS[top],
                "options": [notation(o) for o, _ in options]}))
            self.phase = SKILL

    def skill_options(self) -> list[tuple[Skill, tuple[int, ...]]]:
        """Spec §6.6: 'no skill' always; the others only if a counter is left and they give an unused piece."""
        trick = 0
        for _, k in self.revealed:
            trick |= _CARD_BIT[k]
        return self._skill_options(trick)

    def _skill_options(self, trick: int) -> list[tuple[Skill, tuple[int, ...]]]:
        """`skill_options()` given the revealed cards as a mask (`_decide` has it already)."""
        d = self.decision
        used = self.used
        opts: list[tuple[Skill, tuple[int, ...]]] = [_NO_PIECE if used >> d & 1 else NO_SKILL_OPTION[d]]
        if self.counters == 0:
            return opts
        if not trick & ~COLOUR_MASK[self.lead]:  # Double Scan: every revealed card in one colour
            low = trick & -trick  # the lowest card, not the decision (the highest)
            assert low != 1 << d
            if not used & low:
                opts.append((DOUBLE, opts[0][1] + (low.bit_length() - 1,)))
        if self.mode == "buddy":
            for bit, option in BUDDY_SKILLS[d]:  # Wild Color, Shift Change: each if its piece is unused
                if not used & bit:
                    opts.append(option)
        return opts

    def _resolve_skill(self, skill: Skill, selection: tuple[int, ...], events: list[Event]) -> None:
        placer, decision, text = self.placer, self.decision, notation(skill)
        if skill.kind != "none":
            self.counters -= 1
            events.append(ev.event("skill", {"seat": placer, "skill": skill.kind, "notation": text,
                                             "pieces": " ".join([CARD_IDS[k] for k in selection]),
                                             "counters": self.counters}))
        self.pile.append(decision)
        revealed = self.revealed
        discard = self.discard
        for _, k in revealed:
            discard |= _CARD_BIT[k]
        self.discard = discard ^ _CARD_BIT[decision]  # all but the decision card, which goes on the pile
        self.history.append(round_record(self.round, self.start, tuple(revealed), decision, placer, text, selection))
        self.revealed = []
        self.options = []
        self.selection = list(selection)
        if not selection:
            events.append(ev.SKIP[placer][self.decision])
            self._end_round(events)
            return
        events.append(ev.selection(placer, selection))
        self.phase = PLACE
        self._check_placeable(events)

    def _check_placeable(self, events: list[Event]) -> None:
        occupied, colour_cells, selection = self.occupied, self.colour_cells, self.selection
        if len(selection) == 1:  # the placer lists this piece's placements next: list them now, once
            k = selection[0]
            legal = self.rules.legal_actions(k, occupied, colour_cells)
            if legal:
                self._ready = (k, occupied, colour_cells[k >> 3], legal)  # type: ignore[assignment]
                return
        else:
            can_place = self.rules.can_place
            for k in selection:
                if can_place(k, occupied, colour_cells):
                    return
        self.outcome = "failed_unplaceable"  # none of the selected pieces fits anywhere
        self.phase = OVER
        events.append(Event("failed_unplaceable", {"seat": self.placer, "piece": card_id(self.selection[0])}))

    def _place(self, seat: int, a: Place, events: list[Event]) -> None:
        piece, orient, top, left = a.piece, a.orient, a.top, a.left
        anchor = top * grid.SIZE + left
        mask = pieces.ORIGIN_MASKS[piece][orient] << anchor
        self.occupied |= mask
        self.colour_cells[piece >> 3] |= mask
        self.used |= 1 << piece
        self.placed.append((piece, orient, top, left, mask))
        self.selection.remove(piece)
        events.append(ev.event("place", {"seat": seat, "piece": CARD_IDS[piece], "at": grid.CELL_NAMES[anchor],
                                         "orientation": pieces.LABELS[piece][orient], "cells": grid.cells_text(mask)}))
        if mask & self.rules.target_union:  # a piece that covers no target cell cannot scan a bird
            scanned = self.rules.scanned_mask(self.occupied, self.colour_cells)
            new = scanned & ~self.scanned
            self.scanned = scanned
            for i in bits(new):
                b = self.rules.mission.birds[i]
                events.append(ev.event("scanned", {"bird": b.id, "seat": seat}))
        if self.scanned.bit_count() >= self.rules.required:  # `cleared()`
            self._finish("won", events, unused=" ".join(card_id(k) for k in self.selection))
        elif self.selection:
            self._check_placeable(events)
        else:
            self._end_round(events)

    def _end_round(self, events: list[Event]) -> None:
        if self.round >= self.limit:
            self._finish("failed_rounds", events)
            return
        self.round += 1
        self.start = self.placer
        self.phase = REVEAL
        self.lead = -1
        self.placer = -1
        self.decision = -1
        self.selection = []
        events.append(ev.ROUND[self.round][self.start])

    def _finish(self, outcome: str, events: list[Event], unused: str = "") -> None:
        self.outcome = outcome
        self.phase = OVER
        self.selection = []
        data: dict[str, Any] = {"scanned": self.scanned.bit_count(), "required": self.rules.required}
        if outcome == "won":
            data["unused"] = unused
        events.append(Event(outcome, data))

    # ------------------------------------------------------------------ views

    def view(self, seat: int | None) -> KakapoView:
        public_removed = self.removed if self.mode == "party" else 0
        return KakapoView(
            game=GAME_ID, seat=seat, players=self.players,
            mission=self.rules.mission.id, mode=self.mode, required=self.rules.required,
            round=self.round, round_limit=self.limit, start=self.start, start_reason=self.start_reason,
            p8_holder=self.p8_holder, phase=self.phase, to_act=self.to_act(),
            hand=tuple(bits(self.hands[seat])) if seat is not None else (),
            hand_sizes=tuple(h.bit_count() for h in self.hands),
            removed_public=tuple(bits(public_removed)),
            removed_hidden=0 if self.mode == "party" else self.removed.bit_count(),
            revealed=tuple(self.revealed), lead=self.lead, pile=tuple(self.pile), discard=tuple(bits(self.discard)),
            counters=self.counters, used=self.used, placements=tuple(p[:4] for p in self.placed),
            placer=self.placer, decision=self.decision, options=tuple(str(o) for o, _ in self.options),
            selection=tuple(self.selection), voids=tuple(self.voids), history=tuple(self.history),
            scanned=tuple(bool(self.scanned >> i & 1) for i in range(len(self.rules.targets))),
            outcome=self.outcome, mission_tmx=custom_text(self.rules.mission.id) if self.rules.mission.custom else "")

    def to_json(self) -> dict[str, Any]:
        return {
            "mission": self.rules.mission.id, "mode": self.mode, "players": self.players,
            "round": self.round, "round_limit": self.limit, "start": self.start,
            "start_reason": self.start_reason, "p8_holder": self.p8_holder, "phase": self.phase,
            "hands": [pieces.ids_of(h) for h in self.hands], "removed": pieces.ids_of(self.removed),
            "revealed": [[p, card_id(k)] for p, k in self.revealed],
            "lead": COLOURS[self.lead] if self.lead >= 0 else None,
            "pile": [card_id(k) for k in self.pile], "discard": pieces.ids_of(self.discard),
            "counters": self.counters, "used": pieces.ids_of(self.used),
            "placements": [str(Place(k, o, t, left)) for k, o, t, left, _ in self.placed],
            "placer": self.placer, "decision": card_id(self.decision) if self.decision >= 0 else None,
            "options": [[str(o), [card_id(k) for k in sel]] for o, sel in self.options],
            "selection": [card_id(k) for k in self.selection], "outcome": self.outcome,
            "voids": ["".join(COLOURS[c] for c in range(5) if v >> c & 1) for v in self.voids],
            "history": [{"round": h.round, "start": h.start, "reveals": [[p, card_id(k)] for p, k in h.reveals],
                         "decision": card_id(h.decision), "placer": h.placer, "skill": h.skill,
                         "selection": [card_id(k) for k in h.selection]} for h in self.history],
            "scanned": [b.id for i, b in enumerate(self.rules.mission.birds) if self.scanned >> i & 1],
            "chance": self.chance.to_json(),
        }
