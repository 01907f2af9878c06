"""Every word in the player's language: random games of every game, in both languages, with every
string the painter draws on the table (log, hints, panels, status, seat info, the hint banner, the big
log), the results, the replay and the setup screens collected and checked for engine notation
(`str(action)` of the legal actions so far), card codes, untranslated catalog keys, raw option
values and "(s)"-style plurals."""

from __future__ import annotations

import dataclasses
import random
import re

import pygame
import pytest

from tabletop.engine import registry
from tabletop.engine.core import Action
from tabletop.engine.records import Seat
from tabletop.session import Session
from tabletop.ui.games import has_board
from tabletop.ui.scenes.replay import ReplayScene
from tabletop.ui.scenes.results import ResultsScene
from tabletop.ui.scenes.setup import SetupScene
from tabletop.ui.scenes.table import TableScene
from tests.ui.conftest import drawn_strings

GAMES = [g.id for g in registry.available_games() if has_board(g.id)]
DRAWN_ACTIONS = 160  # table frames drawn per game; the rest of the game is played undrawn to reach the results
BOARD_KEYS = [pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_5, pygame.K_7, pygame.K_9, pygame.K_0,
              pygame.K_LEFT, pygame.K_RIGHT]


def _card_codes(game_id: str) -> list[str]:
    """Card and piece codes of the engine's notation that are not plain numbers."""
    if game_id == "bluffit":
        return ["O1", "R5", "V9", "T10"]
    if game_id == "sumidagawa":
        from tabletop.games.sumidagawa.cards import NUM_CODES, card_text

        return [card_text(c) for c in range(NUM_CODES)]
    if game_id == "kakapo":
        from tabletop.games.kakapo import pieces

        return [pieces.card_id(k) for k in range(pieces.NUM_CARDS)]
    if game_id == "haunted_house":
        return [f"P{i}" for i in range(1, 40)] + [f"room:{r}" for r in "ABCDEFGHIJKL"] + ["lock:blue", "lock:green"]
    return []


def _pattern(words: set[str]) -> re.Pattern[str] | None:
    if not words:
        return None
    alternatives = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    return re.compile(rf"(?<![\w+(])(?:{alternatives})(?![\w+)])")


KEY_LIKE = re.compile(r"\b(?:app|" + "|".join(GAMES) + r")\.[a-z_]+\b")
PLURAL_HACK = re.compile(r"\w\((?:s|es)\)|\(s\)")
ONE_PLURAL = re.compile(r"(?<![\d.,/])\b1 (?:pts|points|cards|counters|reveals|ghosts|birds|pieces|players|steps|"
                        r"games|rounds|tricks|marks|jewels|spirits|hunters|copies|Rin)\b")
DIGIT_RUN = re.compile(r"\d{6,}")


def _problems(strings: set[str], notations: set[str], game_id: str, lang: str, raw_values: set[str]) -> list[str]:
    # In English a one-word notation ("pass", "roll") is also a plain word; in Japanese it is always a leak.
    checked = {n for n in notations if lang == "ja" or not re.fullmatch(r"[a-z]+", n)}
    notation = _pattern(checked)
    codes = _pattern(set(_card_codes(game_id)))
    found = []
    for s in sorted(strings):
        for label, hit in (("notation", notation and notation.search(s)), ("card code", codes and codes.search(s)),
                           ("catalog key", KEY_LIKE.search(s)), ("(s) plural", PLURAL_HACK.search(s)),
                           ("count grammar", lang == "en" and ONE_PLURAL.search(s)),
                           ("digit run", DIGIT_RUN.search(s)), ("raw option value", s.strip() in raw_values)):
            if hit:
                found.append(f"{label}: {s!r}")
    return found


def _seats(game_id: str, players: int) -> list[Seat]:
    return [Seat("Aki" if i == 0 else f"Bot{i}", "human" if i == 0 else "easy") for i in range(players)]


def _options(game_id: str, seed: int) -> dict:
    """Short sessions, and every variant that adds words (special cards, advanced game) on some seed."""
    if game_id == "ghost_bumpers":
        return {"mode": "target", "target": 15}
    if game_id == "sumidagawa":
        return {"games": 1}
    if game_id == "bluffit" and seed % 2:
        return {"combine": True, "optimistic_1": True, "reversed_5": True, "nervous_9": True, "toxic_10": True}
    if game_id == "haunted_house" and seed % 2:
        return {"advanced": True}
    return {}


def _draw(app, scene, drawn: list[str]) -> None:
    drawn.extend(drawn_strings(app, scene.draw))


def _legal_notation(state, notations: set[str]) -> None:
    for seat in state.to_act():
        notations.update(str(a) for a in state.legal_actions(seat))


