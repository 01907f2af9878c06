"""The contract every game implements (docs/ARCHITECTURE.md, "The engine contract").

A `Game` is a fixed specification (id, titles, player range, options) that makes
`State`s. A `State` changes only through `apply(seat, action)`, which returns the
`Event`s that happened; chance is drawn inside `apply` from the state's seeded
`Chance`, so a seed plus the action list reproduces a game exactly.

Hidden information leaves a State only through `view(seat)`: agents and the UI
never need more than a View. `Game.sample_state(view, rng)` builds a full State
consistent with a View (the determinisation ISMCTS searches).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from tabletop.engine.draws import StreamDraws
from tabletop.engine.draws import draw as stream_draw


class IllegalAction(ValueError):
    """An action that the rules do not allow now; `reason` says why in plain English.

    `key` is an i18n slug for the reason and `params` its arguments, so the UI can
    show the reason in the player's language.
    """

    def __init__(self, reason: str, key: str = "illegal.generic", **params: Any) -> None:
        super().__init__(reason)
        self.reason = reason
        self.key = key
        self.params = params


class ActionParseError(ValueError):
    """Text that is not the notation of any action of this game."""


class Action:
    """Base of every game's actions: frozen, hashable, with a text notation.

    Subclasses are `@dataclass(frozen=True, slots=True)` and implement `__str__`;
    the game's `parse_action` inverts it exactly: `parse_action(str(a)) == a`.
    """

    __slots__ = ()


_FRESH_DATA: Any = object()  # `Event`'s default for `data`: a new empty dict per event


@dataclass(frozen=True, slots=True, init=False)
class Event:
    """Something that happened, for animation, the log and sounds.

    `kind` is a short slug ("bid", "claim", "challenge_won" …) that is also the
    i18n key of its log line (`<game>.log.<kind>`); `data` holds its arguments.
    `visible_to` is None for public events, else the seats that may see it.
    """

    kind: str
    data: dict[str, Any] = field(default_factory=dict)
    visible_to: tuple[int, ...] | None = None

    def __init__(self, kind: str, data: dict[str, Any] = _FRESH_DATA,
                 visible_to: tuple[int, ...] | None = None) -> None:
        # The generated frozen __init__ sets each field through `object.__setattr__`; the slots'
        # own setters do the same at about half the cost of building an event (games build several
        # per action). The dataclass still makes equality, hash, repr, `replace` and immutability.
        _set_kind(self, kind)
        _set_data(self, {} if data is _FRESH_DATA else data)
        _set_visible_to(self, visible_to)

    def visible_for(self, seat: int | None) -> bool:
        return self.visible_to is None or (seat is not None and seat in self.visible_to)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, **self.data}
        if self.visible_to is not None:
            out["visible_to"] = list(self.visible_to)
        return out


_set_kind, _set_data, _set_visible_to = (Event.__dict__[name].__set__ for name in ("kind", "data", "visible_to"))


@dataclass(frozen=True, slots=True)
class Result:
    """How a finished game ended.

    Competitive games fill `scores`, `ranks` (1 = best; ties share a rank) and
    `winners`. Co-operative games set `coop_success` (True/False) and may give
    every seat the same score (e.g. missions progress).
    """

    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    winners: tuple[int, ...]
    coop_success: bool | None = None

    def reward(self, seat: int) -> float:
        """Payoff in [0, 1] for search: a co-op success, or a share of the win."""
        if self.coop_success is not None:
            return 1.0 if self.coop_success else 0.0
        if seat in self.winners:
            return 1.0 / len(self.winners)
        return 0.0

    @staticmethod
    def from_scores(scores: Sequence[float]) -> Result:
        """Ranks by score, higher better; every seat tied for the top wins."""
        scores = tuple(scores)
        ranks = tuple(1 + sum(1 for other in scores if other > s) for s in scores)
        best = max(scores)
        winners = tuple(i for i, s in enumerate(scores) if s == best)
        return Result(scores=scores, ranks=ranks, winners=winners)


@dataclass(frozen=True)
class View:
    """What one seat may know (seat None = a spectator: public information only).

    Games subclass it with their own fields; everything in a View is something
    that seat has legitimately seen, so agents may read all of it.
    """

    game: str
    seat: int | None
    players: int


_BIT_LENGTHS = tuple((i + 1).bit_length() for i in range(64))


def shuffle_like_random(rng: random.Random, items: list[Any]) -> None:
    """Exactly `rng.shuffle(items)` (CPython 3.11–3.13: Fisher–Yates over `_randbelow`'s
    rejection sampling with `getrandbits`), inlined: the same permutation and the same
    generator state afterwards, without two method calls per card. Seeded games depend
    on the order, so a test compares it with `random.Random.shuffle`."""
    getrandbits = rng.getrandbits
    bit_lengths = _BIT_LENGTHS if len(items) <= 64 else tuple((i + 1).bit_length() for i in range(len(items)))
    for i in range(len(items) - 1, 0, -1):
        k = bit_lengths[i]
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


OLD_CHANCE_SCHEME = 1  # what a record, tutorial or state that names no scheme was drawn with


class Chance:
    """A seeded source of chance that is cheap to clone.

    It is a seed, a counter and a scheme number: each chance event (`rng()`) counts
    one and draws from a generator made from seed and counter, so cloning copies
    ints instead of a generator's state. Schemes (the numbers are stored in records
    and tutorials; absent means 1, so a file that names no scheme replays with scheme 1):

    1. a `random.Random(seed * 1_000_003 + counter)` per event (seeding it costs ~4 µs);
    2. `draws.StreamDraws`: the event's words from SHAKE-256 of (seed, counter), ~1 µs.

    A game says which schemes it can replay (`Game.chance_schemes`); new games use its last.
    """

    __slots__ = ("seed", "counter", "scheme")

    def __init__(self, seed: int, counter: int = 0, scheme: int = OLD_CHANCE_SCHEME) -> None:
        self.seed = seed
        self.counter = counter
        self.scheme = scheme

    def rng(self) -> random.Random | StreamDraws:
        """A fresh generator for the next chance event."""
        self.counter += 1
        if self.scheme == 2:
            return StreamDraws(self.seed, self.counter)
        return random.Random(self.seed * 1_000_003 + self.counter)

    def shuffle(self, items: list[Any]) -> random.Random | StreamDraws:
        """`self.rng().shuffle(items)`, faster; returns that generator for the event's further draws.

        A plain generator is shuffled by `shuffle_like_random`, which gives the same
        order at half the cost; a subclass's generator (a scripted test draw) keeps
        its own `shuffle`.
        """
        if self.scheme == 2 and type(self) is Chance:  # the common case of new games, without rng()'s dispatch
            self.counter += 1
            draws = StreamDraws(self.seed, self.counter)
            draws.shuffle(items)
            return draws
        rng = self.rng()
        if type(rng) is random.Random:
            shuffle_like_random(rng, items)
        else:
            rng.shuffle(items)
        return rng

    def draw(self, items: list[Any], k: int) -> list[Any]:
        """The first `k` of `items` after a shuffle (one chance event), `items` unchanged.

        Scheme 1 shuffles a copy of all of them (its records replay that way); scheme 2 draws only
        the k it needs (`StreamDraws.draw`): the same distribution, a fraction of the work.
        """
        if self.scheme == 2 and type(self) is Chance:
            self.counter += 1
            return stream_draw(self.seed, self.counter, items, k)
        order = items[:]
        self.shuffle(order)
        return order[:k]

    def clone(self) -> Chance:
        return Chance(self.seed, self.counter, self.scheme)

    def to_json(self) -> dict[str, int]:
        if self.scheme == OLD_CHANCE_SCHEME:
            return {"seed": self.seed, "counter": self.counter}
        return {"seed": self.seed, "counter": self.counter, "scheme": self.scheme}


class State(ABC):
    """One position of one game. Mutable; `clone()` for search."""

    @abstractmethod
    def to_act(self) -> tuple[int, ...]:
        """Seats that must act now (several in simultaneous phases; none when over)."""

    @abstractmethod
    def legal_actions(self, seat: int) -> list[Action]:
        """Every action `seat` may take now, without duplicates; empty if not to act."""

    def check(self, seat: int, action: Action) -> None:
        """Raise IllegalAction unless `seat` may play `action` now.

        The default compares against `legal_actions`; games override it to give
        a reason that teaches the rule.
        """
        if self.is_over():
            raise IllegalAction("the game is over", "illegal.game_over")
        if seat not in self.to_act():
            raise IllegalAction(f"seat {seat} is not to act", "illegal.not_your_turn")
        if action not in self.legal_actions(seat):
            raise IllegalAction(f"{action} is not legal now", "illegal.generic")

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Check, then play `action` for `seat`; returns what happened."""
        self.check(seat, action)
        return self.apply_unchecked(seat, action)

    @abstractmethod
    def apply_unchecked(self, seat: int, action: Action) -> list[Event]:
        """Play an action known to be legal (search's fast path)."""

    @abstractmethod
    def view(self, seat: int | None) -> View:
        """What `seat` may see (None: public information only)."""

    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def result(self) -> Result:
        """Scores and ranks (or co-op success); only valid when `is_over()`."""

    @abstractmethod
    def clone(self) -> State: ...

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """Full information, hidden cards included (debug traces; documented per game)."""

    def public_action_text(self, seat: int, action: Action) -> str:
        """How `action` by `seat` looks to the other seats.

        Secret choices (a sealed bid, a hidden placement) override this so that
        search trees never branch on what an observer could not have seen.
        """
        return str(action)


