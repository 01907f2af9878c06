"""What a results screen says, as plain data: the scene draws it, tests read it.

Every string here is already in the player's language (built from the i18n catalogs by
the per-game modules beside this one); nothing here is engine notation.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

Tone = Literal["good", "bad", "accent"]


@dataclass
class Standing:
    """One seat's line in the standings: where it finished, its score and what happened to it."""

    seat: int
    name: str
    place: str  # "1st", "Winner", "Lost" … ("" in co-op games)
    winner: bool
    score: str = ""  # "12 points" ("" when the game has no points)
    notes: list[str] = field(default_factory=list)  # e.g. "Killed in round 4 (drew 7, 13)"


@dataclass
class ScoreTable:
    """A small table: a header row, body rows and an optional footer (totals); the first column labels rows."""

    title: str
    header: list[str]
    rows: list[list[str]]
    footer: list[str] | None = None
    marks: set[tuple[int, int]] = field(default_factory=set)  # (row, column) cells to highlight


@dataclass
class Fact:
    label: str
    value: str


@dataclass
class ResultsStory:
    game: str
    verdict: str  # the headline: who won / did the team make it
    tone: Tone
    reason: str  # why: "Aki escaped by playing their last card in round 5"
    standings: list[Standing]
    table: ScoreTable | None = None
    facts: list[Fact] = field(default_factory=list)
    picture: bool = False  # the game draws a small picture of its final position (KAKAPO's board)

    def strings(self) -> list[str]:
        """Every text the screen shows, in drawing order (tests search it)."""
        out = [self.verdict, self.reason]
        for s in self.standings:
            out += [s.place, s.name, s.score, *s.notes]
        if self.table is not None:
            out += [self.table.title, *self.table.header]
            for row in self.table.rows:
                out += row
            out += self.table.footer or []
        for f in self.facts:
            out += [f.label, f.value]
        return [s for s in out if s]