def _play(app, game_id: str, seed: int, drawn: list[str], notations: set[str]) -> Session:
    game = registry.get_game(game_id)
    players = [p for p in game.players if p >= 2][seed % 2 if len(game.players) > 1 else 0]
    session = Session.new(game_id, players, _seats(game_id, players), _options(game_id, seed), seed)
    table = TableScene(app, session)
    app.stack.push(table)
    rng = random.Random(seed)
    for step in range(DRAWN_ACTIONS * 20):
        state = session.state
        if state.is_over():
            break
        _legal_notation(state, notations)
        seat = state.to_act()[0]
        legal: list[Action] = state.legal_actions(seat)
        draw = step < DRAWN_ACTIONS
        if draw:
            if seat == 0:
                _draw(app, table, drawn)  # a frame of the new decision first, as a player sees it before a key
                table.suggestion = rng.choice(legal)  # the hint banner names an action in words
                event = pygame.event.Event(pygame.KEYDOWN, key=rng.choice(BOARD_KEYS), mod=0, unicode="", scancode=0)
                table.board.handle(event, table.context())  # board selection states make hint lines
                table.board.update(0.3)
            _draw(app, table, drawn)
            table.suggestion = None
            if session.state is not state or state.is_over():
                continue  # the key itself played a move
        table.act(seat, rng.choice(legal))
        if draw:
            table.board.update(0.5)
    assert session.state.is_over(), f"{game_id} seed {seed} did not finish"
    table.board.update(5.0)
    _draw(app, table, drawn)
    table.log_big = True  # the whole log, large
    _draw(app, table, drawn)
    return session


def _replay(app, session: Session, drawn: list[str]) -> None:
    replay = ReplayScene(app, session.record)
    app.stack.push(replay)
    for viewer in (None, 0, 1):
        replay.set_viewer(viewer)
        for step in range(0, replay.total + 1, max(1, replay.total // 25)):
            replay.go(step)
            _draw(app, replay, drawn)
    app.stack.pop()


def _setup(app, game_id: str, drawn: list[str]) -> set[str]:
    """The setup screen with every value of every option shown; returns the raw values."""
    setup = SetupScene(app, game_id)
    app.stack.push(setup)
    setup.set_count(setup.game.players.start)  # the player count is a number on screen too: leave it out
    raw: set[str] = set()
    for option in setup.game.options:
        if isinstance(option.default, bool):
            continue
        for value in option.choices:
            raw.add(str(value))
            setup.options[option.key] = value
            setup.layout()
            _draw(app, setup, drawn)
    _draw(app, setup, drawn)
    app.stack.pop()
    return raw - {str(setup.count)}


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("game_id", GAMES)
def test_every_drawn_string_is_plain_words(app, game_id, language):
    app.settings.language = language
    app.save_settings()
    problems: list[str] = []
    for seed in (1, 2):
        drawn: list[str] = []
        notations: set[str] = set()
        session = _play(app, game_id, seed, drawn, notations)
        results = ResultsScene(app, session)
        app.stack.replace(results)
        _draw(app, results, drawn)
        _replay(app, session, drawn)
        app.stack.pop()
        problems += _problems(set(drawn), notations, game_id, language, set())
    setup_drawn: list[str] = []
    raw = _setup(app, game_id, setup_drawn)
    problems += _problems(set(setup_drawn), set(), game_id, language, raw)
    assert not problems, f"{len(problems)} strings are not plain words:\n" + "\n".join(sorted(set(problems))[:80])


def test_bluffit_number_keys_pick_by_card_value(app):
    """After the 3 is played, 3 picks nothing and 4 still picks the 4 (positions would pick the 4 with 3)."""
    from tabletop.games.bluffit.actions import Bid
    from tabletop.games.bluffit.cards import value

    session = Session.new("bluffit", 3, _seats("bluffit", 3), {}, 4)
    table = TableScene(app, session)
    app.stack.push(table)
    ctx = table.context()
    ctx.legal = [a for a in ctx.legal if not (isinstance(a, Bid) and value(a.card) == 3)]  # the 3 is gone
    ctx.view = dataclasses.replace(ctx.view, hand=tuple(c for c in ctx.view.hand if value(c) != 3))
    press = {digit: pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)
             for digit, key in ((3, pygame.K_3), (4, pygame.K_4), (10, pygame.K_0))}
    assert not table.board.handle(press[3], ctx) and table.board.selected is None
    assert table.board.handle(press[4], ctx) and value(table.board.selected) == 4
    assert table.board.handle(press[10], ctx) and value(table.board.selected) == 10
