"""A seat's review (tabletop/ai/review.py) in the player's words: the summary line and one row per marked move.

Moves are named by the game's `Words`, never by their notation; chances and reasons are worded as the hint
words them (tabletop/ui/hint_panel.py), so a review row reads like the hint the player could have asked for.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.ai.advice import MoveAdvice
from tabletop.ai.review import MoveReview, Review
from tabletop.engine.core import Game
from tabletop.i18n import plural, t
from tabletop.ui.hint_panel import chance_text, reason_text
from tabletop.ui.words import words_for


@dataclass(frozen=True)
class ReviewRow:
    index: int  # the action's index in the record: the replay opens there
    seat: int
    moment: str  # "Move 37"
    played: str  # the move in words
    played_chance: str
    suggested: str
    suggested_chance: str
    cost: str  # "−23 points": what the move cost
    why: str  # why the AI's move is better


def points(cost: float) -> str:
    return plural("results.review_points", max(1, round(100 * cost)))


def summary(review: Review) -> str:
    """'14 decisions · 11 within 2 points of the AI's best · largest swing 23 points (move 37)'."""
    parts = [plural("results.review_decisions", len(review.choices)),
             t("results.review_close", n=review.close)]
    largest = review.largest
    if largest is not None:
        parts.append(t("results.review_largest", points=points(largest.cost), move=largest.index + 1))
    return " · ".join(parts)


def row(game: Game, move: MoveReview, names: list[str]) -> ReviewRow:
    words = words_for(game.id)
    played, suggested = game.parse_action(move.played), game.parse_action(move.suggested)
    said = MoveAdvice(move.suggested, move.suggested_chance, move.reason, dict(move.params))
    mine = MoveAdvice(move.played, move.played_chance, "", {})
    return ReviewRow(move.index, move.seat, t("results.review_move", n=move.index + 1),
                     words.action(played, names), chance_text(mine, game.cooperative),
                     words.action(suggested, names), chance_text(said, game.cooperative),
                     f"−{points(move.cost)}", reason_text(said, words, names) if move.reason else "")


def rows(game: Game, review: Review, names: list[str]) -> list[ReviewRow]:
    return [row(game, m, names) for m in review.marked]


def strings(game: Game, review: Review, names: list[str]) -> list[str]:
    """Every text the review shows (tests search it)."""
    out = [summary(review)]
    for r in rows(game, review, names):
        out += [r.moment, r.played, r.played_chance, r.suggested, r.suggested_chance, r.cost, r.why]
    return [s for s in out if s]
