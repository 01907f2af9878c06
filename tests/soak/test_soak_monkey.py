"""Soak: a monkey sends every scene tens of thousands of random inputs; nothing may raise, and the
painter's text report (checked every few frames in windows of a supported size) must stay empty.

Scenes: title, setup of each game, settings, KAKAPO's mission select, rules,
history, replay, results, and each game's table three ways (one human against
AI, hot-seat with two humans and the curtain, all AI). Inputs: mouse motion,
clicks of every button, drags, wheel, keys (with and without modifiers), text
input, window resizes (tiny ones too), window events, focus, F11, quit. A
third of the clicks aim at the scene's own widgets so the monkey gets past
menus. The monkey may wander (Start, Continue, Play again …); it is brought back
to its scene now and then. App(fast=True), dummy video and audio drivers; the
normal and hard AI get a tiny search so the loop stays quick.
"""

from __future__ import annotations

import os
import random
import traceback
from collections.abc import Callable

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402, TID251 - the monkey drives the UI

from tabletop.ai import levels  # noqa: E402
from tabletop.ai.ismcts import SearchConfig  # noqa: E402
from tabletop.engine import registry  # noqa: E402
from tabletop.engine.records import Seat  # noqa: E402
from tests.soak.budget import Budget, report  # noqa: E402
from tests.ui.test_text_fit import reported  # noqa: E402

pytestmark = pytest.mark.slow

GAMES = [e.id for e in registry.CATALOG if registry.is_available(e.id)]
KEYS = [pygame.K_TAB, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_ESCAPE, pygame.K_F1,
        pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_HOME, pygame.K_END, pygame.K_PAGEUP,
        pygame.K_PAGEDOWN, pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_MINUS, pygame.K_EQUALS, pygame.K_PLUS,
        *range(pygame.K_0, pygame.K_9 + 1), *range(pygame.K_a, pygame.K_z + 1), pygame.K_F2, pygame.K_F5,
        pygame.K_LSHIFT, pygame.K_LCTRL, pygame.K_KP_1, pygame.K_KP_5]
MODS = [0, 0, 0, pygame.KMOD_SHIFT, pygame.KMOD_CTRL, pygame.KMOD_LCTRL, pygame.KMOD_ALT]
WINDOW_EVENTS = [pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED, pygame.WINDOWENTER, pygame.WINDOWLEAVE,
                 pygame.WINDOWMINIMIZED, pygame.WINDOWRESTORED, pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN,
                 pygame.WINDOWHIDDEN, pygame.WINDOWMAXIMIZED, pygame.WINDOWMOVED, pygame.ACTIVEEVENT]
TEXTS = ["a", "Z", "7", "あ", "漢字", "🂡", " ", "'; DROP", "\u200b", "ＡＢＣ", "x" * 40]


class Monkey:
    def __init__(self, app, rng: random.Random) -> None:
        self.app, self.rng = app, rng
        self.events = 0

    def pos(self) -> tuple[int, int]:
        w, h = self.app.screen.get_size()
        r = self.rng.random()
        if r < 0.35:
            scene = self.app.stack.top
            widgets = getattr(scene, "widgets", []) if scene is not None else []
            if widgets:
                rect = self.rng.choice(widgets).rect
                return self.app.viewport.point(rect.centerx, rect.centery)
        if r < 0.4:
            return (self.rng.randint(-50, w + 50), self.rng.randint(-50, h + 50))
        return (self.rng.randrange(max(1, w)), self.rng.randrange(max(1, h)))

    def post(self, kind: int, **attrs) -> None:
        pygame.event.post(pygame.event.Event(kind, **attrs))
        self.events += 1

    def motion(self, pos, buttons=(0, 0, 0)) -> None:
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(self.rng.randint(-9, 9), self.rng.randint(-9, 9)),
                  buttons=buttons, touch=False)

    def one(self) -> None:
        rng = self.rng
        r = rng.random()
        if r < 0.22:
            self.motion(self.pos())
        elif r < 0.45:
            pos = self.pos()
            button = rng.choice((1, 1, 1, 1, 2, 3, 4, 5))
            self.motion(pos)
            self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, touch=False)
            self.post(pygame.MOUSEBUTTONUP, pos=pos, button=button, touch=False)
        elif r < 0.52:
            start, end = self.pos(), self.pos()
            self.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1, touch=False)
            for k in range(1, rng.randint(2, 8)):
                f = k / 8
                self.motion((round(start[0] + (end[0] - start[0]) * f), round(start[1] + (end[1] - start[1]) * f)),
                            (1, 0, 0))
            self.post(pygame.MOUSEBUTTONUP, pos=end, button=1, touch=False)
        elif r < 0.6:
            y = rng.choice((-3, -1, -1, 1, 1, 3, 12, -40))
            self.post(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=float(y), touch=False,
                      which=0)
        elif r < 0.85:
            key = rng.choice(KEYS)
            mod = rng.choice(MODS)
            uni = chr(key) if 32 <= key < 127 else ""
            self.post(pygame.KEYDOWN, key=key, mod=mod, unicode=uni, scancode=0, window=None)
            self.post(pygame.KEYUP, key=key, mod=mod, unicode=uni, scancode=0, window=None)
        elif r < 0.89:
            self.post(pygame.TEXTINPUT, text=rng.choice(TEXTS), window=None)
        elif r < 0.905:
            size = rng.choice([(rng.randint(320, 2560), rng.randint(200, 1440)), (1, 1), (3, 700), (900, 2),
                               (1280, 720), (1920, 1080), (640, 360)])
            if rng.random() < 0.5:
                self.post(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)
            else:
                self.app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)  # the OS resized the window
                self.post(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1], window=None)
        elif r < 0.995:
            self.post(rng.choice(WINDOW_EVENTS), window=None, gain=0, state=0, x=0, y=0)
        elif r < 0.998:
            self.post(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0, window=None)
        else:
            self.post(pygame.QUIT)