@dataclass(frozen=True)
class Option:
    """A game variant the players choose at setup."""

    key: str
    default: Any
    choices: tuple[Any, ...] = (False, True)
    label: dict[str, str] = field(default_factory=dict)  # {"en": ..., "ja": ...}

    def parse(self, value: Any) -> Any:
        """Accept a choice or its text form (from the CLI); raise ValueError otherwise."""
        for choice in self.choices:
            if value == choice or str(value).lower() == str(choice).lower():
                return choice
        if isinstance(self.default, bool) and str(value).lower() in ("1", "yes", "on", "0", "no", "off"):
            return str(value).lower() in ("1", "yes", "on")
        shown = ", ".join(str(c) for c in self.choices)
        raise ValueError(f"option {self.key}: {value!r} is not one of {shown}")


class Game(ABC):
    """A fixed game specification, one instance per game, registered by id."""

    id: ClassVar[str]
    title: ClassVar[dict[str, str]]
    players: ClassVar[range]
    options: ClassVar[tuple[Option, ...]] = ()
    version: ClassVar[int] = 1
    cooperative: ClassVar[bool] = False
    # False when every seat's View shows the same (a fully public game): hot-seat then needs no curtain.
    seat_secrets: ClassVar[bool] = True
    # Chance schemes (see `Chance`) this game can replay; new games draw with the last one.
    chance_schemes: ClassVar[tuple[int, ...]] = (OLD_CHANCE_SCHEME,)

    def resolve_options(self, given: dict[str, Any] | None) -> dict[str, Any]:
        """Defaults filled in, values parsed; unknown keys are refused."""
        given = dict(given or {})
        known = {o.key: o for o in self.options}
        unknown = sorted(set(given) - set(known))
        if unknown:
            raise ValueError(f"{self.id} has no option {', '.join(unknown)}")
        return {k: (o.parse(given[k]) if k in given else o.default) for k, o in known.items()}

    def check_players(self, players: int) -> None:
        if players not in self.players:
            lo, hi = self.players.start, self.players.stop - 1
            raise ValueError(f"{self.id} is played by {lo}–{hi} players, not {players}")

    @abstractmethod
    def new_state(self, players: int, options: dict[str, Any], seed: int) -> State:
        """A new game, drawing with this game's current chance scheme (`chance_schemes[-1]`).

        A game with more than one scheme also takes `chance_scheme=` (see `new_state_with_chance`)."""

    def new_state_with_chance(self, players: int, options: dict[str, Any], seed: int, chance_scheme: int) -> State:
        """The first state of a stored game (record, tutorial) under the chance scheme it was drawn with."""
        if chance_scheme not in self.chance_schemes:
            raise ValueError(f"{self.id} cannot replay chance scheme {chance_scheme}")
        if chance_scheme == self.chance_schemes[-1]:
            return self.new_state(players, options, seed)
        return self.new_state(players, options, seed, chance_scheme=chance_scheme)  # type: ignore[call-arg]

    @abstractmethod
    def sample_state(self, view: View, rng: random.Random) -> State:
        """A full State consistent with everything in `view`, hidden parts drawn from rng."""

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """Inverse of `str(action)`; raises ActionParseError."""
