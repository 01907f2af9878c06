"""Walking through a tutorial: which step the learner is on, which scripted move comes next, which move
the coach asks for. Pure bookkeeping over a State; the table scene (or `rehearse`) makes the moves.

A step runs in two parts: first its scripted moves (`play`, other seats), one at a time; then it waits,
either for the learner's expected move or for Continue. `rehearse` plays a whole tutorial through its
expected moves without a screen and names the first step the rules refuse (`tabletop tutorial GAME --auto`).
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop import i18n
from tabletop.engine import registry
from tabletop.engine.core import Action, ActionParseError, Game, IllegalAction, State
from tabletop.tutorial.script import HUMAN, Step, Tutorial, TutorialError


@dataclass
class Coach:
    tutorial: Tutorial
    index: int = 0  # the current step
    played: int = 0  # how many of its scripted moves are made

    @property
    def game(self) -> Game:
        return registry.get_game(self.tutorial.game)

    @property
    def step(self) -> Step:
        return self.tutorial.steps[self.index]

    @property
    def last(self) -> bool:
        return self.index == len(self.tutorial.steps) - 1

    def next_scripted(self) -> tuple[int, Action] | None:
        """The next scripted move of this step, or None once they are all made."""
        if self.played >= len(self.step.play):
            return None
        seat, text = self.step.play[self.played]
        return seat, self._parse(text)

    def scripted_done(self) -> None:
        self.played += 1

    def expected(self) -> Action | None:
        """The learner's move this step asks for, once the step's scripted moves are made."""
        if self.next_scripted() is not None or self.step.expect is None:
            return None
        return self._parse(self.step.expect)

    def waits_for_continue(self) -> bool:
        return self.next_scripted() is None and self.step.expect is None

    def advance(self) -> bool:
        """On to the next step; False at the end (the step stays on the last one)."""
        if self.last:
            return False
        self.index += 1
        self.played = 0
        return True

    def _parse(self, text: str) -> Action:
        try:
            return self.game.parse_action(text)
        except (ActionParseError, ValueError) as exc:
            raise TutorialError(f"{text!r} is not an action of {self.tutorial.game}: {exc}", self.index) from exc


def new_state(tutorial: Tutorial) -> State:
    game = registry.get_game(tutorial.game)
    return game.new_state_with_chance(tutorial.players, game.resolve_options(tutorial.options), tutorial.seed,
                                      tutorial.chance)


def _make(state: State, seat: int, action: Action, coach: Coach, who: str) -> None:
    if seat not in state.to_act():
        raise TutorialError(f"{who} {action} for seat {seat}, but seats {list(state.to_act())} are to act",
                            coach.index)
    if action not in state.legal_actions(seat):
        try:
            state.clone().apply(seat, action)
        except IllegalAction as exc:
            raise TutorialError(f"{who} {action} for seat {seat} is illegal: {exc.reason}", coach.index) from exc
        raise TutorialError(f"{who} {action} for seat {seat} is not among the legal actions", coach.index)
    state.apply(seat, action)


def rehearse(tutorial: Tutorial) -> State:
    """Play every step's scripted and expected moves in order, checking each against the rules and each
    coach text against both catalogs. Returns the final state; raises TutorialError naming the step."""
    if not registry.is_available(tutorial.game):
        raise TutorialError(f"unknown game {tutorial.game!r}")
    game = registry.get_game(tutorial.game)
    if tutorial.players not in game.players:
        raise TutorialError(f"{tutorial.game} is not played by {tutorial.players}")
    state = new_state(tutorial)
    coach = Coach(tutorial)
    while True:
        for lang in i18n.LANGUAGES:
            if not i18n.has(coach.step.key, lang):
                raise TutorialError(f"no {lang} text for {coach.step.key}", coach.index)
        while (move := coach.next_scripted()) is not None:
            _make(state, *move, coach, "scripted move")
            coach.scripted_done()
        expected = coach.expected()
        if expected is not None:
            _make(state, HUMAN, expected, coach, "expected move")
        if not coach.advance():
            return state