@pytest.fixture(autouse=True)
def quick_search(monkeypatch):
    """Search levels that answer in a blink, so the monkey exercises AI seats without waiting on them."""
    monkeypatch.setitem(levels.SEARCH_LEVELS, "normal", SearchConfig(iterations=20, seconds=0.05))
    monkeypatch.setitem(levels.SEARCH_LEVELS, "hard", SearchConfig(iterations=40, seconds=0.05))


def finished_session(game_id: str, seed: int, seats: list[Seat] | None = None):
    from tabletop.session import Session

    game = registry.get_game(game_id)
    players = max(game.players.start, min(3, game.players.stop - 1))
    seats = seats or [Seat(f"P{i + 1}", "random") for i in range(players)]
    session = Session.new(game_id, len(seats), seats, {}, seed)
    rng = random.Random(seed)
    while not session.state.is_over():
        seat = session.state.to_act()[0]
        legal = session.state.legal_actions(seat)
        session.apply(seat, legal[rng.randrange(len(legal))])
    return session


def scene_factories() -> dict[str, Callable]:
    from tabletop.session import Session
    from tabletop.ui.scenes.history import HistoryScene
    from tabletop.ui.scenes.replay import ReplayScene
    from tabletop.ui.scenes.results import ResultsScene
    from tabletop.ui.scenes.rules import RulesScene
    from tabletop.ui.scenes.settings import SettingsScene
    from tabletop.ui.scenes.setup import SetupScene
    from tabletop.ui.scenes.table import TableScene
    from tabletop.ui.scenes.title import TitleScene

    def table(game_id: str, mode: str):
        def make(app, rng: random.Random):
            game = registry.get_game(game_id)
            players = rng.choice(list(game.players))
            kinds = [rng.choice(("random", "easy", "easy", "normal")) for _ in range(players)]
            if mode == "human":
                kinds[rng.randrange(players)] = "human"
                if players >= 2 and rng.random() < 0.4:  # hot-seat: two humans, the curtain between them
                    kinds = ["human" if i < 2 else k for i, k in enumerate(kinds)]
            seats = [Seat(f"P{i + 1}", k) for i, k in enumerate(kinds)]
            options = {o.key: rng.choice(o.choices) for o in game.options}
            try:
                session = Session.new(game_id, players, seats, options, rng.getrandbits(31))
            except ValueError:
                session = Session.new(game_id, players, seats, {}, rng.getrandbits(31))
            return TableScene(app, session)
        return make

    def with_history(app, rng: random.Random):
        from tabletop.userdata import archive_record

        for game_id in rng.sample(GAMES, k=min(3, len(GAMES))):
            archive_record(finished_session(game_id, rng.getrandbits(31)).record)
        return HistoryScene(app, rng.choice(("games", "stats")))

    def mission_select(app, rng: random.Random):
        from tabletop.ui.games.kakapo_missions import MissionSelectScene

        return MissionSelectScene(app)

    out: dict[str, Callable] = {
        "title": lambda app, rng: TitleScene(app),
        "settings": lambda app, rng: SettingsScene(app),
        "rules": lambda app, rng: RulesScene(app, rng.choice(GAMES), rng.choice(("summary", "full"))),
        "history": with_history,
        "replay": lambda app, rng: ReplayScene(app, finished_session(rng.choice(GAMES), rng.getrandbits(31)).record),
        "results": lambda app, rng: ResultsScene(app, finished_session(
            rng.choice(GAMES), rng.getrandbits(31))),
    }
    if "kakapo" in GAMES:
        out["kakapo_missions"] = mission_select
    for game_id in GAMES:
        out[f"setup:{game_id}"] = (lambda g: lambda app, rng: SetupScene(app, g))(game_id)
        for mode in ("human", "ai"):
            out[f"table:{game_id}:{mode}"] = table(game_id, mode)
    return out


