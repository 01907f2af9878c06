"""A tutorial script: a fixed deal and the coach's steps, read from JSON data. No pygame, no I/O beyond reading.

A script is data in the same spirit as a record (`{game, players, options, seed}` plus actions in the
engine's notation), with the coach's words between the actions:

    {"format": "tabletop-tutorial", "game": "bluffit", "players": 3, "options": {}, "seed": 7,
     "steps": [
        {"say": "bluffit.goal"},                               # the coach talks; the player presses Continue
        {"say": "bluffit.bid", "expect": "bid 7"},              # the player (seat 0) must make this move
        {"say": "bluffit.others", "play": [[1, "bid 3"]]}       # the other seats make these moves first
     ]}

`chance` (optional) names the chance scheme the deal was made with (see `engine.core.Chance`); scripts
without it were written for scheme 1, and their deals stay the same under newer schemes.

`say` is a key of the `tutorial` i18n topic (`tutorial.<say>`), so every step reads in English and Japanese.
`play` moves are made before the step waits: for the player's move (`expect`) or for Continue.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop.engine.core import OLD_CHANCE_SCHEME

FORMAT = "tabletop-tutorial"
HUMAN = 0  # the learner always sits at seat 0; every other seat is scripted


class TutorialError(ValueError):
    """A tutorial file that cannot be read, or a step whose move the rules refuse."""

    def __init__(self, message: str, step: int | None = None) -> None:
        super().__init__(message if step is None else f"step {step + 1}: {message}")
        self.step = step


@dataclass(frozen=True)
class Step:
    say: str  # i18n key under the `tutorial` topic
    expect: str | None = None  # the learner's move, in the engine's notation
    play: tuple[tuple[int, str], ...] = ()  # scripted moves (seat, notation) made when the step begins

    @property
    def key(self) -> str:
        return f"tutorial.{self.say}"


@dataclass(frozen=True)
class Tutorial:
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    steps: tuple[Step, ...]
    chance: int = OLD_CHANCE_SCHEME  # the chance scheme the deal was drawn with

    @classmethod
    def from_json(cls, data: Any, source: str = "tutorial") -> Tutorial:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise TutorialError(f"{source}: not a tutorial (format must be {FORMAT!r})")
        try:
            steps = tuple(_step(raw, i) for i, raw in enumerate(data["steps"]))
            tutorial = cls(str(data["game"]), int(data["players"]), dict(data.get("options", {})),
                           int(data["seed"]), steps, int(data.get("chance", OLD_CHANCE_SCHEME)))
        except (KeyError, TypeError, ValueError) as exc:
            if isinstance(exc, TutorialError):
                raise TutorialError(f"{source}: {exc}") from exc
            raise TutorialError(f"{source}: {exc!r}") from exc
        if not steps:
            raise TutorialError(f"{source}: no steps")
        return tutorial

    @classmethod
    def load(cls, path: Path) -> Tutorial:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise TutorialError(f"{path.name}: {exc}") from exc
        return cls.from_json(data, path.name)

    def to_json(self) -> dict[str, Any]:
        steps = []
        for step in self.steps:
            raw: dict[str, Any] = {"say": step.say}
            if step.play:
                raw["play"] = [list(move) for move in step.play]
            if step.expect is not None:
                raw["expect"] = step.expect
            steps.append(raw)
        scheme = {} if self.chance == OLD_CHANCE_SCHEME else {"chance": self.chance}
        return {"format": FORMAT, "game": self.game, "players": self.players, "options": self.options,
                "seed": self.seed, "steps": steps, **scheme}


def _step(raw: Any, index: int) -> Step:
    if not isinstance(raw, dict) or not isinstance(raw.get("say"), str):
        raise TutorialError("a step needs a 'say' key", index)
    unknown = set(raw) - {"say", "expect", "play"}
    if unknown:
        raise TutorialError(f"unknown field(s) {', '.join(sorted(unknown))}", index)
    expect = raw.get("expect")
    if expect is not None and not isinstance(expect, str):
        raise TutorialError("'expect' must be an action in the game's notation", index)
    play = []
    for move in raw.get("play", []):
        if not (isinstance(move, list) and len(move) == 2 and isinstance(move[0], int) and isinstance(move[1], str)):
            raise TutorialError(f"a scripted move must be [seat, action], not {move!r}", index)
        if move[0] == HUMAN:
            raise TutorialError("scripted moves are for the other seats; the learner's move is 'expect'", index)
        play.append((move[0], move[1]))
    return Step(raw["say"], expect, tuple(play))