SCENES = list(scene_factories())
SHARE = 0.35 / len(SCENES)


def smart_move(app, rng: random.Random) -> None:
    """Now and then play a legal move for the human on screen, so the monkey sees later phases."""
    from tabletop.ui.scenes.table import TableScene

    top = app.stack.top
    if isinstance(top, TableScene) and not top.session.state.is_over():
        viewer = top.viewer()
        if viewer is not None and viewer in top.session.state.to_act():
            legal = top.session.state.legal_actions(viewer)
            if legal:
                top.human_act(rng.choice(legal))


TEXT_CHECK_EVERY = 25  # frames between two draws with the painter's text report on
SUPPORTED = (1024, 600)  # the smallest window the layouts promise to fit (the state sweep's sizes)


def text_problems(app) -> list[str]:
    """The painter's report on the top scene as it is now, at rest (text overflowing, cut, covered, drawn
    over other text or too small), one line per problem; none expected in a window of a supported size.
    Tinier windows the monkey makes are for robustness only: their text is not held to fit."""
    w, h = app.screen.get_size()
    scene = app.stack.top
    if w < SUPPORTED[0] or h < SUPPORTED[1] or scene is None or scene.next_frame_in() == 0.0:
        return []  # a tiny window, or a screen in motion (a card flying over a label lands in a moment)
    # The top scene alone, as the state sweep draws it (an overlay's own text); above 100 % after the same
    # state at 100 %, so text drawn smaller than at 100 % is reported too.
    problems = reported(app, scene)
    top = type(scene).__name__
    scale = app.settings.ui_scale
    return [f"{top} at {w}x{h}, {round(scale * 100)} %: painter reported {problem}" for problem in problems]


@pytest.mark.parametrize("scene_name", SCENES)
def test_soak_monkey(app, scene_name: str) -> None:
    budget = Budget(SHARE)
    rng = random.Random()
    make = scene_factories()[scene_name]
    monkey = Monkey(app, rng)
    failures: list[str] = []
    frames = 0
    scene_type = None

    def reset() -> None:
        nonlocal scene_type
        pygame.event.clear()
        app.running = True
        scene = make(app, rng)
        scene_type = type(scene)
        app.stack.reset(scene)

    reset()
    away = 0
    while not budget.over() and len(failures) < 10:
        try:
            if not app.stack.scenes or away > 400 or rng.random() < 1 / 4000:
                reset()
                away = 0
            for _ in range(rng.randint(1, 6)):
                monkey.one()
            if rng.random() < 0.03:
                smart_move(app, rng)
            app.step(rng.choice((1 / 60, 1 / 60, 1 / 30, 0.1, 0.0)))
            frames += 1
            if frames % TEXT_CHECK_EVERY == 0:
                failures += text_problems(app)
            away = 0 if isinstance(app.stack.top, scene_type) else away + 1
        except Exception as exc:  # noqa: BLE001 - collected, then reported
            tail = "".join(traceback.format_exception(exc)[-4:]).strip()
            top = type(app.stack.top).__name__ if app.stack.top else "empty stack"
            failures.append(f"{top}: {tail}")
            try:
                reset()
            except Exception as again:  # noqa: BLE001
                failures.append(f"reset failed: {again!r}")
                break
    report("monkey", scene=scene_name, scenes=1, events=monkey.events, frames=frames, failures=len(failures),
           notes=" | ".join(dict.fromkeys(failures))[:2000])
    assert not failures, f"{scene_name}: {len(failures)} exceptions or text problems; first: {failures[0]}"
